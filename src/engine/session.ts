import path from 'node:path';
import { append, type Diagnostic, type Finding } from '../core/diagnostic.js';
import { isInside, toPosix } from '../core/paths.js';
import { readFileSafe, readListedFile, realRoot } from '../core/safe-read.js';
import type { PageFacts } from '../pages/facts.js';
import { frontmatterFacts, type FrontmatterFacts } from '../pages/frontmatter-facts.js';
import type { Rule } from '../rule-kit/rule.js';
import { isPageFile, pageEntry } from '../site/inventory.js';
import { CONFIG_FILE, loadSite } from '../site/load.js';
import { loadDocsJson, siteTextReader } from '../site/docs-json.js';
import { SiteModel, type SiteTextReader } from '../model/site-model.js';
import type { PageEntry, Site } from '../site/site.js';
import type { LintCache } from './cache.js';
import { baseKey, factsKey, siteKey } from './cache-keys.js';
import { applyDirectives, toDiagnostics, type Unchecked } from './message-control.js';
import { runSiteRule, type SitePass } from './rule-runner.js';
import { contentHash, MAX_PAGE_BYTES, pageInput, readPage, type PageText } from './page-reader.js';
import { DEFAULT_TIME_LIMITS, pagePlan, planFingerprint, type EffectiveSettings } from './settings.js';
import { TimeLimitError, underWatchdog, type LimitName } from './time-limit.js';
import type { PageInput } from './lint-page.js';
import { PagePool, pageWorkerFile, type PoolResult } from './page-pool.js';

export { MAX_PAGE_BYTES };

/** Pages to parse that a run with a cache parses on the main thread rather than start worker threads for. */
const FEW_PAGES = 8;

/** Bytes of pages the worker threads take as they come before the largest first (see `passOrder`). */
const WARM_UP_BYTES = 1024 * 1024;

/**
 * Bytes of pages held in memory for the page pass before it takes them: what the listing keeps,
 * and what pages waiting for a worker thread hold. Past it, a page is read (again) when a worker
 * takes it, so that a run's memory does not grow with the size of the site's text (172 MB for
 * the 25,000 pages of a site made by scripts/make-scale-site.mjs). `DOCLINT_HELD_BYTES` sets
 * another budget (the tests set 0: every page is read when a worker takes it).
 */
const HELD_BYTES = heldBytesSetting(process.env.DOCLINT_HELD_BYTES);

function heldBytesSetting(value: string | undefined): number {
  const bytes = value === undefined || value.trim() === '' ? NaN : Number(value);
  return Number.isInteger(bytes) && bytes >= 0 ? bytes : 32 * 1024 * 1024;
}

/** Largest file a site rule reads through the site model (specs, robots.txt). */
const MAX_SITE_FILE_BYTES = 64 * 1024 * 1024;

/** What one pass of `SiteSession.lint` found, and what it could not check. */
export interface LintPass {
  diagnostics: Diagnostic[];
  files: string[];
  unchecked: Unchecked;
}

/** What the page pass produced for one page. */
export interface PageOutcome {
  findings: Finding[];
  readonly facts: PageFacts | undefined;
  /** The page's inline directives when known without its facts (an outcome from the cache). */
  directives?: PageFacts['directives'];
}

export interface SessionOptions {
  /**
   * Worker threads for the page pass; 0 or none: pages are linted on the main thread. Either way a
   * page is under the page watchdog (`timeLimits.page`), past which the run stops.
   */
  threads?: number;
  /**
   * Lint pages that look ordinary on the main thread, and only those that look slow (see
   * `looksSlow`) on the worker threads, under the time limit: for runs over a few pages, where
   * starting a worker costs more than it saves.
   */
  mainThreadFirst?: boolean;
  /**
   * Every overlay file inside the site joins the inventory, not only pages: an image or a spec
   * that is gone from the disk stands as it was (the site before a staged deletion).
   */
  overlayAllFiles?: boolean;
  /**
   * Pages (site-relative paths) whose bytes the listing of the site keeps for the first lint, which
   * then reads no page twice: the pages the run is about.
   */
  prefetch?: (relative: string) => boolean;
  /** Results of earlier runs (`--cache`), from the listing of the site on (see `useCache`). */
  cache?: LintCache;
}

/**
 * A page that may take long to parse (see `mayBeSlow`): in a run over a few files, it alone goes
 * to a worker thread.
 */
