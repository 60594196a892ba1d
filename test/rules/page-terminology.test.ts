import { ruleTester, runRule } from '../helpers/rule-tester.js';

const msg = (written: string, also: string, preferred: string): string => `"${written}": this page also writes ${also}; use "${preferred}" throughout`;

ruleTester('page-terminology', {
  valid: [
    { name: 'only the preferred term', code: 'Send an email. The email arrives.\n' },
    { name: 'only one variant: consistent, not reported', code: 'Send an e-mail. The e-mail arrives.\n' },
    { name: 'code, URLs and attribute values are not prose', code: 'Email `e-mail` and https://e-mail.example.com and <Card title="e-mail">x</Card>\n' },
    { name: 'code blocks are not prose', code: 'Email us.\n\n```text\ne-mail\n```\n' },
    { name: 'word boundaries', code: 'The email field and the e-mailer tool (not a term).\n' },
    { name: 'empty sets', code: 'email and e-mail\n', options: { sets: [] } },
  ],
  invalid: [
    {
      name: 'mixed: every non-preferred use is reported',
      code: 'Send an email.\n\nThe e-mail arrives. E-mail\nagain.\n',
      output: 'Send an email.\n\nThe email arrives. Email\nagain.\n',
      errors: [
        { line: 3, column: 5, endLine: 3, endColumn: 11, message: msg('e-mail', '"email"', 'email') },
        { line: 3, column: 21, endLine: 3, endColumn: 27, message: msg('E-mail', '"email"', 'email') },
      ],
    },
    {
      name: 'across components',
      code: '<Tabs>\n  <Tab title="A">\n    Our web site.\n  </Tab>\n</Tabs>\n\nThe website.\n',
      output: '<Tabs>\n  <Tab title="A">\n    Our website.\n  </Tab>\n</Tabs>\n\nThe website.\n',
      errors: [{ line: 3, column: 9, endLine: 3, endColumn: 17, message: msg('web site', '"website"', 'website') }],
    },
    {
      name: 'custom sets: literal terms with regex characters, array form',
      code: 'Use C++ or cpp. Call a.b() or axb.\n',
      options: { sets: [{ preferred: 'C++', variants: ['cpp'] }, ['a.b', 'axb']] },
      output: 'Use C++ or C++. Call a.b() or a.b.\n',
      errors: [
        { line: 1, column: 12, message: msg('cpp', '"c++"', 'C++') },
        { line: 1, column: 31, message: msg('axb', '"a.b"', 'a.b') },
      ],
    },
    {
      name: 'two variants without the preferred term',
      code: 'Log in first. Then log on again.\n',
      options: { sets: [{ preferred: 'sign in', variants: ['log in', 'log on'] }] },
      output: 'Sign in first. Then sign in again.\n',
      errors: [
        { line: 1, column: 1, message: msg('Log in', '"log on"', 'sign in') },
        { line: 1, column: 20, message: msg('log on', '"log in"', 'sign in') },
      ],
    },
    {
      name: 'a term broken across lines',
      code: 'The website and the web\nsite.\n',
      output: 'The website and the website.\n',
      errors: [{ line: 1, column: 21, endLine: 2, endColumn: 5, message: msg('web site', '"website"', 'website') }],
    },
  ],
});

describe('page-terminology matching cost', () => {
  test('user terms are literals: no catastrophic backtracking', () => {
    const text = `${'a'.repeat(50_000)}!\n`;
    const started = Date.now();
    const found = runRule('page-terminology', text, { sets: [{ preferred: '(a+)+$', variants: ['(a|aa)*b'] }] });
    expect(found).toEqual([]);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
