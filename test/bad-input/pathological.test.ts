// Pages built to make the MDX parser slow: balanced braces and brackets, whose parse grows with the
// cube or the square of their length (a 40 KB run of braces took 39 s on this project's 2-core
// machine, a 40 KB run of brackets 7 s). The pre-scan (src/pages/hazard.ts) finds them before
// parsing: the same positioned finding at any load, with any number of threads, over files, from
// standard input and in the language server, and the run goes on. What is asserted is the finding,
// never how long anything took.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';
import { tmpSite } from '../helpers/tmp-site.js';
import { copySite, LspClient } from '../lsp/client.js';

const FRONT = '---\ntitle: A page\ndescription: A page of the test site.\n---\n\n';
const BRACES = FRONT + 'Intro.\n\n' + '{'.repeat(20000) + '}'.repeat(20000) + '\n';
const BRACKETS = FRONT + 'Intro.\n\n' + '['.repeat(20000) + 'a' + ']'.repeat(20000) + '\n';
/** A run of 80,000 `*` and `_`: emphasis the parser would retry at every character. */
const STARS = FRONT + 'Intro.\n\n' + '*_'.repeat(40000) + '\n';

const BRACES_FINDING =
  'the expression that starts here may run on past 25 `}` (20,025 characters), and the MDX parser reads it again at each `}` till it parses (too long to read in reasonable time); the page is not read past this line: check that its braces and quotes balance, escape a `{` that is text (`\\{`), or put the text in a code block';
const BRACKETS_FINDING =
  'this paragraph has 20,000 `]` among 40,001 punctuation marks, more than the MDX parser can match in reasonable time (its time grows with the product); the page is not read past this line: escape the brackets that are not links (`\\[`, `\\]`), split the paragraph, or put the text in a code block';
const STARS_FINDING =
  'this paragraph has 80,000 emphasis markers (`*`, `_` or `~`) among 80,001 punctuation marks, more than the MDX parser can match in reasonable time (its time grows with the product); the page is not read past this line: escape the markers that are not emphasis (`\\*`, `\\_`), split the paragraph, or put the text in a code block';

const EXPECTED = [
  `braces.mdx:8:1: error ${BRACES_FINDING} [page-mdx-syntax]`,
  `brackets.mdx:8:1: error ${BRACKETS_FINDING} [page-mdx-syntax]`,
  'index.mdx:6:5: error link `/nowhere` is broken: no page or file at `nowhere` in the site [site-broken-link]',
  `stars.mdx:8:1: error ${STARS_FINDING} [page-mdx-syntax]`,
  '',
];

function pathologicalSite() {
  return tmpSite({
    'docs.json': JSON.stringify({
      theme: 'mint',
      name: 'T',
      colors: { primary: '#0A7A5E' },
      navigation: { pages: ['index', 'braces', 'brackets', 'stars'] },
    }),
    'index.mdx': FRONT + 'See [the missing page](/nowhere).\n',
    'braces.mdx': BRACES,
    'brackets.mdx': BRACKETS,
    'stars.mdx': STARS,
    '.doclintrc.json': JSON.stringify({ rules: { 'config-color-contrast': 'off', 'nav-duplicate-title': 'off' } }),
  });
}

const lines = (stdout: string, root: string) =>
  stdout.split('\n').map((line) => line.replace(`${root}${path.sep}`, ''));

describe('pathological pages: the same finding in every mode', () => {
  test.each([['auto'], ['1'], ['2']])(
    'a whole-site run (--threads %s): each is reported where the parser would stall; the other pages are linted',
    (threads) => {
      const root = pathologicalSite();
      const result = runCli(['-f', 'unix', '--threads', threads, root], { cwd: root });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(1);
      expect(lines(result.stdout, root)).toEqual(EXPECTED);
    },
  );

  test('a run over files (pages on the main thread)', () => {
    const root = pathologicalSite();
    const result = runCli(['-f', 'unix', 'braces.mdx', 'brackets.mdx', 'index.mdx', 'stars.mdx'], { cwd: root });
    expect(result.code).toBe(1);
    expect(lines(result.stdout, root)).toEqual(EXPECTED);
  });

  test('standard input', () => {
    const root = pathologicalSite();
    const result = runCli(['-f', 'unix', '--stdin', '--stdin-filename', 'stars.mdx'], { cwd: root, input: STARS });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(`${EXPECTED[3]}\n`);
  });
});

describe('the language server', () => {
  test('a page of 40,000 braces gets its finding before parsing; the server answers the next request', async () => {
    const root = copySite('fixtures/sites/lsp-basic');
    writeFileSync(path.join(root, '.doclintrc.json'), JSON.stringify({ rules: {} }));
    const client = await LspClient.start();
    try {
      const page = path.join(root, 'guides/intro.mdx');
      const published = await client.open(page, BRACES);
      expect(published.diagnostics.map((d) => [d.code, d.severity, d.message, d.range.start])).toEqual([
        ['page-mdx-syntax', 1, BRACES_FINDING, { line: 7, character: 0 }],
      ]);
      const again = await client.change(page, FRONT + 'Back to [a link](/index).\n', BRACES);
      expect(again.diagnostics.map((d) => d.message)).toEqual([]);
    } finally {
      await client.stop();
    }
  });
});
