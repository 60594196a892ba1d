import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../core/diagnostic.js';
import { invalidUtf8Offset } from '../core/text.js';
import { ruleUrl } from '../core/rule.js';
import type { SiteCheckContext } from '../checks/types.js';
import { emptyFacts, type PageFacts } from '../pages/facts.js';
import { pageEntry, isPageFile } from '../site/inventory.js';
import { loadSite } from '../site/load.js';
import { toPosix } from '../site/paths.js';
import type { PageEntry, Site } from '../site/site.js';
import { contentHash, type LintCache } from './cache.js';
import { applyDirectives } from './directives.js';
import type { EffectiveSettings } from './settings.js';

/** Pages larger than this are not parsed (a finding says so); real pages stay far below it. */
export const MAX_PAGE_BYTES = 8 * 1024 * 1024;

/** What the page pass produced for one page. */
export interface PageOutcome {
  diagnostics: Diagnostic[];
  readonly facts: PageFacts | undefined;
  /** The page's inline directives when known without its facts (an outcome from the cache). */
  directives?: PageFacts['directives'];
}

/** Site files whose content a site check reads (OpenAPI specs, robots.txt): keyed by content. */
const READ_BY_CHECKS = /\.(?:json|ya?ml)$|^robots\.txt$/i;

function isBinary(buffer: Buffer): boolean {
  const n = Math.min(buffer.length, 8000);
  for (let i = 0; i < n; i++) if (buffer[i] === 0) return true;
  return false;
}

/**
 * A page as read: its bytes (or the text standing for it) and their hash, or, for an unreadable
 * file, the outcome to report. Decoding and the binary and size checks wait until the page is
 * actually linted: a warm cached run only hashes.
 */
type PageText = { hash: string; buffer?: Buffer; text?: string; outcome?: PageOutcome };

/**
 * Reads synchronously: pages are small, and on Node 20 one `fs.promises.readFile` is four trips
 * through the thread pool (open, stat, read, close); reading 1,100 pages this way measured 36 ms
 * against 157 ms with `Promise.all` over `readFile`.
 */
