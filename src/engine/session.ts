import path from 'node:path';
import { append, type Diagnostic, type Finding } from '../core/diagnostic.js';
import { isInside, toPosix } from '../core/paths.js';
import { readTextSafe, realRoot } from '../core/safe-read.js';
import type { PageFacts } from '../pages/facts.js';
import type { Rule } from '../rule-kit/rule.js';
import { isPageFile, pageEntry } from '../site/inventory.js';
import { loadSite } from '../site/load.js';
import { siteTextReader } from '../site/docs-json.js';
import { SiteModel, type SiteTextReader } from '../site/model.js';
import type { PageEntry, Site } from '../site/site.js';
import type { LintCache } from './cache.js';
import { baseKey, factsKey, siteKey } from './cache-keys.js';
import { applyDirectives, toDiagnostics } from './message-control.js';
import { runSiteRule, type SitePass } from './rule-runner.js';
import { contentHash, MAX_PAGE_BYTES, pageInput, readPage, type PageText } from './page-reader.js';
import { pagePlan, type EffectiveSettings } from './settings.js';

export { MAX_PAGE_BYTES };

/** Largest file a site rule reads through the site model (specs, robots.txt). */
const MAX_SITE_FILE_BYTES = 64 * 1024 * 1024;

/** What the page pass produced for one page. */
export interface PageOutcome {
  findings: Finding[];
  readonly facts: PageFacts | undefined;
  /** The page's inline directives when known without its facts (an outcome from the cache). */
  directives?: PageFacts['directives'];
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
  private cache: LintCache | undefined;
  private readonly overlays = new Map<string, string>();
  private parsed = 0;
  private model: SiteModel;
  private readonly realRoot: string;
  /** Keep each page's bytes after linting it (`--fix` applies its fixes to exactly that text). */
  retainTexts = false;

  private constructor(
    private raw: Site,
    private settings: EffectiveSettings,
    overlays: Map<string, string> | undefined,
  ) {
    for (const [file, text] of overlays ?? []) this.overlays.set(file, text);
    this.realRoot = realRoot(raw.root);
    this.model = this.makeModel();
    this.addOverlayPages();
  }

  static async open(root: string, settings: EffectiveSettings, overlays?: Map<string, string>): Promise<SiteSession> {
    const site = await loadSite(root, siteTextReader(root, overlays));
    return new SiteSession(site, settings, overlays);
  }

  private makeModel(): SiteModel {
    const nav = this.settings.rules['nav-openapi-invalid'];
    const schema = (nav?.options as { schema?: unknown } | undefined)?.schema === true;
    return new SiteModel(this.raw, { read: this.siteReader, specSchemaValidation: schema });
  }

  /** Reads a file of the site for a rule: the editor's buffer first, else the disk under the safe-read rules. */
  private readonly siteReader: SiteTextReader = (file) => {
    const overlay = this.overlays.get(file);
    if (overlay !== undefined) return { ok: true, text: overlay };
    const read = readTextSafe(file, { root: this.realRoot, maxBytes: MAX_SITE_FILE_BYTES });
    return read.ok ? read : { ok: false, code: read.code, message: read.message };
  };

