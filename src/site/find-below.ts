import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { CONFIG_FILE } from './load.js';

/** How deep below the starting folder sites are looked for. */
export const MAX_SEARCH_DEPTH = 4;

/** Most folders read while looking. */
export const MAX_SEARCH_FOLDERS = 2000;

/**
 * Sites below a folder that holds none (a repository whose site is in `docs/`): folders holding
 * docs.json, shallowest first, then in name order. The search is bounded (depth and folders read),
 * skips `node_modules` and dot-folders and follows no symbolic link; a site's own subfolders are not
 * searched.
 */
export async function findSitesBelow(start: string): Promise<string[]> {
  const found: string[] = [];
  let level = [path.resolve(start)];
  let read = 0;
  for (let depth = 0; depth <= MAX_SEARCH_DEPTH && level.length; depth++) {
    const next: string[] = [];
    for (const dir of level) {
      if (++read > MAX_SEARCH_FOLDERS) return found;
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      if (depth > 0 && entries.some((e) => e.name === CONFIG_FILE && e.isFile())) {
        found.push(dir);
        continue;
      }
      for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
        if (e.isDirectory() && !e.name.startsWith('.') && e.name !== 'node_modules') next.push(path.join(dir, e.name));
      }
    }
    level = next;
  }
  return found;
}

/** "found one in docs/ — run `doclint docs`" for a folder with no site, or undefined when there is none below it either. */
export async function siteHint(start: string, cwd: string, command = 'doclint'): Promise<string | undefined> {
  const sites = await findSitesBelow(start);
  if (!sites.length) return undefined;
  const rel = (dir: string) => path.relative(cwd, dir).split(path.sep).join('/') || '.';
  const shown = sites.slice(0, 3).map((s) => `${rel(s)}/`);
  const more = sites.length > 3 ? ` and ${sites.length - 3} more` : '';
  const where =
    sites.length === 1 ? `found one in ${shown[0]}` : `found ${sites.length} sites: ${shown.join(', ')}${more}`;
  return `${where} — run \`${command} ${rel(sites[0]!)}\``;
}
