// Inputs whose cost used to grow with the square of their size (or worse): every one is now
// near-linear or bounded, with the same findings. Sized so that each test takes well under a
// second once linear; a quadratic regression shows as a timeout.
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ignore from 'ignore';
import { markdownText } from '../../src/commands/scorecard.js';
import { DEFAULT_IGNORES } from '../../src/platform/files.js';
import { platformIgnores } from '../../src/site/mintignore.js';
import { RedirectTable } from '../../src/site/redirects.js';
import { stagedChange } from '../../src/cli/git-change.js';
import { execFileSync } from 'node:child_process';
import { runCli } from '../helpers/cli.js';
import { tmpSite } from '../helpers/tmp-site.js';
import { config, FRONT, type Found } from './helpers.js';

const brief = (f: Found) => [f.file, f.line, f.column, f.endLine, f.endColumn, f.ruleId, f.message];

/** The JSON report of a run over the site, written to a file (it is larger than a pipe's buffer). */
function lintReport(root: string): Found[] {
  const result = runCli(['--format', 'json', '-o', 'report.json', '.'], { cwd: root });
  expect([result.code, result.stderr]).toEqual([1, '']);
  const report = JSON.parse(readFileSync(path.join(root, 'report.json'), 'utf8')) as Array<{
    filePath: string;
    messages: Array<Omit<Found, 'file'>>;
  }>;
  return report.flatMap((entry) => entry.messages.map((m) => ({ ...m, file: path.relative(root, entry.filePath) })));
}

describe('redirect matching', () => {
  test('20,000 parameterised redirects and 200 paths that none matches; the last one still found', () => {
    const list = Array.from({ length: 20_000 }, (_, i) => ({
      source: `/old${i}/:slug*`,
      destination: `/new${i}/:slug*`,
    }));
    list.push({ source: '/:lang/guide/:page', destination: '/guides/:page' });
    const table = RedirectTable.from({ redirects: list });
    for (let i = 0; i < 200; i++) expect(table.find(`/missing-${i}`)).toBeUndefined();
    expect(table.apply('/old19999/a/b')).toBe('/new19999/a/b');
    expect(table.apply('/old7')).toBe('/new7');
    expect(table.apply('/fr/guide/intro')).toBe('/guides/intro');
    expect(table.find('/old19999/a/b')?.redirect.pointer).toBe('/redirects/19999');
    expect(table.gaveUp('/missing-0')).toBe(false);
  });

  test('a source of 2,000 wildcards and a long path: the work stops at its bound, and says so', () => {
    const table = RedirectTable.from({ redirects: [{ source: `/${'a*'.repeat(1000)}`, destination: '/index' }] });
    const long = `/${'a'.repeat(3000)}b`;
    expect(table.find(long)).toBeUndefined();
    expect(table.gaveUp(long)).toBe(true);
    // A path long enough for the pattern's tokens is matched.
    const table2 = RedirectTable.from({ redirects: [{ source: `/${'a*'.repeat(10)}`, destination: '/index' }] });
    expect(table2.apply(long)).toBe('/index');
    expect(table2.gaveUp(long)).toBe(false);
  });
});

