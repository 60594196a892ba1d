import type { PageEntry } from '../site/site.js';
import type { PageOutcome, PageReuse } from '../cache/page-reuse.js';
import { contentHash, MAX_PAGE_BYTES, pageInput, readPage, type PageText } from './page-reader.js';
import {
  DEFAULT_TIME_LIMITS,
  pagePlan,
  planFingerprint,
  settingsFor,
  type EffectiveSettings,
} from '../config/settings.js';
import { TimeLimitError, underWatchdog, type LimitName } from './time-limit.js';
import type { PageInput, PageResult } from './lint-page.js';
import { PagePool, pageWorkerFile, type PoolResult } from './page-pool.js';
import type { SpellingSetup } from '../services/spelling/setup.js';
import { siteIcons, type SiteIcons } from '../platform/icons.js';

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
export const HELD_BYTES = heldBytesSetting(process.env.DOCLINT_HELD_BYTES);

function heldBytesSetting(value: string | undefined): number {
  const bytes = value === undefined || value.trim() === '' ? NaN : Number(value);
  return Number.isInteger(bytes) && bytes >= 0 ? bytes : 32 * 1024 * 1024;
}

export type { PageOutcome };

/**
 * A page that may take long to parse (see `mayBeSlow`): in a run over a few files, it alone goes
 * to a worker thread.
 */
async function looksSlow(input: PageInput): Promise<boolean> {
  if (input.unreadable) return false;
  return (await import('../pages/pathology.js')).mayBeSlow(input.text);
}

/** The watchdog of `which` in force, in milliseconds. */
export function limitMs(settings: EffectiveSettings, which: LimitName): number {
  return (settings.timeLimits?.[which] ?? DEFAULT_TIME_LIMITS[which]) * 1000;
}

/** The run stops: `what` took longer than the watchdog of `which` (see time-limit.ts). */
export function timeLimit(settings: EffectiveSettings, which: LimitName, what: string): TimeLimitError {
  return new TimeLimitError(which, limitMs(settings, which) / 1000, what);
}

/** What the page pass reads of the session that owns it (settings and cache change over its life). */
export interface PageHost {
  settings: () => EffectiveSettings;
  /** Earlier runs' outcomes (src/cache/page-reuse.ts): a pass-through without a cache. */
  reuse: () => PageReuse;
  /** Editor buffers and standard input, by absolute path. */
  overlays: ReadonlyMap<string, string | Buffer>;
  realRoot: string;
}

/**
 * The page pass of a `SiteSession`: every page's outcome (parsed at most once per content), on the
 * main thread or on worker threads (the pool), with the reads it needs (the listing's prefetched
 * bytes, at most HELD_BYTES held for pages waiting for a worker).
 */
export class PagePass {
  private readonly outcomes = new Map<string, Promise<PageOutcome>>();
  private readonly texts = new Map<string, PageText>();
  /** Bytes that pages waiting for a worker thread hold (at most HELD_BYTES). */
  private heldBytes = 0;
  /** How many pages this pass has parsed (cache hits and skipped files aside). */
  parsed = 0;
  /** Keep each page's bytes after linting it (`--fix` applies its fixes to exactly that text). */
  retainTexts = false;
  private pool: PagePool | undefined;
  /** Set when the pool cannot be used with the current settings: pages are linted here. */
  private poolOff = false;
  /**
   * Set when a page's worker died (out of memory): the page is reported as not checked and not
   * cached, and no site findings are cached.
   */
  stopped = false;
  private readonly threads: number;
  private readonly mainThreadFirst: boolean;
  /** This pass has few pages to parse (the rest from the cache): as with `mainThreadFirst`. */
  private fewToParse = false;
  /** The run's spelling setup, when a spelling rule is on (see src/services/spelling/). */
  private spelling: SpellingSetup | undefined;
  /** The site's icon library, as the page rules see it (see `setIcons`). */
  private icons: SiteIcons | undefined;

  constructor(
    private readonly host: PageHost,
    options: { threads?: number; mainThreadFirst?: boolean },
    /** Bytes read while the site was listed, by site-relative path: taken by the first read of each page. */
    private readonly prefetched: Map<string, Buffer>,
    /** Sizes of the pages the listing read, by site-relative path: the order of the page pass. */
    private readonly sizes: Map<string, number>,
  ) {
    this.threads = Math.max(0, Math.floor(options.threads ?? 0));
    this.mainThreadFirst = options.mainThreadFirst === true;
  }

