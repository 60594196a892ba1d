import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO } from '../helpers/cli.js';
import { commandMissing, testIf } from '../helpers/needs.js';
import { packed } from '../helpers/packed.js';

/*
 * The published package as a plugin author gets it: `npm pack` of the built project, installed
 * offline into a new project (the tarball has no dependencies: everything is bundled, the type
 * declarations included), the example plugin (examples/plugin) type-checked against the installed
 * declarations and its RuleTester tests run with node:test, then the installed command line run
 * with the plugin configured on a tiny site. Needs `npm run build` first (the e2e project does).
 */

const needsNpm = testIf(commandMissing('npm', 'install npm (it comes with Node.js) to test the packed package'));

const FRONT = (title: string) => `---\ntitle: ${title}\ndescription: A page of the ${title} test site.\n---\n\n`;

function run(command: string, args: string[], cwd: string, env: Record<string, string>): SpawnSyncReturns<string> {
  return spawnSync(command, args, {
    cwd,
    env: { ...process.env, NO_COLOR: '1', ...env },
    encoding: 'utf8',
    timeout: 170000,
  });
}

const ok = (result: SpawnSyncReturns<string>, what: string): string => {
  if (result.error) throw new Error(`${what}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${what} exited ${result.status}\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
};

needsNpm('npm pack, offline install, the example plugin type-checked and tested, and run by the installed CLI', () => {
  for (const built of ['dist/api/index.js', 'dist/types/src/api/index.d.ts', 'dist/bundle/main.cjs']) {
    if (!existsSync(path.join(REPO, built))) throw new Error(`${built} is missing: run \`npm run build\` first`);
  }
  const root = mkdtempSync(path.join(os.tmpdir(), 'doclint-package-'));
  try {
    // npm's cache and logs stay under the temporary root; nothing is fetched.
    const env = {
      npm_config_cache: path.join(root, 'npm-cache'),
      npm_config_update_notifier: 'false',
      npm_config_fund: 'false',
      npm_config_audit: 'false',
    };
    // The run's one `npm pack` of the build (test/helpers/packed.ts).
    const { tarball: packedTarball, filename: tarball } = packed();
    expect(tarball).toMatch(/^doclint-.*\.tgz$/);

    // The project is the site: a plugin is imported only from inside the site's repository.
    const project = path.join(root, 'project');
    mkdirSync(project);
    writeFileSync(
      path.join(project, 'package.json'),
      JSON.stringify({ name: 'acme-docs', private: true, type: 'module' }),
    );
    ok(
      run('npm', ['install', '--offline', '--no-audit', '--no-fund', packedTarball], project, env),
      'npm install --offline',
    );
    expect(readdirSync(path.join(project, 'node_modules')).filter((name) => !name.startsWith('.'))).toEqual([
      'doclint',
    ]);

    // The example plugin, type-checked against the installed declarations (Node's own types from
    // this repository: a plugin's project brings its @types/node).
    const plugin = path.join(project, 'plugin');
    cpSync(path.join(REPO, 'examples/plugin'), plugin, { recursive: true });
    writeFileSync(
      path.join(plugin, 'tsconfig.check.json'),
      JSON.stringify({
        extends: './tsconfig.json',
        compilerOptions: { typeRoots: [path.join(REPO, 'node_modules/@types')] },
      }),
    );
    const tsc = path.join(REPO, 'node_modules/typescript/bin/tsc');
    expect(run(process.execPath, [tsc, '-p', 'tsconfig.check.json'], plugin, env).stdout).toBe('');
    ok(run(process.execPath, [tsc, '-p', 'tsconfig.check.json'], plugin, env), 'tsc --noEmit');
    // A report with a message id its meta does not declare is a type error.
    const typo = path.join(project, 'typo');
    cpSync(plugin, typo, { recursive: true });
    const index = path.join(typo, 'index.js');
    writeFileSync(index, readFileSync(index, 'utf8').replace("messageId: 'period'", "messageId: 'perod'"));
    const failed = run(process.execPath, [tsc, '-p', 'tsconfig.check.json'], typo, env);
    expect(failed.status).toBe(2);
    expect(failed.stdout).toContain("index.js(32,22): error TS2345: Argument of type '{ messageId: string;");
    rmSync(typo, { recursive: true });

    // Its RuleTester tests, under node:test.
    const tests = ok(run(process.execPath, ['--test'], plugin, env), 'node --test');
    expect(tests).toContain('# tests 8\n');
    expect(tests).toContain('# pass 8\n');
    expect(tests).toContain('# fail 0\n');

    // The installed command line, with the plugin configured.
    writeFileSync(
      path.join(project, 'docs.json'),
      JSON.stringify(
        {
          theme: 'mint',
          name: 'Acme',
          colors: { primary: '#0A7A5E' },
          navigation: { groups: [{ group: 'Start', pages: ['index', 'setup', 'faq'] }] },
        },
        null,
        2,
      ),
    );
    writeFileSync(path.join(project, 'index.mdx'), `${FRONT('Welcome')}## Install the CLI.\n\nSome text.\n`);
    writeFileSync(path.join(project, 'setup.mdx'), `${FRONT('Setup')}## Setup steps\n`);
    writeFileSync(path.join(project, 'faq.mdx'), `${FRONT('FAQ')}## Questions\n`);
    writeFileSync(
      path.join(project, '.doclintrc.json'),
      JSON.stringify({ plugins: { acme: './plugin/index.js' }, rules: { 'acme/group-size': ['error', { max: 2 }] } }),
    );
    const cli = run(
      process.execPath,
      [path.join(project, 'node_modules/doclint/bin/doclint.js'), '--format', 'unix', '.'],
      project,
      env,
    );
    expect(cli.stderr).toBe('');
    expect(cli.stdout).toBe(
      [
        'docs.json:9:7: error group “Start” lists 3 pages: split it into groups of at most 2 [acme/group-size]',
        'index.mdx:6:1: warning heading “Install the CLI.” ends with a period: a heading is a title, not a sentence; remove the period [acme/heading-period]',
        '',
      ].join('\n'),
    );
    expect(cli.status).toBe(1);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
