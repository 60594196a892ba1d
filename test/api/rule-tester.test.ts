import { readdirSync } from 'node:fs';
import os from 'node:os';
import { RuleTester, type PageTests, type SiteTests } from '../../src/api/rule-tester.js';
import { builtinRegistry } from '../../src/config/registry.js';
import {
  defineRule,
  fillMessage,
  resolveReport,
  withMessages,
  type PageContext,
  type Rule,
} from '../../src/rule-kit/rule.js';

/*
 * The public RuleTester (src/api/rule-tester.ts) and messages by id. The built-in rules' tables
 * (test/rules/) run on it through test/helpers/rule-tester.ts and site-rule-tester.ts; here: what
 * those do not use (message ids, `code` for docs.json, a site rule's fix output), and that it fails
 * when a case is wrong, run without a test framework (as under node:test without its describe).
 */

const todo = builtinRegistry().rule('page-todo-marker')!;
const TODO_MESSAGE =
  '`TODO` left in the page: readers see it as written; finish the text, or keep the note out of the page (a `{/* … */}` comment is not published)';

/** Runs the cases at once (no describe/it): resolves, or rejects with the first failure. */
async function direct(name: string, rule: Rule, tests: PageTests | SiteTests): Promise<void> {
  const globals = globalThis as Record<string, unknown>;
  const saved = { describe: globals.describe, it: globals.it };
  globals.describe = undefined;
  globals.it = undefined;
  let pending: Promise<void>;
  try {
    pending = new RuleTester().run(name, rule, tests);
  } finally {
    globals.describe = saved.describe;
    globals.it = saved.it;
  }
  return pending;
}

const leftovers = () => readdirSync(os.tmpdir()).filter((name) => name.startsWith('doclint-rule-tester-'));

// Under jest: a test per case.
new RuleTester().run('page-todo-marker by message id', todo, {
  valid: ['Use TODO comments in code.\n'],
  invalid: [
    {
      name: 'messageId and data',
      code: 'TODO: write this.\n',
      errors: [{ line: 1, column: 1, endColumn: 5, messageId: 'marker', data: { marker: 'TODO' } }],
    },
    { name: 'messageId alone', code: 'Text.\n\nFIXME later.\n', errors: [{ line: 3, column: 1, messageId: 'marker' }] },
    {
      name: 'the message as written',
      code: 'TODO: write this.\n',
      errors: [{ line: 1, column: 1, message: TODO_MESSAGE, severity: 'warning' }],
    },
  ],
});

/** A docs.json rule with messages by id and a fix: `name` is not written in capitals. */
const nameCase = defineRule({
  meta: {
    id: 'acme/name-case',
    kind: 'config',
    description: 'The site name is not all capitals.',
    severity: 'error',
    fixable: true,
    docsUrl: 'https://example.com/name-case',
    messages: { capitals: 'site name `{{name}}` is all capitals: write it as `{{fixed}}`' },
  },
  check(context) {
    const name = (context.config.value as { name?: unknown }).name;
    if (typeof name !== 'string' || name.length < 2 || name !== name.toUpperCase()) return;
    const fixed = name[0] + name.slice(1).toLowerCase();
    const written = context.config.locations.get('/name');
    const fix = written && { range: [written.start, written.end] as [number, number], text: JSON.stringify(fixed) };
    context.report({ messageId: 'capitals', data: { name, fixed }, at: { pointer: '/name' }, fix });
  },
});
const docsJson = (name: string) =>
  JSON.stringify(
    {
      theme: 'mint',
      name,
      colors: { primary: '#0A7A5E' },
      navigation: { groups: [{ group: 'Start', pages: ['index'] }] },
    },
    null,
    2,
  );

new RuleTester().run('a docs.json rule with a fix', nameCase, {
  valid: [{ name: 'a name in title case', code: docsJson('Acme') }],
  invalid: [
    {
      name: 'a name in capitals',
      code: docsJson('ACME'),
      errors: [
        {
          line: 3,
          column: 11,
          endLine: 3,
          endColumn: 17,
          messageId: 'capitals',
          data: { name: 'ACME', fixed: 'Acme' },
        },
      ],
      output: { 'docs.json': docsJson('Acme') },
    },
  ],
});

