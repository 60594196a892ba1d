import { readFile } from 'node:fs/promises';
import ignore from 'ignore';
import type { Diagnostic } from '../core/diagnostic.js';
import { defineMeta, ruleUrl } from '../core/rule.js';
import { navigationModel } from '../site/navigation.js';
import type { Site } from '../site/site.js';
import type { SiteCheck } from './types.js';

const ID = 'site-orphan-page';

export interface OrphanOptions {
  /** gitignore-style patterns of pages (site-relative) that may stay out of the navigation. */
  ignore?: string[];
}

/** `seo.indexing` of docs.json, or undefined when absent. */
export function seoIndexing(site: Site): unknown {
  const value = site.config.value as { seo?: { indexing?: unknown } } | undefined;
  return value?.seo && typeof value.seo === 'object' ? value.seo.indexing : undefined;
}

/** Routes the navigation reaches: page entries, group roots and internal `href`s. */
export function navigatedRoutes(site: Site): Set<string> {
  const model = navigationModel(site.config);
  const routes = new Set<string>();
  for (const entry of model.entries) if (entry.kind === 'page' && entry.route !== undefined) routes.add(entry.route);
  for (const link of model.links) {
    const route = link.href.split(/[?#]/)[0]!.replace(/^\/+/, '').replace(/\/+$/, '');
    routes.add(route);
    routes.add(route === '' ? 'index' : `${route}/index`);
  }
  return routes;
}

/**
 * A page that no navigation entry reaches. What that means depends on `seo.indexing`: by default
 * (absent or `navigable`) the platform keeps such a page out of search, the sitemap, llms.txt and
 * AI context; with `all` it is indexed anyway (then only an info note). Pages with `hidden: true`
 * front matter are unlisted on purpose and snippets are not pages.
 */
export const siteOrphanPage: SiteCheck = {
  meta: defineMeta({
    id: ID,
    kind: 'site',
    description: 'Every page should be reachable from the navigation (or be marked hidden: true).',
    severity: 'warning',
    fixable: false,
    optionsSchema: {
      type: 'object',
      properties: { ignore: { type: 'array', items: { type: 'string' }, description: 'gitignore-style patterns of pages that may stay out of the navigation' } },
      additionalProperties: false,
    },
  }),
  async run({ site, facts, options, inScope }) {
    const opts = (options ?? {}) as OrphanOptions;
    const skip = ignore().add(opts.ignore ?? []);
    const reached = navigatedRoutes(site);
    const indexing = seoIndexing(site);
    const all = indexing === 'all';
    const out: Diagnostic[] = [];
    for (const page of site.routes.values()) {
      if (page.isSnippet || reached.has(page.route) || skip.ignores(page.relative)) continue;
      if (inScope && !inScope(page.file)) continue;
      const f = await facts(page.file);
      if (f?.hidden) continue;
      const message = all
        ? `\`${page.route}\` is not in the navigation; it is reachable by its URL and, with \`seo.indexing: "all"\`, still indexed for search and AI context`
        : `\`${page.route}\` is not in the navigation: with \`seo.indexing\` ${indexing === undefined ? 'absent (the default, "navigable")' : JSON.stringify(indexing)}, the platform leaves it out of search, the sitemap, llms.txt and AI context; add it to the navigation in docs.json, or set \`hidden: true\` in its front matter if it is unlisted on purpose`;
      let endColumn = 1;
      try {
        const text = await readFile(page.file, 'utf8');
        endColumn = (text.split(/\r?\n|\r/, 1)[0] ?? '').length + 1;
      } catch {
        // keep an empty range
      }
      out.push({ file: page.file, line: 1, column: 1, endLine: 1, endColumn, ruleId: ID, severity: all ? 'info' : 'warning', message, url: ruleUrl(ID) });
    }
    return out;
  },
};