async function looksSlow(input: PageInput): Promise<boolean> {
  if (input.unreadable) return false;
  return (await import('../pages/pathology.js')).mayBeSlow(input.text);
}

/**
 * One site kept in memory: the site model, every page's outcome (parsed at most once per
 * content), and in-memory text that overrides the disk (editor buffers, standard input).
 * The CLI makes one per run; the language server keeps one alive and invalidates what changes.
 *
 * Reading pages is src/engine/page-reader.ts, cache keys src/engine/cache-keys.ts, and what
 * happens to findings on their way out (directives, severities) src/engine/message-control.ts.
 */
export class SiteSession {
  private outcomes = new Map<string, Promise<PageOutcome>>();
  private texts = new Map<string, PageText>();
  /** Page entries by absolute path (see `entryFor`), rebuilt when the site's pages change. */
  private byFile: { pages: Map<string, PageEntry>; size: number; map: Map<string, PageEntry> } | undefined;
  /** Bytes read while the site was listed, by site-relative path: taken by the first read of each page. */
  private prefetched: Map<string, Buffer>;
  /** Sizes of the pages the listing read, by site-relative path: the order of the page pass. */
  private readonly sizes: Map<string, number>;
  /** Bytes that pages waiting for a worker thread hold (at most HELD_BYTES). */
  private heldBytes = 0;
  private cache: LintCache | undefined;
  /** Editor buffers (text) and standard input (its bytes, checked as a file's are). */
  private readonly overlays = new Map<string, string | Buffer>();
  /** Front-matter facts of pages read without their page pass (see `frontmatterOf`), by file. */
  private readonly frontmatters = new Map<string, FrontmatterFacts>();
  /** Files invalidated or given a buffer since the site was listed: what the listing read of them may no longer stand. */
  private readonly changedSinceListing = new Set<string>();
  private parsed = 0;
  private model: SiteModel;
  private readonly realRoot: string;
  /** The site root with a trailing separator. */
  private readonly rootPrefix: string;
  /** Keep each page's bytes after linting it (`--fix` applies its fixes to exactly that text). */
  retainTexts = false;
  private pool: PagePool | undefined;
  /** Set when the pool cannot be used with the current settings: pages are linted here. */
  private poolOff = false;
  /**
   * Set when a page's worker died (out of memory): the page is reported as not checked and not
   * cached, and no site findings are cached.
   */
  private stopped = false;
  private readonly threads: number;
  private readonly mainThreadFirst: boolean;
  /** This pass has few pages to parse (the rest from the cache): as with `mainThreadFirst`. */
  private fewToParse = false;
  private readonly overlayAllFiles: boolean;

  private constructor(
    private raw: Site,
    private settings: EffectiveSettings,
    overlays: ReadonlyMap<string, string | Buffer> | undefined,
    options: SessionOptions = {},
    prefetched = new Map<string, Buffer>(),
    sizes = new Map<string, number>(),
  ) {
    this.prefetched = prefetched;
    this.sizes = sizes;
    this.threads = Math.max(0, Math.floor(options.threads ?? 0));
    this.mainThreadFirst = options.mainThreadFirst === true;
    this.overlayAllFiles = options.overlayAllFiles === true;
    for (const [file, text] of overlays ?? []) this.overlays.set(file, text);
    this.realRoot = realRoot(raw.root);
    this.rootPrefix = raw.root.endsWith(path.sep) ? raw.root : raw.root + path.sep;
    this.model = this.makeModel();
    if (this.addOverlayPages()) this.model = this.makeModel();
  }

  static async open(
    root: string,
    settings: EffectiveSettings,
    overlays?: ReadonlyMap<string, string | Buffer>,
    options?: SessionOptions,
  ): Promise<SiteSession> {
    const prefetched = new Map<string, Buffer>();
    const sizes = new Map<string, number>();
    const prefetch = options?.prefetch;
    let kept = 0;
    // The listing keeps the bytes of the pages the run is about, up to HELD_BYTES.
    const keep = prefetch
      ? (relative: string, bytes: number) => {
          sizes.set(relative, bytes);
          if (kept + bytes > HELD_BYTES || !prefetch(relative)) return false;
          kept += bytes;
          return true;
        }
      : undefined;
    const site = await loadSite(root, siteTextReader(root, overlays), { keep, prefetched, importsMemo: options?.cache, fileMemo: options?.cache });
    const session = new SiteSession(site, settings, overlays, options, prefetched, sizes);
    session.useCache(options?.cache);
    return session;
  }

