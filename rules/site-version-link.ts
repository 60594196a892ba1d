import path from 'node:path';
import {
  decodeLinkPath,
  defineRule,
  describeLink,
  type LinkFact,
  type MessageData,
  type PageEntry,
  resolveSitePath,
  type SiteModel,
} from '../src/rule-kit/index.js';

/*
 * A versioned site keeps each version's pages in its own folders (`v3/guides/setup` beside the
 * latest `guides/setup`), listed under `navigation.versions`. A page of one version that links to
 * a path written without any version (`/guides/setup`) lands on the page of another version when
 * its own version has the page under its folder: the reader silently leaves the version they
 * chose. Links that name a version and links to pages shared by the versions are left alone.
 * Links through a redirect (an alias such as a "latest" path, often deliberate) are counted and
 * reported once per version, on its `version` key, with a few examples.
 *
 * A version's marker is read from its title (`v3`, `2025-11-25`) and from the pages its navigation
 * lists: the title `v3.4.4` with its pages in `v3/` is marked by `v3`.
 */

/** How many examples a summary of links through redirects names. */
const EXAMPLES = 3;

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** One version of the navigation (the same title under several languages or tabs is one version). */
interface Version {
  title: string;
  /** What marks a path segment as this version's (`v3`, `2025-11-25`, `draft`): from its title and its folder. */
  tokens: string[];
  /** The folder its pages are in when the title does not name it (`v3` for the title `v3.4.4`). */
  folder?: string;
  /** Where its first navigation element is written. */
  pointer: string;
}

/**
 * The folder a version's pages are in, read from the pages its navigation lists: a path segment
 * that most of its pages have and no page of another version has, either with a digit (`v3`,
 * `1.0`) or at the start of the path (`edge`). Undefined when there is none (the latest version at
 * the root, say).
 */
function versionFolder(title: string, routes: ReadonlyMap<string, Set<string>>): string | undefined {
  const own = routes.get(title);
  if (!own?.size) return undefined;
  const elsewhere = new Set<string>();
  for (const [other, list] of routes)
    if (other !== title)
      for (const route of list) if (!own.has(route)) for (const s of route.split('/')) elsewhere.add(s);
  const counts = new Map<string, number>();
  const first = new Map<string, number>();
  for (const route of own) {
    const segments = route.split('/');
    for (const [i, segment] of [...new Set(segments)].entries()) {
      counts.set(segment, (counts.get(segment) ?? 0) + 1);
      if (i === 0 && segments.length > 1) first.set(segment, (first.get(segment) ?? 0) + 1);
    }
  }
  let best: string | undefined;
  for (const [segment, count] of counts) {
    if (count * 2 <= own.size || elsewhere.has(segment)) continue;
    if (!/\d/.test(segment) && (first.get(segment) ?? 0) * 2 <= own.size) continue;
    if (best === undefined || count > counts.get(best)!) best = segment;
  }
  return best;
}