  /** Pages that exist only in memory (a new, unsaved page) join the inventory. */
  private addOverlayPages(): void {
    const site = this.raw;
    for (const file of this.overlays.keys()) {
      const rel = toPosix(path.relative(site.root, file));
      if (rel.startsWith('..') || path.isAbsolute(rel) || !isPageFile(rel) || site.pages.has(rel) || site.ignores.ignores(rel)) continue;
      const entry = pageEntry(site.root, rel);
      site.pages.set(rel, entry);
      site.files.add(rel);
      if (!entry.isSnippet && !site.routes.has(entry.route)) site.routes.set(entry.route, entry);
    }
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

  /** Reloads docs.json and the inventory, and makes a new site model (page outcomes are kept). */
  async reloadSite(): Promise<void> {
    this.raw = await loadSite(this.raw.root, siteTextReader(this.raw.root, this.overlays));
    this.addOverlayPages();
    this.model = this.makeModel();
  }

  setSettings(settings: EffectiveSettings): void {
    if (settings === this.settings) return;
    this.settings = settings;
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
    this.outcomes.delete(file);
    this.texts.delete(file);
    if (!isPageFile(file)) this.model = this.makeModel();
  }

  /** Results of earlier runs to reuse (and to fill). */
  useCache(cache: LintCache | undefined): void {
    this.cache = cache;
  }

  entryFor(file: string): PageEntry | undefined {
    return this.raw.pages.get(toPosix(path.relative(this.raw.root, file)));
  }

  /** The text of a page exactly as it was linted (the text `--fix` offsets refer to), if it was read. */
  lintedText(file: string): string | undefined {
    const read = this.texts.get(file);
    if (!read) return undefined;
    return read.text ?? read.buffer?.toString('utf8');
  }

  /** Reads a page once: its bytes, or why it cannot be linted. */
  private readPage(entry: PageEntry): PageText {
    let read = this.texts.get(entry.file);
    if (!read) {
      read = readPage(entry.file, this.overlays.get(entry.file), this.realRoot);
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

  /** The cache key of a page's outcome: its content, and whether it is a snippet (its rules differ). */
  private pageKey(entry: PageEntry): string {
    const hash = this.readPage(entry).hash;
    return entry.isSnippet ? `${hash}:snippet` : hash;
  }

  private async runPage(entry: PageEntry): Promise<PageOutcome> {
    const read = this.readPage(entry);
    const key = this.pageKey(entry);
    if (this.cache) {
      const hit = this.cache.page(entry.relative, key, entry.file);
      if (hit) return hit;
    }
    const input = pageInput(entry.file, entry.isSnippet, read);
    // The page's bytes are not needed again (unless fixes are to be applied to them): let them go.
    if (!this.retainTexts && read.buffer) this.texts.set(entry.file, { hash: read.hash, unreadable: read.unreadable });
    const { lintPage } = await import('../pages/lint.js');
    if (!input.unreadable) this.parsed++;
    const result = lintPage(input, pagePlan(this.settings));
    const outcome: PageOutcome = { findings: result.findings, facts: result.facts };
    this.cache?.setPage(entry.relative, key, outcome);
    return outcome;
  }

  /** The facts of a page by absolute path (the page pass runs on first request). */
  async facts(file: string): Promise<PageFacts | undefined> {
    const entry = this.entryFor(file);
    return entry ? (await this.page(entry)).facts : undefined;
  }

  /**
   * Lints what `inScope` selects: docs.json (when one of its files is in scope), the pages in
   * scope, and every site rule (reporting only findings in scope). Pages out of scope are parsed
   * only when a site rule asks for their facts.
   */
  async lint(
    inScope: (file: string) => boolean,
    options: { whole?: boolean; onProgress?: (done: number, total: number) => void } = {},
  ): Promise<{ diagnostics: Diagnostic[]; files: string[] }> {
    const { settings } = this;
    const site = this.model;
    const registry = settings.registry;
    const findings: Finding[] = [];
    const files: string[] = [];
    const isOn = (rule: Rule) => settings.rules[rule.meta.id]?.severity !== 'off';

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

    // A whole-site run's findings can serve any later scope; a partial run's cannot.
    const scope = options.whole ? () => true : inScope;
    const pass: SitePass = {
      inScope: scope,
      facts: (file) => this.facts(file),
      anchors: async (file) => {
        const entry = this.entryFor(file);
        if (!entry || this.outcomes.has(file)) return undefined;
        const read = this.readPage(entry);
        const text = read.text ?? (read.buffer && !read.unreadable ? read.buffer.toString('utf8') : undefined);
        return text === undefined ? undefined : (await import('../pages/anchors.js')).quickAnchors(text);
      },
    };

    const configFiles = [...site.config.files.keys()];
    const configInScope = configFiles.some(inScope);
    if (configInScope) {
      files.push(...configFiles.filter(inScope));
      append(findings, await this.configFindings(registry.rules('config').filter(isOn), pass));
    }

    const base = this.cache ? baseKey(site, this.overlays, this.cache.file) : undefined;
    const key =
      base !== undefined
        ? siteKey(
            base,
            [...site.pages.values()].map((entry) => ({ relative: entry.relative, hash: this.pageKey(entry) })),
          )
        : undefined;
    let siteFindings = key !== undefined ? this.fromCache(this.cache!.site(key)) : undefined;
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
        const found = hit ?? (await runSiteRule(rule, this.model, this.settings.rules[rule.meta.id]?.options, pass));
        if (ruleKey !== undefined && !hit) this.cache!.setCheck(rule.meta.id, ruleKey, found);
        append(siteFindings, found);
      }
      if (key !== undefined && options.whole) this.cache!.setSite(key, siteFindings);
    }
    for (const f of siteFindings) if (inScope(f.file)) findings.push(f);
    for (const outcome of outcomes) append(findings, outcome.findings);
    files.push(...pagesInScope.map((p) => p.file));
    return { diagnostics: await this.finish(findings, pagesInScope), files };
  }

  /**
   * Findings from the cache, when every file they name (related locations included) is a file of
   * this site: a cache never makes doclint report on, or fix, a file that is not the site's.
   */
  private fromCache(findings: Finding[] | undefined): Finding[] | undefined {
    if (!findings) return undefined;
    const known = (file: string) =>
      this.raw.config.files.has(file) || (isInside(this.raw.root, file) && this.raw.files.has(toPosix(path.relative(this.raw.root, file))));
    return findings.every((f) => known(f.file) && (f.related ?? []).every((r) => known(r.file))) ? findings : undefined;
  }

  /** docs.json rules; with a cache, reused while docs.json and its `$ref` files are unchanged. */
  private async configFindings(rules: Rule[], pass: SitePass): Promise<Finding[]> {
    const config = this.model.config;
    const key = this.cache ? contentHash([...config.files].map(([file, source]) => `${file}\0${source.text}`).join('\0')) : undefined;
    const hit = key !== undefined ? this.fromCache(this.cache!.config(key)) : undefined;
    if (hit) return hit;
    const found: Finding[] = [];
    for (const rule of rules) {
      // Only the syntax rule has something to say about a docs.json that does not parse.
      if (config.value === undefined && rule.meta.id !== 'config-json') continue;
      append(found, await runSiteRule(rule, this.model, this.settings.rules[rule.meta.id]?.options, pass));
    }
    if (key !== undefined) this.cache!.setConfig(key, found);
    return found;
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
        const checked = !list.some((d) => d.ruleId === 'page-mdx-syntax');
        append(out, applyDirectives(list, directives, file, known, checked));
      } else append(out, list);
    }
    return toDiagnostics(out, known, this.settings);
  }
}