function readPageText(file: string, overlay: string | undefined): PageText {
  if (overlay !== undefined) return { text: overlay, hash: contentHash(overlay) };
  try {
    const buffer = readFileSync(file);
    return { buffer, hash: createHash('sha1').update(buffer).digest('hex') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    return { hash: `unreadable:${code}`, outcome: { diagnostics: [fileDiagnostic(file, 'page-mdx-syntax', 'error', `cannot read the file (${code})`)], facts: undefined } };
  }
}

/** The text of a page to lint, or the outcome that says why it is not linted. */
function decodePage(file: string, read: PageText): { text: string; invalidUtf8?: number } | { outcome: PageOutcome } {
  if (read.outcome) return { outcome: read.outcome };
  if (read.text !== undefined) return { text: read.text };
  const buffer = read.buffer!;
  if (buffer.length > MAX_PAGE_BYTES) {
    const size = (buffer.length / 1048576).toFixed(1);
    const message = `the file is too large to lint (${size} MB; the limit is ${MAX_PAGE_BYTES / 1048576} MB); it was skipped`;
    return { outcome: { diagnostics: [fileDiagnostic(file, 'page-mdx-syntax', 'warning', message)], facts: emptyFacts() } };
  }
  if (isBinary(buffer)) {
    const message = 'the file is not text (it contains NUL bytes); a page must be UTF-8 MDX';
    return { outcome: { diagnostics: [fileDiagnostic(file, 'page-mdx-syntax', 'error', message)], facts: { ...emptyFacts(), syntaxError: true } } };
  }
  const text = buffer.toString('utf8');
  // Bytes that are not UTF-8 read as U+FFFD: page-mdx-syntax says where (and --fix leaves the file alone).
  return { text, invalidUtf8: text.includes('\ufffd') ? invalidUtf8Offset(buffer) : undefined };
}

function fileDiagnostic(file: string, ruleId: string, severity: Diagnostic['severity'], message: string): Diagnostic {
  return { file, line: 1, column: 1, endLine: 1, endColumn: 1, ruleId, severity, message, url: ruleUrl(ruleId) };
}

/**
 * One site kept in memory: the site model, every page's outcome (parsed at most once per
 * content), and in-memory text that overrides the disk (editor buffers, standard input).
 * The CLI makes one per run; the language server keeps one alive and invalidates what changes.
 */
export class SiteSession {
  private outcomes = new Map<string, Promise<PageOutcome>>();
  private texts = new Map<string, Promise<PageText>>();
  private cache: LintCache | undefined;
  private readonly overlays = new Map<string, string>();
  private parsed = 0;

  private constructor(
    public site: Site,
    private settings: EffectiveSettings,
  ) {}

  static async open(root: string, settings: EffectiveSettings, overlays?: Map<string, string>): Promise<SiteSession> {
    const read = (file: string) => (overlays?.has(file) ? Promise.resolve(overlays.get(file)!) : readFile(file, 'utf8'));
    const session = new SiteSession(await loadSite(root, read), settings);
    for (const [file, text] of overlays ?? []) session.overlays.set(file, text);
    session.addOverlayPages();
    return session;
  }

  /** Pages that exist only in memory (a new, unsaved page) join the inventory. */
  private addOverlayPages(): void {
    for (const file of this.overlays.keys()) {
      const rel = toPosix(path.relative(this.site.root, file));
      if (rel.startsWith('..') || path.isAbsolute(rel) || !isPageFile(rel) || this.site.pages.has(rel) || this.site.ignores.ignores(rel)) continue;
      const entry = pageEntry(this.site.root, rel);
      this.site.pages.set(rel, entry);
      this.site.files.add(rel);
      if (!entry.isSnippet && !this.site.routes.has(entry.route)) this.site.routes.set(entry.route, entry);
    }
  }

  /** How many pages this session has parsed (cache hits and skipped files aside). */
  get parsedPages(): number {
    return this.parsed;
  }

  get root(): string {
    return this.site.root;
  }

  /** Reloads docs.json and the inventory (cheap next to parsing pages; page outcomes are kept). */
  async reloadSite(): Promise<void> {
    this.site = await loadSite(this.site.root, (file) => this.readText(file));
    this.addOverlayPages();
  }

  setSettings(settings: EffectiveSettings): void {
    if (settings === this.settings) return;
    this.settings = settings;
    this.outcomes.clear();
    this.cache = undefined;
  }

  /** Text that stands for a file instead of what is on disk (`undefined` drops it). */
  setOverlay(file: string, text: string | undefined): void {
    if (text === undefined) this.overlays.delete(file);
    else this.overlays.set(file, text);
    this.invalidate(file);
    this.addOverlayPages();
  }

  /** Forgets a page's outcome so that the next lint reads it again. */
  invalidate(file: string): void {
    this.outcomes.delete(file);
    this.texts.delete(file);
  }

  /** Results of earlier runs to reuse (and to fill). */
  useCache(cache: LintCache | undefined): void {
    this.cache = cache;
  }

  private readText(file: string): Promise<string> {
    const overlay = this.overlays.get(file);
    return overlay !== undefined ? Promise.resolve(overlay) : readFile(file, 'utf8');
  }

  entryFor(file: string): PageEntry | undefined {
    return this.site.pages.get(toPosix(path.relative(this.site.root, file)));
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

  /** Reads a page once: its text, or the finding that says why it cannot be linted. */
  private readPage(entry: PageEntry): Promise<PageText> {
    let pending = this.texts.get(entry.file);
    if (!pending) {
      pending = Promise.resolve(readPageText(entry.file, this.overlays.get(entry.file)));
      this.texts.set(entry.file, pending);
    }
    return pending;
  }

  private async runPage(entry: PageEntry): Promise<PageOutcome> {
    const read = await this.readPage(entry);
    if (read.outcome) return read.outcome;
    if (this.cache) {
      const hit = this.cache.page(entry.relative, read.hash);
      if (hit) return hit;
    }
    const decoded = decodePage(entry.file, read);
    // The page's bytes are not needed again: let them go.
    this.texts.set(entry.file, Promise.resolve({ hash: read.hash }));
    if ('outcome' in decoded) return decoded.outcome;
    const { lintPage } = await import('../pages/lint.js');
    this.parsed++;
    const outcome = lintPage({ file: entry.file, text: decoded.text, isSnippet: entry.isSnippet, invalidUtf8: decoded.invalidUtf8 }, this.settings.page);
    this.cache?.setPage(entry.relative, read.hash, outcome);
    return outcome;
  }

  /** docs.json against the schema; with a cache, reused while docs.json and its $ref files are unchanged. */
  private async validateConfig(): Promise<Diagnostic[]> {
    const config = this.site.config;
    // loadConfig lists the files in a stable order (docs.json first, then by path).
    const key = this.cache ? contentHash([...config.files].map(([file, source]) => `${file}\0${source.text}`).join('\0')) : undefined;
    const hit = key !== undefined ? this.cache!.config(key) : undefined;
    if (hit) return hit;
    const found = (await import('../schema/validate.js')).validateConfig(config);
    if (key !== undefined) this.cache!.setConfig(key, found);
    return found;
  }

  /**
   * A key of everything the site checks read: docs.json and its $ref files, the file inventory,
   * the size and time of every other file a check may read (specs, robots.txt), and each page's
   * content (its facts follow from it).
   */
  private async siteKey(): Promise<{ site: string; base: string }> {
    const base = await this.baseKey();
    const hash = createHash('sha1').update(base);
    const pages = [...this.site.pages.values()];
    const reads = await Promise.all(pages.map((entry) => this.readPage(entry)));
    pages.forEach((entry, i) => hash.update(`page\0${entry.relative}\0${reads[i]!.hash}\n`));
    return { site: hash.digest('hex'), base };
  }

  /** The part of the site key that is not pages: docs.json and its files, the inventory, the other files. */
  private async baseKey(): Promise<string> {
    const hash = createHash('sha1');
    for (const [file, source] of this.site.config.files) hash.update(`config\0${file}\0${contentHash(source.text)}\n`);
    for (const rel of [...this.site.pages.keys()].sort()) hash.update(`page\0${rel}\n`);
    const others = [...this.site.files].filter((rel) => !this.site.pages.has(rel)).sort();
    // Files a site check reads (specs, robots.txt) by content; the others (images…) by size and time.
    const stats = await Promise.all(
      others.map((rel) => {
        const file = path.join(this.site.root, rel);
        return READ_BY_CHECKS.test(rel)
          ? readFile(file).then((b) => createHash('sha1').update(b).digest('hex'), () => '-')
          : stat(file).then((s) => `${s.size}:${s.mtimeMs}`, () => '-');
      }),
    );
    others.forEach((rel, i) => hash.update(`file\0${rel}\0${stats[i]}\n`));
    return hash.digest('hex');
  }

  /** A key of the site without its pages' content, plus the named facts of every page (all pages have outcomes in a whole run). */
  private async checkKey(base: string, fields: ReadonlyArray<keyof PageFacts>): Promise<string> {
    const names = fields.join(',');
    const hash = createHash('sha1').update(base).update(names);
    for (const rel of [...this.site.pages.keys()].sort()) {
      const entry = this.site.pages.get(rel)!;
      // Each page's digest of those facts is kept in the cache with its entry: unchanged pages
      // need no facts at all.
      const outcome = await this.page(entry);
      let digest = this.cache?.digest(entry.relative, names);
      if (digest === undefined) {
        const facts = outcome.facts;
        digest = facts ? contentHash(JSON.stringify(fields.map((f) => facts[f]))) : '-';
        this.cache?.setDigest(entry.relative, names, digest);
      }
      hash.update(`${entry.relative}\0${digest}\n`);
    }
    return hash.digest('hex');
  }

  /**
   * Lints what `inScope` selects: docs.json (when one of its files is in scope), the pages in
   * scope, and every site check (reporting only findings in scope). Pages out of scope are parsed
   * only when a site check asks for their facts.
   */
  async lint(
    inScope: (file: string) => boolean,
    options: { whole?: boolean; onProgress?: (done: number, total: number) => void } = {},
  ): Promise<{ diagnostics: Diagnostic[]; files: string[] }> {
    const { site, settings } = this;
    const diagnostics: Diagnostic[] = [];
    const files: string[] = [];

    const configFiles = [...site.config.files.keys()];
    if (configFiles.some(inScope)) {
      diagnostics.push(...site.config.diagnostics);
      if (site.config.value !== undefined) diagnostics.push(...(await this.validateConfig()));
      files.push(...configFiles.filter(inScope));
    }

    const pagesInScope = [...site.pages.values()].filter((p) => inScope(p.file));
    let done = 0;
    const outcomes = await Promise.all(
      pagesInScope.map((entry) =>
        this.page(entry).then((outcome) => {
          options.onProgress?.(++done, pagesInScope.length);
          return outcome;
        }),
      ),
    );
    files.push(...pagesInScope.map((p) => p.file));

    const context: Omit<SiteCheckContext, 'options'> = {
      site,
      facts: async (file) => {
        const entry = this.entryFor(file);
        return entry ? (await this.page(entry)).facts : undefined;
      },
      anchors: async (file) => {
        const entry = this.entryFor(file);
        if (!entry || this.outcomes.has(file)) return undefined;
        const read = await this.readPage(entry);
        const text = read.text ?? (read.buffer && read.buffer.length <= MAX_PAGE_BYTES ? read.buffer.toString('utf8') : undefined);
        return text === undefined ? undefined : (await import('../pages/anchors.js')).quickAnchors(text);
      },
      inScope,
    };
    const key = this.cache ? await this.siteKey() : undefined;
    let siteFindings = key !== undefined ? this.cache!.site(key.site) : undefined;
    if (!siteFindings) {
      // A whole-site run's findings can serve any later scope; a partial run's cannot.
      const scope = options.whole ? () => true : inScope;
      siteFindings = [];
      const { siteChecks } = await import('../checks/index.js');
      /** Keys by the facts checks read: the four endpoint checks share one. */
      const checkKeys = new Map<string, Promise<string>>();
      for (const check of siteChecks) {
        const setting = settings.rules[check.meta.id];
        if (setting?.severity === 'off') continue;
        if (site.config.value === undefined && !check.independentOfConfig) continue;
        if (check.reportsInConfigOnly && !options.whole && !configFiles.some(inScope)) continue;
        // In a whole run, a check that says which facts it reads is keyed on those alone: an edit
        // that changes none of them (prose) does not run it again.
        const fields = check.readsFacts?.join(',');
        if (key && options.whole && fields !== undefined && !checkKeys.has(fields)) checkKeys.set(fields, this.checkKey(key.base, check.readsFacts!));
        const checkKey = fields !== undefined ? await checkKeys.get(fields) : undefined;
        const hit = checkKey !== undefined ? this.cache!.check(check.meta.id, checkKey) : undefined;
        const found = hit ?? (await check.run({ ...context, inScope: scope, options: setting?.options }));
        if (checkKey !== undefined && !hit) this.cache!.setCheck(check.meta.id, checkKey, found);
        siteFindings.push(...found);
      }
      if (key !== undefined && options.whole) this.cache!.setSite(key.site, siteFindings);
    }
    diagnostics.push(...siteFindings.filter((d) => inScope(d.file)));
    for (const outcome of outcomes) diagnostics.push(...outcome.diagnostics);

    // Inline directives apply to every finding located in a page, site checks' included.
    const byFile = new Map<string, Diagnostic[]>();
    const inScopeEntries = new Map(pagesInScope.map((p) => [p.file, p]));
    for (const file of inScopeEntries.keys()) byFile.set(file, []);
    for (const d of diagnostics) {
      let list = byFile.get(d.file);
      if (!list) byFile.set(d.file, (list = []));
      list.push(d);
    }
    let known: Set<string> | undefined;
    const out: Diagnostic[] = [];
    for (const [file, list] of byFile) {
      const entry = inScopeEntries.get(file) ?? (isPageFile(file) ? this.entryFor(file) : undefined);
      const outcome = entry && this.outcomes.has(file) ? await this.outcomes.get(file)! : undefined;
      const directives = outcome ? (outcome.directives ?? outcome.facts?.directives) : undefined;
      if (directives?.length) {
        known ??= new Set((await import('./registry.js')).allRuleIds());
        out.push(...applyDirectives(list, directives, file, known));
      } else {
        out.push(...list);
      }
    }
    return { diagnostics: out.flatMap((d) => applySeverity(d, settings)), files };
  }
}

/** A configured severity replaces the default; `off` drops the finding; info-level notes stay notes. */
function applySeverity(d: Diagnostic, settings: EffectiveSettings): Diagnostic[] {
  const setting = settings.rules[d.ruleId];
  if (!setting || setting.severity === undefined || setting.severity === d.severity) return [d];
  if (setting.severity === 'off') return [];
  return d.severity === 'info' ? [d] : [{ ...d, severity: setting.severity }];
}
