import type { GeneratedPages } from './generated.js';
import type { SiteModel } from './site-model.js';
import type { PageEntry } from '../site/site.js';

/** Where a site path lands. */
export interface SiteTarget {
  /** The page the path lands on, when it is a page (its anchors can be checked). */
  page?: PageEntry;
  /** A file (image, PDF, spec…), a generated endpoint page, a folder or the home page: no anchors to check. */
  file?: boolean;
  /** The destination of the redirect the path goes through (the last one, for a chain). */
  via?: string;
  /** Set when a redirect on the way is temporary (`"permanent": false`): a deliberate alias, such as "latest version". */
  temporary?: boolean;
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
const PAGE_EXT = /\.(mdx|md)$/i;

/** Files the platform serves itself at the site root. */
const SERVED = new Set(['llms.txt', 'llms-full.txt', 'sitemap.xml', 'robots.txt', 'skill.md']);

/** A scoped llms.txt index the platform serves for the pages under one first URL segment. */
export const SCOPED_LLMS = /^_llms\/([^/]+)\.md$/;

/** Redirects followed from one path at most (a longer chain is reported as broken). */
export const MAX_REDIRECT_HOPS = 5;

/**
 * The page or file a site path (`guides/intro`, no leading `/`, decoded) lands on: a file, a page
 * by its route (`/x` is `x.mdx`, `x.md` or `x/index.mdx`), a generated endpoint page, a folder of
 * pages, or — when none of these — where docs.json `redirects` send it (a few hops at most).
 */
export function resolveSitePath(
  site: SiteModel,
  generated: GeneratedPages,
  sitePath: string,
  hops = 0,
): SiteTarget | undefined {
  const trimmed = sitePath.replace(/\/+$/, '');
  if (trimmed === '') return { file: true }; // the home page
  if (site.files.has(trimmed)) {
    const page = PAGE_EXT.test(trimmed) ? site.pages.get(trimmed) : undefined;
    return page && !page.isSnippet ? { page } : { file: true };
  }
  if (SERVED.has(trimmed) || trimmed.startsWith('.well-known/')) return { file: true };
  // The platform's scoped llms.txt indexes, one per first URL segment: `/_llms/guides.md`.
  const scoped = SCOPED_LLMS.exec(trimmed);
  if (scoped) {
    const prefix = `${scoped[1]}/`;
    for (const r of site.routes.keys()) if (r.startsWith(prefix)) return { file: true };
  }
  const route = trimmed.replace(PAGE_EXT, '');
  const page = site.routes.get(route) ?? site.routes.get(`${route}/index`);
  if (page) return { page };
  // Endpoint pages generated from an OpenAPI spec have no file.
  if (generated.routes.has(route.toLowerCase())) return { file: true };
  if (generated.unknownFolders?.some((folder) => route.toLowerCase().startsWith(`${folder}/`))) return { file: true };
  // A folder of pages: the platform sends it to the first page of that section.
  const prefix = `${route}/`;
  for (const r of site.routes.keys()) if (r.startsWith(prefix)) return { file: true };
  if (hops < MAX_REDIRECT_HOPS) {
    const found = site.redirects.find('/' + route);
    if (found !== undefined) {
      const dest = found.destination;
      const temporary = found.redirect.permanent ? undefined : true;
      if (EXTERNAL.test(dest)) return { file: true, via: dest, ...(temporary && { temporary }) };
      const destPath = dest.split('#')[0]!.split('?')[0]!;
      const next = resolveSitePath(site, generated, decodePath(destPath.replace(/^\/+/, '')), hops + 1);
      if (!next) return undefined;
      return { ...next, via: next.via ?? dest, ...((temporary || next.temporary) && { temporary: true }) };
    }
  }
  return undefined;
}

function decodePath(p: string): string {
  try {
    return decodeURI(p);
  } catch {
    return p;
  }
}
