import path from 'node:path';
import type { Diagnostic, Severity } from '../core/diagnostic.js';
import { defineMeta, ruleUrl } from '../core/rule.js';
import { didYouMean } from '../core/suggest.js';
import type { LinkFact, PageFacts } from '../pages/facts.js';
import type { PageEntry, Site } from '../site/site.js';
import { generatedPages, type GeneratedPages } from './support/generated.js';
import { applyRedirects, readRedirects, type Redirect } from './support/redirects.js';
import type { SiteCheck, SiteCheckContext } from './types.js';

const ID = 'site-broken-link';

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
const PAGE_EXT = /\.(mdx|md)$/i;

interface Target {
  /** The page the link lands on, when it is a page. */
  page?: PageEntry;
  /** It is a file (image, PDF, spec…) or a folder/home path: no anchors to check. */
  file?: boolean;
  /** The site path after redirects, for messages. */
  via?: string;
}

function decode(p: string): string {
  try {
    return decodeURI(p);
  } catch {
    return p;
  }
}

function decodeFragment(p: string): string {
  try {
    return decodeURIComponent(p);
  } catch {
    return p;
  }
}

/** Files the platform serves itself at the site root. */
const SERVED = new Set(['llms.txt', 'llms-full.txt', 'sitemap.xml', 'robots.txt', 'skill.md']);

function describeLink(link: LinkFact): string {
  if (link.kind === 'image') return 'image';
  if (link.kind === 'jsx') return `<${link.element}${link.attribute ? ` ${link.attribute}` : ''}>`;
  return 'link';
}

/**
 * Internal links (markdown links and images, `<a href>`, `<Card href>`, `<img src>`, …) to pages
 * or files that do not exist, after docs.json `redirects`; an `#anchor` that matches no heading or
 * `id` of the target page is a warning. Relative links resolve from the page's folder, `/` links
 * from the site root; external links are not checked.
 */
export const siteBrokenLink: SiteCheck = {
  meta: defineMeta({
    id: ID,
    kind: 'site',
    description: 'Internal links and images must point at existing pages, anchors and files (redirects honoured).',
    severity: 'error',
    fixable: false,
    optionsSchema: {
      type: 'object',
      properties: {
        basePath: { type: 'string', description: 'The path the site is served under (e.g. "/docs"); links that include it are resolved without it. Default: the path of seo.metatags.canonical.' },
      },
      additionalProperties: false,
    },
  }),
  readsFacts: ['links', 'headings', 'ids', 'syntaxError'],
  async run(context: SiteCheckContext) {
    const { site, inScope } = context;
    const basePath = readBasePath(site, context.options);
    const redirects = readRedirects(site.config.value);
    const generated = await generatedPages(site);
    const out: Diagnostic[] = [];
    const candidates = suggestionCandidates(site);
    for (const page of site.pages.values()) {
      if (inScope && !inScope(page.file)) continue;
      const facts = await context.facts(page.file);
      if (!facts) continue;
      for (const link of facts.links) {
        const finding = await checkLink(context, site, basePath, redirects, generated, page, facts, link, candidates);
        if (finding) {
          out.push({
            file: page.file,
            line: link.line,
            column: link.column,
            endLine: link.endLine,
            endColumn: link.endColumn,
            ruleId: ID,
            severity: finding.severity,
            message: finding.message,
            url: ruleUrl(ID),
          });
        }
      }
    }
    return out;
  },
};

/** What a broken link's "did you mean" is chosen from, listed once per run. */
interface Candidates {
  routes(): string[];
  /** Files with this extension (lower case, with the dot). */
  files(ext: string): string[];
}

function suggestionCandidates(site: Site): Candidates {
  let routes: string[] | undefined;
  let byExtension: Map<string, string[]> | undefined;
  return {
    routes: () => (routes ??= [...site.routes.keys()]),
    files: (ext) => {
      if (!byExtension) {
        byExtension = new Map();
        for (const f of site.files) {
          const e = path.posix.extname(f).toLowerCase();
          const list = byExtension.get(e);
          if (list) list.push(f);
          else byExtension.set(e, [f]);
        }
      }
      return byExtension.get(ext) ?? [];
    },
  };
}