/** The markers of a version in paths: its numbers (`v3`, `1.15`, `2025-11-25`), else its one-word title (`draft`). */
function versionTokens(title: string): string[] {
  const lower = title.toLowerCase();
  const numbers = [...lower.matchAll(/v?\d+(?:[._-]\d+)*/g)].map((m) => m[0].replace(/^v/, ''));
  if (numbers.length > 0) return numbers;
  const word = lower.trim();
  return /^[a-z][a-z0-9_-]*$/.test(word) ? [word] : [];
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether a path segment carries a version marker (`v3`, `v1-endpoint`, `2025-11-25`). */
function segmentMarker(tokens: readonly string[]): (segment: string) => boolean {
  const patterns = tokens.map((t) => new RegExp(`(?:^|[^a-z0-9])v?${escapeRegExp(t)}(?:$|[^a-z0-9])`, 'i'));
  return (segment) => patterns.some((p) => p.test(segment));
}

/** What a version-marked segment says besides its version (`v1-endpoint` → `endpoint`). */
function withoutMarker(segment: string, tokens: readonly string[]): string {
  let out = segment.toLowerCase();
  for (const t of tokens)
    out = out.replace(new RegExp(`(?:^|(?<=[^a-z0-9]))v?${escapeRegExp(t)}(?=$|[^a-z0-9])`, 'g'), '');
  return out.replace(/^[-_.]+|[-_.]+$/g, '');
}

interface VersionIndex {
  versions: Map<string, Version>;
  /** Version titles of each page route listed under a version. */
  byRoute: Map<string, Set<string>>;
  /** Routes of each version's pages. */
  routes: Map<string, Set<string>>;
  /** Any segment with any version's marker. */
  anyMarker: (segment: string) => boolean;
}

function versionIndex(site: SiteModel): VersionIndex | undefined {
  const versions = new Map<string, Version>();
  const byRoute = new Map<string, Set<string>>();
  const routes = new Map<string, Set<string>>();
  for (const entry of site.navigation.entries) {
    if (entry.kind !== 'page' || entry.route === undefined) continue;
    const element = [...entry.chain].reverse().find((e) => e.kind === 'version');
    if (!element?.title) continue;
    const title = element.title;
    if (!versions.has(title)) versions.set(title, { title, tokens: versionTokens(title), pointer: element.pointer });
    const page = site.routes.get(entry.route) ?? site.routes.get(`${entry.route}/index`);
    const route = page?.route ?? entry.route;
    let set = byRoute.get(route);
    if (!set) byRoute.set(route, (set = new Set()));
    set.add(title);
    let list = routes.get(title);
    if (!list) routes.set(title, (list = new Set()));
    list.add(route);
  }
  if (versions.size < 2) return undefined;
  for (const version of versions.values()) {
    const folder = versionFolder(version.title, routes);
    if (folder === undefined || segmentMarker(version.tokens)(folder)) continue;
    version.tokens = [...new Set([...version.tokens, ...versionTokens(folder)])];
    version.folder = folder;
  }
  const all = [...versions.values()].flatMap((v) => v.tokens);
  return { versions, byRoute, routes, anyMarker: segmentMarker(all) };
}

/**
 * The page of version `title` that a route of another version stands for: the route with one
 * segment carrying the version's marker added (`guides/setup` → `v3/guides/setup`) or marking one
 * of its segments (`api/endpoint/scrape` → `api/v1-endpoint/scrape`).
 */
function counterpart(index: VersionIndex, title: string, route: string): string | undefined {
  const version = index.versions.get(title)!;
  if (version.tokens.length === 0) return undefined;
  const marked = segmentMarker(version.tokens);
  const target = route.split('/');
  for (const candidate of index.routes.get(title) ?? []) {
    const segments = candidate.split('/');
    if (segments.length === target.length + 1) {
      const at = segments.findIndex((s, i) => s !== target[i]);
      if (at >= 0 && marked(segments[at]!) && segments.slice(at + 1).join('/') === target.slice(at).join('/'))
        return candidate;
    } else if (segments.length === target.length) {
      const diff = segments.flatMap((s, i) => (s === target[i] ? [] : [i]));
      if (diff.length === 1) {
        const s = segments[diff[0]!]!;
        if (marked(s) && withoutMarker(s, version.tokens) === target[diff[0]!]!.toLowerCase()) return candidate;
      }
    }
  }
  return undefined;
}

const named = (titles: Iterable<string>): string =>
  [...titles]
    .slice(0, 3)
    .map((t) => `\`${t}\``)
    .join(', ');

export default defineRule({
  meta: {
    id: 'site-version-link',
    kind: 'site',
    description:
      'A page of one version links to its own version’s pages, not to another version’s through a path that names no version.',
    severity: 'warning',
    hasSuggestions: true,
    fixNote:
      'The suggestion links to the page of the same version (the path with the version’s folder), applied only with `--fix-suggestions`: whether the reader should stay in the version is the writer’s call.',
    readsFacts: ['links'],
    // `{{link}}` is what links: `link`, `image`, `<Card href>`…; `{{own}}` and `{{lands}}` list versions.
    messages: {
      throughRedirects:
        '{{count}} {{links}} from pages of version {{own}} reach pages of version {{lands}} through redirects, which this rule does not report one by one: {{examples}}; link to this version’s pages where the reader should stay in it',
      leaves:
        "{{link}} `{{url}}` leaves version {{own}}: it lands on `{{route}}`, a page of version {{lands}}; this version's page is `/{{mine}}`",
    },
  },
  async check(context) {
    const { site } = context;
    const index = versionIndex(site);
    if (!index) return;
    const generated = await site.generated();
    const viaRedirect = new Map<string, { version: Version; lands: Set<string>; count: number; examples: string[] }>();
    for (const page of site.pages.values()) {
      if (page.isSnippet || !context.inScope(page.file)) continue;
      const own = index.byRoute.get(page.route);
      // Pages outside the versions, or shared by all of them, may link anywhere.
      if (!own || own.size === index.versions.size) continue;
      const facts = await context.facts(page.file);
      if (!facts) continue;
      for (const link of facts.links) {
        const found = versionLeak(site, generated, index, page, own, link);
        if (!found) continue;
        if (found.via !== undefined) {
          const key = [...own].join('\u0000');
          let summary = viaRedirect.get(key);
          if (!summary)
            viaRedirect.set(
              key,
              (summary = { version: index.versions.get([...own][0]!)!, lands: new Set(), count: 0, examples: [] }),
            );
          summary.count++;
          for (const title of found.lands) summary.lands.add(title);
          if (summary.examples.length < EXAMPLES)
            summary.examples.push(
              `\`${found.data.url}\` in \`${page.relative}:${link.line}\` (to \`${found.data.route}\`)`,
            );
          continue;
        }
        context.report({
          messageId: 'leaves',
          data: found.data,
          at: {
            file: page.file,
            line: link.line,
            column: link.column,
            endLine: link.endLine,
            endColumn: link.endColumn,
          },
          suggestions: link.urlRange
            ? [{ desc: `Link to \`${found.replacement}\``, fix: { range: link.urlRange, text: found.replacement } }]
            : undefined,
        });
      }
    }
    for (const [key, { version, lands, count, examples }] of viaRedirect) {
      const more = count > examples.length ? ` and ${count - examples.length} more` : '';
      context.report({
        messageId: 'throughRedirects',
        data: {
          count: String(count),
          links: count === 1 ? 'link' : 'links',
          own: named(key.split('\u0000')),
          lands: named(lands),
          examples: examples.join(', ') + more,
        },
        at: { pointer: `${version.pointer}/version`, on: 'key' },
      });
    }
  },
});

function versionLeak(
  site: SiteModel,
  generated: Awaited<ReturnType<SiteModel['generated']>>,
  index: VersionIndex,
  page: PageEntry,
  own: ReadonlySet<string>,
  link: LinkFact,
):
  | {
      data: MessageData & { url: string; route: string };
      replacement: string;
      via?: string;
      lands: ReadonlySet<string>;
    }
  | undefined {
  const url = link.url.trim();
  if (url === '' || EXTERNAL.test(url) || /[{}`$<>\s[\]]/.test(url)) return undefined;
  const cut = url.search(/[?#]/);
  const pathPart = cut >= 0 ? url.slice(0, cut) : url;
  const rest = cut >= 0 ? url.slice(cut) : '';
  if (pathPart === '' || path.posix.extname(pathPart.replace(/\.mdx?$/i, '')) !== '') return undefined;
  const joined = pathPart.startsWith('/')
    ? decodeLinkPath(pathPart)
    : path.posix.join(path.posix.dirname(page.relative), decodeLinkPath(pathPart));
  const normal = path.posix.normalize(`/${joined}`).replace(/^\/+|\/+$/g, '');
  if (normal === '') return undefined;
  // A link that names a version chose it.
  if (normal.split('/').some(index.anyMarker)) return undefined;
  const target = resolveSitePath(site, generated, normal);
  if (!target?.page) return undefined;
  const lands = index.byRoute.get(target.page.route);
  if (!lands || [...lands].some((v) => own.has(v))) return undefined;
  for (const title of own) {
    const mine = counterpart(index, title, target.page.route);
    if (!mine) continue;
    // The other version of this very page ("a v2 version of this API is available"): deliberate.
    if (mine === page.route) return undefined;
    const replacement = `/${mine}${rest}`;
    return {
      data: { link: describeLink(link), url, own: named(own), route: target.page.route, lands: named(lands), mine },
      replacement,
      lands,
      // Through a redirect: an alias (a "latest" path), summed up per version.
      ...(target.via !== undefined ? { via: String(target.via) } : {}),
    };
  }
  return undefined;
}
