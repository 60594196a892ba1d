import { randomBytes } from 'node:crypto';
import { readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Finding } from '../core/diagnostic.js';
import { setOwn } from '../core/json.js';
import type { DirectiveFact, PageFacts } from '../pages/facts.js';
import { contentHash } from './page-reader.js';

/** Bumped whenever the shape of what is cached changes. */
const FORMAT = 4;

export const DEFAULT_CACHE_FILE = '.doclintcache';

/** What a page's entry keeps in the first part of the file: enough to report it. */
interface PageEntry {
  hash: string;
  findings: Finding[];
  /** The page's inline directives (also in its facts), so that reporting never needs the facts. */
  directives: DirectiveFact[];
  /** Hashes of chosen facts (by the names of the facts, comma-joined), for site checks' keys. */
  digests?: Record<string, string>;
}

interface CacheHeader {
  format: number;
  doclint: string;
  root: string;
  settings: string;
  pages: Map<string, PageEntry>;
  site?: { key: string; diagnostics: Finding[] };
  config?: { key: string; diagnostics: Finding[] };
  /** Findings of site checks keyed on the facts they read (see `SiteCheck.readsFacts`). */
  checks?: Record<string, { key: string; diagnostics: Finding[] }>;
  /** sha1 of the facts part, checked on load: a damaged file is a miss, never a wrong answer. */
  factsHash: string;
}

/** A page's outcome from the cache; its facts (most of the file) are parsed on first use. */
export interface CachedOutcome {
  findings: Finding[];
  directives: DirectiveFact[];
  readonly facts: PageFacts | undefined;
}

export { contentHash };

const own = (o: object, key: string) => Object.hasOwn(o, key);

/**
 * Results of earlier runs: each page's findings and facts keyed by a hash of its content, and the
 * site checks' findings keyed by everything they read. Valid only for the same doclint version,
 * site root and effective settings; a corrupt or foreign file is ignored and rebuilt.
 *
 * The file is a header line (identity, each page's hash, findings, directives and digests, the
 * site, check and config findings) and then one line of facts per page. A warm run whose site key
 * matches reads only the header; a page's facts are parsed only when a site check needs them, and
 * the facts of pages a run did not lint are written back as they were read.
 */
export class LintCache {
  private dirty = false;
  private readonly used = new Set<string>();
  /** Each page's facts as written (one JSON text per page), split from `factsPart` on first use. */
  private rawFacts: Map<string, string> | undefined;
  /** Facts parsed from `rawFacts`, and facts of pages linted in this run. */
  private readonly parsedFacts = new Map<string, PageFacts | null>();
  /** Pages whose facts this run produced: written anew; the others are written back as read. */
  private readonly changedFacts = new Set<string>();

