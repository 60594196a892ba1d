import { stat } from 'node:fs/promises';
import path from 'node:path';
import { UserError } from '../core/errors.js';

/*
 * Finding the configuration file, and the error a bad one raises: kept apart from the reader
 * (src/config/doclintrc.ts) so that a run without a configuration file never loads YAML, ajv or the
 * rule registry for it.
 */

/** Configuration file names, in the order they are looked for in each folder. */
export const DOCLINTRC_FILES = ['.doclintrc.json', '.doclintrc.yaml', '.doclintrc.yml', 'doclint.config.json'];

/** A configuration problem: the run stops with exit 2 and this message at the file's position. */
export class DoclintrcError extends UserError {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly reason: string,
  ) {
    super(`${file}:${line}:${column}: ${reason}`);
  }

  override describe(cwd: string): string {
    return `${path.relative(cwd, this.file) || this.file}:${this.line}:${this.column}: ${this.reason}`;
  }
}

/**
 * A path a run looked at outside the site's listing, and what of it the run's outcome depends on:
 * whether it exists, or (for a file) its content. A run's record (src/cache/run-record.ts) keeps
 * them to tell whether the same run would still give the same outcome.
 */
export interface Probe {
  file: string;
  what: 'existence' | 'content';
}

/**
 * Looks for a configuration file from the site root upwards, stopping at the repository root (the
 * folder holding `.git`). Outside a repository (no `.git` in the site root or above it) only the
 * site root is searched: a configuration file in a shared folder above (`/tmp`, a home folder) never
 * applies. The first file found wins; they do not cascade. `probed` is told each path looked at.
 */
export async function findDoclintrc(start: string, probed?: (probe: Probe) => void): Promise<string | undefined> {
  const first = path.resolve(start);
  const isFile = (file: string) => {
    probed?.({ file, what: 'content' });
    return stat(file).then(
      (s) => s.isFile(),
      () => false,
    );
  };
  // A `.git` folder (or a worktree's `.git` file) marks the repository root.
  const isRepoRoot = (dir: string) => {
    probed?.({ file: path.join(dir, '.git'), what: 'existence' });
    return stat(path.join(dir, '.git')).then(
      () => true,
      () => false,
    );
  };
  let repoRoot: string | undefined;
  let dir = first;
  for (;;) {
    if (await isRepoRoot(dir)) {
      repoRoot = dir;
      break;
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  for (dir = first; ; dir = path.dirname(dir)) {
    for (const name of DOCLINTRC_FILES) {
      const file = path.join(dir, name);
      if (await isFile(file)) return file;
    }
    if (repoRoot === undefined || dir === repoRoot || path.dirname(dir) === dir) return undefined;
  }
}
