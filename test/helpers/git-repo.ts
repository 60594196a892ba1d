import { spawnSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import path from 'node:path';
import { REPO } from './cli.js';
import { tmpSite } from './tmp-site.js';

/** Runs git in a folder (no shell); the result as spawnSync gives it. */
export function git(cwd: string, ...args: string[]) {
  return spawnSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
}

/** A git repository holding a committed copy of the example site under docs/. */
export function committedRepo(): string {
  const repo = tmpSite({});
  cpSync(path.join(REPO, 'fixtures/example'), path.join(repo, 'docs'), { recursive: true });
  git(repo, 'init', '-q');
  git(repo, 'config', 'user.email', 'writer@example.com');
  git(repo, 'config', 'user.name', 'Writer');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'docs');
  return repo;
}
