import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SiteCheck } from '../../src/checks/types.js';
import type { Diagnostic } from '../../src/core/diagnostic.js';
import type { PageFacts } from '../../src/pages/facts.js';
import { lintPage } from '../../src/pages/lint.js';
import { loadSite } from '../../src/site/load.js';
import type { Site } from '../../src/site/site.js';

export const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/sites');

export function fixture(name: string): string {
  return path.join(FIXTURES, name);
}

/** Facts of a site's pages from the real page parser, memoised like the engine does. */
export function factsReader(site: Site): (file: string) => Promise<PageFacts | undefined> {
  const memo = new Map<string, Promise<PageFacts | undefined>>();
  return (file) => {
    let pending = memo.get(file);
    if (!pending) {
      pending = (async () => {
        const entry = [...site.pages.values()].find((p) => p.file === file);
        if (!entry) return undefined;
        const text = await readFile(file, 'utf8');
        return (await lintPage({ file, text, isSnippet: entry.isSnippet }, { rules: {} })).facts;
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

/** Runs one check on a site and returns its findings as `{file (site-relative), line, column, severity, message}`, sorted. */
export async function runCheck(check: SiteCheck, site: Site, options?: unknown, facts = factsReader(site)): Promise<Finding[]> {
  const found = await check.run({ site, facts, options });
  return simplify(site, found);
}

export function simplify(site: Site, found: Diagnostic[]): Finding[] {
  for (const d of found) {
    expect(d.ruleId).toBe(d.ruleId.trim());
    expect(d.url).toContain(`${d.ruleId}.md`);
  }
  return found
    .map((d) => ({ file: path.relative(site.root, d.file).split(path.sep).join('/'), line: d.line, column: d.column, severity: d.severity, message: d.message }))
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column || (a.message < b.message ? -1 : 1)));
}

export async function load(name: string): Promise<Site> {
  return loadSite(fixture(name));
}