  /** True when a page could not be checked (its worker died): its outcome is not to be kept. */
  get timeLimited(): boolean {
    return this.stopped;
  }

  /** Stops the worker threads of the page pass (they are started again when needed). */
  close(): void {
    void this.pool?.close();
    this.pool = undefined;
  }

  /** The watchdogs in force, in milliseconds. */
  private limitMs(which: LimitName): number {
    return (this.settings.timeLimits?.[which] ?? DEFAULT_TIME_LIMITS[which]) * 1000;
  }

  /** The run stops: `what` took longer than the watchdog of `which` (see time-limit.ts). */
  private timeLimit(which: LimitName, what: string): TimeLimitError {
    return new TimeLimitError(which, this.limitMs(which) / 1000, what);
  }

  /**
   * The pool of page workers, started on first use: only with threads, settings a worker can make
   * again (from the configuration file and the command line), and a built worker module.
   */
  private pagePool(): PagePool | undefined {
    if (this.pool || this.poolOff || this.threads < 1) return this.pool;
    const file = pageWorkerFile();
    const source = this.settings.source;
    if (!file || !source) {
      this.poolOff = true;
      return undefined;
    }
    this.pool = new PagePool(file, { source, fingerprint: planFingerprint(this.settings) }, { threads: this.threads, pageTimeoutMs: this.limitMs('page') });
    return this.pool;
  }

  /** A rule's option that asks for the specs in use to be validated in full is set (see `meta.specSchemaOption`). */
  private specSchemaValidation(): boolean {
    return this.settings.registry.withFlag('specSchemaOption').some((meta) => {
      const options = this.settings.rules[meta.id]?.options as Record<string, unknown> | undefined;
      return options?.[meta.specSchemaOption!] === true;
    });
  }

  private makeModel(): SiteModel {
    return new SiteModel(this.raw, {
      read: this.siteReader,
      specSchemaValidation: this.specSchemaValidation(),
      listingStands: (file) => !this.overlays.has(file) && !this.changedSinceListing.has(file),
    });
  }

  /** Reads a file of the site for a rule: the editor's buffer first, else the disk under the safe-read rules. */
  private readonly siteReader: SiteTextReader = (file) => {
    const overlay = this.overlays.get(file);
    if (overlay !== undefined) {
      // The same limit as the file on disk.
      const bytes = typeof overlay === 'string' ? Buffer.byteLength(overlay, 'utf8') : overlay.length;
      if (bytes > MAX_SITE_FILE_BYTES)
        return {
          ok: false,
          code: 'ETOOBIG',
          message: `the file is too large (${(bytes / 1048576).toFixed(1)} MB; the limit is ${MAX_SITE_FILE_BYTES / 1048576} MB)`,
        };
      return { ok: true, text: typeof overlay === 'string' ? overlay : overlay.toString('utf8') };
    }
    // A file the walk listed is read without a realpath (see readListedFile); any other path with every check.
    const rel = file.startsWith(this.rootPrefix) ? file.slice(this.rootPrefix.length) : undefined;
    const listed = rel !== undefined && path.sep === '/' && this.raw.files.has(rel);
    const read = listed
      ? readListedFile(file, { root: this.realRoot, maxBytes: MAX_SITE_FILE_BYTES })
      : readFileSafe(file, { root: this.realRoot, maxBytes: MAX_SITE_FILE_BYTES });
    return read.ok ? { ok: true, text: read.buffer.toString('utf8') } : { ok: false, code: read.code, message: read.message };
  };

