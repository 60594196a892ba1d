import type { Finding } from '../core/diagnostic.js';
import type { PageFacts } from '../pages/facts.js';
import type { UnusedDirectiveReport } from '../pages/directives.js';
import type { LintCache } from './cache.js';

/*
 * The cache around the page pass. The pass hands over each page's work (its key, how to read its
 * bytes, how to lint it) and this answers from the cache or has the work done and keeps its
 * outcome; it also says whether a page's bytes need reading at all (a file the cache vouches for
 * is not read until they are needed). The pass never reads or writes the cache. Without a cache,
 * every page is linted and nothing is kept.
 */

/** What the page pass produced for one page. */
export interface PageOutcome {
  findings: Finding[];
  readonly facts: PageFacts | undefined;
  /** The rule whose finding says why the page could not be checked in full (see `PageContext.reportNotChecked`). */
  notChecked?: string;
  /** Findings to make of directives that suppress nothing (see `PageContext.reportIfUnused`). */
  ifUnused?: UnusedDirectiveReport[];
  /** The page's inline directives when known without its facts (an outcome from the cache). */
  directives?: PageFacts['directives'];
}

/** One page's work, as the page pass hands it over. */
export interface PageWork {
  /** Site-relative path. */
  relative: string;
  /** Absolute path (the findings of a cached outcome are placed in it). */
  file: string;
  /** The page's key from what is known of it (its bytes are not read for it when the cache vouches for the file). */
  key(): string;
  /** Reads the page's bytes when only its key was known: the key of what was read, or undefined when they were read already. */
  readBytes(): string | undefined;
  /** Lints the page: its outcome, and the key of the text linted when the outcome may be kept (not for a page not checked). */
  make(): Promise<{ outcome: PageOutcome; key?: string }>;
}

/** Whether the cache holds a page's outcome, what it knows of a file, and each page's outcome. */
export interface PageReuse {
  /** Outcomes are kept: a page's key (its content hash) is wanted before it is linted. */
  readonly keeps: boolean;
  /** True when the cache holds an outcome of the page with this key. */
  has(relative: string, key: string): boolean;
  /** The content hash of a file the cache vouches for (unchanged since a run recorded it): its bytes need not be read yet. */
  recordedHash(relative: string, file: string): string | undefined;
  /** A page's outcome: from the cache under its key (once its bytes are read, under theirs), else made and kept. */
  outcome(work: PageWork): Promise<PageOutcome>;
}

/** A run without a cache: every page is linted, nothing is kept. */
const PASS_THROUGH: PageReuse = {
  keeps: false,
  has: () => false,
  recordedHash: () => undefined,
  outcome: async (work) => (await work.make()).outcome,
};

/** The reuse of the page pass over this cache (undefined: none). */
export function pageReuse(cache: LintCache | undefined): PageReuse {
  return cache ? new CachedPages(cache) : PASS_THROUGH;
}

class CachedPages implements PageReuse {
  readonly keeps = true;

  constructor(private readonly cache: LintCache) {}

  has(relative: string, key: string): boolean {
    return this.cache.has(relative, key);
  }

  recordedHash(relative: string, file: string): string | undefined {
    return this.cache.unchanged(relative, file)?.hash;
  }

  async outcome(work: PageWork): Promise<PageOutcome> {
    const hit = this.cache.page(work.relative, work.key(), work.file);
    if (hit) return hit;
    // Not in the cache under the key of its record (other settings): under that of its bytes?
    const read = work.readBytes();
    const again = read !== undefined ? this.cache.page(work.relative, read, work.file) : undefined;
    if (again) return again;
    const { outcome, key } = await work.make();
    if (key !== undefined) this.cache.setPage(work.relative, key, outcome);
    return outcome;
  }
}
