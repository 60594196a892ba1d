import path from 'node:path';
import { runCli } from '../helpers/cli.js';
import { MINIMAL_CONFIG, MINIMAL_PAGE, tmpSite } from '../helpers/tmp-site.js';

const HERE = MINIMAL_PAGE + '\n[here](/index)\n';

const filesOf = (stdout: string) =>
  (JSON.parse(stdout) as Array<{ filePath: string; messages: Array<{ ruleId: string; line: number }> }>).map(
    (f) =>
      `${path.basename(path.dirname(f.filePath))}/${path.basename(f.filePath)} ${f.messages.map((m) => `${m.line}:${m.ruleId}`).join(',')}`,
  );

function site(rc?: object): string {
  return tmpSite({
    'docs.json': MINIMAL_CONFIG,
    'index.mdx': MINIMAL_PAGE,
    'guides/a.mdx': HERE,
    'guides/b.mdx': HERE,
    'drafts/c.mdx': HERE,
    ...(rc ? { '.doclintrc.json': JSON.stringify(rc) } : {}),
  });
}

const IGNORED = (file: string) =>
  `doclint: warning: ${file}: File ignored because of a matching ignore pattern. Use --no-ignore to override.\n`;

describe('paths', () => {
  test('a quoted glob is expanded (npm scripts, Windows shells)', () => {
    const root = site();
    const result = runCli(['-f', 'json', 'guides/*.mdx'], { cwd: root });
    expect(filesOf(result.stdout)).toEqual([
      'guides/a.mdx 1:site-orphan-page,10:page-link-text',
      'guides/b.mdx 1:site-orphan-page,10:page-link-text',
    ]);
    expect(result.code).toBe(0);
    expect(filesOf(runCli(['-f', 'json', '**/c.mdx'], { cwd: root }).stdout)).toEqual([
      'drafts/c.mdx 1:site-orphan-page,10:page-link-text',
    ]);
  });

  test('a glob that matches nothing: exit 2', () => {
    const root = site();
    expect(runCli(['guides/*.md'], { cwd: root })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'doclint: no files match the pattern "guides/*.md"\n',
    });
  });

  test('--ignore-pattern (repeatable, relative to the current folder)', () => {
    const root = site();
    const result = runCli(['-f', 'json', '--ignore-pattern', 'guides/a.mdx', '--ignore-pattern', 'drafts/', '.'], {
      cwd: root,
    });
    expect(filesOf(result.stdout)).toEqual([
      expect.stringMatching(/ $/),
      'guides/b.mdx 1:site-orphan-page,10:page-link-text',
      expect.stringMatching(/index\.mdx $/),
    ]);
    expect(result.stderr).toBe('');
  });

  test('a file named explicitly that an ignore pattern skips: a warning, not an error; globs skip silently', () => {
    const root = site({ ignores: ['drafts/'] });
    expect(runCli(['drafts/c.mdx', 'guides/a.mdx', '--quiet'], { cwd: root })).toEqual({
      code: 0,
      stdout: '',
      stderr: IGNORED('drafts/c.mdx'),
    });
    expect(runCli(['--ignore-pattern', 'guides/a.mdx', 'guides/a.mdx'], { cwd: root })).toEqual({
      code: 0,
      stdout: '',
      stderr: IGNORED('guides/a.mdx'),
    });
    expect(runCli(['drafts/*.mdx'], { cwd: root })).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  test("--no-ignore: the configuration's ignores and --ignore-pattern off; the platform's own ignores stay", () => {
    const root = tmpSite({
      'docs.json': MINIMAL_CONFIG,
      'index.mdx': MINIMAL_PAGE,
      'drafts/c.mdx': HERE,
      '.vscode/d.mdx': HERE,
      '.doclintrc.json': JSON.stringify({ ignores: ['drafts/'] }),
    });
    expect(filesOf(runCli(['-f', 'json', '.'], { cwd: root }).stdout)).toEqual([
      expect.stringMatching(/docs\.json $/),
      expect.stringMatching(/index\.mdx $/),
    ]);
    const all = runCli(['-f', 'json', '--no-ignore', '--ignore-pattern', 'index.mdx', '.'], { cwd: root });
    expect(filesOf(all.stdout)).toEqual([
      expect.stringMatching(/docs\.json $/),
      'drafts/c.mdx 1:site-orphan-page,10:page-link-text',
      expect.stringMatching(/index\.mdx $/),
    ]);
    expect(runCli(['--no-ignore', '.vscode/d.mdx'], { cwd: root })).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});
