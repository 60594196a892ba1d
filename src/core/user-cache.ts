import os from 'node:os';
import path from 'node:path';

/** The user's cache folder for doclint (`$XDG_CACHE_HOME/doclint`, else `~/.cache/doclint`): never inside a site. */
export function userCacheFolder(): string {
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'doclint');
}