  /**
   * Pages that exist only in memory (a new, unsaved page) join the inventory (with
   * `overlayAllFiles`, other files too; returns true when one did: the model's spec list changes).
   */
  private addOverlayPages(): boolean {
    const site = this.raw;
    let added = false;
    for (const file of this.overlays.keys()) {
      const rel = toPosix(path.relative(site.root, file));
      if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel) || site.ignores.ignores(rel)) continue;
      if (!isPageFile(rel)) {
        if (this.overlayAllFiles && !site.files.has(rel)) {
          site.files.add(rel);
          added = true;
        }
        continue;
      }
      if (site.pages.has(rel)) continue;
      const entry = pageEntry(site.root, rel);
      site.pages.set(rel, entry);
      site.files.add(rel);
      if (!entry.isSnippet && !site.routes.has(entry.route)) site.routes.set(entry.route, entry);
    }
    return added;
  }

  /** The site model the rules see. */
  get site(): SiteModel {
    return this.model;
  }

  /** How many pages this session has parsed (cache hits and skipped files aside). */
  get parsedPages(): number {
    return this.parsed;
  }

  get root(): string {
    return this.raw.root;
  }

  get effectiveSettings(): EffectiveSettings {
    return this.settings;
  }

  /**
   * Reloads docs.json and the inventory (`inventory: false`: docs.json only), and makes a new site
   * model (page outcomes are kept).
   */
  async reloadSite(options: { inventory?: boolean } = {}): Promise<void> {
    const root = this.raw.root;
    if (options.inventory === false) {
      // Only docs.json and its files changed (an edit, a fix): the file list is the same.
      this.raw = { ...this.raw, config: await loadDocsJson(path.join(root, CONFIG_FILE), root, siteTextReader(root, this.overlays)) };
    } else {
      this.raw = await loadSite(root, siteTextReader(root, this.overlays), { importsMemo: this.cache, fileMemo: this.cache });
      this.changedSinceListing.clear();
    }
    this.prefetched.clear();
    this.addOverlayPages();
    this.model = this.makeModel();
  }

  setSettings(settings: EffectiveSettings): void {
    if (settings === this.settings) return;
    this.settings = settings;
    this.close();
    this.poolOff = false;
    this.outcomes.clear();
    this.cache = undefined;
    this.model = this.makeModel();
  }

  /** Text that stands for a file instead of what is on disk (`undefined` drops it). */
  setOverlay(file: string, text: string | undefined): void {
    if (text === undefined) this.overlays.delete(file);
    else this.overlays.set(file, text);
    this.invalidate(file);
    this.addOverlayPages();
  }

  /** Forgets a page's outcome so that the next lint reads it again; a file rules read (spec, robots.txt) gets a new site model. */
  invalidate(file: string): void {
    this.changedSinceListing.add(file);
    this.prefetched.delete(toPosix(path.relative(this.raw.root, file)));
    this.outcomes.delete(file);
    this.texts.delete(file);
    this.frontmatters.delete(file);
    if (!isPageFile(file)) this.model = this.makeModel();
  }

  /** Results of earlier runs to reuse (and to fill). */
  useCache(cache: LintCache | undefined): void {
    this.cache = cache;
  }

  entryFor(file: string): PageEntry | undefined {
    const pages = this.raw.pages;
    // By absolute path (a run asks for every file with findings); pages join the map as they join the site.
    if (this.byFile?.pages !== pages || this.byFile.size !== pages.size) {
      this.byFile = { pages, size: pages.size, map: new Map([...pages.values()].map((entry) => [entry.file, entry])) };
    }
    return this.byFile.map.get(file) ?? pages.get(toPosix(path.relative(this.raw.root, file)));
  }

  /** The text of a page exactly as it was linted (the text `--fix` offsets refer to), if it was read. */
  lintedText(file: string): string | undefined {
    const read = this.texts.get(file);
    if (!read) return undefined;
    return read.text ?? read.buffer?.toString('utf8');
  }

  /**
   * Reads a page once: its bytes, or why it cannot be linted. A page the cache vouches for
   * (unchanged since it was recorded) is not read until its bytes are needed (`bytes`).
   */
  private readPage(entry: PageEntry, bytes = false): PageText {
    let read = this.texts.get(entry.file);
    if (!read || (bytes && read.deferred)) {
      const overlay = this.overlays.get(entry.file);
      let early = overlay === undefined ? this.prefetched.get(entry.relative) : undefined;
      this.prefetched.delete(entry.relative);
      if (early && early.length > MAX_PAGE_BYTES) early = undefined;
      const known = !bytes && overlay === undefined && !early ? this.cache?.unchanged(entry.relative, entry.file) : undefined;
      // Bytes read when the site was listed passed the same checks, under the same size limit.
      read = known ? { hash: known.hash, deferred: true } : early ? { buffer: early, hash: contentHash(early) } : readPage(entry.file, overlay, this.realRoot);
      this.texts.set(entry.file, read);
    }
    return read;
  }

  /** The page pass for one page, memoised. */
  page(entry: PageEntry): Promise<PageOutcome> {
    let pending = this.outcomes.get(entry.file);
    if (!pending) {
      pending = this.runPage(entry);
      this.outcomes.set(entry.file, pending);
    }
    return pending;
  }

  /**
   * The order worker threads take pages in: a first few as they come (the parser's code gets
   * optimised on ordinary pages; a very large page parsed first, on code not yet optimised, costs
   * several times its time), then the largest first, so that no large page is left for the end
   * while the other threads wait.
   */
  private passOrder(pages: PageEntry[]): PageEntry[] {
    let bytes = 0;
    let first = 0;
    while (first < pages.length && bytes < WARM_UP_BYTES) bytes += this.sizeOf(pages[first++]!);
    return [...pages.slice(0, first), ...pages.slice(first).sort((a, b) => this.sizeOf(b) - this.sizeOf(a))];
  }

  /** How many of these pages the cache does not answer for (counting stops past FEW_PAGES). */
  private missCount(pages: PageEntry[]): number {
    let misses = 0;
    for (const entry of pages) {
      if (this.outcomes.has(entry.file) || this.cache?.has(entry.relative, this.pageKey(entry))) continue;
      if (++misses > FEW_PAGES) break;
    }
    return misses;
  }

  /** A page's size in bytes as the listing read it (0 when it did not): the order of the page pass. */
  private sizeOf(entry: PageEntry): number {
    return this.prefetched.get(entry.relative)?.length ?? this.sizes.get(entry.relative) ?? 0;
  }

  /** The cache key of a page's outcome: its content, and whether it is a snippet (its rules differ). */
  private pageKey(entry: PageEntry): string {
    const hash = this.readPage(entry).hash;
    return entry.isSnippet ? `${hash}:snippet` : hash;
  }

  private async runPage(entry: PageEntry): Promise<PageOutcome> {
    const viaPool = !this.mainThreadFirst && !this.fewToParse && !this.retainTexts && this.pagePool() !== undefined;
    // Without a cache nothing needs the bytes of a page bound for a worker thread before a worker
    // takes it: unless the listing kept them, they are read then (see HELD_BYTES).
    const later = viaPool && !this.cache && !this.texts.has(entry.file) && !this.prefetched.has(entry.relative);
    let read: PageText | undefined;
    let key = '';
    if (!later) {
      read = this.readPage(entry);
      key = this.pageKey(entry);
      if (this.cache) {
        const hit = this.cache.page(entry.relative, key, entry.file);
        if (hit) return hit;
      }
      if (read.deferred) {
        // Not in the cache after all (other settings): read it now.
        read = this.readPage(entry, true);
        key = this.pageKey(entry);
        const hit = this.cache?.page(entry.relative, key, entry.file);
        if (hit) return hit;
      }
    }
    /** Bytes this page holds while it waits for a worker thread (counted in `heldBytes`). */
    let held = 0;
    if (viaPool && read?.buffer) {
      if (this.heldBytes + read.buffer.length > HELD_BYTES) {
        // Past the budget: only the hash is kept; the page is read again when a worker takes it.
        this.texts.set(entry.file, { hash: read.hash, deferred: true });
        read = undefined;
      } else this.heldBytes += held = read.buffer.length;
    }
    /** The page's bytes, read now if they were not held (its key follows what was read). */
    const bytes = (): PageText => {
      if (!read) {
        read = this.readPage(entry, true);
        key = this.pageKey(entry);
      }
      return read;
    };
    // The page's bytes are not needed again (unless fixes are to be applied to them): let them go.
    const release = () => {
      this.heldBytes -= held;
      held = 0;
      if (!this.retainTexts && read?.buffer) this.texts.set(entry.file, { hash: read.hash, unreadable: read.unreadable });
    };
    let early: PageInput | undefined;
    if (this.mainThreadFirst || this.fewToParse) {
      // Pages that look ordinary are linted right here, without a trip to a worker thread.
      early = pageInput(entry.file, entry.isSnippet, bytes());
      if (!(await looksSlow(early))) return this.lintHere(entry, key, early, release);
    }
    const pool = this.pagePool();
    if (pool) {
      let input: PageInput | undefined;
      // The text is decoded when a worker takes the page, not before.
      const ran = await pool.run(() => {
        input = early ?? pageInput(entry.file, entry.isSnippet, bytes());
        release();
        if (!input.unreadable) this.parsed++;
        return input;
      });
      if (ran.kind === 'done') {
        const outcome: PageOutcome = { findings: ran.result.findings, facts: ran.result.facts };
        this.cache?.setPage(entry.relative, key, outcome);
        return outcome;
      }
      if (ran.kind === 'timeout') throw this.timeLimit('page', entry.relative);
      if (ran.kind === 'crashed') return this.notChecked(input!, ran);
      if (input) this.parsed--;
      if (ran.refused) {
        this.poolOff = true;
        this.close();
      }
    }
    const input = early ?? pageInput(entry.file, entry.isSnippet, bytes());
    return this.lintHere(entry, key, input, release);
  }

  /** Lints a page on this thread, under the page watchdog. */
  private async lintHere(entry: PageEntry, key: string, input: PageInput, release: () => void): Promise<PageOutcome> {
    release();
    const { lintPage } = await import('./lint-page.js');
    if (!input.unreadable) this.parsed++;
    const plan = pagePlan(this.settings);
    const result = underWatchdog(
      this.limitMs('page'),
      () => lintPage(input, plan),
      () => this.timeLimit('page', entry.relative),
    );
    const outcome: PageOutcome = { findings: result.findings, facts: result.facts };
    this.cache?.setPage(entry.relative, key, outcome);
    return outcome;
  }

  /**
   * The outcome of a page whose worker died while on it (out of memory): one finding at the start
   * of the page, and no facts. Not cached.
   */
  private async notChecked(input: PageInput, ran: Extract<PoolResult, { kind: 'crashed' }>): Promise<PageOutcome> {
    this.stopped = true;
    const { lintPage } = await import('./lint-page.js');
    const result = lintPage(
      { file: input.file, text: '', isSnippet: input.isSnippet, unreadable: { message: `not checked: ${ran.reason}`, problem: 'not-checked' } },
      pagePlan(this.settings),
    );
    return { findings: result.findings, facts: result.facts };
  }

  /** The facts of a page by absolute path (the page pass runs on first request). */
  async facts(file: string): Promise<PageFacts | undefined> {
    const entry = this.entryFor(file);
    return entry ? (await this.page(entry)).facts : undefined;
  }

  /**
   * A page's front-matter facts: from its facts when its page pass ran or runs in this pass, or the
   * cache holds them; else read from the front matter alone (the same values, see
   * `frontmatterFacts`), without parsing the page, and kept until the page changes.
   */
  async frontmatterOf(file: string): Promise<FrontmatterFacts | undefined> {
    const entry = this.entryFor(file);
    if (!entry) return undefined;
    if (this.outcomes.has(file) || this.cache?.has(entry.relative, this.pageKey(entry))) return (await this.page(entry)).facts;
    let facts = this.frontmatters.get(file);
    if (!facts) {
      // Read apart from the page pass's reads (`texts`): the bytes are not kept.
      facts = frontmatterFacts(pageInput(entry.file, entry.isSnippet, readPage(entry.file, this.overlays.get(entry.file), this.realRoot)));
      this.frontmatters.set(file, facts);
    }
    return facts;
  }

  /**
   * Lints what `inScope` selects: docs.json (when one of its files is in scope), the pages in
   * scope, and every site rule (reporting only findings in scope). Pages out of scope are parsed
   * only when a site rule asks for their facts.
   */
  async lint(inScope: (file: string) => boolean, options: { whole?: boolean; onProgress?: (done: number, total: number) => void } = {}): Promise<LintPass> {
    const { settings } = this;
    const site = this.model;
    const unchecked: Unchecked = { rules: new Map(), files: new Map() };
    /** Rules that did not finish (stopped, failed): their findings are not cached. */
    const unfinished = new Set<string>();
    const incomplete = (id: string) => (why: string) => {
      unfinished.add(id);
      unchecked.rules.set(id, why);
    };
    const registry = settings.registry;
    const findings: Finding[] = [];
    const files: string[] = [];
    const isOn = (rule: Rule) => settings.rules[rule.meta.id]?.severity !== 'off';

    const pagesInScope = [...site.pages.values()].filter((p) => inScope(p.file));
    let done = 0;
    // Bytes the listing kept for pages out of scope are not needed.
    const wanted = new Set(pagesInScope.map((p) => p.relative));
    for (const rel of this.prefetched.keys()) if (!wanted.has(rel)) this.prefetched.delete(rel);

    const base = this.cache ? baseKey(site, this.overlays, this.cache.file) : undefined;
    const key =
      base !== undefined
        ? siteKey(
            base,
            [...site.pages.values()].map((entry) => ({ relative: entry.relative, hash: this.pageKey(entry) })),
          )
        : undefined;
    const cachedSite = key !== undefined ? this.fromCache(this.cache!.site(key)) : undefined;
    // Worker threads take the largest pages first (a large page last would leave the others
    // waiting on it); the main thread meanwhile does the site rules' work that reads no page.
    // With a cache, a pass that has only a few pages to parse (an edit since the last run) parses
    // them here: starting worker threads would cost more than those pages.
    this.fewToParse = this.cache !== undefined && this.threads > 0 && this.missCount(pagesInScope) <= FEW_PAGES;
    const pool = options.whole && !this.mainThreadFirst && !this.fewToParse ? this.pagePool() : undefined;
    const order = pool ? this.passOrder(pagesInScope) : pagesInScope;
    const pending = new Map(
      order.map((entry) => [
        entry,
        this.page(entry).then((outcome) => {
          options.onProgress?.(++done, pagesInScope.length);
          return outcome;
        }),
      ]),
    );
    const validatesSpecs = registry.withFlag('validatesSpecs').some((meta) => settings.rules[meta.id]?.severity !== 'off') || this.specSchemaValidation();
    const prepared = pool && !cachedSite && validatesSpecs ? site.prepare() : undefined;
    const outcomes = await Promise.all(pagesInScope.map((entry) => pending.get(entry)!));
    await prepared;

    // A whole-site run's findings can serve any later scope; a partial run's cannot.
    const scope = options.whole ? () => true : inScope;
    const pass: SitePass = {
      inScope: scope,
      facts: (file) => this.facts(file),
      frontmatterFacts: (file) => this.frontmatterOf(file),
      anchors: async (file) => {
        const entry = this.entryFor(file);
        if (!entry || this.outcomes.has(file)) return undefined;
        const read = this.readPage(entry, true);
        const text = read.text ?? (read.buffer && !read.unreadable ? read.buffer.toString('utf8') : undefined);
        return text === undefined ? undefined : (await import('../pages/anchors.js')).quickAnchors(text);
      },
    };

    const configFiles = [...site.config.files.keys()];
    const configInScope = configFiles.some(inScope);
    if (configInScope) {
      append(files, configFiles.filter(inScope));
      append(findings, await this.configFindings(registry.rules('config').filter(isOn), pass, incomplete));
    }
    if (site.config.value === undefined) {
      // Only the docs.json syntax rule and the rules that need no docs.json ran: the others' findings are missing.
      const why = `${toPosix(path.relative(this.raw.root, site.config.rootFile))} did not parse, so the site checks did not run`;
      for (const rule of [...registry.rules('config'), ...registry.rules('site')]) {
        if (isOn(rule) && !rule.meta.reportsConfigSyntax && !(rule.meta.kind === 'site' && rule.meta.independentOfConfig))
          unchecked.rules.set(rule.meta.id, why);
      }
    }

    let siteFindings = cachedSite;
    const siteLimit = { ms: this.limitMs('siteCheck'), passed: (what: string) => this.timeLimit('siteCheck', what) };
    if (!siteFindings) {
      siteFindings = [];
      /** Keys by the facts rules read: the four endpoint rules share one. */
      const keys = new Map<string, Promise<string>>();
      for (const rule of registry.rules('site')) {
        if (!isOn(rule)) continue;
        if (site.config.value === undefined && !rule.meta.independentOfConfig) continue;
        if (rule.meta.reportsInConfigOnly && !options.whole && !configInScope) continue;
        // In a whole run, a rule that says which facts it reads is keyed on those alone: an edit
        // that changes none of them (prose) does not run it again.
        const fields = rule.meta.readsFacts;
        const names = fields?.join(',');
        if (base !== undefined && options.whole && fields && names !== undefined && !keys.has(names)) {
          keys.set(
            names,
            factsKey(base, site, fields, this.cache, (rel) => this.page(site.pages.get(rel)!).then((o) => o.facts)),
          );
        }
        const ruleKey = names !== undefined ? await keys.get(names) : undefined;
        const hit = ruleKey !== undefined ? this.fromCache(this.cache!.check(rule.meta.id, ruleKey)) : undefined;
        const found = hit ?? (await runSiteRule(rule, this.model, this.settings.rules[rule.meta.id]?.options, pass, siteLimit, incomplete(rule.meta.id)));
        if (ruleKey !== undefined && !hit && !this.stopped && !unfinished.has(rule.meta.id)) this.cache!.setCheck(rule.meta.id, ruleKey, found);
        append(siteFindings, found);
      }
      if (key !== undefined && options.whole && !this.stopped && unfinished.size === 0) this.cache!.setSite(key, siteFindings);
    }
    for (const f of siteFindings) if (inScope(f.file)) findings.push(f);
    for (const outcome of outcomes) append(findings, outcome.findings);
    append(
      files,
      pagesInScope.map((p) => p.file),
    );
    // A page that did not parse, or was stopped, has a finding of the syntax rule (whatever its severity).
    const syntax = this.syntaxRules();
    pagesInScope.forEach((entry, i) => {
      const failed = outcomes[i]!.findings.find((f) => syntax.has(f.ruleId));
      if (failed) unchecked.files.set(entry.file, `${entry.relative} was not checked (see its ${failed.ruleId} finding)`);
    });
    return { diagnostics: await this.finish(findings, pagesInScope), files, unchecked };
  }

  /**
   * Findings from the cache, when every file they name (related locations included) is a file of
   * this site: a cache never makes doclint report on, or fix, a file that is not the site's.
   */
  private fromCache(findings: Finding[] | undefined): Finding[] | undefined {
    if (!findings) return undefined;
    const seen = new Map<string, boolean>();
    const known = (file: string) => {
      let ok = seen.get(file);
      if (ok === undefined) {
        ok = this.raw.config.files.has(file) || (isInside(this.raw.root, file) && this.raw.files.has(toPosix(path.relative(this.raw.root, file))));
        seen.set(file, ok);
      }
      return ok;
    };
    return findings.every((f) => known(f.file) && (f.related ?? []).every((r) => known(r.file))) ? findings : undefined;
  }

  /** docs.json rules; with a cache, reused while docs.json and its `$ref` files are unchanged. */
  private async configFindings(rules: Rule[], pass: SitePass, incomplete: (id: string) => (why: string) => void): Promise<Finding[]> {
    const config = this.model.config;
    const key = this.cache ? contentHash([...config.files].map(([file, source]) => `${file}\0${source.text}`).join('\0')) : undefined;
    const hit = key !== undefined ? this.fromCache(this.cache!.config(key)) : undefined;
    if (hit) return hit;
    const found: Finding[] = [];
    let complete = true;
    for (const rule of rules) {
      // Only the syntax rule has something to say about a docs.json that does not parse.
      if (config.value === undefined && !rule.meta.reportsConfigSyntax) continue;
      const told = incomplete(rule.meta.id);
      const failed = (why: string) => {
        complete = false;
        told(why);
      };
      append(found, await runSiteRule(rule, this.model, this.settings.rules[rule.meta.id]?.options, pass, undefined, failed));
    }
    if (key !== undefined && complete) this.cache!.setConfig(key, found);
    return found;
  }

  /** The rules a page that could not be parsed or read is reported under (`meta.reportsSyntax`). */
  private syntaxRules(): Set<string> {
    return new Set(this.settings.registry.withFlag('reportsSyntax').map((meta) => meta.id));
  }

  /** Message control: directives of each page in scope, then severities and URLs. */
  private async finish(findings: Finding[], pagesInScope: PageEntry[]): Promise<Diagnostic[]> {
    const byFile = new Map<string, Finding[]>();
    for (const p of pagesInScope) byFile.set(p.file, []);
    for (const d of findings) {
      let list = byFile.get(d.file);
      if (!list) byFile.set(d.file, (list = []));
      list.push(d);
    }
    const known = this.settings.registry;
    const out: Finding[] = [];
    for (const [file, list] of byFile) {
      const entry = isPageFile(file) && isInside(this.raw.root, file) ? this.entryFor(file) : undefined;
      const outcome = entry && this.outcomes.has(file) ? await this.outcomes.get(file)! : undefined;
      const directives = outcome ? (outcome.directives ?? outcome.facts?.directives) : undefined;
      if (directives?.length) {
        const syntax = this.syntaxRules();
        const checked = !list.some((d) => syntax.has(d.ruleId));
        append(out, applyDirectives(list, directives, file, known, checked));
      } else append(out, list);
    }
    return toDiagnostics(out, known, this.settings);
  }
}
