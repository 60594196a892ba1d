import { spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO } from '../helpers/cli.js';
import { git } from '../helpers/git-repo.js';
import { testIf } from '../helpers/needs.js';
import { tmpSite } from '../helpers/tmp-site.js';

/*
 * The advice of docs/hooks.md to pin doclint's pre-commit hook to a commit, run as written with the real
 * pre-commit on a configuration that has another hook too: doclint's `rev` becomes the sha of its
 * newest commit, the other hook stays at its release.
 */

const URL = 'https://github.com/doclint/doclint';
// The advice is in docs/hooks.md; the README's snippet starts from the same `rev: main`.
const HOOKS = readFileSync(path.join(REPO, 'docs/hooks.md'), 'utf8');
const README = readFileSync(path.join(REPO, 'README.md'), 'utf8');
const has = (command: string) => spawnSync(command, ['--version'], { encoding: 'utf8' }).status === 0;

/** A hook repository: its manifest, a release tag on the first commit, one commit after it. */
function hookRepo(manifest: string): { dir: string; head: string } {
  const dir = tmpSite({});
  copyFileSync(manifest, path.join(dir, '.pre-commit-hooks.yaml'));
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'config', 'user.email', 'dev@example.com');
  git(dir, 'config', 'user.name', 'Dev');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'one');
  git(dir, 'tag', 'v1');
  writeFileSync(path.join(dir, 'NEWS'), 'unreleased\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'two');
  return { dir, head: git(dir, 'rev-parse', 'HEAD').stdout.trim() };
}

testIf(has('pre-commit') ? undefined : 'pre-commit is not installed (Debian package "pre-commit")')(
  "docs/hooks.md's pin command moves doclint's hook to its newest commit and leaves the other hooks alone",
  () => {
    const command = /^pre-commit autoupdate .*$/m.exec(HOOKS)?.[0];
    expect(command).toBe(`pre-commit autoupdate --repo ${URL} --bleeding-edge --freeze`);
    expect(HOOKS).toContain(`  - repo: ${URL}\n    rev: main`);
    expect(README).toContain(`  - repo: ${URL}\n    rev: main`);
    const doclint = hookRepo(path.join(REPO, '.pre-commit-hooks.yaml'));
    const otherManifest = path.join(tmpSite({}), 'hooks.yaml');
    writeFileSync(otherManifest, '- id: other\n  name: other\n  entry: "true"\n  language: system\n');
    const other = hookRepo(otherManifest);

    const project = tmpSite({});
    git(project, 'init', '-q');
    const config = path.join(project, '.pre-commit-config.yaml');
    writeFileSync(
      config,
      `repos:\n  - repo: ${doclint.dir}\n    rev: main\n    hooks:\n      - id: doclint\n  - repo: ${other.dir}\n    rev: v1\n    hooks:\n      - id: other\n`,
    );
    const [program, ...args] = command!.replace(URL, doclint.dir).split(' ');
    const result = spawnSync(program!, args, {
      cwd: project,
      encoding: 'utf8',
      env: { ...process.env, PRE_COMMIT_HOME: path.join(project, '.pre-commit-home') },
    });
    expect(result.status).toBe(0);
    expect(readFileSync(config, 'utf8')).toBe(
      `repos:\n  - repo: ${doclint.dir}\n    rev: ${doclint.head}\n    hooks:\n      - id: doclint\n  - repo: ${other.dir}\n    rev: v1\n    hooks:\n      - id: other\n`,
    );
  },
);
