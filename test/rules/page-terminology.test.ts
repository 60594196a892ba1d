import fc from 'fast-check';
import { termMatches } from '../../rules/page-terminology.js';
import { ruleTester, runRule } from '../helpers/rule-tester.js';

const msg = (written: string, also: string, preferred: string): string =>
  `"${written}": this page also writes ${also}; use "${preferred}" throughout`;

ruleTester('page-terminology', {
  valid: [
    { name: 'only the preferred term', code: 'Send an email. The email arrives.\n' },
    { name: 'only one variant: consistent, not reported', code: 'Send an e-mail. The e-mail arrives.\n' },
    {
      name: 'code, URLs and attribute values are not prose',
      code: 'Email `e-mail` and https://e-mail.example.com and <Card title="e-mail">x</Card>\n',
    },
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
        {
          line: 3,
          column: 5,
          endLine: 3,
          endColumn: 11,
          messageId: 'mixed',
          message: '"e-mail": this page also writes "email"; use "email" throughout',
        },
        {
          line: 3,
          column: 21,
          endLine: 3,
          endColumn: 27,
          messageId: 'mixed',
          data: { written: 'E-mail', also: '"email"', preferred: 'email' },
        },
      ],
    },
    {
      name: 'across components',
      code: '<Tabs>\n  <Tab title="A">\n    Our web site.\n  </Tab>\n</Tabs>\n\nThe website.\n',
      output: '<Tabs>\n  <Tab title="A">\n    Our website.\n  </Tab>\n</Tabs>\n\nThe website.\n',
      errors: [
        {
          line: 3,
          column: 9,
          endLine: 3,
          endColumn: 17,
          messageId: 'mixed',
          data: { written: 'web site', also: '"website"', preferred: 'website' },
        },
      ],
    },
    {
      name: 'custom sets: literal terms with regex characters, array form',
      code: 'Use C++ or cpp. Call a.b() or axb.\n',
      options: { sets: [{ preferred: 'C++', variants: ['cpp'] }, ['a.b', 'axb']] },
      output: 'Use C++ or C++. Call a.b() or a.b.\n',
      errors: [
        { line: 1, column: 12, messageId: 'mixed', data: { written: 'cpp', also: '"c++"', preferred: 'C++' } },
        { line: 1, column: 31, messageId: 'mixed', data: { written: 'axb', also: '"a.b"', preferred: 'a.b' } },
      ],
    },
    {
      name: 'two variants without the preferred term',
      code: 'Log in first. Then log on again.\n',
      options: { sets: [{ preferred: 'sign in', variants: ['log in', 'log on'] }] },
      output: 'Sign in first. Then sign in again.\n',
      errors: [
        { line: 1, column: 1, messageId: 'mixed', data: { written: 'Log in', also: '"log on"', preferred: 'sign in' } },
        {
          line: 1,
          column: 20,
          messageId: 'mixed',
          data: { written: 'log on', also: '"log in"', preferred: 'sign in' },
        },
      ],
    },
    {
      name: 'a term broken across lines',
      code: 'The website and the web\nsite.\n',
      output: 'The website and the website.\n',
      errors: [
        {
          line: 1,
          column: 21,
          endLine: 2,
          endColumn: 5,
          messageId: 'mixed',
          data: { written: 'web site', also: '"website"', preferred: 'website' },
        },
      ],
    },
  ],
});

// Bounded time is shown by these finishing at all (under jest's timeout); no test times itself.
describe('page-terminology matching cost', () => {
  test('user terms are literals: no catastrophic backtracking', () => {
    const text = `${'a'.repeat(50_000)}!\n`;
    const found = runRule('page-terminology', text, { sets: [{ preferred: '(a+)+$', variants: ['(a|aa)*b'] }] });
    expect(found).toEqual([]);
  });

  test('10,000 sets: one matcher for all of them; the page mixing two terms of set 9,999 gets its one finding', () => {
    const sets = Array.from({ length: 10_000 }, (_, i) => ({
      preferred: `term${i} alpha`,
      variants: [`term${i}-alpha`],
    }));
    const text = `${'Some words of prose that name no term at all. '.repeat(2_000)}Then term9999 alpha and term9999-alpha.\n`;
    const found = runRule('page-terminology', text, { sets });
    expect(found.map((f) => [f.line, f.column, f.endColumn, f.message])).toEqual([
      [1, 92_025, 92_039, msg('term9999-alpha', '"term9999 alpha"', 'term9999 alpha')],
    ]);
  });

  test('a 2,000-word term over a page of 100,000 repetitions of its first word: the preferred term (the last 2,000 of them) and the variant are found', () => {
    const words = Array.from({ length: 2_000 }, () => 'go').join(' ');
    const sets = [{ preferred: `${words} stop`, variants: [`${words} halt`] }];
    const text = `${'go '.repeat(100_000)}stop. And ${words} halt.\n`;
    const found = runRule('page-terminology', text, { sets });
    expect(found.map((f) => [f.line, f.column, f.endColumn])).toEqual([[1, 300_011, 306_015]]);
  });
});

/*
 * The matcher against the regular expression it replaced (kept here as the reference): literal
 * alternatives longest first, a space matching any white space, word boundaries as lookarounds,
 * case-insensitive, non-overlapping.
 */
function reference(terms: string[], source: string): Array<{ start: number; end: number; term: string }> {
  const key = (t: string) => t.toLowerCase().replace(/\s+/g, ' ').trim();
  const byKey = new Map<string, string>();
  for (const t of terms) if (key(t) !== '' && !byKey.has(key(t))) byKey.set(key(t), t.trim());
  if (!byKey.size) return [];
  const alternatives = [...byKey.keys()]
    .sort((a, b) => b.length - a.length)
    .map((k) =>
      k
        .split(' ')
        .map((w) => w.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
        .join('\\s+'),
    );
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}_])`, 'giu');
  return [...source.matchAll(pattern)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    term: byKey.get(key(m[0]))!,
  }));
}

describe('page-terminology matcher', () => {
  // Characters whose lowercase and case folding agree (the reference looked matches up by lowercase).
  const char = fc.constantFrom(
    'a',
    'b',
    'A',
    'B',
    'é',
    'É',
    'ж',
    'Ж',
    '日',
    '1',
    '_',
    '-',
    '.',
    '+',
    '!',
    ' ',
    '  ',
    '\n',
    '\t',
    '😀',
  );
  const text = (max: number) => fc.array(char, { maxLength: max }).map((cs) => cs.join(''));

  test('finds exactly what the regular expression of alternatives found', () => {
    fc.assert(
      fc.property(fc.array(text(5), { minLength: 1, maxLength: 6 }), text(60), (terms, source) => {
        const options = {
          sets: [{ preferred: terms[0]!, variants: terms.slice(1).length ? terms.slice(1) : [terms[0]!] }],
        };
        expect(termMatches(options, source)).toEqual(reference(terms, source));
      }),
      { numRuns: 3000, seed: 20240611 },
    );
  });
});
