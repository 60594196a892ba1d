import { createHash } from 'node:crypto';
import { lstatSync } from 'node:fs';
import path from 'node:path';
import { readFileSafe, realRoot } from '../core/safe-read.js';
import type { PageFacts } from '../pages/facts.js';
import type { SiteModel } from '../model/site-model.js';
import type { LintCache } from './cache.js';
import { contentHash } from '../core/hash.js';

/*
 * The keys under which site findings are cached: everything a site rule may read. Rules that
 * declare the page facts they read (`meta.readsFacts`) are keyed on those facts of every page,
 * so an edit that changes none of them (prose) runs none of them again.
 */

/** Site files whose content a site rule reads (OpenAPI specs, robots.txt): keyed by content; other files by size and time. */
const READ_BY_RULES = /\.(?:json|ya?ml)$|^robots\.txt$/i;
/** Larger files are keyed by size and time only. */
const MAX_HASHED_BYTES = 64 * 1024 * 1024;

/**
 * The part of the site key that is not pages: docs.json and its files, the inventory, the other
 * files (but the cache file itself and its temporary files, which every run rewrites).
 */
export function baseKey(site: SiteModel, overlays: ReadonlyMap<string, string | Buffer>, cacheFile?: string): string {
  const hash = createHash('sha1');
  for (const [file, source] of site.config.files) hash.update(`config\0${file}\0${contentHash(source.text)}\n`);
  for (const rel of [...site.pages.keys()].sort()) hash.update(`page\0${rel}\n`);
  const root = realRoot(site.root);
  for (const rel of [...site.files].filter((r) => !site.pages.has(r)).sort()) {
    const file = path.join(site.root, rel);
    if (file === cacheFile || rel.endsWith('.doclint-tmp')) continue;
    const overlay = overlays.get(file);
    let key: string;
    if (overlay !== undefined) key = contentHash(overlay);
    else if (READ_BY_RULES.test(rel)) {
      const read = readFileSafe(file, { root, maxBytes: MAX_HASHED_BYTES });
      key = read.ok ? contentHash(read.buffer) : `-${read.code}:${read.size ?? ''}`;
    } else {
      key = statKey(file);
    }
    hash.update(`file\0${rel}\0${key}\n`);
  }
  return hash.digest('hex');
}

function statKey(file: string): string {
  try {
    const info = lstatSync(file);
    return `${info.size}:${info.mtimeMs}`;
  } catch {
    return '-';
  }
}

/** The whole site's key: the base key and every page's content hash. */
export function siteKey(base: string, pages: Array<{ relative: string; hash: string }>): string {
  const hash = createHash('sha1').update(base);
  for (const page of pages) hash.update(`page\0${page.relative}\0${page.hash}\n`);
  return hash.digest('hex');
}

/**
 * A key of the site without its pages' content, plus the named facts of every page. Each page's
 * digest of those facts is kept in the cache with its entry: unchanged pages need no facts at all.
 */
export async function factsKey(
  base: string,
  site: SiteModel,
  fields: ReadonlyArray<keyof PageFacts>,
  cache: LintCache | undefined,
  facts: (relative: string) => Promise<PageFacts | undefined>,
): Promise<string> {
  const names = fields.join(',');
  const hash = createHash('sha1').update(base).update(names);
  for (const rel of [...site.pages.keys()].sort()) {
    let digest = cache?.digest(rel, names);
    if (digest === undefined) {
      const f = await facts(rel);
      digest = f ? contentHash(JSON.stringify(fields.map((name) => f[name]))) : '-';
      cache?.setDigest(rel, names, digest);
    }
    hash.update(`${rel}\0${digest}\n`);
  }
  return hash.digest('hex');
}
