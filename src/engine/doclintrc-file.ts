import { stat } from 'node:fs/promises';
import path from 'node:path';

/*
 * Finding the configuration file, and the error a bad one raises: kept apart from the reader
 * (src/engine/rc.ts) so that a run without a configuration file never loads YAML, ajv or the
 * rule registry for it.
 */

/** Configuration file names, in the order they are looked for in each folder. */
export const DOCLINTRC_FILES = ['.doclintrc.json', '.doclintrc.yaml', '.doclintrc.yml', 'doclint.config.json'];

/** A configuration that cannot be used (a plugin that does not load, an unknown rule on the command line): exit 2 with the message. */
export class SetupError extends Error {}

/** A configuration problem: the run stops with exit 2 and this message at the file's position. */
export class DoclintrcError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly reason: string,
  ) {
    super(`${file}:${line}:${column}: ${reason}`);
  }
}

/**
 * Looks for a configuration file from the site root upwards, stopping at the repository root (the
 * folder holding `.git`) or the file-system root. The first file found wins; they do not cascade.
 */
export async function findDoclintrc(start: string): Promise<string | undefined> {
  let dir = path.resolve(start);
  for (;;) {
    for (const name of DOCLINTRC_FILES) {
      const file = path.join(dir, name);
      if (
        await stat(file).then(
          (s) => s.isFile(),
          () => false,
        )
      )
        return file;
    }
    // A `.git` folder (or a worktree's `.git` file) marks the repository root.
    const isRepoRoot = await stat(path.join(dir, '.git')).then(
      () => true,
      () => false,
    );
    const parent = path.dirname(dir);
    if (isRepoRoot || parent === dir) return undefined;
    dir = parent;
  }
}
