import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO } from '../helpers/cli.js';

/*
 * The suite is hermetic (test/helpers/global-setup.mjs): temporary folders, and the caches and
 * state of doclint and of the tools the tests start, are under one root that the run removes.
 */
describe('the test run writes only under its temporary root', () => {
  const root = process.env.DOCLINT_TEST_ROOT ?? '';

  test('temporary folders, caches and state are under the root', () => {
    expect(path.basename(root)).toMatch(/^doclint-test-/);
    expect(os.tmpdir()).toBe(path.join(root, 'tmp'));
    expect(process.env.XDG_CACHE_HOME).toBe(path.join(root, 'cache'));
    expect(process.env.XDG_STATE_HOME).toBe(path.join(root, 'state'));
    expect(process.env.PRE_COMMIT_HOME).toBe(path.join(root, 'pre-commit'));
  });

  test("@swc/core's unpacked native binding is kept in the project's ignored .cache/, not in ~/.cache", () => {
    // jest.config.js sets it before jest loads the transformer (the binding is loaded before the
    // global setup runs, so the root's XDG_CACHE_HOME comes too late for it).
    expect(process.env.SWC_NATIVE_BINDING_CACHE).toBe(path.join(REPO, '.cache', 'swc-native'));
    const ignored = spawnSync('git', ['check-ignore', '-q', '.cache/swc-native/x.node'], { cwd: REPO });
    expect(ignored.status).toBe(0);
  });

  test("jest's transform cache is in the project's ignored .cache/, not in the system's temporary folder", async () => {
    const config = (await import(pathToFileURL(path.join(REPO, 'jest.config.js')).href)).default as {
      projects: { displayName: string; cacheDirectory?: string }[];
    };
    expect(config.projects.map((p) => [p.displayName, p.cacheDirectory])).toEqual([
      ['unit', '<rootDir>/.cache/jest'],
      ['e2e', '<rootDir>/.cache/jest'],
      ['slow', '<rootDir>/.cache/jest'],
    ]);
    const ignored = spawnSync('git', ['check-ignore', '-q', '.cache/jest/x'], { cwd: REPO });
    expect(ignored.status).toBe(0);
  });

  test('a child process sees the same temporary folder', () => {
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(require("node:os").tmpdir())'], {
      encoding: 'utf8',
    });
    expect(child.stdout).toBe(path.join(root, 'tmp'));
  });
});
