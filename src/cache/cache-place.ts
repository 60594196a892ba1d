import { lstat, open, stat } from 'node:fs/promises';
import path from 'node:path';
import { UserError } from '../core/errors.js';
import { checkSiteWrite } from '../core/place.js';
import { CACHE_MAGIC, contentHash, DEFAULT_CACHE_FILE } from './cache.js';

/* Where a run's cache (`--cache`, `--cache-location`) is read from and written to. */

/**
 * The cache file of a site and the folder it must be read from: `location` as given, or inside it
 * when it names a folder; by default `.doclintcache` at the site root. A file there that is not a
 * doclint cache (it does not start with the cache's magic word) is never used or replaced.
 */
export async function cacheFile(
  root: string,
  location: string | undefined,
  cwd: string,
): Promise<{ file: string; folder: string; mustNotBeSiteFile: boolean }> {
  let file: string;
  let folder: string;
  if (!location) {
    file = path.join(root, DEFAULT_CACHE_FILE);
    folder = root;
  } else {
    const abs = path.resolve(cwd, location);
    const isDir =
      location.endsWith('/') ||
      (await stat(abs).then(
        (s) => s.isDirectory(),
        () => false,
      ));
    file = isDir ? path.join(abs, `${DEFAULT_CACHE_FILE}-${contentHash(root).slice(0, 12)}`) : abs;
    folder = isDir ? abs : path.dirname(abs);
  }
  const existing = await lstat(file).catch(() => undefined);
  let mustNotBeSiteFile = false;
  if (existing) {
    // A file of doclint's own name is doclint's (a damaged one is rebuilt); any other must say it is a cache.
    const ownName = path.basename(file).startsWith(DEFAULT_CACHE_FILE);
    const head = existing.isFile() ? await readHead(file, CACHE_MAGIC.length) : undefined;
    if (!existing.isFile() || (!ownName && head !== CACHE_MAGIC)) throw notACache(file, cwd);
    // ...and must not be a file of a site (checked once the site is listed).
    mustNotBeSiteFile = !ownName;
  }
  // Where a checkout could steer the cache (src/core/place.ts), from the working folder's
  // repository and from the site's: a folder that links out of it, a link, a FIFO or a device.
  await checkSiteWrite(file, cwd, root, path.relative(cwd, file) || file, { tracked: true, what: 'the cache' });
  return { file, folder, mustNotBeSiteFile };
}

export function notACache(file: string, cwd: string): UserError {
  return new UserError(
    `${path.relative(cwd, file) || file} exists and is not a doclint cache; doclint does not use or replace it (choose another --cache-location)`,
  );
}

/** The first bytes of a file, as text. */
async function readHead(file: string, bytes: number): Promise<string | undefined> {
  const handle = await open(file, 'r').catch(() => undefined);
  if (!handle) return undefined;
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.toString('utf8', 0, bytesRead);
  } finally {
    await handle.close();
  }
}