  private get settings(): EffectiveSettings {
    return this.host.settings();
  }

  private get reuse(): PageReuse {
    return this.host.reuse();
  }

  /**
   * The spelling setup of the pages to come (undefined: no spelling rule is on). Another setup (the
   * site's languages or words changed) starts the pass again: what was found with the old one goes.
   */
  setSpelling(setup: SpellingSetup | undefined): this {
    if (setup?.key === this.spelling?.key) return this;
    this.reset();
    this.spelling = setup;
    return this;
  }

  /**
   * The site's icon library for the pages to come, from its docs.json (the resolved value). Another
   * library (docs.json changed it) starts the pass again: what was found with the old one goes.
   */
  setIcons(config: unknown): void {
    const icons = siteIcons(config);
    if (iconsKey(icons) === (this.icons ? iconsKey(this.icons) : '')) {
      this.icons = icons;
      return;
    }
    this.reset();
    this.icons = icons;
  }

  /** Stops the worker threads of the page pass (they are started again when needed). */
  close(): void {
    void this.pool?.close();
    this.pool = undefined;
  }

  /** New settings: the pool and every outcome go. */
  reset(): void {
    this.close();
    this.poolOff = false;
    this.outcomes.clear();
    // A page linted before kept its hash but let its bytes go: they are read again when needed.
    for (const [file, text] of this.texts)
      if (!text.buffer && text.text === undefined && !text.deferred && !text.unreadable)
        this.texts.set(file, { hash: text.hash, deferred: true });
  }

  /** Forgets what was read and found of a file (`relative` to the site root). */
  forget(file: string, relative: string): void {
    this.prefetched.delete(relative);
    this.outcomes.delete(file);
    this.texts.delete(file);
  }

  /** Drops the bytes the listing kept (the site was listed again). */
  dropPrefetched(): void {
    this.prefetched.clear();
  }

  /** Drops the bytes the listing kept for pages other than `wanted` (site-relative paths). */
  keepPrefetched(wanted: Set<string>): void {
    for (const rel of this.prefetched.keys()) if (!wanted.has(rel)) this.prefetched.delete(rel);
  }

  /** True when the page pass ran or runs for this file. */
  has(file: string): boolean {
    return this.outcomes.has(file);
  }

  /** The outcome of a file's page pass, when it ran or runs. */
  outcomeOf(file: string): Promise<PageOutcome> | undefined {
    return this.outcomes.get(file);
  }

  /** True when the page pass ran or runs for `file` (its entry `entry`), or the cache holds its outcome. */
  known(file: string, entry: PageEntry): boolean {
    return this.outcomes.has(file) || (this.reuse.keeps && this.reuse.has(entry.relative, this.pageKey(entry)));
  }

  /** The text of a page exactly as it was linted (the text `--fix` offsets refer to), if it was read. */
  lintedText(file: string): string | undefined {
    const read = this.texts.get(file);
    if (!read) return undefined;
    return read.text ?? read.buffer?.toString('utf8');
  }

  /**
   * Starts the page pass of the pages in scope: on worker threads (`whole`, largest pages first),
   * or here. Returns the pages' outcomes (in the order of `pagesInScope`), and whether the pool
   * takes them.
   *
   * On worker threads, only a few pages are under way at a time (`lanes`): a page started holds
   * its promises and reads until it is done (about 2 KB a page; 50 MB for 25,000 pages started at
   * once). One lane takes pages from the front of the pass order (the largest), the others from
   * its back, as the pool's workers do (see page-pool.ts).
   */
  start(
    pagesInScope: PageEntry[],
    options: { whole?: boolean; onProgress?: (done: number, total: number) => void },
  ): { pool: boolean; outcomes: Promise<PageOutcome[]> } {
    let done = 0;
    const progress = <T>(outcome: T): T => {
      options.onProgress?.(++done, pagesInScope.length);
      return outcome;
    };
    // With a cache, a pass that has only a few pages to parse (an edit since the last run) parses
    // them here: starting worker threads would cost more than those pages.
    this.fewToParse = this.reuse.keeps && this.threads > 0 && this.missCount(pagesInScope) <= FEW_PAGES;
    const pool = options.whole && !this.mainThreadFirst && !this.fewToParse ? this.pagePool() : undefined;
    if (!pool) return { pool: false, outcomes: Promise.all(pagesInScope.map((e) => this.page(e).then(progress))) };
    const order = this.passOrder(pagesInScope);
    const outcomes = new Map<PageEntry, PageOutcome>();
    let front = 0;
    let back = order.length;
    let failed = false;
    const lane = async (fromFront: boolean): Promise<void> => {
      while (front < back && !failed) {
        const entry = fromFront ? order[front++]! : order[--back]!;
        try {
          outcomes.set(entry, progress(await this.page(entry)));
        } catch (error) {
          failed = true;
          throw error;
        }
      }
    };
    // Two pages under way for each worker: one on it, one waiting for it.
    const lanes = [lane(true), lane(true)];
    for (let i = 1; i < this.threads; i++) lanes.push(lane(false), lane(false));
    return {
      pool: true,
      outcomes: Promise.all(lanes).then(() => pagesInScope.map((entry) => outcomes.get(entry)!)),
    };
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
    this.pool = new PagePool(
      file,
      {
        source,
        fingerprint: planFingerprint(this.settings),
        ...(this.spelling ? { spelling: this.spelling } : {}),
        ...(this.icons ? { icons: this.icons } : {}),
      },
      {
        threads: this.threads,
        pageTimeoutMs: limitMs(this.settings, 'page'),
      },
    );
    return this.pool;
  }

