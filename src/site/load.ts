import { access } from 'node:fs/promises';
import path from 'node:path';
import { loadDocsJson, siteTextReader, type TextReader } from './docs-json.js';
import { loadInventory, type InventoryOptions } from './inventory.js';
import type { Site } from './site.js';

export const CONFIG_FILE = 'docs.json';

/** Walks up from a file or folder to the nearest folder holding docs.json. */
export async function findSiteRoot(start: string): Promise<string | undefined> {
  let dir = path.resolve(start);
  for (;;) {
    try {
      await access(path.join(dir, CONFIG_FILE));
      return dir;
    } catch {
      const parent = path.dirname(dir);
      if (parent === dir) return undefined;
      dir = parent;
    }
  }
}

/**
 * Builds the site model: docs.json (with $ref files and positions) and the file inventory (with
 * `options.keep`, the bytes of those files go to `options.prefetched`).
 */
export async function loadSite(
  root: string,
  read: TextReader = siteTextReader(root),
  options?: InventoryOptions,
): Promise<Site> {
  const [config, inventory] = await Promise.all([
    loadDocsJson(path.join(root, CONFIG_FILE), root, read),
    loadInventory(root, options),
  ]);
  return {
    root,
    config,
    pages: inventory.pages,
    routes: inventory.routes,
    files: inventory.files,
    ignores: inventory.ignores,
    importers: inventory.importers,
    pendingImports: inventory.pendingImports,
    inclusions: inventory.inclusions,
  };
}
