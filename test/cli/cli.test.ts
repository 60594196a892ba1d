import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runCli, REPO } from '../helpers/cli.js';
import { MINIMAL_CONFIG, MINIMAL_PAGE, tmpSite } from '../helpers/tmp-site.js';

interface JsonFile {
  filePath: string;
  messages: Array<{
    ruleId: string;
    severity: number;
    message: string;
    line: number;
    column: number;
    endLine: number;
    endColumn: number;
    url: string;
  }>;
  errorCount: number;
  warningCount: number;
}

const EXAMPLE = path.join(REPO, 'fixtures/example');

describe('doclint CLI', () => {
  test('the bundled example site lints clean (exit 0, no output)', () => {
    const result = runCli(['fixtures/example']);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('');
    expect(result.code).toBe(0);
  });

  test('--format json lists every linted file with absolute paths and zero counts', () => {
    const result = runCli(['--format', 'json', EXAMPLE]);
    expect(result.code).toBe(0);
    const files = JSON.parse(result.stdout) as JsonFile[];
    const names = files.map((f) => path.relative(EXAMPLE, f.filePath)).sort();
    expect(names).toEqual(
      expect.arrayContaining([
        'docs.json',
        'redirects.json',
        'index.mdx',
        'guides/quickstart.mdx',
        'snippets/api-key-note.mdx',
      ]),
    );
    for (const file of files) {
      expect(path.isAbsolute(file.filePath)).toBe(true);
      expect(file).toEqual({ filePath: file.filePath, messages: [], errorCount: 0, warningCount: 0 });
    }
  });

  test('malformed docs.json: config-json error with position, exit 1, ESLint-compatible JSON', () => {
    const root = tmpSite({ 'docs.json': MINIMAL_CONFIG.replace(/\n}$/, ',\n}'), 'index.mdx': MINIMAL_PAGE });
    const result = runCli(['--format', 'json', root]);
    expect(result.code).toBe(1);
    const files = JSON.parse(result.stdout) as JsonFile[];
    const config = files.find((f) => f.filePath === path.join(root, 'docs.json'))!;
    expect(config).toEqual({
      filePath: path.join(root, 'docs.json'),
      messages: [
        {
          ruleId: 'config-json',
          severity: 2,
          message: 'trailing comma before "}"; remove the comma',
          line: 17,
          column: 4,
          endLine: 17,
          endColumn: 5,
          url: 'https://github.com/doclint/doclint/blob/main/docs/rules/config-json.md',
        },
      ],
      errorCount: 1,
      warningCount: 0,
    });
  });

  test('stylish output: relative path, position, severity, message, rule id and a summary', () => {
    const root = tmpSite({ 'docs.json': '{ "name": "x" ', 'index.mdx': MINIMAL_PAGE });
    const result = runCli([], { cwd: root });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(
      [
        '',
        'docs.json',
        '  1:15  error  unexpected end of file: a "}" is missing  config-json',
        '',
        '✖ 1 problem (1 error, 0 warnings)',
        '',
        '',
      ].join('\n'),
    );
  });

  test('FORCE_COLOR colours the stylish output; NO_COLOR does not', () => {
    const root = tmpSite({ 'docs.json': '{ "name": "x" ', 'index.mdx': MINIMAL_PAGE });
    expect(runCli([root], { env: { FORCE_COLOR: '1' } }).stdout).toContain('\u001b[31merror\u001b[39m');
    expect(runCli([root]).stdout).not.toContain('\u001b[');
  });

  test('--quiet drops warnings; --max-warnings turns too many warnings into exit 1', () => {
    const root = tmpSite({ 'docs.json': MINIMAL_CONFIG, 'index.mdx': MINIMAL_PAGE + '\n[here](/index)\n' });
    const plain = runCli(['--format', 'json', root]);
    expect(plain.code).toBe(0);
    const warnings = (JSON.parse(plain.stdout) as JsonFile[]).flatMap((f) => f.messages);
    expect(warnings.map((m) => [m.ruleId, m.severity])).toEqual([['page-link-text', 1]]);
    const quiet = runCli(['--format', 'json', '--quiet', root]);
    expect((JSON.parse(quiet.stdout) as JsonFile[]).flatMap((f) => f.messages)).toEqual([]);
    expect(runCli(['--max-warnings', '1', root]).code).toBe(0);
    const over = runCli(['--max-warnings', '0', root]);
    expect(over.code).toBe(1);
    expect(over.stderr).toBe('doclint: 1 warning exceeds --max-warnings 0\n');
  });

  test('--rule overrides a severity, or turns a rule off', () => {
    const root = tmpSite({ 'docs.json': MINIMAL_CONFIG, 'index.mdx': MINIMAL_PAGE + '\n[here](/index)\n' });
    expect(runCli(['--rule', 'page-link-text:error', root]).code).toBe(1);
    const off = runCli(['--format', 'json', '--rule', 'page-link-text:off', root]);
    expect((JSON.parse(off.stdout) as JsonFile[]).flatMap((f) => f.messages)).toEqual([]);
  });

  test('file arguments: only those files are reported, the whole site is known', () => {
    const root = tmpSite({
      'docs.json': '{ "name": "x" ',
      'index.mdx': MINIMAL_PAGE,
      'other.mdx': '---\ntitle: T\n---\n',
    });
    const result = runCli(['--format', 'json', path.join(root, 'index.mdx')]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([
      { filePath: path.join(root, 'index.mdx'), messages: [], errorCount: 0, warningCount: 0 },
    ]);
  });

  test('files outside any site, and ignored files, are skipped silently', () => {
    const outside = tmpSite({ 'notes.mdx': '# not a site' });
    expect(runCli([path.join(outside, 'notes.mdx')])).toEqual({ code: 0, stdout: '', stderr: '' });
    const root = tmpSite({
      'docs.json': MINIMAL_CONFIG,
      'index.mdx': MINIMAL_PAGE,
      '.mintignore': 'drafts/\n',
      'drafts/wip.mdx': '<Broken',
    });
    expect(runCli([path.join(root, 'drafts/wip.mdx')])).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  test.each([
    [['--format', 'xml'], 'doclint: unknown format "xml"; use one of '],
    [['--max-warnings', 'many'], 'doclint: --max-warnings takes a whole number, or -1 for no limit (got "many")'],
    [
      ['--rule', 'page-link-text'],
      'doclint: --rule takes ID:SEVERITY with SEVERITY off, info, warn or error (got "page-link-text")',
    ],
    [['--rule', 'no-such-rule:warn'], 'doclint: --rule: unknown rule "no-such-rule"'],
    [['--frobnicate'], 'doclint: unknown option --frobnicate (run "doclint --help" for the options)\n'],
    [['does/not/exist'], 'doclint: no such file or folder: does/not/exist'],
  ])('usage error %j exits 2 with a one-line message', (args, message) => {
    const result = runCli([...args, 'fixtures/example']);
    expect(result.code).toBe(2);
    expect(result.stderr.startsWith(message)).toBe(true);
    expect(result.stdout).toBe('');
  });

  test('a folder with no docs.json above it is a usage error', () => {
    const dir = tmpSite({ 'a.txt': 'x' });
    const result = runCli([dir]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`doclint: no docs.json found in ${dir} or any folder above it\n`);
  });

  test('--version and --help', () => {
    const version = runCli(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    const help = runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: doclint [options] [paths...]');
  });

  test('--output-file writes the report to a file', () => {
    const root = tmpSite({ 'docs.json': '{ "name": "x" ', 'index.mdx': MINIMAL_PAGE });
    const result = runCli(['--format', 'json', '--output-file', 'report.json', '.'], { cwd: root });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const report = JSON.parse(readFileSync(path.join(root, 'report.json'), 'utf8')) as JsonFile[];
    expect(report.flatMap((f) => f.messages.map((m) => m.ruleId))).toEqual(['config-json']);
  });
});
