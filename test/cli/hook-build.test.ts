import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO, runCli } from '../helpers/cli.js';
import { MINIMAL_CONFIG, MINIMAL_PAGE, tmpSite } from '../helpers/tmp-site.js';

/*
 * hook/: the committed build pre-commit and the GitHub Action run (scripts/bundle-hook.mjs). It is
 * the command line of dist/bundle/ in another packaging, so it gives the same reports; its freshness
 * is checked by `node scripts/gen.mjs --check` (npm test), not here.
 */

const HOOK = path.join(REPO, 'hook/doclint.cjs');

function runHook(args: string[], cwd = REPO) {
  const result = spawnSync(process.execPath, [HOOK, ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 150000,
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('hook/doclint.cjs', () => {
  test.each(['fixtures/example', 'fixtures/sites/site-links', 'fixtures/sites/pages'])(
    'gives the report the built command line gives, its pages on worker threads: %s',
    (site) => {
      const args = ['-f', 'json', '--threads', '2', path.join(REPO, site)];
      const ours = runHook(args);
      const built = runCli(args);
      expect(ours.stderr).toBe(built.stderr);
      expect(ours.code).toBe(built.code);
      expect(ours.stdout).toBe(built.stdout);
    },
  );

  test("finds docs.json's schema problems with the committed validator", () => {
    const root = tmpSite({
      'docs.json': JSON.stringify(
        { theme: 'minty', name: 'T', colors: { primary: 'green' }, navigation: { pages: ['index'] } },
        null,
        2,
      ),
      'index.mdx': MINIMAL_PAGE,
    });
    expect(runHook(['.'], root)).toEqual({
      code: 1,
      stdout: [
        '',
        'docs.json',
        '  2:12  error  theme must be one of mint, maple, palm, willow, linden, almond, aspen, sequoia, luma (got "minty"); did you mean "mint"?  config-schema',
        '  5:16  error  colors.primary must be a hex colour like "#0D9373" (got "green")  config-schema',
        '',
        '✖ 2 problems (2 errors, 0 warnings)',
        '',
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  test('prints its version; `lsp` and `mcp` say in one line that the language server and the MCP server are not in this build', () => {
    const version = runCli(['--version']).stdout;
    expect(runHook(['--version'])).toEqual({ code: 0, stdout: version, stderr: '' });
    expect(runHook(['lsp', '--stdio'], tmpSite({ 'docs.json': MINIMAL_CONFIG }))).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'doclint: the language server is not in this build (hook/, for pre-commit and the GitHub Action): install the doclint package and run its `doclint lsp --stdio`\n',
    });
    expect(runHook(['mcp'], tmpSite({ 'docs.json': MINIMAL_CONFIG }))).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'doclint: the MCP server is not in this build (hook/, for pre-commit and the GitHub Action): install the doclint package and run its `doclint mcp` (see docs/agents.md)\n',
    });
  });
});
