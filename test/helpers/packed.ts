import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO } from './cli.js';

/*
 * The package as `npm pack` makes it from the build, made once per jest run and shared by every
 * test file that installs it (the package test, the API package test, the install and CI recipes,
 * the real VS Code test). The first file to ask packs it under the run's temporary root
 * (test/helpers/global-setup.mjs), holding a lock folder; the others, in other workers, wait for
 * its result. The tarball is read-only to them: a test copies it where it needs it. Packing does
 * not run the package's scripts, so the build is the one `npm test` made before jest.
 */

export interface Packed {
  /** The tarball's absolute path. */
  tarball: string;
  /** Its file name (`doclint-<version>.tgz`). */
  filename: string;
  /** What `npm pack --json` said of it. */
  files: Array<{ path: string }>;
  unpackedSize: number;
  size: number;
}

const WAIT_MS = 600000;

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function pack(into: string): Packed {
  if (!existsSync(path.join(REPO, 'dist/bundle/main.cjs')))
    throw new Error('dist/bundle is missing: run `npm run build` first (npm test and npm run test:e2e do)');
  const result = spawnSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', into], {
    cwd: REPO,
    env: { ...process.env, npm_config_cache: path.join(into, 'npm-cache'), npm_config_update_notifier: 'false' },
    encoding: 'utf8',
    timeout: 300000,
  });
  if (result.status !== 0)
    throw new Error(`npm pack failed (${result.status}): ${result.error?.message ?? result.stderr}`);
  const info = (JSON.parse(result.stdout) as Array<Omit<Packed, 'tarball'>>)[0]!;
  return {
    tarball: path.join(into, info.filename),
    filename: info.filename,
    files: info.files,
    unpackedSize: info.unpackedSize,
    size: info.size,
  };
}

/** The packed package of this run (packed by the first caller; the others wait for it). */
export function packed(): Packed {
  const root = process.env.DOCLINT_TEST_ROOT;
  if (!root) throw new Error('DOCLINT_TEST_ROOT is not set: the tests run under jest (test/helpers/global-setup.mjs)');
  const dir = path.join(root, 'packed');
  const result = path.join(dir, 'packed.json');
  const failed = path.join(dir, 'failed.txt');
  let mine = false;
  try {
    mkdirSync(dir);
    mine = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (mine) {
    try {
      const info = pack(dir);
      writeFileSync(`${result}.tmp`, JSON.stringify(info));
      renameSync(`${result}.tmp`, result);
      return info;
    } catch (error) {
      writeFileSync(failed, (error as Error).message);
      throw error;
    }
  }
  for (const start = Date.now(); Date.now() - start < WAIT_MS; sleep(200)) {
    if (existsSync(result)) return JSON.parse(readFileSync(result, 'utf8')) as Packed;
    if (existsSync(failed)) throw new Error(`npm pack failed in another test file: ${readFileSync(failed, 'utf8')}`);
  }
  throw new Error(`npm pack did not finish in ${WAIT_MS / 1000} s (another test file was packing)`);
}
