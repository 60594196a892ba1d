import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { lstatSync, mkdirSync, writeFileSync } from 'node:fs';
import { writeFileAtomic } from '../core/atomic-write.js';
import path from 'node:path';
import type { Finding } from '../core/diagnostic.js';
import { setOwn } from '../core/json.js';
import { readFileSafe, type ReadSignature } from '../core/safe-read.js';
import type { DirectiveFact, PageFacts } from '../pages/facts.js';
import type { UnusedDirectiveReport } from '../pages/directives.js';
import {
  isFileEntry,
  isImportsEntry,
  isKeyed,
  isObj,
  isPageEntry,
  type CacheHeader,
  type FileEntry,
  type ImportsEntry,
  type KeptFindings,
  type PageEntry,
} from './cache-shapes.js';

export type { KeptFindings };
import { contentHash } from '../core/hash.js';
import { userCacheFolder } from '../core/user-cache.js';
import { isRacy, signatureOf } from '../core/file-signature.js';

/** Bumped whenever the shape of what is cached changes. */
export const CACHE_FORMAT = 10;
const FORMAT = CACHE_FORMAT;

/** The first bytes of every cache file: a file that does not start with them is not doclint's. */
export const CACHE_MAGIC = 'doclint-cache';

export const DEFAULT_CACHE_FILE = '.doclintcache';

/** Largest cache file read. */
const MAX_CACHE_BYTES = 256 * 1024 * 1024;

/** A page's outcome from the cache; its facts (most of the file) are parsed on first use. */
export interface CachedOutcome {
  findings: Finding[];
  directives: DirectiveFact[];
  notChecked?: string;
  ifUnused?: UnusedDirectiveReport[];
  readonly facts: PageFacts | undefined;
}

export { contentHash };

const own = (o: object, key: string) => Object.hasOwn(o, key);

/**
 * The key the cache is authenticated with: kept in the user's cache folder (created on first use,
 * readable by the user only), never in the site. A cache file committed to a repository, or
 * written by anyone without the key, does not authenticate and is ignored. Without a place to keep
 * the key, a key for this process only (the cache is then rebuilt every run).
 */
let secret: Buffer | undefined;
function cacheSecret(): Buffer {
  if (secret) return secret;
  const file = path.join(userCacheFolder(), 'cache-secret');
  const read = readFileSafe(file, { maxBytes: 1024 });
  if (read.ok && read.buffer.length >= 32) return (secret = read.buffer);
  const fresh = randomBytes(32);
  try {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, fresh, { mode: 0o600, flag: 'wx' });
  } catch {
    // another run wrote it meanwhile (read it again), or there is no place for it
    const again = readFileSafe(file, { maxBytes: 1024 });
    if (again.ok && again.buffer.length >= 32) return (secret = again.buffer);
  }
  return (secret = fresh);
}

/** The HMAC of the body (its parts, in order). */
function mac(body: Buffer[]): string {
  const hmac = createHmac('sha256', cacheSecret());
  for (const part of body) hmac.update(part);
  return hmac.digest('hex');
}

/**
 * Results of earlier runs: each page's findings and facts keyed by a hash of its content, and the
 * site rules' findings keyed by everything they read. Valid only for the same doclint build (version and bundle hash),
 * site root and effective settings, and only when it authenticates (an HMAC over the whole file
 * with a key kept outside the site) and every value has the shape it must have: anything else is
 * ignored and rebuilt, never trusted. A page's cached findings are always its own (the cache
 * keeps no file name for them); site findings name files, which the session accepts only when they
 * are files of the site.
 *
 * The file is a first line (the magic word, the format and the HMAC), a header line (identity,
 * each page's hash, findings, directives and digests, the site, rule and docs.json findings), and
 * one line of facts per page. A warm run whose site key matches parses only the header; a page's
 * facts are parsed only when a site rule needs them, and the facts of pages a run did not lint
 * are written back as they were read.
 */
