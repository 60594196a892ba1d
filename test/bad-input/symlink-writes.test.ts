// Paths a checkout can steer: a committed symbolic link to a folder outside the repository, a FIFO
// where a report goes, a tracked file named as the report, a docs.json `$ref` to a dot-file. Every
// write refuses them in one line (exit 2, nothing written, no hang); `$ref` reads only the site's
// .json files; the HTML report quotes only files of the site, through the safe reader.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Diagnostic } from '../../src/core/diagnostic.js';
import { html } from '../../src/report/html.js';
import { runCli } from '../helpers/cli.js';
import { git } from '../helpers/git-repo.js';
import { config, FRONT, lintJson } from './helpers.js';

const base = mkdtempSync(path.join(os.tmpdir(), 'doclint-writes-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
let count = 0;
const mkfifo = (file: string) => execFileSync('mkfifo', [file]);
const PAGE = `${FRONT}## Start\n\nHello.\n`;

/**
 * `<dir>/repo` (a git repository holding a site at its root, README.md and a CI workflow
 * committed) and `<dir>/outside` beside it; `repo/reports` and `repo/archive` are committed links
 * to `outside`.
 */
function checkout(): { repo: string; outside: string } {
  const dir = path.join(base, `case-${++count}`);
  const repo = path.join(dir, 'repo');
  const outside = path.join(dir, 'outside');
  mkdirSync(path.join(repo, '.github/workflows'), { recursive: true });
  mkdirSync(path.join(repo, 'guides'), { recursive: true });
  mkdirSync(outside, { recursive: true });
  writeFileSync(path.join(repo, 'docs.json'), config(['index', 'guides/intro']));
  writeFileSync(path.join(repo, 'index.mdx'), PAGE);
  writeFileSync(path.join(repo, 'guides/intro.mdx'), PAGE);
  writeFileSync(path.join(repo, 'README.md'), '# The docs\n');
  writeFileSync(path.join(repo, '.github/workflows/ci.yml'), 'on: push\n');
  symlinkSync('../outside', path.join(repo, 'reports'));
  symlinkSync('../outside', path.join(repo, 'archive'));
  git(repo, 'init', '-q');
  git(repo, 'add', '-A');
  git(repo, '-c', 'user.email=w@example.com', '-c', 'user.name=W', 'commit', '-qm', 'site');
  return { repo, outside };
}

describe('-o and llms-txt --out: one line, exit 2, nothing written', () => {
  test('through a committed symbolic link to a folder outside the repository', () => {
    const { repo, outside } = checkout();
    expect(runCli(['-o', 'reports/lint.json', '--format', 'json', '.'], { cwd: repo })).toEqual({
      code: 2,
      stdout: '',
      stderr: `doclint: reports/lint.json leads outside the repository through a symbolic link (to ${path.join(outside, 'lint.json')}); nothing was written\n`,
    });
    expect(runCli(['-o', 'reports/deeper/lint.json', '.'], { cwd: repo }).stderr).toBe(
      `doclint: reports/deeper/lint.json leads outside the repository through a symbolic link (to ${path.join(outside, 'deeper/lint.json')}); nothing was written\n`,
    );
    expect(runCli(['llms-txt', '--out', 'reports/llms.txt'], { cwd: repo })).toEqual({
      code: 2,
      stdout: '',
      stderr: `doclint: reports/llms.txt leads outside the repository through a symbolic link (to ${path.join(outside, 'llms.txt')}); nothing was written\n`,
    });
    expect(readdirSync(outside)).toEqual([]);
  });

  test('a FIFO behind the link, and a FIFO in the repository: refused before anything opens it (no hang)', () => {
    const { repo, outside } = checkout();
    mkfifo(path.join(outside, 'fifo'));
    mkfifo(path.join(repo, 'report.fifo'));
    expect(runCli(['-o', 'reports/fifo', '.'], { cwd: repo }).stderr).toBe(
      `doclint: reports/fifo leads outside the repository through a symbolic link (to ${path.join(outside, 'fifo')}); nothing was written\n`,
    );
    expect(runCli(['-o', 'report.fifo', '.'], { cwd: repo })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'doclint: report.fifo is not a regular file (a FIFO, device or socket); nothing was written\n',
    });
    expect(runCli(['llms-txt', '--out', 'report.fifo'], { cwd: repo }).stderr).toBe(
      'doclint: report.fifo is not a regular file (a FIFO, device or socket); nothing was written\n',
    );
  });

  test('a symbolic link as the file itself, even to a file inside', () => {
    const { repo } = checkout();
    writeFileSync(path.join(repo, 'notes.txt'), 'mine\n');
    symlinkSync('notes.txt', path.join(repo, 'report.json'));
    expect(runCli(['-o', 'report.json', '.'], { cwd: repo })).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'doclint: report.json is a symbolic link; doclint does not write through one (name a plain file); nothing was written\n',
    });
    expect(readFileSync(path.join(repo, 'notes.txt'), 'utf8')).toBe('mine\n');
  });

  test('a file git tracks (README.md, a CI workflow) is never overwritten', () => {
    const { repo } = checkout();
    for (const name of ['README.md', '.github/workflows/ci.yml']) {
      const before = readFileSync(path.join(repo, name), 'utf8');
      expect(runCli(['-o', name, '.'], { cwd: repo })).toEqual({
        code: 2,
        stdout: '',
        stderr: `doclint: ${name} is a file git tracks; doclint does not write over it (choose another path); nothing was written\n`,
      });
      expect(readFileSync(path.join(repo, name), 'utf8')).toBe(before);
    }
    expect(runCli(['llms-txt', '--out', 'README.md'], { cwd: repo }).code).toBe(2);
  });

  test('a folder is refused; an untracked file is replaced; a new file in new folders is written; /dev/null outside the repository is written to', () => {
    // The site in docs/ of the repository: a report beside it is no file of the site.
    const repo = path.join(base, `docs-${++count}`);
    mkdirSync(path.join(repo, 'docs'), { recursive: true });
    mkdirSync(path.join(repo, 'out'));
    writeFileSync(path.join(repo, 'docs/docs.json'), config(['index']));
    writeFileSync(path.join(repo, 'docs/index.mdx'), PAGE);
    git(repo, 'init', '-q');
    expect(runCli(['-o', 'out', 'docs'], { cwd: repo })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'doclint: out is a folder; name a file for the report\n',
    });
    writeFileSync(path.join(repo, 'lint.json'), 'old');
    expect(runCli(['-o', 'lint.json', '--format', 'json', 'docs'], { cwd: repo }).code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(repo, 'lint.json'), 'utf8'))).toHaveLength(2);
    expect(runCli(['-o', 'build/lint/report.json', '--format', 'json', 'docs'], { cwd: repo }).code).toBe(0);
    expect(existsSync(path.join(repo, 'build/lint/report.json'))).toBe(true);
    expect(runCli(['-o', '/dev/null', 'docs'], { cwd: repo })).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  test('outside a repository, the current folder is the bound', () => {
    const dir = path.join(base, `plain-${++count}`);
    mkdirSync(path.join(dir, 'site'), { recursive: true });
    mkdirSync(path.join(dir, 'elsewhere'));
    writeFileSync(path.join(dir, 'site/docs.json'), config(['index']));
    writeFileSync(path.join(dir, 'site/index.mdx'), PAGE);
    symlinkSync('../elsewhere', path.join(dir, 'site/reports'));
    expect(runCli(['-o', 'reports/r.json', '.'], { cwd: path.join(dir, 'site') }).stderr).toBe(
      `doclint: reports/r.json leads outside the current folder through a symbolic link (to ${path.join(dir, 'elsewhere/r.json')}); nothing was written\n`,
    );
    expect(readdirSync(path.join(dir, 'elsewhere'))).toEqual([]);
  });
});

