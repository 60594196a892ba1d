import path from 'node:path';
import {
  compiledOnce,
  decodeLinkPath,
  defineRule,
  isAgentInstructionFile,
  isObject,
  resolveSitePath,
  siteHosts,
  siteLinkPath,
  type SiteContext,
  type SiteModel,
} from '../src/rule-kit/index.js';
import ignore, { type Ignore } from 'ignore';

interface Options {
  /** gitignore-style patterns of pages (site-relative) that may stay out of the navigation. */
  ignore?: string[];
}

/** `seo.indexing` of docs.json, or undefined when absent. */
function seoIndexing(site: SiteModel): unknown {
  const value = site.config.value;
  return isObject(value) && isObject(value.seo) ? value.seo.indexing : undefined;
}

/** Every `href` docs.json holds (navigation, navbar, footer…), at any depth. */
function configHrefs(value: unknown, out: string[], depth = 0): string[] {
  if (depth > 64) return out;
  if (Array.isArray(value)) for (const v of value) configHrefs(v, out, depth + 1);
  else if (isObject(value))
    for (const [key, v] of Object.entries(value)) {
      if (key === 'href' && typeof v === 'string') out.push(v);
      else configHrefs(v, out, depth + 1);
    }
  return out;
}

/**
 * Routes the navigation reaches: page entries, group roots, and every `href` of docs.json to the
 * site's own pages (a navigation element's, a navbar or footer link's: on every page), internal or
 * absolute on the site's own host (`seo.metatags.canonical`).
 */
function navigatedRoutes(site: SiteModel): Set<string> {
  const routes = new Set<string>();
  const hosts = siteHosts(site);
  for (const entry of site.navigation.entries)
    if (entry.kind === 'page' && entry.route !== undefined) routes.add(entry.route);
  for (const href of configHrefs(site.config.value, [])) {
    const own = siteLinkPath(href, hosts);
    if (own === undefined) continue;
    const route = own.replace(/\/+$/, '');
    routes.add(route);
    routes.add(route === '' ? 'index' : `${route}/index`);
  }
  return routes;
}

/** An absolute link (a scheme such as `https:` or `mailto:`, or `//host`): the site's own only on one of its hosts. */
const EXTERNAL = /^([a-z][a-z\d+.-]*:|\/\/)/i;

/**
 * The pages that a listed page links to (site-relative paths): a reader reaches them from the
 * navigation in one click, as the platform's hidden pages are reached, so they are outside the
 * navigation on purpose (a template, a page of details a guide points to).
 */