describe('without a test framework', () => {
  test('a passing table resolves, and removes the sites it wrote', async () => {
    const before = leftovers();
    await expect(
      direct('acme/name-case', nameCase, { valid: [{ name: 'ok', code: docsJson('Acme') }], invalid: [] }),
    ).resolves.toBeUndefined();
    expect(leftovers()).toEqual(before);
  });

  test('a wrong message fails, naming the case', async () => {
    await expect(
      direct('page-todo-marker', todo, {
        valid: [],
        invalid: [{ name: 'wrong', code: 'TODO: x\n', errors: [{ line: 1, column: 1, message: 'TODO' }] }],
      }),
    ).rejects.toThrow(
      /^page-todo-marker invalid "wrong": findings of page-todo-marker differ from the expected errors/,
    );
  });

  test('a wrong message id, an unknown one, a missing finding, a wrong severity and a valid case with a finding fail', async () => {
    const failing = (errors: PageTests['invalid'][number]['errors'], code = 'TODO: x\n') =>
      direct('page-todo-marker', todo, { valid: [], invalid: [{ name: 'case', code, errors }] });
    await expect(failing([{ line: 1, column: 1, messageId: 'marker', data: { marker: 'FIXME' } }])).rejects.toThrow(
      /differ from the expected errors/,
    );
    await expect(failing([{ line: 1, column: 1, messageId: 'nope' }])).rejects.toThrow(
      'expected messageId "nope" is not in the rule\'s meta.messages',
    );
    await expect(failing([{ line: 1, column: 1, message: TODO_MESSAGE }], 'Fine.\n')).rejects.toThrow(
      /differ from the expected errors/,
    );
    await expect(failing([{ line: 1, column: 1, message: TODO_MESSAGE, severity: 'error' }])).rejects.toThrow(
      /differ from the expected errors/,
    );
    await expect(direct('page-todo-marker', todo, { valid: ['TODO: x\n'], invalid: [] })).rejects.toThrow(
      /^page-todo-marker valid "TODO: x": page-todo-marker reports a valid page/,
    );
  });

  test('a fix the case does not expect fails, and so does a wrong output (a site case too); the sites are removed', async () => {
    const before = leftovers();
    const errors = [{ line: 3, column: 11, messageId: 'capitals' }];
    await expect(
      direct('acme/name-case', nameCase, {
        valid: [],
        invalid: [{ name: 'no output', code: docsJson('ACME'), errors }],
      }),
    ).rejects.toThrow(/the rule offers fixes: give the case an output/);
    await expect(
      direct('acme/name-case', nameCase, {
        valid: [],
        invalid: [{ name: 'wrong output', code: docsJson('ACME'), errors, output: { 'docs.json': docsJson('ACme') } }],
      }),
    ).rejects.toThrow(/the files after --fix/);
    expect(leftovers()).toEqual(before);
  });

  test('a site case may not write outside its site', async () => {
    await expect(
      direct('acme/name-case', nameCase, {
        valid: [{ name: 'escape', files: { '../outside.mdx': 'x' } }],
        invalid: [],
      }),
    ).rejects.toThrow('RuleTester: the file "../outside.mdx" of a case is not inside the site');
  });

  test('what is not a rule is refused at once', () => {
    expect(() =>
      new RuleTester().run('x', { meta: { kind: 'other' } } as unknown as Rule, { valid: [], invalid: [] }),
    ).toThrow(
      'RuleTester: "x" is not a rule (an object with "meta" of kind page, site or config, and a "check" function)',
    );
  });
});

/** A plugin's site rule that checks a URL on the network (it asks for `context.external`; no flag): the navbar's primary button answers. */
const buttonLink = defineRule({
  meta: {
    id: 'acme/button-link',
    kind: 'site',
    description: "The navbar's primary button links to a page that answers.",
    severity: 'error',
    docsUrl: 'https://example.com/button-link',
    messages: { broken: 'the primary button links to `{{url}}`, which answered {{detail}}: fix the link' },
  },
  async check(context) {
    const href = (context.site.config.value as { navbar?: { primary?: { href?: unknown } } }).navbar?.primary?.href;
    if (typeof href !== 'string' || !context.external) return;
    const answer = (await context.external.check([href], {} as never)).get(href);
    if (answer && answer.status !== 'ok')
      context.report({
        messageId: 'broken',
        data: { url: href, detail: answer.detail },
        at: { pointer: '/navbar/primary/href' },
      });
  },
});
const withButton = JSON.stringify(
  {
    theme: 'mint',
    name: 'Acme',
    colors: { primary: '#0A7A5E' },
    navbar: { primary: { type: 'button', label: 'Sign up', href: 'https://app.acme.dev/signup' } },
    navigation: { pages: ['index'] },
  },
  null,
  2,
);

// A rule that checks external links gets the answers its case states; no request is sent.
new RuleTester().run('a site rule that checks external links', buttonLink, {
  valid: [{ name: 'a URL the case does not list answers ok', code: withButton }],
  invalid: [
    {
      name: 'a URL that answers 404',
      code: withButton,
      external: { 'https://app.acme.dev/signup': { status: 'broken', detail: 'HTTP 404 (Not Found)' } },
      errors: [
        {
          line: 11,
          column: 15,
          messageId: 'broken',
          data: { url: 'https://app.acme.dev/signup', detail: 'HTTP 404 (Not Found)' },
        },
      ],
    },
  ],
});

