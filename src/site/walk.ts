import { readdirSync, type Dirent } from 'node:fs';
import path from 'node:path';

/** Folders never listed, wherever they are: dependencies and Git's own files. */
export const SKIPPED_FOLDERS = new Set(['node_modules', '.git']);

/**
 * The regular files under `root`, site-relative with forward slashes, sorted. No symbolic link is
 * followed (nor listed), so the walk cannot loop or leave the root; FIFOs, sockets and devices are
 * not listed; a folder that cannot be read is skipped. Dot-folders are listed (the platform's
 * ignores are applied by the caller).
 *
 * A plain recursive `readdirSync` with file types: 18 ms for a 5,500-file site where fast-glob's
 * synchronous walk, with its pattern matching of every entry, took 58 ms.
 */
export function listFiles(root: string): string[] {
  const out: string[] = [];
  const pending: Array<{ dir: string; rel: string }> = [{ dir: root, rel: '' }];
  while (pending.length) {
    const { dir, rel } = pending.pop()!;
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const name = entry.name;
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(name)) pending.push({ dir: path.join(dir, name), rel: `${rel}${name}/` });
      } else if (entry.isFile()) out.push(`${rel}${name}`);
    }
  }
  return out.sort();
}