async function checkLink(
  context: SiteCheckContext,
  site: Site,
  basePath: string | undefined,
  redirects: Redirect[],
  generated: GeneratedPages,
  page: PageEntry,
  facts: PageFacts,
  link: LinkFact,
  candidates: Candidates,
): Promise<{ severity: Severity; message: string } | undefined> {
  const url = link.url.trim();
  if (url === '' || EXTERNAL.test(url) || /[{}`$<>\s[\]]/.test(url)) return undefined;
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const anchor = hashAt >= 0 ? decodeFragment(url.slice(hashAt + 1)) : undefined;
  const pathPart = beforeHash.split('?')[0]!;

  if (pathPart === '') {
    if (!anchor || page.isSnippet || facts.syntaxError) return undefined;
    return anchorFinding(facts, anchor, 'this page', url);
  }
  // Relative links in snippets depend on the page that imports them.
  if (page.isSnippet && !pathPart.startsWith('/')) return undefined;

  const absolute = pathPart.startsWith('/');
  const rooted = basePath && (pathPart === basePath || pathPart.startsWith(`${basePath}/`)) ? pathPart.slice(basePath.length) || '/' : pathPart;
  const joined = absolute ? decode(rooted) : path.posix.join(path.posix.dirname(page.relative), decode(pathPart));
  const normal = path.posix.normalize(joined).replace(/^\/+/, '');
  if (normal.startsWith('..')) {
    return { severity: 'error', message: `${describeLink(link)} \`${url}\` points outside the site` };
  }
  const target = resolveTarget(site, redirects, normal);
  if (!target) {
    const route = normal.replace(/\/+$/, '').replace(PAGE_EXT, '');
    // Endpoint pages generated from an OpenAPI spec have no file: their `href` or summary slug.
    if (generated.hrefs.has(route) || generated.slugs.has(route.slice(route.lastIndexOf('/') + 1))) return undefined;
    const redirected = applyRedirects(redirects, '/' + route);
    const looksLikeFile = path.posix.extname(route) !== '';
    const ext = path.posix.extname(route).toLowerCase();
    const close = didYouMean(route, looksLikeFile ? candidates.files(ext) : candidates.routes());
    const hint = close ? `; did you mean \`/${close}\`?` : '';
    if (redirected !== undefined) {
      return { severity: 'error', message: `${describeLink(link)} \`${url}\` redirects to \`${redirected}\`, which does not exist${hint}` };
    }
    const what = looksLikeFile ? `no file \`${route}\`` : `no page or file at \`${route}\``;
    return { severity: 'error', message: `${describeLink(link)} \`${url}\` is broken: ${what} in the site${hint}` };
  }
  if (anchor && target.page && !target.file) {
    // A page this run does not lint is not parsed for an anchor that its heading lines already show.
    const quick = await context.anchors?.(target.page.file);
    if (quick && anchorIn(quick, anchor)) return undefined;
    const targetFacts = await context.facts(target.page.file);
    if (!targetFacts || targetFacts.syntaxError) return undefined;
    const where = target.via ? `\`${target.page.route}\` (where \`${pathPart}\` redirects)` : `\`${target.page.route}\``;
    return anchorFinding(targetFacts, anchor, where, url);
  }
  return undefined;
}

function anchorFinding(facts: PageFacts, anchor: string, where: string, url: string): { severity: Severity; message: string } | undefined {
  if (anchor === '' || anchorExists(facts, anchor)) return undefined;
  const ids = [...facts.headings.map((h) => h.id), ...facts.ids];
  const close = didYouMean(anchor, ids);
  return {
    severity: 'warning',
    message: `anchor \`#${anchor}\` in \`${url}\` matches no heading or id of ${where}${close ? `; did you mean \`#${close}\`?` : ''}`,
  };
}

/** Anchors that components make from their props (`<ParamField>` → `#param-name`, …): not in the facts. */
const COMPONENT_ANCHOR = /^(param|body|query|path|header|cookie|response)-/i;

/** Letters and digits only: slug algorithms differ in punctuation, emoji and repeated dashes. */
function loose(id: string): string {
  return id.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

function anchorExists(facts: PageFacts, anchor: string): boolean {
  return anchorIn([...facts.headings.map((h) => h.id), ...facts.ids], anchor);
}

function anchorIn(ids: string[], anchor: string): boolean {
  if (COMPONENT_ANCHOR.test(anchor)) return true;
  const wanted = loose(anchor);
  if (wanted === '') return true;
  return ids.some((id) => id === anchor || loose(id) === wanted);
}

/** The path the site is served under: the option, else the path of `seo.metatags.canonical`. */
function readBasePath(site: Site, options: unknown): string | undefined {
  const configured = (options as { basePath?: unknown } | undefined)?.basePath;
  let base: string | undefined = typeof configured === 'string' ? configured : undefined;
  if (base === undefined) {
    const canonical = (site.config.value as { seo?: { metatags?: { canonical?: unknown } } } | undefined)?.seo?.metatags?.canonical;
    if (typeof canonical === 'string') {
      try {
        base = new URL(canonical).pathname;
      } catch {
        base = undefined;
      }
    }
  }
  if (!base) return undefined;
  const trimmed = '/' + base.replace(/^\/+|\/+$/g, '');
  return trimmed === '/' ? undefined : trimmed;
}

/** The page or file a site path lands on, following redirects (a few hops at most). */
function resolveTarget(site: Site, redirects: Redirect[], sitePath: string, hops = 0): Target | undefined {
  const trimmed = sitePath.replace(/\/+$/, '');
  if (trimmed === '') return { file: true }; // the home page
  if (site.files.has(trimmed)) {
    const page = PAGE_EXT.test(trimmed) ? site.pages.get(trimmed) : undefined;
    return page && !page.isSnippet ? { page } : { file: true };
  }
  if (SERVED.has(trimmed) || trimmed.startsWith('.well-known/')) return { file: true };
  const route = trimmed.replace(PAGE_EXT, '');
  const page = site.routes.get(route) ?? site.routes.get(`${route}/index`);
  if (page) return { page };
  // A folder of pages: the platform sends it to the first page of that section.
  const prefix = `${route}/`;
  for (const r of site.routes.keys()) if (r.startsWith(prefix)) return { file: true };
  if (hops < 5) {
    const dest = applyRedirects(redirects, '/' + route);
    if (dest !== undefined) {
      if (EXTERNAL.test(dest)) return { file: true, via: dest };
      const destPath = dest.split('#')[0]!.split('?')[0]!;
      const next = resolveTarget(site, redirects, destPath.replace(/^\/+/, ''), hops + 1);
      return next ? { ...next, via: dest } : undefined;
    }
  }
  return undefined;
}
