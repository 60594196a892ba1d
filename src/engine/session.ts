import path from 'node:path';
import { append, type Diagnostic, type Finding } from '../core/diagnostic.js';
import { isInside, toPosix } from '../core/paths.js';
import { realRoot } from '../core/safe-read.js';
import type { PageFacts } from '../pages/facts.js';
import { frontmatterFacts, type FrontmatterFacts } from '../pages/frontmatter-facts.js';
import type { ExternalLinkChecker, SiteChange } from '../rule-kit/rule.js';
import { isPageFile, pageEntry } from '../site/inventory.js';
import { CONFIG_FILE, loadSite } from '../site/load.js';
import { loadDocsJson, siteTextReader } from '../site/docs-json.js';
import { SiteModel, type SiteTextReader } from '../model/site-model.js';
import type { PageEntry, Site } from '../site/site.js';
import type { LintCache } from '../cache/cache.js';
import { SiteReuse } from '../cache/site-reuse.js';
import { pageReuse, type PageReuse } from '../cache/page-reuse.js';
import { applyDirectives, toDiagnostics, type Unchecked } from './message-control.js';
import type { SitePass } from './rule-runner.js';
import { configChecks, newRun, siteChecks, type SiteCheckPass } from './site-checks.js';
import { MAX_PAGE_BYTES, pageInput, readPage } from './page-reader.js';
import { isOnSomewhere, type EffectiveSettings } from '../config/settings.js';
import { HELD_BYTES, PagePass, type PageOutcome } from './page-pass.js';
import { spellingOutcome, spellingSetup } from '../services/spelling/setup.js';
import { inPhaseAsync } from './phase-cpu.js';
import { siteFileReader } from './site-reader.js';

export { MAX_PAGE_BYTES, type PageOutcome };

/** What one pass of `SiteSession.lint` found, and what it could not check. */
export interface LintResult {
  diagnostics: Diagnostic[];
  files: string[];
  unchecked: Unchecked;
  /** What the run says once about checks it could not do in full (a spelling dictionary not installed). */
  notices?: string[];
  /** Set when a spelling rule was on: its findings depend on the dictionaries installed. */
  spelling?: boolean;
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
  /** `--check-external`: the network check, for the site rules that ask (`context.external`; their findings stay out of the lint cache). */
  external?: ExternalLinkChecker;
  /**
   * A site-relative path left out of the listing: the static file the run writes its report to
   * (see src/commands/report-place.ts), so that what the run finds does not depend on an earlier run
   * having written it.
   */
  leaveOut?: string;
}

/** The options of `SiteSession.lint`. */
interface LintOptions {
  whole?: boolean;
  onProgress?: (done: number, total: number) => void;
  /**
   * Nothing after this lint asks the session for pages (a one-off run): the worker threads stop
   * as soon as the page pass is done, so that their heaps are gone before the site checks (on
   * 25,000 pages the run's peak memory came there, with both threads still holding theirs).
   */
  lastPass?: boolean;
}

/**
 * One site kept in memory: the site model, every page's outcome (parsed at most once per
 * content), and in-memory text that overrides the disk (editor buffers, standard input).
 * The CLI makes one per run; the language server keeps one alive and invalidates what changes.
 *
 * The page pass is src/engine/page-pass.ts, reading pages src/engine/page-reader.ts, cache keys src/cache/cache-keys.ts, and what
 * happens to findings on their way out (directives, severities) src/engine/message-control.ts.
 */