  private constructor(
    readonly file: string,
    private header: CacheHeader,
    private factsPart: Buffer | undefined,
  ) {}

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
          const digestsOk =
            e?.digests === undefined || (typeof e.digests === 'object' && e.digests !== null && Object.values(e.digests).every((d) => typeof d === 'string'));
          if (e && typeof e.hash === 'string' && Array.isArray(e.findings) && Array.isArray(e.directives) && digestsOk) pages.set(rel, e);
        }
        const keyed = (v: unknown) => {
          const e = v as { key?: unknown; diagnostics?: unknown } | undefined;
          return e && typeof e.key === 'string' && Array.isArray(e.diagnostics) ? (e as { key: string; diagnostics: Finding[] }) : undefined;
        };
        const checks: Record<string, { key: string; diagnostics: Finding[] }> = {};
        if (parsed.checks && typeof parsed.checks === 'object') {
          for (const [id, entry] of Object.entries(parsed.checks)) {
            const e = keyed(entry);
            if (e) setOwn(checks, id, e);
          }
        }
        return new LintCache(file, { ...fresh, pages, site: keyed(parsed.site), config: keyed(parsed.config), checks }, factsPart);
      }
    } catch {
      // missing, unreadable or not ours: start afresh
    }
    const cache = new LintCache(file, fresh, undefined);
    cache.dirty = true;
    return cache;
  }

  /** The facts part is one line per page: the page's path as a JSON string, a tab, its facts as JSON. */
  private raw(): Map<string, string> {
    if (!this.rawFacts) {
      this.rawFacts = new Map();
      const text = this.factsPart?.toString('utf8') ?? '';
      for (const line of text.split('\n')) {
        const tab = line.indexOf('\t');
        if (tab < 0) continue;
        try {
          this.rawFacts.set(JSON.parse(line.slice(0, tab)) as string, line.slice(tab + 1));
        } catch {
          // the part matched its hash; a line that is not ours is skipped
        }
      }
      this.factsPart = undefined;
    }
    return this.rawFacts;
  }

  private factsOf(rel: string): PageFacts | undefined {
    if (!this.parsedFacts.has(rel)) {
      const raw = this.raw().get(rel);
      let facts: PageFacts | null;
      try {
        const parsed = raw === undefined ? null : (JSON.parse(raw) as unknown);
        facts = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as PageFacts) : null;
      } catch {
        facts = null;
      }
      this.parsedFacts.set(rel, facts);
    }
    return this.parsedFacts.get(rel) ?? undefined;
  }

  page(rel: string, hash: string): CachedOutcome | undefined {
    const entry = this.header.pages.get(rel);
    if (!entry || entry.hash !== hash) return undefined;
    this.used.add(rel);
    const factsOf = () => this.factsOf(rel);
    return {
      findings: entry.findings,
      directives: entry.directives,
      get facts() {
        return factsOf();
      },
    };
  }

  setPage(rel: string, hash: string, outcome: { findings: Finding[]; facts: PageFacts | undefined }): void {
    this.header.pages.set(rel, { hash, findings: outcome.findings, directives: outcome.facts?.directives ?? [] });
    this.parsedFacts.set(rel, outcome.facts ?? null);
    this.changedFacts.add(rel);
    this.used.add(rel);
    this.dirty = true;
  }

  /** A page's digest of some facts (`fields`: their names, comma-joined), kept with its entry. */
  digest(rel: string, fields: string): string | undefined {
    const digests = this.header.pages.get(rel)?.digests;
    return digests && own(digests, fields) ? digests[fields] : undefined;
  }

  setDigest(rel: string, fields: string, digest: string): void {
    const entry = this.header.pages.get(rel);
    if (!entry) return;
    entry.digests ??= {};
    setOwn(entry.digests, fields, digest);
    this.dirty = true;
  }

  site(key: string): Finding[] | undefined {
    return this.header.site?.key === key ? this.header.site.diagnostics : undefined;
  }

  setSite(key: string, diagnostics: Finding[]): void {
    this.header.site = { key, diagnostics };
    this.dirty = true;
  }

  check(id: string, key: string): Finding[] | undefined {
    const checks = this.header.checks ?? {};
    const entry = own(checks, id) ? checks[id] : undefined;
    return entry?.key === key ? entry.diagnostics : undefined;
  }

  setCheck(id: string, key: string, diagnostics: Finding[]): void {
    this.header.checks ??= {};
    setOwn(this.header.checks, id, { key, diagnostics });
    this.dirty = true;
  }

  config(key: string): Finding[] | undefined {
    return this.header.config?.key === key ? this.header.config.diagnostics : undefined;
  }

  setConfig(key: string, diagnostics: Finding[]): void {
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
    // Facts of pages this run did not lint are written back as they were read, without parsing.
    const raw = this.changedFacts.size < this.header.pages.size ? this.raw() : new Map<string, string>();
    const lines: string[] = [];
    for (const rel of this.header.pages.keys()) {
      const text = this.changedFacts.has(rel) ? JSON.stringify(this.parsedFacts.get(rel) ?? null) : (raw.get(rel) ?? 'null');
      lines.push(`${JSON.stringify(rel)}\t${text}`);
    }
    const factsText = lines.join('\n');
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