describe('doclint rename: the destination is checked as a real path', () => {
  test('into a committed folder that links outside the site: refused, nothing moved', () => {
    const { repo, outside } = checkout();
    expect(runCli(['rename', 'guides/intro.mdx', 'archive/intro.mdx'], { cwd: repo })).toEqual({
      code: 2,
      stdout: '',
      stderr: `doclint rename: archive/intro.mdx leads outside the site through a symbolic link (to ${path.join(outside, 'intro.mdx')}); a page moves within its site\n`,
    });
    expect(runCli(['rename', 'guides', 'archive/guides'], { cwd: repo }).stderr).toBe(
      `doclint rename: archive/guides leads outside the site through a symbolic link (to ${path.join(outside, 'guides')}); a page moves within its site\n`,
    );
    expect(existsSync(path.join(repo, 'guides/intro.mdx'))).toBe(true);
    expect(readdirSync(outside)).toEqual([]);
  });

  test('an absolute destination outside the site is refused, not read as a route; a route still is one', () => {
    const { repo, outside } = checkout();
    const target = path.join(outside, 'intro.mdx');
    expect(runCli(['rename', 'guides/intro.mdx', target], { cwd: repo })).toEqual({
      code: 2,
      stdout: '',
      stderr: `doclint rename: ${target} is outside the site (${repo}); a page moves within its site\n`,
    });
    expect(existsSync(path.join(repo, outside.slice(1)))).toBe(false);
    const dry = runCli(['rename', 'guides/intro.mdx', '/guides/start', '--dry-run'], { cwd: repo });
    expect(dry.code).toBe(0);
    expect(dry.stdout.split('\n')[0]).toBe('move guides/intro.mdx -> guides/start.mdx');
  });
});