describe('a site of many keys, redirects, broken $refs and anchors', () => {
  const KEYS = 3000;
  const REFS = 3000;
  const ANCHORS = 2000;
  let root: string;
  let findings: Found[];

  beforeAll(() => {
    const extra: Record<string, unknown> = {};
    for (let i = 0; i < KEYS; i++) extra[`zz${i}`] = i;
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < REFS; i++) schemas[`S${i}`] = { $ref: `#/components/schemas/Missing${i}` };
    const spec = {
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      paths: {
        '/a': {
          get: { summary: 'A', description: 'Get a.', operationId: 'getA', responses: { 200: { description: 'ok' } } },
        },
      },
      components: { schemas },
    };
    const yaml = [
      'openapi: 3.0.3',
      'info: { title: T, version: "1" }',
      'paths:',
      '  /b:',
      '    get: { summary: B, description: Get b., operationId: getB, responses: { "200": { description: ok } } }',
      'components:',
      '  schemas:',
      ...Array.from({ length: REFS }, (_, i) => `    S${i}: { $ref: "#/components/schemas/Missing${i}" }`),
      '',
    ].join('\n');
    const headings = Array.from({ length: ANCHORS }, (_, i) => `## Heading ${i}\n`).join('\n');
    const links = Array.from({ length: ANCHORS }, (_, i) => `[l](/target#nope-${i})`).join('\n\n');
    const docs = JSON.parse(config(['index', 'target'], extra)) as Record<string, unknown>;
    docs.redirects = [{ source: `/${'a*'.repeat(1000)}`, destination: '/index' }];
    docs.api = { openapi: ['spec.json', 'spec.yaml'] };
    root = tmpSite({
      'docs.json': JSON.stringify(docs, null, 2),
      'spec.json': JSON.stringify(spec, null, 1),
      'spec.yaml': yaml,
      'index.mdx': `${FRONT}[long](/${'a'.repeat(3000)}b)\n\n${links}\n`,
      'target.mdx': FRONT + headings,
    });
    findings = lintReport(root);
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  test('an unknown key each, at its place', () => {
    const found = findings.filter((f) => f.ruleId === 'config-unknown-key');
    expect(found.length).toBe(KEYS);
    expect(brief(found[0]!)).toEqual([
      'docs.json',
      19,
      3,
      19,
      8,
      'config-unknown-key',
      'unknown key "zz0"; the platform ignores it',
    ]);
    expect(brief(found[KEYS - 1]!)).toEqual([
      'docs.json',
      19 + KEYS - 1,
      3,
      19 + KEYS - 1,
      11,
      'config-unknown-key',
      `unknown key "zz${KEYS - 1}"; the platform ignores it`,
    ]);
  });

  test('a broken $ref each, in JSON and YAML, with positions', () => {
    const json = findings.filter((f) => f.file === 'spec.json' && f.ruleId === 'openapi-ref');
    const yaml = findings.filter((f) => f.file === 'spec.yaml' && f.ruleId === 'openapi-ref');
    expect([json.length, yaml.length]).toEqual([REFS, REFS]);
    const message = (i: number) =>
      `\`$ref: #/components/schemas/Missing${i}\` points at nothing in this spec, so the part that uses it is missing from its pages; did you mean \`#/components/schemas/S${i}\`?`;
    expect(brief(json[0]!)).toEqual(['spec.json', 24, 13, 24, 44, 'openapi-ref', message(0)]);
    expect(brief(yaml[REFS - 1]!).slice(0, 6)).toEqual([
      'spec.yaml',
      8 + REFS - 1,
      20,
      8 + REFS - 1,
      54,
      'openapi-ref',
    ]);
  });

  test('a missing anchor each', () => {
    const found = findings.filter((f) => f.file === 'index.mdx' && f.message.startsWith('anchor'));
    expect(found.length).toBe(ANCHORS);
    expect(brief(found[ANCHORS - 1]!)).toEqual([
      'index.mdx',
      6 + 2 * ANCHORS,
      1,
      6 + 2 * ANCHORS,
      23,
      'site-broken-link',
      `anchor \`#nope-${ANCHORS - 1}\` in \`/target\` matches no heading or id of \`target\``,
    ]);
  });

  test('a link past the redirect matching bound is reported as such', () => {
    const found = findings.filter((f) => f.file === 'index.mdx' && f.line === 6);
    expect(found.map(brief)).toEqual([
      [
        'index.mdx',
        6,
        1,
        6,
        3011,
        'site-broken-link',
        `link \`/${'a'.repeat(3000)}b\` is broken: no page or file at \`${'a'.repeat(3000)}b\` in the site (too long to try against every redirect pattern of docs.json)`,
      ],
    ]);
  });
});

describe('.mintignore', () => {
  test('the same answers as the ignore package, for plain names, paths, folders and wildcards', () => {
    const lines = [
      'drafts',
      '/Old/',
      'a/b',
      'Build/',
      '*.tmp',
      '# note',
      '',
      'x.mdx',
      'x.mdx',
      'deep/**/c.md',
      'snippets/s1.mdx  ',
    ];
    const paths = [
      'drafts',
      'a/drafts/x.mdx',
      'old/x.mdx',
      'x/old/y.mdx',
      'a/b',
      'a/b/c.mdx',
      'c/a/b',
      'build',
      'z/build/q.md',
      'q.tmp',
      'r/x.MDX',
      'deep/1/2/c.md',
      'snippets/s1.mdx',
      'keep.mdx',
      '.git/x',
      'node_modules/a.md',
    ];
    const reference = ignore().add([...DEFAULT_IGNORES, ...lines.map((l) => l.trim())]);
    const mine = platformIgnores(lines.join('\n'));
    expect(paths.map((p) => mine.ignores(p))).toEqual(paths.map((p) => reference.ignores(p)));
    // With a re-inclusion, the ignore package decides alone.
    const negated = [...lines, '!x.mdx'];
    const reference2 = ignore().add([...DEFAULT_IGNORES, ...negated]);
    expect(paths.map((p) => platformIgnores(negated.join('\n')).ignores(p))).toEqual(
      paths.map((p) => reference2.ignores(p)),
    );
  });

  test('a 1 MB file of plain names against 2,000 paths', () => {
    const lines = Array.from({ length: 60_000 }, (_, i) =>
      i % 10 === 0 ? `/drafts/old-${i}/` : `unused-name-${i}.mdx`,
    );
    lines.push('*.draft.mdx');
    const mine = platformIgnores(lines.join('\n'));
    const paths = Array.from({ length: 2000 }, (_, i) => (i % 2 ? `snippets/s${i}.mdx` : `drafts/old-${i * 10}/p.mdx`));
    expect(paths.filter((p) => mine.ignores(p)).length).toBe(1000);
    expect(mine.ignores('a/unused-name-59999.mdx')).toBe(true);
    expect(mine.ignores('a/b.draft.mdx')).toBe(true);
  });

  test('30,000 wildcard lines: one line naming the file, before any file is matched', () => {
    const lines = Array.from({ length: 30_000 }, (_, i) => `*a*b*c${i}*.mdx`);
    expect(() => platformIgnores(lines.join('\n'), '/site/.mintignore')).toThrow(
      '/site/.mintignore: has 30,000 patterns with wildcards (each is tested against every file); doclint reads at most 1,000: name folders (`drafts/`) or use one wildcard for many files (`*.draft.mdx`)',
    );
    // 1,000 wildcards (written twice, and with comments and plain names besides) are read.
    const kept = [
      ...lines.slice(0, 1000),
      ...lines.slice(0, 1000),
      '# note',
      ...Array.from({ length: 5000 }, (_, i) => `name-${i}.mdx`),
    ];
    expect(platformIgnores(kept.join('\n')).ignores('x/ab-c999-.mdx')).toBe(true);
    // With a `!` line every line counts.
    const negated = [...Array.from({ length: 1001 }, (_, i) => `name-${i}.mdx`), '!name-1.mdx'];
    expect(() => platformIgnores(negated.join('\n'))).toThrow(
      '.mintignore: has 1,002 patterns and a `!` line (with a `!` line every pattern is tested against every file); doclint reads at most 1,000: name folders (`drafts/`) or use one wildcard for many files (`*.draft.mdx`)',
    );
  });

  test('the CLI stops with that line, exit 2, even when one file is named', () => {
    const lines = Array.from({ length: 1001 }, (_, i) => `*a*b*c${i}*.mdx`);
    const root = tmpSite({
      '.mintignore': lines.join('\n'),
      'docs.json': config(['index']),
      'index.mdx': `${FRONT}Hello.\n`,
    });
    try {
      const result = runCli(['index.mdx'], { cwd: root });
      expect([result.code, result.stdout, result.stderr]).toEqual([
        2,
        '',
        'doclint: .mintignore: has 1,001 patterns with wildcards (each is tested against every file); doclint reads at most 1,000: name folders (`drafts/`) or use one wildcard for many files (`*.draft.mdx`)\n',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('.mintignore that cannot be read', () => {
  test('over 1 MB, or a link out of the site: the CLI stops with one line naming it, exit 2', () => {
    const root = tmpSite({ 'docs.json': config(['index']), 'index.mdx': `${FRONT}Hello.\n` });
    const outside = mkdtempSync(path.join(os.tmpdir(), 'doclint-outside-'));
    try {
      writeFileSync(path.join(root, '.mintignore'), 'drafts/\n'.repeat(300_000));
      expect(runCli(['.'], { cwd: root })).toMatchObject({
        code: 2,
        stdout: '',
        stderr:
          'doclint: .mintignore: the file is too large (2.3 MB; the limit is 1.0 MB): name folders (`drafts/`) or use one wildcard for many files (`*.draft.mdx`)\n',
      });
      rmSync(path.join(root, '.mintignore'));
      writeFileSync(path.join(outside, 'ignore'), 'drafts/\n');
      symlinkSync(path.join(outside, 'ignore'), path.join(root, '.mintignore'));
      const result = runCli(['.'], { cwd: root });
      expect([result.code, result.stdout]).toEqual([2, '']);
      expect(result.stderr).toBe(
        'doclint: .mintignore: it leads outside the site root (a symbolic link); doclint only reads files inside the site. Without it doclint would lint files the platform ignores: make .mintignore a regular file inside the site, or remove it\n',
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
      rmSync(outside, { recursive: true, force: true });
    }
  });
});

describe('llms-txt --full', () => {
  test('snippets fanning out 30 ways, 5 deep: bounded, with a note; NEL and LINE SEPARATOR normalised', () => {
    const files: Record<string, string> = { 'docs.json': config(['index']) };
    files['snippets/s0.mdx'] = `${'A snippet shown many times. '.repeat(6).trim()}\n`;
    for (let d = 1; d <= 5; d++)
      files[`snippets/s${d}.mdx`] =
        `import S from '/snippets/s${d - 1}.mdx';\n\n${Array.from({ length: 30 }, () => '<S />').join('\n\n')}\n`;
    files['index.mdx'] = `${FRONT}import S from '/snippets/s5.mdx';\n\n<S />\n\nEnd\u2028of\u0085text.\n`;
    const root = tmpSite(files);
    try {
      const result = runCli(['llms-txt', '--full', '--out', 'llms-full.txt', '.'], { cwd: root });
      expect([result.code, result.stderr]).toEqual([
        0,
        'doclint: llms-full.txt: the snippets of index.mdx expand past 16 MB (snippets shown many times, inside snippets shown many times); the rest are left as their elements\n',
      ]);
      const text = readFileSync(path.join(root, 'llms-full.txt'), 'utf8');
      expect(
        text.startsWith(
          '# Welcome to the test site\nSource: /index\n\nWhat this site is for and where to start.\n\n<S />',
        ),
      ).toBe(true);
      expect(text.endsWith('<S />\n\nEnd\nof\ntext.\n')).toBe(true);
      expect(text.length).toBeLessThan(17 * 1024 * 1024);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('text formats escape control characters of file names', () => {
  const name = 'x\n::stop-commands::token\n::error file=a::\u001b[31mpwned.mdx';
  let root: string;
  beforeAll(() => {
    root = tmpSite({ 'docs.json': config(['index']), 'index.mdx': `${FRONT}Text.\n`, [name]: `${FRONT}Orphan.\n` });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const escaped = 'x\\n::stop-commands::token\\n::error file=a::\\u001b[31mpwned.mdx';
  test.each([
    ['github', `::warning file=${escaped.replace(/:/g, '%3A').replace(/,/g, '%2C')},line=1,col=1,`],
    ['unix', `${escaped}:1:1: warning`],
    ['compact', `${escaped}: line 1, col 1, Warning`],
    ['stylish', escaped],
  ])('%s: one line per finding, no raw line break or ESC', (format, start) => {
    const result = runCli(['--format', format, '.'], { cwd: root });
    expect(result.stdout).not.toMatch(/\u001b|^::stop-commands::|^::error/m);
    expect(result.stdout.split('\n').filter((l) => l.includes(start)).length).toBeGreaterThan(0);
  });
});

describe('--fix sweeps the temporary files a killed run left', () => {
  test('in every folder of the site, older than a minute, named as doclint names them', () => {
    const stale = 'guides/.intro.mdx.0123456789ab.doclint-tmp';
    const fresh = '.index.mdx.ba9876543210.doclint-tmp';
    const other = 'guides/.notes.0123456789ab.tmp';
    const root = tmpSite({
      'docs.json': config(['index', 'guides/intro']),
      'index.mdx': `${FRONT}Text.\n`,
      'guides/intro.mdx': `${FRONT}Text.\n`,
      [stale]: 'half a page',
      [fresh]: 'a page being written',
      [other]: 'not doclint',
    });
    try {
      const old = new Date(Date.now() - 10 * 60_000);
      utimesSync(path.join(root, stale), old, old);
      utimesSync(path.join(root, other), old, old);
      const result = runCli(['--fix', '.'], { cwd: root });
      expect(result.stderr).toBe('');
      expect([stale, fresh, other].map((f) => existsSync(path.join(root, f)))).toEqual([false, true, true]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('score --format markdown', () => {
  test('text from the site is shown as written: no HTML, mention, link or autolink', () => {
    expect(
      markdownText('see <img src=x onerror=alert(1)> @team [x](https://evil.example) www.evil.example `a|b` & c'),
    ).toBe(
      'see \\<img src=x onerror=alert(1)\\> @\u200bteam \\[x\\](https:\u200b//evil.example) www\u200b.evil.example \\`a\\|b\\` &amp; c',
    );
  });
});

describe('--staged', () => {
  let root: string;
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: root,
      stdio: 'pipe',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'a',
        GIT_AUTHOR_EMAIL: 'a@b',
        GIT_COMMITTER_NAME: 'a',
        GIT_COMMITTER_EMAIL: 'a@b',
      },
    });
  beforeAll(() => {
    const files: Record<string, string> = {
      'docs.json': config(['index']),
      'index.mdx': `${FRONT}Text.\n`,
      'logo.png': 'not text',
    };
    for (let i = 0; i < 300; i++) files[`s/f${i}.mdx`] = `Snippet ${i}\n\n## H${i}\n`;
    root = tmpSite(files);
    git('init', '-q', '.');
    git('add', '-A');
    git('commit', '-qm', 'init');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  test('300 deleted files: their committed text, read in one batch', async () => {
    git('rm', '-q', '-r', 's', 'logo.png');
    const change = await stagedChange(root);
    expect(change.removed.size).toBe(301);
    expect(change.removed.get(path.join(root, 's/f299.mdx'))?.toString()).toBe('Snippet 299\n\n## H299\n');
    expect(change.removed.get(path.join(root, 'logo.png'))?.length).toBe(0);
    expect(change.configsRemoved).toEqual([]);
    git('reset', '-q', '--hard');
  });

  test('a commit that removes docs.json says so', () => {
    git('rm', '-q', 'docs.json');
    const result = runCli(['--staged'], { cwd: root });
    expect(result.stderr).toBe(
      'doclint: --staged: the commit removes docs.json: the pages of that folder are no longer a site there (linted only against a docs.json above them, if any)\n',
    );
    git('reset', '-q', '--hard');
  });
});
