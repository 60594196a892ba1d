import { createHash, randomBytes } from 'node:crypto';
import { readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../core/diagnostic.js';
import type { PageFacts } from '../pages/facts.js';

/** Bumped whenever the shape of what is cached changes. */
const FORMAT = 1;

export const DEFAULT_CACHE_FILE = '.doclintcache';

interface PageEntry {
  hash: string;
  diagnostics: Diagnostic[];
  facts: PageFacts | undefined;
}

interface CacheData {
  format: number;
  doclint: string;
  root: string;
  settings: string;
  pages: Record<string, PageEntry>;
  site?: { key: string; diagnostics: Diagnostic[] };
  config?: { key: string; diagnostics: Diagnostic[] };
}

export function contentHash(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

/**
 * Results of earlier runs: each page's findings and facts keyed by a hash of its content, and the
 * site checks' findings keyed by everything they read. Valid only for the same doclint version,
 * site root and effective settings; a corrupt or foreign file is ignored and rebuilt.
 */
export class LintCache {
  private dirty = false;
  private readonly used = new Set<string>();

  private constructor(
    readonly file: string,
    private data: CacheData,
  ) {}

  static async load(file: string, identity: { doclint: string; root: string; settings: string }): Promise<LintCache> {
    const fresh: CacheData = { format: FORMAT, ...identity, pages: {} };
    try {
      const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<CacheData>;
      const valid =
        parsed &&
        typeof parsed === 'object' &&
        parsed.format === FORMAT &&
        parsed.doclint === identity.doclint &&
        parsed.root === identity.root &&
        parsed.settings === identity.settings &&
        parsed.pages !== null &&
        typeof parsed.pages === 'object' &&
        !Array.isArray(parsed.pages);
      if (valid) {
        // Keep only well-formed entries: a damaged entry is a miss, never a wrong answer.
        const pages: Record<string, PageEntry> = {};
        for (const [rel, entry] of Object.entries(parsed.pages as Record<string, unknown>)) {
          const e = entry as PageEntry;
          if (e && typeof e.hash === 'string' && Array.isArray(e.diagnostics) && (e.facts === undefined || typeof e.facts === 'object')) {
            Object.defineProperty(pages, rel, { value: e, enumerable: true, writable: true, configurable: true });
          }
        }
        const keyed = (v: unknown) => {
          const e = v as { key?: unknown; diagnostics?: unknown } | undefined;
          return e && typeof e.key === 'string' && Array.isArray(e.diagnostics) ? (e as { key: string; diagnostics: Diagnostic[] }) : undefined;
        };
        return new LintCache(file, { ...fresh, pages, site: keyed(parsed.site), config: keyed(parsed.config) });
      }
    } catch {
      // missing, unreadable or not JSON: start afresh
    }
    const cache = new LintCache(file, fresh);
    cache.dirty = true;
    return cache;
  }

  page(rel: string, hash: string): { diagnostics: Diagnostic[]; facts: PageFacts | undefined } | undefined {
    const entry = Object.prototype.hasOwnProperty.call(this.data.pages, rel) ? this.data.pages[rel] : undefined;
    if (!entry || entry.hash !== hash) return undefined;
    this.used.add(rel);
    return { diagnostics: entry.diagnostics, facts: entry.facts };
  }

  setPage(rel: string, hash: string, outcome: { diagnostics: Diagnostic[]; facts: PageFacts | undefined }): void {
    Object.defineProperty(this.data.pages, rel, { value: { hash, ...outcome }, enumerable: true, writable: true, configurable: true });
    this.used.add(rel);
    this.dirty = true;
  }

  site(key: string): Diagnostic[] | undefined {
    return this.data.site?.key === key ? this.data.site.diagnostics : undefined;
  }

  setSite(key: string, diagnostics: Diagnostic[]): void {
    this.data.site = { key, diagnostics };
    this.dirty = true;
  }

  config(key: string): Diagnostic[] | undefined {
    return this.data.config?.key === key ? this.data.config.diagnostics : undefined;
  }

  setConfig(key: string, diagnostics: Diagnostic[]): void {
    this.data.config = { key, diagnostics };
    this.dirty = true;
  }

  /** Writes the cache atomically when anything changed; a failure to write is not a lint failure. */
  async save(prune: boolean): Promise<void> {
    if (prune) {
      for (const rel of Object.keys(this.data.pages)) {
        if (!this.used.has(rel)) {
          delete this.data.pages[rel];
          this.dirty = true;
        }
      }
    }
    if (!this.dirty) return;
    const temp = path.join(path.dirname(this.file), `.${path.basename(this.file)}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeFile(temp, JSON.stringify(this.data));
      await rename(temp, this.file);
      this.dirty = false;
    } catch {
      await unlink(temp).catch(() => undefined);
    }
  }
}