describe("docs.json $ref: only the site's own .json files are read", () => {
  const SECRETS: Record<string, string> = {
    '.env': 'NPM_TOKEN=npm_abcdefSECRET\n',
    '.npmrc': '//registry.npmjs.org/:_authToken=npm_abcdefSECRET\n',
    'node_modules/pkg/data.json': '{"password": "npm_abcdefSECRET"}',
    'notes.txt': 'password=npm_abcdefSECRET\n',
  };

  test('.env, .npmrc, .git/config, node_modules and a non-JSON file: a finding each, never read, never quoted', () => {
    const { repo } = checkout();
    for (const [name, text] of Object.entries(SECRETS)) {
      mkdirSync(path.dirname(path.join(repo, name)), { recursive: true });
      writeFileSync(path.join(repo, name), text);
    }
    const refs: Array<[string, string]> = [
      ['seo', '.env'],
      ['footer', './.npmrc'],
      ['banner', '.git/config'],
      ['errors', 'node_modules/pkg/data.json'],
      ['search', 'notes.txt'],
    ];
    const text = config(
      ['index', 'guides/intro'],
      Object.fromEntries(refs.map(([key, target]) => [key, { $ref: target }])),
    );
    writeFileSync(path.join(repo, 'docs.json'), text);
    const run = lintJson(repo, ['.']);
    const at = (target: string) => {
      const offset = text.indexOf(`"$ref": "${target}"`) + '"$ref": '.length;
      const line = text.slice(0, offset).split('\n').length;
      const column = offset - text.lastIndexOf('\n', offset - 1);
      return { line, column, endLine: line, endColumn: column + target.length + 2 };
    };
    const hidden = (target: string) =>
      `"$ref" points at a hidden file or folder, or into node_modules (${target}); it is not read: $ref files are the site's own .json files`;
    expect(run.findings.filter((f) => f.ruleId === 'config-json')).toEqual([
      { file: 'docs.json', ...at('.env'), ruleId: 'config-json', severity: 2, message: hidden('.env') },
      { file: 'docs.json', ...at('./.npmrc'), ruleId: 'config-json', severity: 2, message: hidden('./.npmrc') },
      { file: 'docs.json', ...at('.git/config'), ruleId: 'config-json', severity: 2, message: hidden('.git/config') },
      {
        file: 'docs.json',
        ...at('node_modules/pkg/data.json'),
        ruleId: 'config-json',
        severity: 2,
        message: hidden('node_modules/pkg/data.json'),
      },
      {
        file: 'docs.json',
        ...at('notes.txt'),
        ruleId: 'config-json',
        severity: 2,
        message: `"$ref" points at a file that is not a .json file (notes.txt); it is not read: $ref files are the site's own .json files`,
      },
    ]);
    const report = runCli(['--format', 'html', '.'], { cwd: repo });
    for (const out of [run.stdout, report.stdout, report.stderr]) {
      expect(out).not.toContain('npm_abcdefSECRET');
      expect(out).not.toContain('repositoryformatversion');
    }
  });
});

describe('the HTML report quotes only files of the site, through the safe reader', () => {
  const finding = (file: string): Diagnostic => ({
    file,
    line: 1,
    column: 1,
    endLine: 1,
    endColumn: 5,
    ruleId: 'config-json',
    severity: 'error',
    message: 'something',
    url: '',
  });
  const render = (site: string, file: string) =>
    html({ diagnostics: [finding(file)], files: [], cwd: site, color: false, rules: [], sites: [site] });

  test('a site file is quoted; a link out of the site, a FIFO and a file outside every site are not (and nothing hangs)', () => {
    const { repo, outside } = checkout();
    writeFileSync(path.join(outside, 'secret.json'), '{"token": "npm_abcdefSECRET"}\n');
    symlinkSync(path.join(outside, 'secret.json'), path.join(repo, 'leak.json'));
    mkfifo(path.join(repo, 'pipe.json'));
    expect(render(repo, path.join(repo, 'docs.json'))).toContain('<pre class="frame">');
    for (const file of [
      path.join(repo, 'leak.json'),
      path.join(repo, 'pipe.json'),
      path.join(outside, 'secret.json'),
    ]) {
      const page = render(repo, file);
      expect(page).not.toContain('<pre class="frame">');
      expect(page).not.toContain('npm_abcdefSECRET');
    }
  });
});