export class SiteSession {
  /** Page entries by absolute path (see `entryFor`), rebuilt when the site's pages change. */
  private byFile: { pages: Map<string, PageEntry>; size: number; map: Map<string, PageEntry> } | undefined;
  private cache: LintCache | undefined;
  /** The page pass's side of the cache (a pass-through without one). */
  private pageReuse: PageReuse = pageReuse(undefined);
  /** Editor buffers (text) and standard input (its bytes, checked as a file's are). */
  private readonly overlays = new Map<string, string | Buffer>();
  /** What the change being linted removes (see `setChange`). */
  private change?: SiteChange;
  /** Front-matter facts of pages read without their page pass (see `frontmatterOf`), by file. */
  private readonly frontmatters = new Map<string, FrontmatterFacts>();
  /** Files invalidated or given a buffer since the site was listed: what the listing read of them may no longer stand. */
  private readonly changedSinceListing = new Set<string>();
  private model: SiteModel;
  private readonly realRoot: string;
  /** Reads a file of the site for a rule: the editor's buffer first, else the disk (src/engine/site-reader.ts). */
  private readonly siteReader: SiteTextReader;
  /** Every page's outcome, its reads and the worker threads (src/engine/page-pass.ts). */
  private readonly pages: PagePass;
  private readonly overlayAllFiles: boolean;
  /** The network check of external links, under `--check-external` only. */
  private readonly external: ExternalLinkChecker | undefined;

  private constructor(
    private raw: Site,
    private settings: EffectiveSettings,
    overlays: ReadonlyMap<string, string | Buffer> | undefined,
    options: SessionOptions = {},
    prefetched = new Map<string, Buffer>(),
    sizes = new Map<string, number>(),
  ) {
    this.overlayAllFiles = options.overlayAllFiles === true;
    this.external = options.external;
    for (const [file, text] of overlays ?? []) this.overlays.set(file, text);
    this.realRoot = realRoot(raw.root);
    this.siteReader = siteFileReader({
      root: raw.root,
      realRoot: this.realRoot,
      overlays: this.overlays,
      listed: (rel) => this.raw.files.has(rel),
    });
    const host = {
      settings: () => this.settings,
      reuse: () => this.pageReuse,
      overlays: this.overlays,
      realRoot: this.realRoot,
    };
    this.pages = new PagePass(host, options, prefetched, sizes);
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
    const site = await loadSite(root, siteTextReader(root, overlays), {
      keep,
      prefetched,
      importsMemo: options?.cache,
      fileMemo: options?.cache,
    });
    if (options?.leaveOut !== undefined && !site.pages.has(options.leaveOut)) site.files.delete(options.leaveOut);
    const session = new SiteSession(site, settings, overlays, options, prefetched, sizes);
    session.useCache(options?.cache);
    return session;
  }

  /** True when a page could not be checked (its worker died): its outcome is not to be kept. */
  get timeLimited(): boolean {
    return this.pages.stopped;
  }

  /** Keep each page's bytes after linting it (`--fix` applies its fixes to exactly that text). */
  get retainTexts(): boolean {
    return this.pages.retainTexts;
  }

  set retainTexts(retain: boolean) {
    this.pages.retainTexts = retain;
  }

  /** Stops the worker threads of the page pass (they are started again when needed). */
  close(): void {
    this.pages.close();
  }

  /** A rule's option that asks for the specs in use to be validated in full is set (see `meta.validatesSpecs`). */
  private specSchemaValidation(): boolean {
    return this.settings.registry.withFlag('validatesSpecs').some((meta) => {
      const { validatesSpecs } = meta;
      if (typeof validatesSpecs !== 'object') return false;
      const options = this.settings.rules[meta.id]?.options as Record<string, unknown> | undefined;
      return options?.[validatesSpecs.option] === true;
    });
  }

