import path from 'node:path';
import { runCli } from '../helpers/cli.js';
import { tmpSite } from '../helpers/tmp-site.js';

/*
 * Time limits: a page whose parse and rules take longer than `timeLimits.page` is stopped (its
 * worker thread replaced) and gets one positioned finding; a site check that asks for pages past
 * `timeLimits.siteCheck` is stopped there. The run goes on and finishes either way.
 *
 * The nested lists take seconds where the limit is a fraction of one; the run of `*_` (tens of
 * seconds to parse) is found by the pre-scan before parsing (src/pages/hazard.ts), the same
 * finding at any load. What is asserted is the finding, never how long anything took.
 */

const FRONT = '---\ntitle: A page\ndescription: A page of the test site.\n---\n\n';
const nestedList = (depth: number) => Array.from({ length: depth }, (_, i) => `${'  '.repeat(i)}- item`).join('\n');

/** 8,000 nested list items: 80 lists, each nested 100 levels deep (the deepest the parser is given). */
const NESTED_LIST_PAGE = FRONT + Array.from({ length: 80 }, () => nestedList(100)).join('\n\nText.\n\n') + '\n';
/** A run of 80,000 `*` and `_`: emphasis the parser retries at every character. */
const STARS_PAGE = FRONT + 'Intro.\n\n' + '*_'.repeat(40000) + '\n';
const STARS_FINDING =
  'this paragraph has 80,000 emphasis markers (`*`, `_` or `~`) among 80,001 punctuation marks, more than the MDX parser can match in reasonable time (its time grows with the product); the page is not read past this line: escape the markers that are not emphasis (`\\*`, `\\_`), split the paragraph, or put the text in a code block';

const CONFIG = JSON.stringify({ theme: 'mint', name: 'T', colors: { primary: '#0A7A5E' }, navigation: { pages: ['index', 'nested', 'stars'] } });

function site(limits: Record<string, number>, extra: Record<string, string> = {}) {
  return tmpSite({
    'docs.json': CONFIG,
    'index.mdx': FRONT + 'See [the nested page](/nested) and [the missing page](/nowhere).\n',
    'nested.mdx': NESTED_LIST_PAGE,
    'stars.mdx': STARS_PAGE,
    '.doclintrc.json': JSON.stringify({ timeLimits: limits, rules: { 'config-color-contrast': 'off', 'nav-duplicate-title': 'off' }, ...extra }),
    ...extra,
  });
}

const messages = (stdout: string, root: string): Array<Record<string, unknown>> =>
  (JSON.parse(stdout) as Array<{ filePath: string; messages: Array<Record<string, unknown>> }>).flatMap((f) =>
    f.messages.map(({ url: _url, ...m }) => ({ file: path.relative(root, f.filePath), ...m })),
  );

describe('a page past its time limit', () => {
  test.each(['1', '2'])('is reported as not checked, at its likely cause; the other pages are linted (--threads %s)', (threads) => {
    const root = site({ page: 0.5 });
    const result = runCli(['-f', 'json', '--threads', threads, root]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(messages(result.stdout, root)).toEqual([
      {
        file: 'index.mdx',
        ruleId: 'site-broken-link',
        severity: 2,
        message: expect.stringContaining('/nowhere'),
        line: 6,
        column: 36,
        endLine: 6,
        endColumn: 64,
      },
      {
        file: 'nested.mdx',
        ruleId: 'page-mdx-syntax',
        severity: 1,
        message: 'not checked: took longer than 0.5 s; likely a pathological structure at line 105: block quotes and list items nested 100 levels deep',
        line: 105,
        column: 199,
        endLine: 105,
        endColumn: 200,
      },
      {
        file: 'stars.mdx',
        ruleId: 'page-mdx-syntax',
        severity: 2,
        message: STARS_FINDING,
        line: 8,
        column: 1,
        endLine: 8,
        endColumn: 80001,
      },
    ]);
  });

  test('a run over files (pages on the main thread): the run of `*_` gets its finding before parsing', () => {
    const root = site({ page: 0.5 });
    const result = runCli(['-f', 'json', path.join(root, 'stars.mdx'), path.join(root, 'index.mdx')]);
    expect(messages(result.stdout, root).map((m) => `${m.file}:${m.line}:${m.column} ${m.ruleId} ${m.message}`)).toEqual([
      'index.mdx:6:36 site-broken-link ' + messages(result.stdout, root)[0]!.message,
      `stars.mdx:8:1 page-mdx-syntax ${STARS_FINDING}`,
    ]);
  });

  test('standard input: the same', () => {
    const root = site({ page: 0.5 });
    const result = runCli(['-f', 'unix', '--stdin', '--stdin-filename', 'nested.mdx'], { cwd: root, input: NESTED_LIST_PAGE });
    expect(result.stdout).toBe(
      `nested.mdx:105:199: warning not checked: took longer than 0.5 s; likely a pathological structure at line 105: block quotes and list items nested 100 levels deep [page-mdx-syntax]\n`,
    );
  });

  test('a stopped page is not cached: the next run checks it again', () => {
    const root = site({ page: 0.5 });
    const first = runCli(['-f', 'json', '--cache', root]);
    const second = runCli(['-f', 'json', '--cache', root]);
    expect(second.stdout).toBe(first.stdout);
    expect(messages(second.stdout, root).filter((m) => String(m.message).startsWith('not checked'))).toHaveLength(1);
  });
});

/** A site rule that reports once, then takes longer than the limit before asking for the first page. */
const SLOW_RULE = `
  export const rules = {
    walk: {
      meta: { id: 'walk', kind: 'site', description: 'Walks the pages slowly.', severity: 'warning', docsUrl: 'https://example.com/walk' },
      async check(context) {
        context.report({ message: 'before the pages' });
        for (const page of [...context.site.pages.values()].sort((a, b) => (a.relative < b.relative ? -1 : 1))) {
          await new Promise((resolve) => setTimeout(resolve, 1500));
          await context.facts(page.file);
          context.report({ message: 'walked ' + page.relative });
        }
      },
    },
  };
`;

describe('a site check past its time limit', () => {
  test('is stopped at the page it asked for; what it found before is kept', () => {
    const root = tmpSite({
      'docs.json': CONFIG,
      'index.mdx': FRONT + 'Home.\n',
      'nested.mdx': FRONT + 'Nested.\n',
      'stars.mdx': FRONT + 'Stars.\n',
      'slow.mjs': SLOW_RULE,
      '.doclintrc.json': JSON.stringify({
        timeLimits: { siteCheck: 1 },
        plugins: { slow: './slow.mjs' },
        rules: { 'config-color-contrast': 'off', 'nav-duplicate-title': 'off', 'slow/walk': 'warn' },
      }),
    });
    const result = runCli(['-f', 'json', root]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(messages(result.stdout, root)).toEqual([
      { file: 'docs.json', ruleId: 'slow/walk', severity: 1, message: 'before the pages', line: 1, column: 1, endLine: 1, endColumn: 1 },
      {
        file: 'docs.json',
        ruleId: 'slow/walk',
        severity: 1,
        message:
          'not checked completely: slow/walk took longer than 1 s and was stopped at index.mdx; the pages after it were not checked by this rule (the findings before are reported)',
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 1,
      },
    ]);
  });
});