/**
 * A plugin's spelling rule: a page rule with a `checkWords` step (no flag) is given the
 * dictionaries. Its `check` hands over the page's words; `checkWords` reports those the page's
 * dictionary lacks, at the page's first line.
 */
const lastWord = defineRule({
  meta: {
    id: 'acme/last-word',
    kind: 'page',
    description: 'The last word of a page is spelled as in the dictionary.',
    severity: 'warning',
    docsUrl: 'https://example.com/last-word',
  },
  check(context) {
    const word = /(\p{L}+)\W*$/u.exec(context.text)?.[1]?.toLowerCase();
    if (!word || !context.spelling?.defer) return;
    context.spelling.defer({ words: [word], names: [], data: word });
  },
  checkWords(context) {
    const word = context.data as string;
    if (!context.spelling.dictionary.has(word))
      context.report({ message: `\`${word}\` is not in the ${context.spelling.language} dictionary` });
  },
});

new RuleTester().run('a page rule with a checkWords step is given the dictionaries', lastWord, {
  valid: [{ name: 'a known word', code: '---\ntitle: A page\ndescription: A page of a test site.\n---\n\nThe end.\n' }],
  invalid: [
    {
      name: 'a misspelled word',
      code: '---\ntitle: A page\ndescription: A page of a test site.\n---\n\nThe ennd.\n',
      errors: [{ line: 1, column: 1, message: '`ennd` is not in the en dictionary' }],
    },
  ],
});

describe('a change', () => {
  test('a removed file of a case may not be outside its site', async () => {
    await expect(
      direct('site-redirect-missing', builtinRegistry().rule('site-redirect-missing')!, {
        valid: [{ name: 'escape', files: {}, change: { removed: { '../outside.mdx': 'x' } } }],
        invalid: [],
      }),
    ).rejects.toThrow('RuleTester: the removed file "../outside.mdx" of a case is not inside the site');
  });
});

describe('messages by id', () => {
  test('placeholders are filled from data; one without a value stays as written', () => {
    expect(fillMessage('{{ a }} and {{b}} and {{c}}', { a: 1, b: 'two' })).toBe('1 and two and {{c}}');
    expect(fillMessage('{{a}}', { a: '{{b}}', b: 'no' })).toBe('{{b}}');
    expect(fillMessage('no data {{a}}', undefined)).toBe('no data {{a}}');
  });

  test('a report by id gets its message; an unknown id is an error naming the rule', () => {
    const meta = { id: 'acme/x', messages: { one: 'one {{n}}' } };
    expect(resolveReport(meta, { messageId: 'one', data: { n: 2 } })).toEqual({
      messageId: 'one',
      data: { n: 2 },
      message: 'one 2',
    });
    expect(resolveReport(meta, { message: 'as written' })).toEqual({ message: 'as written' });
    expect(() => resolveReport(meta, { messageId: 'two' })).toThrow(
      'rule acme/x reported messageId "two", which is not in its meta.messages',
    );
  });

  test('a rule not made with defineRule (a plugin written by hand) reports by id once wrapped, as the plugin loader does', () => {
    const reported: unknown[] = [];
    const plain = {
      meta: {
        id: 'acme/plain',
        kind: 'page' as const,
        description: 'd',
        severity: 'warning' as const,
        docsUrl: '',
        messages: { m: 'message {{x}}' },
      },
      check(context: PageContext) {
        context.report({ messageId: 'm', data: { x: 1 } });
      },
    };
    const wrapped = withMessages(plain);
    wrapped.check({ report: (r: unknown) => reported.push(r) } as unknown as PageContext);
    // Wrapping twice (a plugin's defineRule, then the loader) changes nothing.
    withMessages(wrapped).check({ report: (r: unknown) => reported.push(r) } as unknown as PageContext);
    expect(reported).toEqual([
      { messageId: 'm', data: { x: 1 }, message: 'message 1' },
      { messageId: 'm', data: { x: 1 }, message: 'message 1' },
    ]);
    // A rule without messages is returned as it is (every built-in rule declares some).
    const bare = { ...plain, meta: { ...plain.meta, messages: undefined } };
    expect(withMessages(bare)).toBe(bare);
    // A plugin's rule is always wrapped: a `messageId` without `meta.messages` is an error naming the rule.
    const stray = withMessages(bare, true);
    expect(() => stray.check({ report: () => {} } as unknown as PageContext)).toThrow(
      'rule acme/plain reported messageId "m", which is not in its meta.messages',
    );
  });
});
