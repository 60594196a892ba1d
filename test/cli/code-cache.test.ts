import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { runCli, REPO } from '../helpers/cli.js';
import { testIf } from '../helpers/needs.js';

/*
 * bin/code-cache.cjs on the Node versions where it keeps V8's code cache itself (before 22.1;
 * later versions use Node's own compile cache).
 */
const reason =
  typeof (module as { enableCompileCache?: unknown }).enableCompileCache === 'function'
    ? 'this Node keeps compiled code itself (module.enableCompileCache), which bin/code-cache.cjs then uses'
    : undefined;
const maybe = testIf(reason);

const EXAMPLE = path.join(REPO, 'fixtures/example');

function cacheHome() {
  return mkdtempSync(path.join(os.tmpdir(), 'doclint-code-cache-'));
}

const cacheFiles = (home: string) => {
  try {
    return readdirSync(path.join(home, 'doclint/code-cache'));
  } catch {
    return [];
  }
};

/**
 * The cache of the main bundle. A worker thread of the page pass writes its own (page-worker.cjs)
 * only when it lives past its save delay, which depends on the machine's load: these tests are
 * about the main bundle's.
 */
const mainCache = (home: string) => cacheFiles(home).filter((name) => !name.startsWith('page-worker.cjs-'));

describe('the code cache of the bundle', () => {
  maybe(
    '--version writes none; a lint writes one, readable by the user only; the next lint reads it and leaves it as it is',
    () => {
      const home = cacheHome();
      const env = { XDG_CACHE_HOME: home };
      expect(runCli(['--version'], { env })).toMatchObject({ code: 0, stderr: '' });
      expect(cacheFiles(home)).toEqual([]);
      const first = runCli(['--format', 'json', EXAMPLE], { env });
      const files = mainCache(home);
      expect(files).toEqual([expect.stringMatching(/^main\.cjs-\d+-\d+-\d+-v[\d.]+-[a-z0-9]+\.v8$/)]);
      const file = path.join(home, 'doclint/code-cache', files[0]!);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
      const bytes = readFileSync(file);
      const second = runCli(['--format', 'json', EXAMPLE], { env });
      expect(second).toEqual(first);
      expect(readFileSync(file).equals(bytes)).toBe(true);
    },
  );

  maybe('a damaged cache is rejected by V8 and written again; the run is the same', () => {
    const home = cacheHome();
    const env = { XDG_CACHE_HOME: home };
    const expected = runCli(['--format', 'json', EXAMPLE], { env });
    const file = path.join(home, 'doclint/code-cache', mainCache(home)[0]!);
    writeFileSync(file, Buffer.alloc(4096, 7), { mode: 0o600 });
    expect(runCli(['--format', 'json', EXAMPLE], { env })).toEqual(expected);
    expect(readFileSync(file).equals(Buffer.alloc(4096, 7))).toBe(false);
    expect(statSync(file).size).toBeGreaterThan(100_000);
  });

  maybe('a plugin (an ES module of the user) loads from code read from the cache', () => {
    const home = cacheHome();
    const site = path.join(REPO, 'fixtures/sites/plugins');
    const first = runCli(['--format', 'json', site], { env: { XDG_CACHE_HOME: home } });
    expect(mainCache(home)).toEqual([expect.stringMatching(/^main\.cjs-/)]);
    const second = runCli(['--format', 'json', site], { env: { XDG_CACHE_HOME: home } });
    expect(second).toEqual(first);
    expect(second.stderr).toBe('');
    expect(second.stdout).toContain('acme/');
  });

  maybe('NODE_DISABLE_COMPILE_CACHE turns it off', () => {
    const home = cacheHome();
    const run = runCli(['--format', 'json', EXAMPLE], {
      env: { XDG_CACHE_HOME: home, NODE_DISABLE_COMPILE_CACHE: '1' },
    });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(cacheFiles(home)).toEqual([]);
  });
});
