import { randomBytes } from 'node:crypto';
import { readdirSync, statSync, unlinkSync } from 'node:fs';
import { chmod, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/*
 * Writing a file so that it is either the old content or the new, never half of one: a temporary
 * file in the same folder (`.<name>.<random>.doclint-tmp`), then a rename over the target. A
 * temporary file is removed on every path the process controls (an error, Ctrl-C, a terminate
 * signal); one left by a killed process (`kill -9`, a power cut) is removed by the next write to
 * the same file.
 */

const SUFFIX = '.doclint-tmp';
const pending = new Set<string>();
let handlersInstalled = false;

function installHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  const cleanup = () => {
    for (const temp of pending) {
      try {
        unlinkSync(temp);
      } catch {}
    }
    pending.clear();
  };
  process.on('exit', cleanup);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      cleanup();
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  }
}

/** The temporary name for a file: hidden, next to it, and recognisable as doclint's. */
export function tempNameFor(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}${SUFFIX}`);
}

/** Removes temporary files of `file` that a killed run left behind (older than a minute). */
export function sweepStaleTemps(file: string): void {
  const prefix = `.${path.basename(file)}.`;
  sweepIn(
    path.dirname(file),
    (name) => name.startsWith(prefix) && /^[0-9a-f]{12}$/.test(name.slice(prefix.length, -SUFFIX.length)),
  );
}

/** `.<name>.<12 hex digits>.doclint-tmp`: a temporary file of some file. */
const ANY_TEMP = /^\..+\.[0-9a-f]{12}\.doclint-tmp$/s;

/**
 * Removes the temporary files of any file in these folders that a killed run left behind (older
 * than a minute): a `--fix` run sweeps the folders of the site, so that a temporary file of a page
 * it has no fix for this time does not stay.
 */
export function sweepStaleTempsIn(dirs: Iterable<string>): void {
  for (const dir of dirs) sweepIn(dir, (name) => ANY_TEMP.test(name));
}

function sweepIn(dir: string, isTemp: (name: string) => boolean): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  const now = Date.now();
  for (const name of names) {
    if (!name.endsWith(SUFFIX) || !isTemp(name)) continue;
    const temp = path.join(dir, name);
    try {
      const info = statSync(temp);
      if (info.isFile() && now - info.mtimeMs > 60_000) unlinkSync(temp);
    } catch {}
  }
}

/**
 * Writes `content` to `file` atomically. `beforeRename` may check that the target can still be
 * replaced (and throw to give up); `mode` sets the new file's permissions.
 */
export async function writeFileAtomic(
  file: string,
  content: string | Buffer,
  options: { mode?: number; beforeRename?: (temp: string) => Promise<void> } = {},
): Promise<void> {
  installHandlers();
  sweepStaleTemps(file);
  const temp = tempNameFor(file);
  pending.add(temp);
  try {
    await writeFile(temp, content, { flag: 'wx', ...(options.mode !== undefined ? { mode: options.mode } : {}) });
    if (options.mode !== undefined) await chmod(temp, options.mode);
    await options.beforeRename?.(temp);
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  } finally {
    pending.delete(temp);
  }
}
