import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic, Finding as Found } from '../../src/core/diagnostic.js';
import { readTextSafe, realRoot } from '../../src/core/safe-read.js';
import { toDiagnostics } from '../../src/engine/message-control.js';
import { builtinRegistry } from '../../src/config/registry.js';
import { runSiteRule } from '../../src/engine/rule-runner.js';
import { pagePlan, resolveSettings } from '../../src/config/settings.js';
import type { PageFacts } from '../../src/pages/facts.js';
import { lintPage } from '../../src/engine/lint-page.js';
import type { Rule } from '../../src/rule-kit/rule.js';
import { loadSite } from '../../src/site/load.js';
import { SiteModel } from '../../src/model/site-model.js';
import type { Site } from '../../src/site/site.js';

export const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/sites');

export function fixture(name: string): string {
  return path.join(FIXTURES, name);
}

/** Facts of a site's pages from the real page parser, memoised like the engine does. */
export function factsReader(site: Site): (file: string) => Promise<PageFacts | undefined> {
  const memo = new Map<string, Promise<PageFacts | undefined>>();
  const plan = pagePlan(resolveSettings());
  return (file) => {
    let pending = memo.get(file);
    if (!pending) {
      pending = (async () => {
        const entry = [...site.pages.values()].find((p) => p.file === file);
        if (!entry) return undefined;
        const read = readTextSafe(file, { maxBytes: 8 * 1024 * 1024 });
        if (!read.ok) return undefined;
        return lintPage({ file, text: read.text, isSnippet: entry.isSnippet }, plan).facts;
      })();
      memo.set(file, pending);
    }
    return pending;
  };
}

export interface Finding {
  file: string;
  line: number;
  column: number;
  severity: string;
  message: string;
}

/** The site model of a loaded site (tests may change `site.config.value` in memory first). */
export function modelOf(site: Site, specSchemaValidation = false): SiteModel {
  const root = realRoot(site.root);
  return new SiteModel(site, {
    read: (file) => readTextSafe(file, { root, maxBytes: 64 * 1024 * 1024 }),
    specSchemaValidation,
  });
}

/** Runs one site or docs.json rule on a whole site: its findings, with severities, as message control gives them. */
export async function runRule(
  rule: Rule,
  site: Site,
  options?: unknown,
  facts = factsReader(site),
): Promise<Diagnostic[]> {
  // nav-openapi-invalid's `schema` option is read by the site model's endpoint analysis, as the session does.
  const model = modelOf(
    site,
    rule.meta.id === 'nav-openapi-invalid' && (options as { schema?: unknown } | undefined)?.schema === true,
  );
  const found: Found[] = await runSiteRule(rule, model, options, {
    facts,
    frontmatterFacts: facts,
    inScope: () => true,
    anchors: async () => undefined,
  });
  return toDiagnostics(found, builtinRegistry(), resolveSettings());
}

/** Runs one site rule on a site and returns its findings as `{file (site-relative), line, column, severity, message}`, sorted. */
export async function runCheck(
  rule: Rule,
  site: Site,
  options?: unknown,
  facts = factsReader(site),
): Promise<Finding[]> {
  return simplify(site, await runRule(rule, site, options, facts));
}

export function simplify(site: Site, found: Diagnostic[]): Finding[] {
  for (const d of found) {
    expect(d.ruleId).toBe(d.ruleId.trim());
    expect(d.url).toContain(`${d.ruleId}.md`);
  }
  return found
    .map((d) => ({
      file: path.relative(site.root, d.file).split(path.sep).join('/'),
      line: d.line,
      column: d.column,
      severity: d.severity,
      message: d.message,
    }))
    .sort((a, b) =>
      a.file < b.file
        ? -1
        : a.file > b.file
          ? 1
          : a.line - b.line || a.column - b.column || (a.message < b.message ? -1 : 1),
    );
}

export async function load(name: string): Promise<Site> {
  return loadSite(fixture(name));
}