/**
 * The checkout of `checkout()` with, untracked: a FIFO `pipe.json`, `link.json` (a link to a file
 * outside that does not exist yet) and `dev.json` (a link to /dev/null).
 */
function steered(): { repo: string; outside: string } {
  const { repo, outside } = checkout();
  mkfifo(path.join(repo, 'pipe.json'));
  symlinkSync('../outside/x.json', path.join(repo, 'link.json'));
  symlinkSync('/dev/null', path.join(repo, 'dev.json'));
  return { repo, outside };
}

const refused = (stderr: string) => ({ code: 2, stdout: '', stderr: `doclint: ${stderr}\n` });

describe('--suppressions-location: one line, exit 2, nothing written outside, no hang', () => {
  test.each([
    [
      'reports/',
      (outside: string) =>
        `reports/doclint-suppressions.json leads outside the repository through a symbolic link (to ${path.join(outside, 'doclint-suppressions.json')}); nothing was written`,
    ],
    [
      'archive/s.json',
      (outside: string) =>
        `archive/s.json leads outside the repository through a symbolic link (to ${path.join(outside, 's.json')}); nothing was written`,
    ],
    [
      'pipe.json',
      () =>
        'cannot read the suppressions file pipe.json: it is not a regular file (a device, FIFO or socket); it was not read',
    ],
    [
      'link.json',
      () => 'link.json is a symbolic link; doclint does not write through one (name a plain file); nothing was written',
    ],
    [
      'dev.json',
      () =>
        'cannot read the suppressions file dev.json: it leads outside the site root (a symbolic link); doclint only reads files inside the site',
    ],
  ])('--suppress-all and --prune-suppressions with %s', (location, message) => {
    const { repo, outside } = steered();
    for (const mode of ['--suppress-all', '--prune-suppressions']) {
      const result = runCli([mode, '--suppressions-location', location, '.'], { cwd: repo });
      // Pruning needs the file: where there is none to read, it says so.
      if (
        mode === '--prune-suppressions' &&
        (location === 'reports/' || location === 'archive/s.json' || location === 'link.json')
      ) {
        expect(result).toEqual(
          refused(
            `the suppressions file ${location === 'reports/' ? 'reports/doclint-suppressions.json' : location} does not exist; run with --suppress-all or --suppress-rule to create it`,
          ),
        );
      } else expect(result).toEqual(refused(message(outside)));
    }
    expect(readdirSync(outside)).toEqual([]);
  });

  test('a suppressions file the site commits is rewritten (tracked files are its own)', () => {
    const { repo } = checkout();
    writeFileSync(path.join(repo, 'index.mdx'), `${FRONT}## Start\n\nAn e-mail and an email.\n`);
    expect(runCli(['--suppress-all', '.'], { cwd: repo }).code).toBe(0);
    const file = path.join(repo, 'doclint-suppressions.json');
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object)).toEqual(['docs.json', 'index.mdx']);
    git(repo, 'add', 'doclint-suppressions.json');
    writeFileSync(path.join(repo, 'index.mdx'), PAGE);
    expect(runCli(['--prune-suppressions', '.'], { cwd: repo }).code).toBe(0);
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object)).toEqual(['docs.json']);
  });
});

describe('--cache-location: one line, exit 2, nothing written outside, no hang', () => {
  test.each([
    [
      'reports/',
      (outside: string) => `leads outside the repository through a symbolic link (to ${outside}/.doclintcache-`,
    ],
    [
      'archive/c',
      (outside: string) =>
        `archive/c leads outside the repository through a symbolic link (to ${path.join(outside, 'c')}); nothing was written`,
    ],
    [
      'pipe.json',
      () =>
        'pipe.json exists and is not a doclint cache; doclint does not use or replace it (choose another --cache-location)',
    ],
    [
      'link.json',
      () =>
        'link.json exists and is not a doclint cache; doclint does not use or replace it (choose another --cache-location)',
    ],
    [
      'dev.json',
      () =>
        'dev.json exists and is not a doclint cache; doclint does not use or replace it (choose another --cache-location)',
    ],
  ])('--cache --cache-location %s', (location, message) => {
    const { repo, outside } = steered();
    const result = runCli(['--cache', '--cache-location', location, '.'], {
      cwd: repo,
      env: { XDG_CACHE_HOME: path.join(repo, '..', 'xdg') },
    });
    if (location === 'reports/') {
      // The file's name ends with a hash of the site root.
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(
        new RegExp(
          `^doclint: reports/\\.doclintcache-[0-9a-f]{12} ${message(outside).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[0-9a-f]{12}\\); nothing was written\\n$`,
        ),
      );
    } else expect(result).toEqual(refused(message(outside)));
    expect(readdirSync(outside)).toEqual([]);
  });
});
