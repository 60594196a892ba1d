import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LLMS_TXT_HELP } from '../../src/cli/usage.js';
import { commandMissing, testIf } from '../helpers/needs.js';
import { BIN, REPO, runCli } from '../helpers/cli.js';
import { MINIMAL_CONFIG, MINIMAL_PAGE, tmpSite } from '../helpers/tmp-site.js';

const EXAMPLE = path.join(REPO, 'fixtures/example');
/** One warning (link text), no error. */
const WARNED_PAGE = `${MINIMAL_PAGE}\nRead [here](/index).\n`;

describe('output files', () => {
  test('-o and llms-txt --out create the folders they need', () => {
    const root = tmpSite({ 'docs.json': MINIMAL_CONFIG, 'index.mdx': MINIMAL_PAGE });
    expect(runCli(['-f', 'json', '-o', 'reports/ci/doclint.json', '.'], { cwd: root })).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    expect(JSON.parse(readFileSync(path.join(root, 'reports/ci/doclint.json'), 'utf8'))).toHaveLength(2);
    expect(runCli(['llms-txt', '.', '--out', 'public/ai/llms.txt'], { cwd: root })).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    expect(readFileSync(path.join(root, 'public/ai/llms.txt'), 'utf8')).toMatch(/^# /);
  });
});

describe('flags', () => {
  test('--rule with a misspelt id says which rule was meant', () => {
    expect(runCli(['--rule', 'page-link-txt:warn', EXAMPLE])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'doclint: --rule: unknown rule "page-link-txt"; did you mean "page-link-text"?\n',
    });
  });

  test('--max-warnings -1 is no limit, as in ESLint', () => {
    const root = tmpSite({ 'docs.json': MINIMAL_CONFIG, 'index.mdx': WARNED_PAGE });
    expect(runCli(['--max-warnings', '0', '-f', 'unix', '.'], { cwd: root }).code).toBe(1);
    for (const args of [['--max-warnings', '-1'], ['--max-warnings=-1']]) {
      const result = runCli([...args, '-f', 'unix', '.'], { cwd: root });
      expect(result).toEqual({
        code: 0,
        stdout: expect.stringMatching(/^index\.mdx:\d+:\d+: warning link text "here"/),
        stderr: '',
      });
    }
  });

  test('llms-txt --help prints the command’s own usage', () => {
    const result = runCli(['llms-txt', '--help']);
    expect(result).toEqual({ code: 0, stdout: LLMS_TXT_HELP, stderr: '' });
    expect(result.stdout.split('\n')[0]).toBe('Usage: doclint llms-txt [site] [options]');
    expect(result.stdout).toContain('--base-url URL');
  });

  test('llms-txt options are refused elsewhere, and a bad base URL is a one-line error', () => {
    expect(runCli(['--full', EXAMPLE]).stderr).toBe(
      'doclint: --full goes with llms-txt: doclint llms-txt [site] --full\n',
    );
    expect(runCli(['llms-txt', EXAMPLE, '--base-url', 'docs.acme.dev'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'doclint: --base-url: "docs.acme.dev" is not a URL; write it whole, such as https://docs.example.com\n',
    });
  });

  test('--print-config writes severities as the configuration does (warn, not warning)', () => {
    const root = tmpSite({
      'docs.json': MINIMAL_CONFIG,
      'index.mdx': MINIMAL_PAGE,
      '.doclintrc.json': '{ "rules": { "site-orphan-page": "info" } }',
    });
    const printed = JSON.parse(runCli(['--print-config', 'index.mdx'], { cwd: root }).stdout) as {
      rules: Record<string, unknown>;
    };
    expect(printed.rules['config-placeholder']).toBe('warn');
    expect(printed.rules['config-json']).toBe('error');
    expect(printed.rules['site-orphan-page']).toBe('info');
    const words = new Set(Object.values(printed.rules).map((r) => (Array.isArray(r) ? r[0] : r)));
    expect([...words].every((w) => ['off', 'info', 'warn', 'error'].includes(w as string))).toBe(true);
  });
});

describe('formats', () => {
  test("compact is ESLint's compact shape; unix is the former compact", () => {
    const root = tmpSite({ 'docs.json': MINIMAL_CONFIG, 'index.mdx': WARNED_PAGE });
    const line = WARNED_PAGE.split('\n').findIndex((l) => l.startsWith('Read')) + 1;
    const message = 'link text "here" does not say where the link goes: use words that name the target';
    const compact = runCli(['-f', 'compact', '.'], { cwd: root });
    expect(compact.stdout).toBe(
      `${path.join(root, 'index.mdx')}: line ${line}, col 6, Warning - ${message} (page-link-text)\n\n1 problem\n`,
    );
    expect(runCli(['-f', 'unix', '.'], { cwd: root }).stdout).toBe(
      `index.mdx:${line}:6: warning ${message} [page-link-text]\n`,
    );
  });
});

describe('stylish on a terminal', () => {
  testIf(commandMissing('script', 'it gives the run a terminal (Debian package "util-linux")'))(
    'a clean run ends with one summary line; piped, it prints nothing',
    () => {
      const tty = spawnSync('script', ['-qec', `${process.execPath} ${BIN} --no-color ${EXAMPLE}`, '/dev/null'], {
        encoding: 'utf8',
        env: { ...process.env, CI: '1' },
      });
      expect(tty.status).toBe(0);
      expect(tty.stdout.replace(/\r\n/g, '\n')).toBe('✔ No problems found in 11 files (9 pages).\n');
      expect(runCli([EXAMPLE])).toEqual({ code: 0, stdout: '', stderr: '' });
    },
  );
});

describe('--quiet says what it hid', () => {
  test('piped: the summary of a run with errors names the warnings it hid', () => {
    const root = tmpSite({ 'docs.json': MINIMAL_CONFIG, 'index.mdx': `${WARNED_PAGE}\n[Gone](/gone)\n` });
    expect(runCli(['-q', '.'], { cwd: root })).toEqual({
      code: 1,
      stdout: [
        '',
        'index.mdx',
        '  12:1  error  link `/gone` is broken: no page or file at `gone` in the site  site-broken-link',
        '',
        '✖ 1 problem (1 error, 0 warnings) (--quiet hid 1 warning)',
        '',
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  testIf(commandMissing('script', 'it gives the run a terminal (Debian package "util-linux")'))(
    'on a terminal, a run with no errors says "No errors found" and how many warnings it hid, not "No problems found"',
    () => {
      const root = tmpSite({ 'docs.json': MINIMAL_CONFIG, 'index.mdx': WARNED_PAGE });
      const tty = spawnSync('script', ['-qec', `${process.execPath} ${BIN} --no-color -q .`, '/dev/null'], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, CI: '1' },
      });
      expect(tty.stdout.replace(/\r\n/g, '\n')).toBe('✔ No errors found in 2 files (1 page); --quiet hid 1 warning.\n');
      expect(tty.status).toBe(0);
    },
  );
});

describe('Node.js version', () => {
  test('an older Node.js gets one line saying what is needed (exit 2), before anything else runs', () => {
    // Node.js 16 as the bin sees it: process.versions.node reads 16.20.2.
    const root = tmpSite({
      'node16.cjs':
        "Object.defineProperty(process, 'versions', { value: { ...process.versions, node: '16.20.2' } });\n",
    });
    const result = spawnSync(process.execPath, ['--require', path.join(root, 'node16.cjs'), BIN, '--version'], {
      encoding: 'utf8',
    });
    expect({ code: result.status, stdout: result.stdout, stderr: result.stderr }).toEqual({
      code: 2,
      stdout: '',
      stderr: 'doclint: needs Node.js 20 or later (this is Node.js 16.20.2); install a newer one, such as 22 or 24\n',
    });
  });

  test("the bin's minimum is package.json's engines", () => {
    const engines = (JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { engines: { node: string } })
      .engines.node;
    expect(readFileSync(BIN, 'utf8')).toContain(`var MIN_NODE = ${engines.replace('>=', '')};`);
  });
});