export class LintCache {
  private dirty = false;
  private readonly used = new Set<string>();
  private readonly usedImports = new Set<string>();
  private readonly usedFiles = new Set<string>();
  /** Files whose signature this run compared (each once), and whether it matched. */
  private readonly checkedFiles = new Map<string, boolean>();
  /** Set when this run read a file changed too recently for its signature to be trusted. */
  sawRacy = false;
  /** When this run started (for `RACY_MS`). */
  private started = Date.now();
  /**
   * Each page's facts as written (one JSON text per page, its bytes in `factsPart`), split on first
   * use: a page's are decoded only when they are parsed, and written back as they were read.
   */
  private rawFacts: Map<string, Buffer> | undefined;
  /** Facts parsed from `rawFacts`, and facts of pages linted in this run. */
  private readonly parsedFacts = new Map<string, PageFacts | null>();
  /** Pages whose facts this run produced: written anew; the others are written back as read. */
  private readonly changedFacts = new Set<string>();

  private constructor(
    readonly file: string,
    private header: CacheHeader,
    private factsPart: Buffer | undefined,
  ) {}

  /**
   * Reads a cache file: only a regular file inside `folder` (symbolic links resolved), of a bounded
   * size, that starts with the cache's magic word, authenticates and has the right shape.
   */
  static async load(
    file: string,
    identity: { doclint: string; root: string; settings: string },
    folder?: string,
    options: { now?: number } = {},
  ): Promise<LintCache> {
    const cache = await LintCache.read(file, identity, folder);
    if (options.now !== undefined) cache.started = options.now;
    return cache;
  }

  private static async read(
    file: string,
    identity: { doclint: string; root: string; settings: string },
    folder?: string,
  ): Promise<LintCache> {
    const fresh: CacheHeader = { format: FORMAT, ...identity, pages: new Map() };
    try {
      const read = readFileSafe(file, { root: folder, maxBytes: MAX_CACHE_BYTES });
      if (!read.ok) throw new Error(read.message);
      const buffer = read.buffer;
      const first = buffer.indexOf(10);
      const second = first < 0 ? -1 : buffer.indexOf(10, first + 1);
      if (second < 0) throw new Error('not a cache');
      const [magic, format, hmac] = buffer.toString('utf8', 0, first).split(' ');
      if (magic !== CACHE_MAGIC || format !== String(FORMAT) || !hmac || !/^[0-9a-f]{64}$/.test(hmac))
        throw new Error('not this cache');
      const body = buffer.subarray(first + 1);
      if (!timingSafeEqual(Buffer.from(mac([body]), 'hex'), Buffer.from(hmac, 'hex')))
        throw new Error('does not authenticate');
      const parsed = JSON.parse(buffer.toString('utf8', first + 1, second)) as Record<string, unknown>;
      const valid =
        isObj(parsed) &&
        parsed.format === FORMAT &&
        parsed.doclint === identity.doclint &&
        parsed.root === identity.root &&
        parsed.settings === identity.settings &&
        isObj(parsed.pages) &&
        Object.values(parsed.pages).every(isPageEntry) &&
        (parsed.site === undefined || isKeyed(parsed.site)) &&
        (parsed.config === undefined || isKeyed(parsed.config)) &&
        (parsed.checks === undefined || (isObj(parsed.checks) && Object.values(parsed.checks).every(isKeyed))) &&
        (parsed.imports === undefined ||
          (isObj(parsed.imports) && Object.values(parsed.imports).every(isImportsEntry))) &&
        (parsed.files === undefined || (isObj(parsed.files) && Object.values(parsed.files).every(isFileEntry)));
      if (valid) {
        const pages = new Map<string, PageEntry>();
        for (const [rel, entry] of Object.entries(parsed.pages as Record<string, PageEntry>)) pages.set(rel, entry);
        const checks: Record<string, KeptFindings> = {};
        for (const [id, entry] of Object.entries((parsed.checks ?? {}) as Record<string, KeptFindings>))
          setOwn(checks, id, entry);
        const site = parsed.site as CacheHeader['site'];
        const config = parsed.config as CacheHeader['config'];
        const imports = new Map(Object.entries((parsed.imports ?? {}) as Record<string, ImportsEntry>));
        const files = new Map(Object.entries((parsed.files ?? {}) as Record<string, FileEntry>));
        return new LintCache(
          file,
          { ...fresh, pages, site, config, checks, imports, files },
          buffer.subarray(second + 1),
        );
      }
    } catch {
      // missing, unreadable, foreign, damaged or forged: start afresh
    }
    const cache = new LintCache(file, fresh, undefined);
    cache.dirty = true;
    return cache;
  }

