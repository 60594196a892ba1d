import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { sortAndDedupe, type Diagnostic } from '../core/diagnostic.js';
import { ruleUrl } from '../core/rule.js';
import { siteChecks } from '../checks/index.js';
import type { SiteCheckContext } from '../checks/types.js';
import { lintPage } from '../pages/lint.js';
import { emptyFacts, type PageFacts } from '../pages/facts.js';
import { validateConfig } from '../schema/validate.js';
import { CONFIG_FILE, findSiteRoot, loadSite } from '../site/load.js';
import { isInside, toPosix } from '../site/paths.js';
import type { PageEntry, Site } from '../site/site.js';
import { applyDirectives } from './directives.js';
import { allRuleIds } from './registry.js';
import { resolveSettings, type EffectiveSettings } from './settings.js';

/** Pages larger than this are not parsed (a finding says so); real pages stay far below it. */
export const MAX_PAGE_BYTES = 8 * 1024 * 1024;

export interface LintOptions {
  /** Files or folders; a folder with docs.json (or inside one) is a site, files are linted alone. */
  paths: string[];
  cwd: string;
  /** Per-rule overrides, e.g. from `--rule id:severity`. */
  settings?: EffectiveSettings;
}

export interface LintRun {
  /** Findings, sorted by file and position. */
  diagnostics: Diagnostic[];
  /** Every file that was linted (with or without findings), absolute. */
  files: string[];
  /** Site roots that were linted. */
  sites: string[];
}

export class UsageError extends Error {}

interface Target {
  root: string;
  /** The site root itself was asked for: everything is in scope. */
  whole: boolean;
  /** Otherwise, the files and folders asked for. */
  only: Set<string>;
  folders: string[];
}

/** Groups the requested paths by the site they belong to. Files outside any site are skipped. */
async function resolveTargets(paths: string[], cwd: string): Promise<Target[]> {
  const targets = new Map<string, Target>();
  const requested = paths.length ? paths : ['.'];
  for (const p of requested) {
    const abs = path.resolve(cwd, p);
    let info;
    try {
      info = await stat(abs);
    } catch {
      throw new UsageError(`no such file or folder: ${p}`);
    }
    const root = await findSiteRoot(info.isDirectory() ? abs : path.dirname(abs));
    if (!root) {
      if (info.isDirectory()) throw new UsageError(`no ${CONFIG_FILE} found in ${p} or any folder above it`);
      continue; // a file outside any site (pre-commit passes all sorts of files): nothing to lint
    }
    let target = targets.get(root);
    if (!target) {
      target = { root, whole: false, only: new Set(), folders: [] };
      targets.set(root, target);
    }
    if (info.isDirectory() && abs === root) target.whole = true;
    else if (info.isDirectory()) target.folders.push(abs);
    else target.only.add(abs);
  }
  return [...targets.values()];
}

function isBinary(buffer: Buffer): boolean {
  const n = Math.min(buffer.length, 8000);
  for (let i = 0; i < n; i++) if (buffer[i] === 0) return true;
  return false;
}

function fileDiagnostic(file: string, ruleId: string, severity: Diagnostic['severity'], message: string): Diagnostic {
  return { file, line: 1, column: 1, endLine: 1, endColumn: 1, ruleId, severity, message, url: ruleUrl(ruleId) };
}

/**
 * Lints one site: docs.json, the pages in scope, and the site checks, each page parsed at most
 * once (its facts are shared by every site check).
 */