  /**
   * Reads a page once: its bytes, or why it cannot be linted. A page the cache vouches for
   * (unchanged since it was recorded: `recordedHash`) is not read until its bytes are needed (`bytes`).
   */
  readPage(entry: PageEntry, bytes = false): PageText {
    let read = this.texts.get(entry.file);
    if (!read || (bytes && read.deferred)) {
      const overlay = this.host.overlays.get(entry.file);
      let early = overlay === undefined ? this.prefetched.get(entry.relative) : undefined;
      this.prefetched.delete(entry.relative);
      if (early && early.length > MAX_PAGE_BYTES) early = undefined;
      const known =
        !bytes && overlay === undefined && !early ? this.reuse.recordedHash(entry.relative, entry.file) : undefined;
      // Bytes read when the site was listed passed the same checks, under the same size limit.
      read = known
        ? { hash: known, deferred: true }
        : early
          ? { buffer: early, hash: contentHash(early) }
          : readPage(entry.file, overlay, this.host.realRoot);
      this.texts.set(entry.file, read);
    }
    return read;
  }

  /** The anchors a page's text suggests, read without parsing it; undefined when the page pass has it (ask its facts). */
  async quickAnchors(entry: PageEntry | undefined): Promise<string[] | undefined> {
    if (!entry || this.has(entry.file)) return undefined;
    const read = this.readPage(entry, true);
    const text = read.text ?? (read.buffer && !read.unreadable ? read.buffer.toString('utf8') : undefined);
    return text === undefined ? undefined : (await import('../pages/anchors.js')).quickAnchors(text);
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
      if (this.outcomes.has(entry.file) || this.reuse.has(entry.relative, this.pageKey(entry))) continue;
      if (++misses > FEW_PAGES) break;
    }
    return misses;
  }

  /** A page's size in bytes as the listing read it (0 when it did not): the order of the page pass. */
  private sizeOf(entry: PageEntry): number {
    return this.prefetched.get(entry.relative)?.length ?? this.sizes.get(entry.relative) ?? 0;
  }

  /** The cache key of a page's outcome: its content, and whether it is a snippet (its rules differ). */
  pageKey(entry: PageEntry): string {
    const hash = this.readPage(entry).hash;
    const spelled = this.spelling ? `${hash}:${this.spelling.key}` : hash;
    // The default library adds nothing: pages cached before icons were checked keep their keys.
    const icons = this.icons ? iconsKey(this.icons) : '';
    const key = icons ? `${spelled}:${icons}` : spelled;
    return entry.isSnippet ? `${key}:snippet` : key;
  }

  /** A page's outcome: from the cache when it holds one, else linted (and kept there). */
  private runPage(entry: PageEntry): Promise<PageOutcome> {
    const viaPool = !this.mainThreadFirst && !this.fewToParse && !this.retainTexts && this.pagePool() !== undefined;
    return this.reuse.outcome({
      relative: entry.relative,
      file: entry.file,
      key: () => this.pageKey(entry),
      readBytes: () => {
        if (!this.readPage(entry).deferred) return undefined;
        this.readPage(entry, true);
        return this.pageKey(entry);
      },
      make: () => this.makeOutcome(entry, viaPool),
    });
  }

  /** Lints a page, here or on a worker thread: its outcome, and the key of what was linted when it may be kept. */
  private async makeOutcome(entry: PageEntry, viaPool: boolean): Promise<{ outcome: PageOutcome; key?: string }> {
    // When outcomes are not kept, nothing needs the bytes of a page bound for a worker thread
    // before a worker takes it: unless the listing kept them, they are read then (see HELD_BYTES).
    const later = viaPool && !this.reuse.keeps && !this.texts.has(entry.file) && !this.prefetched.has(entry.relative);
    let read: PageText | undefined;
    let key = '';
    if (!later) {
      read = this.readPage(entry);
      // Known by its record only (not in the cache after all): read it now.
      if (read.deferred) read = this.readPage(entry, true);
      key = this.pageKey(entry);
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
      if (!this.retainTexts && read?.buffer)
        this.texts.set(entry.file, { hash: read.hash, unreadable: read.unreadable });
    };
    let early: PageInput | undefined;
    if (this.mainThreadFirst || this.fewToParse) {
      // Pages that look ordinary are linted right here, without a trip to a worker thread.
      early = { ...pageInput(entry.file, entry.isSnippet, bytes()), relative: entry.relative };
      if (!(await looksSlow(early))) return { outcome: await this.lintHere(entry, early, release), key };
    }
    const pool = this.pagePool();
    if (pool) {
      let input: PageInput | undefined;
      // The text is decoded when a worker takes the page, not before.
      const ran = await pool.run(() => {
        input = early ?? { ...pageInput(entry.file, entry.isSnippet, bytes()), relative: entry.relative };
        release();
        if (!input.unreadable) this.parsed++;
        return input;
      }, this.sizeOf(entry));
      if (ran.kind === 'done') return { outcome: outcomeOf(ran.result), key };
      if (ran.kind === 'timeout') throw timeLimit(this.settings, 'page', entry.relative);
      // Not kept: the page was not checked.
      if (ran.kind === 'crashed') return { outcome: await this.notChecked(input!, ran) };
      if (input) this.parsed--;
      if (ran.refused) {
        this.poolOff = true;
        this.close();
      }
    }
    const input = early ?? { ...pageInput(entry.file, entry.isSnippet, bytes()), relative: entry.relative };
    return { outcome: await this.lintHere(entry, input, release), key };
  }

  /** Lints a page on this thread, under the page watchdog. */
  private async lintHere(entry: PageEntry, input: PageInput, release: () => void): Promise<PageOutcome> {
    release();
    const { lintPage } = await import('./lint-page.js');
    if (!input.unreadable) this.parsed++;
    const plan = pagePlan(settingsFor(this.settings, entry.file));
    // As on a worker thread: the page's words are read here, and checked with the site's (see spelling-check.ts).
    const spelling = this.spelling
      ? (await import('../services/spelling/load.js')).deferredSpelling(this.spelling)
      : undefined;
    const result = underWatchdog(
      limitMs(this.settings, 'page'),
      () => lintPage(input, plan, spelling, this.icons),
      () => timeLimit(this.settings, 'page', entry.relative),
    );
    return outcomeOf(result);
  }

  /**
   * The outcome of a page whose worker died while on it (out of memory): one finding at the start
   * of the page, and no facts. Not cached.
   */
  private async notChecked(input: PageInput, ran: Extract<PoolResult, { kind: 'crashed' }>): Promise<PageOutcome> {
    this.stopped = true;
    const { lintPage } = await import('./lint-page.js');
    const result = lintPage(
      {
        file: input.file,
        text: '',
        isSnippet: input.isSnippet,
        unreadable: { message: `not checked: ${ran.reason}`, problem: 'not-checked' },
      },
      pagePlan(settingsFor(this.settings, input.file)),
    );
    return outcomeOf(result);
  }
}

/** A page's outcome from what linting it gave. */
function outcomeOf(result: PageResult): PageOutcome {
  const { findings, facts, notChecked, ifUnused } = result;
  const outcome: PageOutcome = { findings, facts };
  if (notChecked !== undefined) outcome.notChecked = notChecked;
  if (ifUnused) outcome.ifUnused = ifUnused;
  return outcome;
}

/** What sets the icon findings of a page apart: empty for Font Awesome by default. */
function iconsKey(icons: SiteIcons): string {
  if (icons.library === 'fontawesome' && !icons.declared) return '';
  return `icons=${icons.library ?? '?'}${icons.declared ? '' : ':default'}`;
}
