import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO } from '../helpers/cli.js';
import { git } from '../helpers/git-repo.js';
import { packed } from '../helpers/packed.js';
import { MINIMAL_CONFIG, MINIMAL_PAGE, tmpSite } from '../helpers/tmp-site.js';

/*
 * The README's install recipe, as a docs repository follows it: the packed tarball kept in the
 * repository (vendor/), installed by its relative path, committed; then a fresh clone of that
 * repository installs it with `npm ci` alone (offline, an empty npm cache, the folder the tarball
 * was made in gone) and `npx doclint` runs. A path outside the repository in package.json (what
 * `npm install /path/to/doclint-0.1.0.tgz` records) would fail there.
 */

const work = tmpSite({});
const version = (JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string }).version;
const TARBALL = `doclint-${version}.tgz`;

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    timeout: 120000,
    env: {
      ...process.env,
      NO_COLOR: '1',
      npm_config_cache: path.join(work, 'npm-cache'),
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      npm_config_update_notifier: 'false',
    },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function ok(command: string, args: string[], cwd: string) {
  const result = run(command, args, cwd);
  if (result.code !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.code}): ${result.stderr}`);
  return result.stdout;
}

test('a vendored tarball, installed by its relative path, survives a fresh clone: npm ci --offline, then npx doclint', () => {
  // `npm pack` in doclint's clone: the run's one pack of the build (test/helpers/packed.ts).
  const { tarball } = packed();

  // The docs repository: a tiny site with one finding, doclint from vendor/.
  const docs = path.join(work, 'docs-repo');
  mkdirSync(path.join(docs, 'docs'), { recursive: true });
  writeFileSync(path.join(docs, 'package.json'), JSON.stringify({ name: 'a-docs-site', private: true }, null, 2));
  writeFileSync(path.join(docs, '.gitignore'), 'node_modules/\n');
  writeFileSync(path.join(docs, 'docs/docs.json'), MINIMAL_CONFIG);
  writeFileSync(path.join(docs, 'docs/index.mdx'), `${MINIMAL_PAGE}\nRead more [here](/index).\n`);
  git(docs, 'init', '-q');
  git(docs, 'config', 'user.email', 'writer@example.com');
  git(docs, 'config', 'user.name', 'Writer');

  // The recipe: mkdir -p vendor && cp …/doclint-0.1.0.tgz vendor/; npm install --save-dev ./vendor/doclint-0.1.0.tgz; git add.
  mkdirSync(path.join(docs, 'vendor'));
  copyFileSync(tarball, path.join(docs, 'vendor', TARBALL));
  ok('npm', ['install', '--save-dev', '--offline', `./vendor/${TARBALL}`], docs);
  const manifest = JSON.parse(readFileSync(path.join(docs, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  };
  expect(manifest.devDependencies).toEqual({ doclint: `file:vendor/${TARBALL}` });
  const lock = JSON.parse(readFileSync(path.join(docs, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { resolved?: string }>;
  };
  expect(lock.packages['node_modules/doclint']!.resolved).toBe(`file:vendor/${TARBALL}`);
  git(docs, 'add', `vendor/${TARBALL}`, 'package.json', 'package-lock.json', '.gitignore', 'docs');
  expect(git(docs, 'commit', '-qm', 'doclint').status).toBe(0);

  // A fresh clone elsewhere, with the original repository (and its copy of the tarball) and npm's cache gone.
  const clone = path.join(work, 'clone');
  expect(git(work, 'clone', '-q', docs, clone).status).toBe(0);
  for (const gone of [docs, path.join(work, 'npm-cache')]) rmSync(gone, { recursive: true, force: true });
  ok('npm', ['ci', '--offline'], clone);

  expect(run('npx', ['--no-install', 'doclint', 'docs'], clone)).toEqual({
    code: 0,
    stdout: [
      '',
      'docs/index.mdx',
      '  10:11  warning  link text "here" does not say where the link goes: use words that name the target  page-link-text',
      '',
      '✖ 1 problem (0 errors, 1 warning)',
      '',
      '',
    ].join('\n'),
    stderr: '',
  });
}, 300000);
