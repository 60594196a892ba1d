import { createHash, randomBytes } from 'node:crypto';
import { readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../core/diagnostic.js';
import type { DirectiveFact, PageFacts } from '../pages/facts.js';

/** Bumped whenever the shape of what is cached changes. */
const FORMAT = 2;

export const DEFAULT_CACHE_FILE = '.doclintcache';

/** What a page's entry keeps in the first part of the file: enough to report it. */
interface PageEntry {
  hash: string;
  diagnostics: Diagnostic[];
  /** The page's inline directives (also in its facts), so that reporting never needs the facts. */
  directives: DirectiveFact[];
}

interface CacheHeader {
  format: number;
  doclint: string;
  root: string;
  settings: string;
  pages: Map<string, PageEntry>;
  site?: { key: string; diagnostics: Diagnostic[] };
  config?: { key: string; diagnostics: Diagnostic[] };
  /** sha1 of the facts part, checked on load: a damaged file is a miss, never a wrong answer. */
  factsHash: string;
}

/** A page's outcome from the cache; its facts (most of the file) are parsed on first use. */
export interface CachedOutcome {
  diagnostics: Diagnostic[];
  directives: DirectiveFact[];
  readonly facts: PageFacts | undefined;
}

export function contentHash(text: string | Uint8Array): string {
  return createHash('sha1').update(text).digest('hex');
}

const own = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

function setOwn<T>(o: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Results of earlier runs: each page's findings and facts keyed by a hash of its content, and the
 * site checks' findings keyed by everything they read. Valid only for the same doclint version,
 * site root and effective settings; a corrupt or foreign file is ignored and rebuilt.
 *
 * The file has two lines: a header (identity, each page's hash, findings and directives, the site
 * and config findings) and the pages' facts. A warm run whose site key matches reads only the
 * header; the facts, four fifths of the file, are parsed only when a site check needs them.
 */
export class LintCache {
  private dirty = false;
  private readonly used = new Set<string>();
  /** Facts by page: parsed from `factsPart` on first use. */
  private factsByPage: Record<string, PageFacts | null> | undefined;

  private constructor(
    readonly file: string,
    private header: CacheHeader,
    private factsPart: Buffer | undefined,
  ) {
    if (factsPart === undefined) this.factsByPage = {};
  }

  static async load(file: string, identity: { doclint: string; root: string; settings: string }): Promise<LintCache> {
    const fresh: CacheHeader = { format: FORMAT, ...identity, pages: new Map(), factsHash: '' };
    try {
      const buffer = await readFile(file);
      const newline = buffer.indexOf(10);
      if (newline < 0) throw new Error('one part only');
      const parsed = JSON.parse(buffer.toString('utf8', 0, newline)) as Partial<Omit<CacheHeader, 'pages'>> & { pages?: unknown };
      const factsPart = buffer.subarray(newline + 1);
      const valid =
        parsed &&
        typeof parsed === 'object' &&
        parsed.format === FORMAT &&
        parsed.doclint === identity.doclint &&
        parsed.root === identity.root &&
        parsed.settings === identity.settings &&
        parsed.factsHash === contentHash(factsPart) &&
        parsed.pages !== null &&
        typeof parsed.pages === 'object' &&
        !Array.isArray(parsed.pages);
      if (valid) {
        // Keep only well-formed entries: a damaged entry is a miss, never a wrong answer.
        const pages = new Map<string, PageEntry>();
        for (const [rel, entry] of Object.entries(parsed.pages as Record<string, unknown>)) {
          const e = entry as PageEntry;
          if (e && typeof e.hash === 'string' && Array.isArray(e.diagnostics) && Array.isArray(e.directives)) pages.set(rel, e);
        }
        const keyed = (v: unknown) => {
          const e = v as { key?: unknown; diagnostics?: unknown } | undefined;
          return e && typeof e.key === 'string' && Array.isArray(e.diagnostics) ? (e as { key: string; diagnostics: Diagnostic[] }) : undefined;
        };
        return new LintCache(file, { ...fresh, pages, site: keyed(parsed.site), config: keyed(parsed.config) }, factsPart);
      }
    } catch {
      // missing, unreadable or not ours: start afresh
    }
    const cache = new LintCache(file, fresh, undefined);
    cache.dirty = true;
    return cache;
  }

  private facts(): Record<string, PageFacts | null> {
    if (!this.factsByPage) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(this.factsPart!.toString('utf8'));
      } catch {
        parsed = undefined;
      }
      // The part matched its hash, so this holds; should it not, no page has facts to reuse.
      this.factsByPage = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, PageFacts | null>) : {};
      this.factsPart = undefined;
    }
    return this.factsByPage;
  }

  page(rel: string, hash: string): CachedOutcome | undefined {
    const entry = this.header.pages.get(rel);
    if (!entry || entry.hash !== hash) return undefined;
    this.used.add(rel);
    const cache = this;
    return {
      diagnostics: entry.diagnostics,
      directives: entry.directives,
      get facts() {
        const all = cache.facts();
        const facts = own(all, rel) ? all[rel] : undefined;
        return facts ?? undefined;
      },
    };
  }

  setPage(rel: string, hash: string, outcome: { diagnostics: Diagnostic[]; facts: PageFacts | undefined }): void {
    this.header.pages.set(rel, { hash, diagnostics: outcome.diagnostics, directives: outcome.facts?.directives ?? [] });
    setOwn(this.facts(), rel, outcome.facts ?? null);
    this.used.add(rel);
    this.dirty = true;
  }

  site(key: string): Diagnostic[] | undefined {
    return this.header.site?.key === key ? this.header.site.diagnostics : undefined;
  }

  setSite(key: string, diagnostics: Diagnostic[]): void {
    this.header.site = { key, diagnostics };
    this.dirty = true;
  }

  config(key: string): Diagnostic[] | undefined {
    return this.header.config?.key === key ? this.header.config.diagnostics : undefined;
  }

  setConfig(key: string, diagnostics: Diagnostic[]): void {
    this.header.config = { key, diagnostics };
    this.dirty = true;
  }

  /** Writes the cache atomically when anything changed; a failure to write is not a lint failure. */
  async save(prune: boolean): Promise<void> {
    if (prune) {
      for (const rel of this.header.pages.keys()) {
        if (!this.used.has(rel)) {
          this.header.pages.delete(rel);
          this.dirty = true;
        }
      }
    }
    if (!this.dirty) return;
    const all = this.facts();
    const facts: Record<string, PageFacts | null> = {};
    for (const rel of this.header.pages.keys()) setOwn(facts, rel, own(all, rel) ? all[rel]! : null);
    const factsText = JSON.stringify(facts);
    // Object.fromEntries defines properties, so a page named `__proto__` stays a key.
    const header = JSON.stringify({ ...this.header, pages: Object.fromEntries(this.header.pages), factsHash: contentHash(Buffer.from(factsText)) });
    const temp = path.join(path.dirname(this.file), `.${path.basename(this.file)}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeFile(temp, `${header}\n${factsText}`);
      await rename(temp, this.file);
      this.dirty = false;
    } catch {
      await unlink(temp).catch(() => undefined);
    }
  }
}
