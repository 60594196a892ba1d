// The smaller bad inputs of one reliability pass: each with the exact finding, output or error.
// Bounded time is shown by each run finishing under jest's timeout; no test times itself.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';
import { tmpSite } from '../helpers/tmp-site.js';
import { config, findingsIn, FRONT, lintJson } from './helpers.js';

const FORMATS = 'stylish, json, compact, github, sarif, junit, gitlab, html, unix';

describe('command-line values', () => {
  let root: string;
  beforeAll(() => {
    root = tmpSite({ 'docs.json': config(['index']), 'index.mdx': `${FRONT}## Start\n\n[here](/index)\n` });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  test.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])(
    '--format %s (a name every object has): a usage error, not an internal one',
    (name) => {
      expect(runCli(['--format', name, '.'], { cwd: root })).toEqual({
        code: 2,
        stdout: '',
        stderr: `doclint: unknown format "${name}"; use one of ${FORMATS}\n`,
      });
    },
  );

  test.each(['', ' ', '1e3', '0x10', '-2', '1.5', '9007199254740993'])(
    '--max-warnings %j: a usage error (it used to mean 0, or 1000)',
    (value) => {
      expect(runCli([`--max-warnings=${value}`, '.'], { cwd: root })).toEqual({
        code: 2,
        stdout: '',
        stderr: `doclint: --max-warnings takes a whole number, or -1 for no limit (got "${value}")\n`,
      });
    },
  );

  test('--max-warnings 0 and 1 still count the one warning', () => {
    expect([
      runCli(['--max-warnings', '0', '.'], { cwd: root }).code,
      runCli(['--max-warnings', '1', '.'], { cwd: root }).code,
    ]).toEqual([1, 0]);
  });
});