  /** The facts part is one line per page: the page's path as a JSON string, a tab, its facts as JSON. */
  private raw(): Map<string, Buffer> {
    if (!this.rawFacts) {
      this.rawFacts = new Map();
      const part = this.factsPart ?? Buffer.alloc(0);
      // Bytes 10 (a new line) and 9 (a tab) are only ever themselves in UTF-8, and JSON escapes them in strings.
      for (let start = 0; start < part.length;) {
        let end = part.indexOf(10, start);
        if (end < 0) end = part.length;
        const tab = part.indexOf(9, start);
        if (tab >= 0 && tab < end) {
          try {
            this.rawFacts.set(JSON.parse(part.toString('utf8', start, tab)) as string, part.subarray(tab + 1, end));
          } catch {
            // the part matched its hash; a line that is not ours is skipped
          }
        }
        start = end + 1;
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
        const parsed = raw === undefined ? null : (JSON.parse(raw.toString('utf8')) as unknown);
        facts = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as PageFacts) : null;
      } catch {
        facts = null;
      }
      this.parsedFacts.set(rel, facts);
    }
    return this.parsedFacts.get(rel) ?? undefined;
  }

  /** True when the cache holds an outcome of the page `rel` with this content hash. */
  has(rel: string, hash: string): boolean {
    return this.header.pages.get(rel)?.hash === hash;
  }

  /** The cached outcome of the page `rel` (absolute path `file`) when its content hash matches: its findings are placed in that file. */
  page(rel: string, hash: string, file: string): CachedOutcome | undefined {
    const entry = this.header.pages.get(rel);
    if (!entry || entry.hash !== hash) return undefined;
    this.used.add(rel);
    const factsOf = () => this.factsOf(rel);
    return {
      findings: entry.findings.map((f) => ({ ...f, file })),
      directives: entry.directives,
      ...(entry.notChecked !== undefined && { notChecked: entry.notChecked }),
      ...(entry.ifUnused && { ifUnused: entry.ifUnused.map((u) => ({ ...u, finding: { ...u.finding, file } })) }),
      get facts() {
        return factsOf();
      },
    };
  }

  setPage(
    rel: string,
    hash: string,
    outcome: {
      findings: Finding[];
      facts: PageFacts | undefined;
      notChecked?: string;
      ifUnused?: UnusedDirectiveReport[];
    },
  ): void {
    // A page's findings are its own: kept without the file name.
    const findings = outcome.findings.map(({ file: _file, ...rest }) => rest);
    const entry: PageEntry = { hash, findings, directives: outcome.facts?.directives ?? [] };
    if (outcome.notChecked !== undefined) entry.notChecked = outcome.notChecked;
    if (outcome.ifUnused)
      entry.ifUnused = outcome.ifUnused.map(({ finding: { file: _file, ...rest }, ...u }) => ({ ...u, finding: rest }));
    this.header.pages.set(rel, entry);
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

  site(key: string): KeptFindings | undefined {
    return this.header.site?.key === key ? this.header.site : undefined;
  }

  setSite(entry: KeptFindings): void {
    this.header.site = entry;
    this.dirty = true;
  }

  check(id: string, key: string): KeptFindings | undefined {
    const checks = this.header.checks ?? {};
    const entry = own(checks, id) ? checks[id] : undefined;
    return entry?.key === key ? entry : undefined;
  }

  setCheck(id: string, entry: KeptFindings): void {
    this.header.checks ??= {};
    setOwn(this.header.checks, id, entry);
    this.dirty = true;
  }

  config(key: string): KeptFindings | undefined {
    return this.header.config?.key === key ? this.header.config : undefined;
  }

  setConfig(entry: KeptFindings): void {
    this.header.config = entry;
    this.dirty = true;
  }

  /** The import sources of the file `rel` as its MDX parse found them, when its content hash matches (null: it does not parse). */
  imports(rel: string, hash: string): string[] | null | undefined {
    const entry = this.header.imports?.get(rel);
    if (!entry || entry.hash !== hash) return undefined;
    this.usedImports.add(rel);
    return entry.sources;
  }

  setImports(rel: string, hash: string, sources: string[] | null): void {
    (this.header.imports ??= new Map()).set(rel, { hash, sources });
    this.usedImports.add(rel);
    this.dirty = true;
  }

  /** When the file `rel` (absolute path `file`) is unchanged since a run recorded it: what that run learnt. */
  unchanged(rel: string, file: string): { hash: string; sources: string[]; snippets?: string[] } | undefined {
    const entry = this.header.files?.get(rel);
    if (!entry) return undefined;
    let same = this.checkedFiles.get(rel);
    if (same === undefined) {
      const info = lstatSync(file, { throwIfNoEntry: false });
      same = info?.isFile() === true && signatureOf(info) === entry.sig;
      this.checkedFiles.set(rel, same);
    }
    if (!same) return undefined;
    this.usedFiles.add(rel);
    return entry;
  }

  record(
    rel: string,
    signature: ReadSignature | undefined,
    hash: string,
    sources: string[],
    snippets: readonly string[] = [],
  ): void {
    const files = (this.header.files ??= new Map());
    this.usedFiles.add(rel);
    this.checkedFiles.delete(rel);
    const racy = !signature || isRacy(signature, this.started);
    if (racy) {
      this.sawRacy = true;
      if (files.delete(rel)) this.dirty = true;
      return;
    }
    const entry: FileEntry = {
      sig: signatureOf(signature),
      hash,
      sources,
      ...(snippets.length ? { snippets: [...snippets] } : {}),
    };
    const old = files.get(rel);
    const same = (a: readonly string[] | undefined, b: readonly string[] | undefined) =>
      (a ?? []).join('\0') === (b ?? []).join('\0');
    if (
      old &&
      old.sig === entry.sig &&
      old.hash === hash &&
      same(old.sources, sources) &&
      same(old.snippets, entry.snippets)
    )
      return;
    files.set(rel, entry);
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
      for (const rel of this.header.files?.keys() ?? []) {
        if (!this.usedFiles.has(rel)) {
          this.header.files!.delete(rel);
          this.dirty = true;
        }
      }
      for (const rel of this.header.imports?.keys() ?? []) {
        if (!this.usedImports.has(rel)) {
          this.header.imports!.delete(rel);
          this.dirty = true;
        }
      }
    }
    if (!this.dirty) return;
    // Pages in path order, whatever order they were linted in (worker threads finish in any order):
    // the same results make the same file.
    this.header.pages = new Map([...this.header.pages].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    // Facts of pages this run did not lint are written back as they were read, without parsing.
    // As bytes: the facts read are most of the file, copied as they are rather than decoded and encoded again.
    const raw = this.changedFacts.size < this.header.pages.size ? this.raw() : new Map<string, Buffer>();
    const chunks: Buffer[] = [];
    let text = '';
    let first = true;
    for (const rel of this.header.pages.keys()) {
      text += `${first ? '' : '\n'}${JSON.stringify(rel)}\t`;
      first = false;
      const changed = this.changedFacts.has(rel);
      const bytes = changed ? undefined : raw.get(rel);
      if (bytes === undefined) {
        text += changed ? JSON.stringify(this.parsedFacts.get(rel) ?? null) : 'null';
        continue;
      }
      chunks.push(Buffer.from(text), bytes);
      text = '';
    }
    // Object.fromEntries defines properties, so a page named `__proto__` stays a key.
    const header = JSON.stringify({
      ...this.header,
      pages: Object.fromEntries(this.header.pages),
      imports:
        this.header.imports &&
        Object.fromEntries([...this.header.imports].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
      files:
        this.header.files &&
        Object.fromEntries([...this.header.files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    });
    const body = [Buffer.from(`${header}\n`), ...chunks, Buffer.from(text)];
    try {
      await writeFileAtomic(
        this.file,
        Buffer.concat([Buffer.from(`${CACHE_MAGIC} ${FORMAT} ${mac(body)}\n`), ...body]),
      );
      this.dirty = false;
    } catch {
      // a cache that cannot be written is not a lint failure
    }
  }
}
