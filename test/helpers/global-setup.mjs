import { chmodSync, mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/*
 * One temporary root for the whole jest run: every test writes under it, and the tools the tests
 * start keep their caches and state there, not in the user's home. Jest starts its workers after
 * this runs, so they (and every process they start) inherit these variables; `os.tmpdir()` reads
 * TMPDIR at each call. test/helpers/global-teardown.mjs removes the root.
 */

/** The variables pointed into the root, and the folder of each. */
export const HERMETIC = {
  TMPDIR: 'tmp',
  // doclint's own cache (code cache, run records, the cache secret), Neovim's and Chromium's state.
  XDG_CACHE_HOME: 'cache',
  XDG_CONFIG_HOME: 'config',
  XDG_DATA_HOME: 'data',
  XDG_STATE_HOME: 'state',
  // pre-commit's clones and hook environments (~/.cache/pre-commit otherwise).
  PRE_COMMIT_HOME: 'pre-commit',
};

export default function globalSetup() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'doclint-test-'));
  // Open as /tmp is: tests run the CLI as another user (`nobody`, when they run as root), which
  // must reach the sites they make and may write its own cache.
  chmodSync(root, 0o755);
  for (const [name, folder] of Object.entries(HERMETIC)) {
    const dir = path.join(root, folder);
    mkdirSync(dir);
    chmodSync(dir, 0o1777);
    process.env[name] = dir;
  }
  process.env.DOCLINT_TEST_ROOT = root;
}
