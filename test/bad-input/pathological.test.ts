// Pages built to make the MDX parser slow: balanced braces and brackets, whose parse grows with the
// cube or the square of their length (a 40 KB run of braces took 39 s on this project's 2-core
// machine, a 40 KB run of brackets 7 s), and a 5 MB page (5 s and 750 MB). The braces and the
// brackets are found by the pre-scan (src/pages/hazard.ts) before parsing, the same finding at any
// load; the long page is stopped at its time limit. Each gets one positioned finding, on the
// command line and in the language server, and the run goes on. What is asserted is the finding,
// never how long anything took.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';
import { tmpSite } from '../helpers/tmp-site.js';
import { copySite, LspClient } from '../lsp/client.js';

const FRONT = '---\ntitle: A page\ndescription: A page of the test site.\n---\n\n';
const BRACES = FRONT + 'Intro.\n\n' + '{'.repeat(20000) + '}'.repeat(20000) + '\n';
const BRACKETS = FRONT + 'Intro.\n\n' + '['.repeat(20000) + 'a' + ']'.repeat(20000) + '\n';
const LONG = FRONT + `${'word '.repeat(20)}\n\n`.repeat(50000);

const notChecked = (cause: string) => `not checked: took longer than 0.5 s; ${cause}`;
const BRACES_FINDING =
  'the expression that starts here may run on past 25 `}` (20,025 characters), and the MDX parser reads it again at each `}` till it parses (too long to read in reasonable time); the page is not read past this line: check that its braces and quotes balance, escape a `{` that is text (`\\{`), or put the text in a code block';
const BRACKETS_FINDING =
  'this paragraph has 20,000 `]` among 40,001 punctuation marks, more than the MDX parser can match in reasonable time (its time grows with the product); the page is not read past this line: escape the brackets that are not links (`\\[`, `\\]`), split the paragraph, or put the text in a code block';

describe('pathological pages, one CLI run', () => {
  test('each is reported where the parser would stall; the other pages are linted', () => {
    const root = tmpSite({
      'docs.json': JSON.stringify({ theme: 'mint', name: 'T', colors: { primary: '#0A7A5E' }, navigation: { pages: ['index', 'braces', 'brackets', 'long'] } }),
      'index.mdx': FRONT + 'See [the missing page](/nowhere).\n',
      'braces.mdx': BRACES,
      'brackets.mdx': BRACKETS,
      'long.mdx': LONG,
      '.doclintrc.json': JSON.stringify({ timeLimits: { page: 0.5 }, rules: { 'config-color-contrast': 'off', 'nav-duplicate-title': 'off' } }),
    });
    const result = runCli(['-f', 'unix', root], { cwd: root });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(result.stdout.split('\n').map((line) => line.replace(`${root}${path.sep}`, ''))).toEqual([
      `braces.mdx:8:1: error ${BRACES_FINDING} [page-mdx-syntax]`,
      `brackets.mdx:8:1: error ${BRACKETS_FINDING} [page-mdx-syntax]`,
      'index.mdx:6:5: error link `/nowhere` is broken: no page or file at `nowhere` in the site [site-broken-link]',
      `long.mdx:1:1: warning ${notChecked('(no structure known to be slow was found; a page this slow is usually very long)').replace('; (', ' (')} [page-mdx-syntax]`,
      '',
    ]);
  });
});

describe('the language server', () => {
  test('a page of 40,000 braces gets its finding before parsing; the server answers the next request', async () => {
    const root = copySite('fixtures/sites/lsp-basic');
    writeFileSync(path.join(root, '.doclintrc.json'), JSON.stringify({ timeLimits: { page: 0.5 } }));
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