describe('a newline in a file name', () => {
  test('--format unix keeps one finding per line (the name is escaped)', () => {
    const root = tmpSite({
      'docs.json': config(['index']),
      'index.mdx': `${FRONT}## Start\n`,
      'we\nird.mdx': '## No front matter\n',
    });
    try {
      const result = runCli(['--format', 'unix', 'we\nird.mdx'], { cwd: root });
      expect(result.stdout.split('\n')).toEqual([
        'we\\nird.mdx:1:1: warning page has no front matter: start it with a `---` block that sets `title` and `description` [page-frontmatter-required]',
        // The message names the page by its route; white space in a message is one space on this line.
        expect.stringMatching(
          /^we\\nird\.mdx:1:1: warning `we ird` is not in the navigation: .* \[site-orphan-page\]$/,
        ),
        '',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('front matter `openapi:` that is not text', () => {
  test('an error at the value, and the title and description are still asked for', () => {
    const root = tmpSite({ 'docs.json': config(['index']), 'index.mdx': '---\nopenapi: 42\n---\n\n## Start\n' });
    try {
      const run = lintJson(root, ['.']);
      expect(
        findingsIn(run, 'index.mdx').map((f) => [f.line, f.column, f.endColumn, f.ruleId, f.severity, f.message]),
      ).toEqual([
        [1, 1, 4, 'page-frontmatter-required', 1, 'front matter has no `description`: add `description: …`'],
        [1, 1, 4, 'page-frontmatter-required', 1, 'front matter has no `title`: add `title: …`'],
        [
          2,
          10,
          12,
          'page-frontmatter',
          2,
          'front matter `openapi` must be one endpoint as text (`openapi: "GET /users"`), not a number',
        ],
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('llms-txt', () => {
  test('line breaks in names and titles cannot start sections or links; a file:// spec is not listed', () => {
    const root = tmpSite({
      'docs.json': JSON.stringify({
        $schema: 'https://mintlify.com/docs.json',
        theme: 'mint',
        name: 'Acme\n## Injected',
        description: 'Docs\n- [evil](https://evil.example)',
        colors: { primary: '#0A7A5E' },
        navigation: {
          groups: [
            { group: 'Start\n## Fake section', pages: ['index'] },
            { group: 'Local', openapi: 'file:///etc/passwd', pages: [] },
            { group: 'Remote', openapi: 'https://example.com/openapi.yaml', pages: [] },
          ],
        },
      }),
      'index.mdx':
        '---\ntitle: "Intro\\n## Injected\\n- [evil](https://evil.example)"\ndescription: Fine\n---\n\n## Hi\n',
    });
    try {
      const result = runCli(['llms-txt', '.'], { cwd: root });
      expect([result.code, result.stderr]).toEqual([0, '']);
      expect(result.stdout).toBe(
        [
          '# Acme ## Injected',
          '',
          '> Docs - [evil](https://evil.example)',
          '',
          '## Start ## Fake section',
          '',
          '- [Intro ## Injected - \\[evil\\](https://evil.example)](/index.md): Fine',
          '',
          '## OpenAPI Specs',
          '',
          '- [openapi](https://example.com/openapi.yaml)',
          '',
        ].join('\n'),
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('terminology at scale', () => {
  test('10,000 sets and a 2,000-word term: one matcher; the exact findings', () => {
    const words = Array.from({ length: 2_000 }, () => 'go').join(' ');
    const sets = [
      ...Array.from({ length: 10_000 }, (_, i) => ({ preferred: `term${i} alpha`, variants: [`term${i}-alpha`] })),
      { preferred: `${words} stop`, variants: [`${words} halt`] },
    ];
    const root = tmpSite({
      'docs.json': config(['index']),
      // The page is long on purpose: its size (a finding of agent-page-size) is not what is tested.
      '.doclintrc.json': JSON.stringify({
        rules: { 'page-terminology': ['warn', { sets }], 'agent-page-size': 'off' },
      }),
      'index.mdx': `${FRONT}## Start\n\nThen term9999 alpha and term9999-alpha.\n\n${'go '.repeat(50_000)}stop. And ${words} halt.\n`,
    });
    try {
      const run = lintJson(root, ['.']);
      expect([run.code, run.stderr]).toEqual([0, '']);
      expect(findingsIn(run, 'index.mdx').map((f) => [f.line, f.column, f.endColumn, f.message.slice(0, 60)])).toEqual([
        [8, 25, 39, '"term9999-alpha": this page also writes "term9999 alpha"; us'],
        [10, 150_011, 156_015, `"${'go '.repeat(20).slice(0, 59)}`],
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('did-you-mean at scale', () => {
  test('a name of 100,000 characters gets no suggestion; 30,000 missing pages among 1,000: suggestions until the budget is spent', () => {
    const long = 'x'.repeat(100_000);
    const existing = Array.from({ length: 1_000 }, (_, i) => `p${i}`);
    const missing = Array.from({ length: 30_000 }, (_, i) => `q${i}`);
    const files: Record<string, string> = {
      'docs.json': config(['index', long, ...existing, ...missing]),
      'index.mdx': `${FRONT}## Start\n`,
    };
    for (const p of existing) files[`${p}.mdx`] = `${FRONT}## Page\n`;
    const root = tmpSite(files);
    try {
      const result = runCli(['--format', 'json', '-o', 'report.json', 'docs.json'], { cwd: root });
      expect([result.code, result.stderr]).toEqual([1, '']);
      const report = JSON.parse(readFileSync(path.join(root, 'report.json'), 'utf8')) as Array<{
        messages: Array<{ ruleId: string; message: string }>;
      }>;
      const messages = report.flatMap((f) =>
        f.messages.filter((m) => m.ruleId === 'nav-page-missing').map((m) => m.message),
      );
      expect(messages.length).toBe(30_001);
      expect(messages[0]).toBe(`\`${long}\` is in the navigation but no page \`${long}.mdx\` or \`${long}.md\` exists`);
      expect(messages[1]).toBe('`q0` is in the navigation but no page `q0.mdx` or `q0.md` exists; did you mean `p0`?');
      // At most 4,000,000 candidates examined over the run: 3,996 lookups among the 1,001 routes (index and 1,000 pages).
      expect(messages.filter((m) => m.includes('did you mean')).length).toBe(3_996);
      expect(messages[30_000]).toBe('`q29999` is in the navigation but no page `q29999.mdx` or `q29999.md` exists');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('configuration lookup', () => {
  test('without a .git folder, only the site root is searched: a configuration in a shared folder above never applies', () => {
    const base = tmpSite({ '.doclintrc.json': '{ "rules": { "page-link-text": "off" } }' });
    const root = path.join(base, 'site');
    mkdirSync(root);
    writeFileSync(path.join(root, 'docs.json'), config(['index']));
    writeFileSync(path.join(root, 'index.mdx'), `${FRONT}## Start\n\n[here](/index)\n`);
    try {
      expect(lintJson(root, ['.']).findings.map((f) => f.ruleId)).toEqual(['page-link-text']);
      // With .git above, the folder is the repository root: its configuration applies.
      mkdirSync(path.join(base, '.git'));
      expect(lintJson(root, ['.']).findings).toEqual([]);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