export async function lintSite(site: Site, inScope: (file: string) => boolean, settings: EffectiveSettings): Promise<{ diagnostics: Diagnostic[]; files: string[] }> {
  const diagnostics: Diagnostic[] = [];
  const files: string[] = [];
  const factsMemo = new Map<string, Promise<PageFacts | undefined>>();
  const pageDiagnostics = new Map<string, Diagnostic[]>();

  const configFiles = [...site.config.files.keys()];
  if (configFiles.some(inScope)) {
    diagnostics.push(...site.config.diagnostics);
    if (site.config.value !== undefined) diagnostics.push(...validateConfig(site.config));
    files.push(...configFiles.filter(inScope));
  }

  const runPage = (entry: PageEntry): Promise<PageFacts | undefined> => {
    let pending = factsMemo.get(entry.file);
    if (!pending) {
      pending = (async () => {
        let buffer: Buffer;
        try {
          buffer = await readFile(entry.file);
        } catch (error) {
          pageDiagnostics.set(entry.file, [fileDiagnostic(entry.file, 'page-mdx-syntax', 'error', `cannot read the file: ${(error as NodeJS.ErrnoException).code ?? String(error)}`)]);
          return undefined;
        }
        if (buffer.length > MAX_PAGE_BYTES) {
          pageDiagnostics.set(entry.file, [
            fileDiagnostic(entry.file, 'page-mdx-syntax', 'warning', `the file is too large to lint (${(buffer.length / 1048576).toFixed(1)} MB; the limit is ${MAX_PAGE_BYTES / 1048576} MB); it was skipped`),
          ]);
          return emptyFacts();
        }
        if (isBinary(buffer)) {
          pageDiagnostics.set(entry.file, [fileDiagnostic(entry.file, 'page-mdx-syntax', 'error', 'the file is not text (it contains NUL bytes); a page must be UTF-8 MDX')]);
          return { ...emptyFacts(), syntaxError: true };
        }
        const result = await lintPage({ file: entry.file, text: buffer.toString('utf8'), isSnippet: entry.isSnippet }, settings.page);
        pageDiagnostics.set(entry.file, result.diagnostics);
        return result.facts;
      })();
      factsMemo.set(entry.file, pending);
    }
    return pending;
  };

  const pagesInScope = [...site.pages.values()].filter((p) => inScope(p.file));
  await Promise.all(pagesInScope.map(runPage));
  files.push(...pagesInScope.map((p) => p.file));

  const context: Omit<SiteCheckContext, 'options'> = {
    site,
    facts: (file) => {
      const rel = toPosix(path.relative(site.root, file));
      const entry = site.pages.get(rel);
      return entry ? runPage(entry) : Promise.resolve(undefined);
    },
    inScope,
  };
  for (const check of siteChecks) {
    const setting = settings.rules[check.meta.id];
    if (setting?.severity === 'off') continue;
    const found = await check.run({ ...context, options: setting?.options });
    diagnostics.push(...found.filter((d) => inScope(d.file)));
  }

  // Page findings only for pages in scope (facts of other pages were read for the site checks).
  for (const entry of pagesInScope) diagnostics.push(...(pageDiagnostics.get(entry.file) ?? []));

  // Inline directives apply to every finding located in the page, site checks' included.
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) {
    let list = byFile.get(d.file);
    if (!list) byFile.set(d.file, (list = []));
    list.push(d);
  }
  const known = new Set(allRuleIds());
  const out: Diagnostic[] = [];
  for (const [file, list] of byFile) {
    const facts = factsMemo.has(file) ? await factsMemo.get(file)! : undefined;
    out.push(...(facts && facts.directives.length ? applyDirectives(list, facts.directives, file, known) : list));
  }
  // Directive findings for pages with no other finding (e.g. an unknown rule id).
  for (const entry of pagesInScope) {
    if (byFile.has(entry.file)) continue;
    const facts = await factsMemo.get(entry.file);
    if (facts?.directives.length) out.push(...applyDirectives([], facts.directives, entry.file, known));
  }
  return { diagnostics: out.map((d) => applySeverity(d, settings)).filter((d): d is Diagnostic => d !== undefined), files };
}

function applySeverity(d: Diagnostic, settings: EffectiveSettings): Diagnostic | undefined {
  const setting = settings.rules[d.ruleId];
  if (!setting) return d;
  if (setting.severity === 'off') return undefined;
  if (setting.severity === undefined || setting.severity === d.severity) return d;
  // A configured severity replaces the default one; info-level notes of a rule stay notes.
  return d.severity === 'info' ? d : { ...d, severity: setting.severity };
}

/** The whole run: resolve paths to sites, lint each, return sorted findings. */
export async function lint(options: LintOptions): Promise<LintRun> {
  const targets = await resolveTargets(options.paths, options.cwd);
  const all: Diagnostic[] = [];
  const files: string[] = [];
  for (const target of targets) {
    const site = await loadSite(target.root);
    const inScope = target.whole
      ? () => true
      : (file: string) => target.only.has(file) || target.folders.some((folder) => isInside(folder, file));
    // A named file the platform ignores (.mintignore, dot-folders) is skipped: pre-commit passes everything.
    for (const file of target.only) {
      const rel = toPosix(path.relative(target.root, file));
      if (!site.files.has(rel) && !site.config.files.has(file)) target.only.delete(file);
    }
    const settings = options.settings ?? resolveSettings();
    const result = await lintSite(site, inScope, settings);
    all.push(...result.diagnostics);
    files.push(...result.files);
  }
  return { diagnostics: sortAndDedupe(all), files: [...new Set(files)].sort(), sites: targets.map((t) => t.root) };
}