  private makeModel(): SiteModel {
    return new SiteModel(this.raw, {
      read: this.siteReader,
      specSchemaValidation: this.specSchemaValidation(),
      listingStands: (file) => !this.overlays.has(file) && !this.changedSinceListing.has(file),
    });
  }

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
    return this.pages.parsed;
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
      this.raw = {
        ...this.raw,
        config: await loadDocsJson(path.join(root, CONFIG_FILE), root, siteTextReader(root, this.overlays)),
      };
    } else {
      this.raw = await loadSite(root, siteTextReader(root, this.overlays), {
        importsMemo: this.cache,
        fileMemo: this.cache,
      });
      this.changedSinceListing.clear();
    }
    this.pages.dropPrefetched();
    this.addOverlayPages();
    this.model = this.makeModel();
  }

  setSettings(settings: EffectiveSettings): void {
    if (settings === this.settings) return;
    this.settings = settings;
    this.pages.reset();
    this.useCache(undefined);
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
    this.pages.forget(file, toPosix(path.relative(this.raw.root, file)));
    this.frontmatters.delete(file);
    if (!isPageFile(file)) this.model = this.makeModel();
  }

  /** Results of earlier runs to reuse (and to fill). */
  useCache(cache: LintCache | undefined): void {
    this.cache = cache;
    this.pageReuse = pageReuse(cache);
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
    return this.pages.lintedText(file);
  }

  /** The page pass for one page, memoised. */
  page(entry: PageEntry): Promise<PageOutcome> {
    return this.pages.page(entry);
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
    if (this.pages.known(file, entry)) return (await this.page(entry)).facts;
    let facts = this.frontmatters.get(file);
    if (!facts) {
      // Read apart from the page pass's reads (`texts`): the bytes are not kept.
      facts = frontmatterFacts(
        pageInput(entry.file, entry.isSnippet, readPage(entry.file, this.overlays.get(entry.file), this.realRoot)),
      );
      this.frontmatters.set(file, facts);
    }
    return facts;
  }

  /**
   * Lints what `inScope` selects: docs.json (when one of its files is in scope), the pages in
   * scope, and every site rule (reporting only findings in scope). Pages out of scope are parsed
   * only when a site rule asks for their facts.
   */
  async lint(inScope: (file: string) => boolean, options: LintOptions = {}): Promise<LintResult> {
    const { settings } = this;
    const site = this.model;
    const run = newRun();
    const findings: Finding[] = [];
    const files: string[] = [];
    const pagesInScope = [...site.pages.values()].filter((p) => inScope(p.file));
    const spelling = spellingSetup(settings, site);
    this.pages.setSpelling(spelling).setIcons(site.config.value);
    // Bytes the listing kept for pages out of scope are not needed.
    this.pages.keepPrefetched(new Set(pagesInScope.map((p) => p.relative)));

    const reuse = await SiteReuse.open(this.cache, {
      site,
      overlays: this.overlays,
      pageKeys: () =>
        [...site.pages.values()].map((entry) => ({ relative: entry.relative, hash: this.pages.pageKey(entry) })),
      facts: (rel) => this.page(site.pages.get(rel)!).then((o) => o.facts),
      historyState: async () => (await import('../site/history.js')).historyState(site.root),
    });
    const cachedSite = await reuse.cachedSiteFindings();
    const outcomes = await this.pagePass(site, pagesInScope, options, cachedSite !== undefined);

    // A whole-site run's findings can serve any later scope; a partial run's cannot.
    const pass = this.sitePass(options.whole ? () => true : inScope);
    const checks: SiteCheckPass = { settings, site, pass, run, reuse, stopped: () => this.pages.stopped };
    const configInScope = await inPhaseAsync('site', () => configChecks(checks, inScope, findings, files));
    const whole = options.whole === true;
    let siteFindings: Finding[];
    if (cachedSite) {
      // The rules that asked for the network are run again each time (their results age).
      siteFindings = cachedSite.findings;
      if (cachedSite.live.length) {
        const only = new Set(cachedSite.live);
        const live = await inPhaseAsync('site', () => siteChecks(checks, { whole, configInScope, only }));
        siteFindings = [...siteFindings, ...live.findings];
      }
    } else {
      const done = await inPhaseAsync('site', () => siteChecks(checks, { whole, configInScope }));
      siteFindings = done.findings;
      // A rule that asked for the network is not kept anyway: whether it finished does not matter.
      const finished = [...run.unfinished].every((id) => done.used.external.includes(id));
      if (whole) await reuse.keepSiteFindings(siteFindings, !this.pages.stopped && finished, done.used);
    }
    for (const f of siteFindings) if (inScope(f.file)) findings.push(f);
    for (const outcome of outcomes) append(findings, outcome.findings);
    if (spelling && pagesInScope.length) {
      const { spellingChecks } = await import('./spelling-check.js');
      append(findings, await spellingChecks(spelling, this.settings, site, this.pages, inScope));
    }
    append(
      files,
      pagesInScope.map((p) => p.file),
    );
    this.markUnchecked(pagesInScope, outcomes, run.unchecked);
    const diagnostics = await this.finish(findings, pagesInScope);
    return { diagnostics, files, unchecked: run.unchecked, ...spellingOutcome(spelling, pagesInScope.length > 0) };
  }

  /**
   * Runs the page pass of the pages in scope, and meanwhile has the site model prepare the specs
   * (when the pool takes the pages, the site findings are not cached, and a rule validates specs).
   */
  private async pagePass(
    site: SiteModel,
    pagesInScope: PageEntry[],
    options: LintOptions,
    cachedSite: boolean,
  ): Promise<PageOutcome[]> {
    // Worker threads take the largest pages first (a large page last would leave the others
    // waiting on it); the main thread meanwhile does the site rules' work that reads no page.
    const { pool, outcomes: passed } = this.pages.start(pagesInScope, options);
    const { registry } = this.settings;
    const validatesSpecs =
      registry
        .withFlag('validatesSpecs')
        .some((meta) => meta.validatesSpecs === true && isOnSomewhere(this.settings, meta.id)) ||
      this.specSchemaValidation();
    const prepared = pool && !cachedSite && validatesSpecs ? site.prepare() : undefined;
    const outcomes = await passed;
    if (options.lastPass && options.whole) this.pages.close();
    await prepared;
    return outcomes;
  }

  /** In a run over a change (`--staged`, `--changed-since`): what it removes, for the site rules. */
  setChange(change: SiteChange | undefined): void {
    this.change = change;
  }

  /** What site rules may ask of the pages: their facts, front matter, and anchors. */
  private sitePass(scope: (file: string) => boolean): SitePass {
    return {
      ...(this.change ? { change: this.change } : {}),
      ...(this.external ? { external: this.external } : {}),
      inScope: scope,
      facts: (file) => this.facts(file),
      frontmatterFacts: (file) => this.frontmatterOf(file),
      anchors: (file) => this.pages.quickAnchors(this.entryFor(file)),
    };
  }

  /** A page that did not parse, could not be read, or was stopped, has a finding that says so (see `PageOutcome.notChecked`). */
  private markUnchecked(pagesInScope: PageEntry[], outcomes: PageOutcome[], unchecked: Unchecked): void {
    pagesInScope.forEach((entry, i) => {
      const rule = outcomes[i]!.notChecked;
      if (rule !== undefined)
        unchecked.files.set(entry.file, `${entry.relative} was not checked (see its ${rule} finding)`);
    });
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
    const notDisableable = new Set(known.withFlag('notDisableable').map((meta) => meta.id));
    const out: Finding[] = [];
    for (const [file, list] of byFile) {
      const entry = isPageFile(file) && isInside(this.raw.root, file) ? this.entryFor(file) : undefined;
      const pending = entry ? this.pages.outcomeOf(file) : undefined;
      const outcome = pending ? await pending : undefined;
      const directives = outcome ? (outcome.directives ?? outcome.facts?.directives) : undefined;
      if (directives?.length) {
        const checked = outcome!.notChecked === undefined;
        append(out, applyDirectives(list, directives, file, outcome!.ifUnused, checked, notDisableable));
      } else append(out, list);
    }
    return toDiagnostics(out, known, this.settings);
  }
}
