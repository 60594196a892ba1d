/*
 * The entry of dist/bundle/replay.cjs: what bin/doclint.js loads before the linter, to answer a
 * `--cache` run over an unchanged site from its record (src/cache/run-record.ts). It imports
 * nothing of the linter: loading it costs a millisecond.
 */
import { replayRun } from '../cache/run-record.js';

/** The exit code of the replayed run, or undefined when the run must be made. */
export function replay(argv: string[], cwd: string, build: string): Promise<number | undefined> {
  if (!argv.includes('--cache') || process.env.DOCLINT_NO_REPLAY) return Promise.resolve(undefined);
  return replayRun({ argv, cwd, build });
}