async function linkedFromListed(context: SiteContext<Options>, reached: ReadonlySet<string>): Promise<Set<string>> {
  const { site } = context;
  const generated = await site.generated();
  const hosts = siteHosts(site);
  const out = new Set<string>();
  for (const page of site.routes.values()) {
    if (page.isSnippet || !reached.has(page.route)) continue;
    const facts = await context.facts(page.file);
    for (const link of facts?.links ?? []) {
      if (link.kind === 'image') continue;
      let sitePath: string | undefined;
      if (EXTERNAL.test(link.url)) sitePath = siteLinkPath(link.url, hosts);
      else {
        const bare = link.url.split(/[?#]/)[0]!;
        if (bare === '') continue;
        const decoded = decodeLinkPath(bare);
        sitePath = decoded.startsWith('/')
          ? decoded.replace(/^\/+/, '')
          : path.posix.join(path.posix.dirname(page.relative), decoded);
      }
      if (sitePath === undefined || sitePath.startsWith('..')) continue;
      const target = resolveSitePath(site, generated, sitePath);
      if (target?.page && !target.via) out.add(target.page.relative);
    }
  }
  return out;
}

type PageOf<S extends SiteModel> = S['routes'] extends ReadonlyMap<string, infer P> ? P : never;

/** Orphans in one folder from which they are reported as one finding (when they are most of its pages). */
const MIN_FOLDER_ORPHANS = 5;

/**
 * For each orphan in a folder most of whose pages are orphans (five at least), that folder: the
 * shallowest such folder on its path (`v1/` rather than `v1/features/`). Such a folder is an old
 * version or a set of drafts kept on purpose, one decision for the writer, not one per page.
 */
function orphanFolders(
  site: SiteModel,
  orphans: readonly { relative: string }[],
): Map<string, { path: string; orphans: number; pages: number }> {
  const ancestors = (relative: string) => {
    const parts = relative.split('/').slice(0, -1);
    return parts.map((_, i) => parts.slice(0, i + 1).join('/'));
  };
  const pages = new Map<string, number>();
  for (const page of site.routes.values())
    if (!page.isSnippet) for (const f of ancestors(page.relative)) pages.set(f, (pages.get(f) ?? 0) + 1);
  const counts = new Map<string, number>();
  for (const o of orphans) for (const f of ancestors(o.relative)) counts.set(f, (counts.get(f) ?? 0) + 1);
  const out = new Map<string, { path: string; orphans: number; pages: number }>();
  for (const o of orphans) {
    const folder = ancestors(o.relative).find(
      (f) => counts.get(f)! >= MIN_FOLDER_ORPHANS && counts.get(f)! * 2 > (pages.get(f) ?? 0),
    );
    if (folder) out.set(o.relative, { path: folder, orphans: counts.get(folder)!, pages: pages.get(folder)! });
  }
  return out;
}

const skipOf = compiledOnce<Options, Ignore>((options) => ignore().add(options?.ignore ?? []));

/**
 * A page that no navigation entry reaches. What that means depends on `seo.indexing`: by default
 * (absent or `navigable`) the platform keeps such a page out of search, the sitemap, llms.txt and
 * AI context; with `all` it is indexed anyway (then only an info note). Pages with `hidden: true`
 * front matter are unlisted on purpose, and so are pages a listed page links to: readers reach
 * them from the navigation, as they reach the platform's hidden pages (a template a guide offers,
 * a page of details). Snippets are not pages. An instruction file for coding
 * agents (`AGENTS.md`, `CLAUDE.md`…) outside the navigation is published by mistake: it is reported
 * once, as a file to list in `.mintignore`, whatever its front matter says.
 */
export default defineRule<Options>({
  meta: {
    id: 'site-orphan-page',
    kind: 'site',
    description: 'Every page should be reachable from the navigation (or be marked hidden: true).',
    severity: 'warning',
    problems: {
      'indexed-anyway': {
        severity: 'info',
        description: 'with `seo.indexing: "all"` an unlisted page is still indexed: a note',
      },
    },
    optionsSchema: {
      type: 'object',
      properties: {
        ignore: {
          type: 'array',
          items: { type: 'string' },
          description: 'gitignore-style patterns of pages that may stay out of the navigation',
        },
      },
      additionalProperties: false,
    },
    messages: {
      agentFile:
        '`{{path}}` is an instruction file for coding agents, yet the platform publishes it as the page `/{{route}}`: add `/{{path}}` to `.mintignore` so that it stays out of the site',
      indexedAnyway:
        '`{{route}}` is not in the navigation; it is reachable by its URL and, with `seo.indexing: "all"`, still indexed for search and AI context',
      unlistedFolder:
        "{{count}} of the {{total}} pages under `{{folder}}/` are not in the navigation (`{{route}}`, …): with `seo.indexing` {{indexing}}, the platform leaves them out of search, the sitemap, llms.txt and AI context; if they are kept out on purpose (an old version, drafts), list `/{{folder}}/` in `.mintignore` to unpublish them or in this rule's `ignore` option, else add them to the navigation in docs.json",
      folderIndexedAnyway:
        '{{count}} of the {{total}} pages under `{{folder}}/` are not in the navigation (`{{route}}`, …); they are reachable by their URLs and, with `seo.indexing: "all"`, still indexed for search and AI context',
      unlisted:
        '`{{route}}` is not in the navigation: with `seo.indexing` {{indexing}}, the platform leaves it out of search, the sitemap, llms.txt and AI context; add it to the navigation in docs.json, or set `hidden: true` in its front matter if it is unlisted on purpose',
    },
  },
  async check(context) {
    const { site } = context;
    const skip = skipOf(context.options);
    const reached = navigatedRoutes(site);
    const indexing = seoIndexing(site);
    const all = indexing === 'all';
    let linked: Set<string> | undefined;
    const orphans: PageOf<typeof site>[] = [];
    for (const page of site.routes.values()) {
      if (page.isSnippet || reached.has(page.route) || skip.ignores(page.relative)) continue;
      if (!context.inScope(page.file)) continue;
      const agentFile = isAgentInstructionFile(page.relative);
      if (!agentFile && (await context.frontmatterFacts(page.file))?.hidden) continue;
      // Linked from a listed page: reachable as a hidden page is, so unlisted on purpose.
      if (!agentFile && (linked ??= await linkedFromListed(context, reached)).has(page.relative)) continue;
      orphans.push(page);
    }
    const folderOf = orphanFolders(
      site,
      orphans.filter((p) => !isAgentInstructionFile(p.relative)),
    );
    const absent = 'absent (the default, "navigable")';
    const shownIndexing = indexing === undefined ? absent : JSON.stringify(indexing);
    const done = new Set<string>();
    for (const page of orphans.sort((a, b) => (a.relative < b.relative ? -1 : a.relative > b.relative ? 1 : 0))) {
      const read = site.readText(page.relative);
      const endColumn = read.ok ? (read.text.replace(/^\ufeff/, '').split(/\r?\n|\r/, 1)[0] ?? '').length + 1 : 1;
      const at = { file: page.file, line: 1, column: 1, endLine: 1, endColumn };
      if (isAgentInstructionFile(page.relative)) {
        context.report({ messageId: 'agentFile', data: { path: page.relative, route: page.route }, at });
        continue;
      }
      const folder = folderOf.get(page.relative);
      if (folder) {
        if (done.has(folder.path)) continue;
        done.add(folder.path);
        context.report({
          messageId: all ? 'folderIndexedAnyway' : 'unlistedFolder',
          data: {
            folder: folder.path,
            count: folder.orphans,
            total: folder.pages,
            route: page.route,
            indexing: shownIndexing,
          },
          at,
          problem: all ? 'indexed-anyway' : undefined,
        });
        continue;
      }
      if (all) {
        context.report({ messageId: 'indexedAnyway', data: { route: page.route }, at, problem: 'indexed-anyway' });
      } else {
        context.report({ messageId: 'unlisted', data: { route: page.route, indexing: shownIndexing }, at });
      }
    }
  },
});
