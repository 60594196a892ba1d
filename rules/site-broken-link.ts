import path from 'node:path';
import {
  anchorIn,
  decodeFragment,
  fieldAnchorVerdict,
  isFieldAnchor,
  ownIds,
  pageOperationFields,
  quickIds,
  shownIds,
  type IdSet,
  decodeLinkPath,
  defineRule,
  describeLink,
  didYouMean,
  stringsByKey,
  didYouMeanPath,
  fillMessage,
  type GeneratedPages,
  type LinkFact,
  type MessageData,
  type PageEntry,
  type PageFacts,
  resolveSitePath,
  type SiteContext,
  type SiteTarget,
  type SiteModel,
} from '../src/rule-kit/index.js';

/**
 * What a link check found: a broken target (an error), an anchor that matches nothing (a warning),
 * or a link that works only through a redirect (a note, with the direct target as a suggestion).
 */
interface Problem {
  problem?: 'anchor' | 'redirected';
  messageId: keyof typeof MESSAGES;
  data: MessageData;
  /** The URL to write instead (a redirected link's direct target). */
  replacement?: string;
}

/**
 * `{{label}}` is what links (`link`, `<Card href>`, `navbar link`). A broken target's `{{more}}`
 * is empty, or counts the other links to it on the page; `{{untried}}` is empty, or says that
 * the path was too long to try against every redirect pattern.
 */
const MESSAGES = {
  redirectsMissing: '{{label}} `{{url}}` redirects to `{{redirected}}`, which does not exist{{more}}',
  redirectsMissingClose:
    '{{label}} `{{url}}` redirects to `{{redirected}}`, which does not exist; did you mean `/{{close}}`?{{more}}',
  noFile: '{{label}} `{{url}}` is broken: no file `{{route}}` in the site{{untried}}{{more}}',
  noFileClose:
    '{{label}} `{{url}}` is broken: no file `{{route}}` in the site{{untried}}; did you mean `/{{close}}`?{{more}}',
  noPage: '{{label}} `{{url}}` is broken: no page or file at `{{route}}` in the site{{untried}}{{more}}',
  noPageClose:
    '{{label}} `{{url}}` is broken: no page or file at `{{route}}` in the site{{untried}}; did you mean `/{{close}}`?{{more}}',
  protocolRelative:
    '{{label}} `{{url}}` is a protocol-relative URL: the browser reads `{{host}}` as a host name, not a folder of this site; write `/{{path}}`{{more}}',
  anchor: 'anchor `#{{anchor}}`{{linked}} matches no heading or id of {{where}}',
  anchorClose: 'anchor `#{{anchor}}`{{linked}} matches no heading or id of {{where}}; did you mean `#{{close}}`?',
  anchorHere:
    'anchor `#{{anchor}}`{{linked}} matches no heading or id of {{where}}; this page has it: write `#{{written}}`',
  anchorCloseHere:
    'anchor `#{{anchor}}`{{linked}} matches no heading or id of {{where}}; did you mean `#{{close}}`?; this page has it: write `#{{written}}`',
  field:
    'anchor `#{{anchor}}`{{linked}} names no field of {{where}}: the {{section}} of `{{operation}}` in its spec have no such name, and no heading or id of the page matches it',
  fieldClose:
    'anchor `#{{anchor}}`{{linked}} names no field of {{where}}: the {{section}} of `{{operation}}` in its spec have no such name, and no heading or id of the page matches it; did you mean `#{{close}}`?',
  snippetAnchorOne:
    'anchor `#{{anchor}}`{{linked}} matches no heading or id of the page that imports this snippet ({{pages}})',
  snippetAnchorAny:
    'anchor `#{{anchor}}`{{linked}} matches no heading or id of any page that imports this snippet ({{pages}})',
  snippetAnchorSome:
    'anchor `#{{anchor}}`{{linked}} matches no heading or id of {{count}} of the {{total}} pages that import this snippet ({{pages}})',
  redirected:
    '{{label}} `{{url}}` reaches its page through the redirect of `{{path}}` to `{{via}}`; link to `{{direct}}` directly',
};

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
const PAGE_EXT = /\.(mdx|md)$/i;

/**
 * Internal links (markdown links and images, `<a href>`, `<Card href>`, `<img src>`, …) to pages
 * or files that do not exist, after docs.json `redirects`; an `#anchor` that matches no heading or
 * `id` of the target page is a warning. Relative links resolve from the page's folder, `/` links
 * from the site root; external links are not checked.
 */
export default defineRule<{ basePath?: string }>({
  meta: {
    id: 'site-broken-link',
    kind: 'site',
    description:
      'Internal links and images must point at existing pages, generated endpoint pages, anchors and files (redirects honoured).',
    hasSuggestions: true,
    fixNote:
      'A link that works through a permanent redirect is offered its direct target as a suggestion (applied only with `--fix-suggestions`): the page it lands on is the same today, but the link then no longer depends on the redirect staying. Did-you-mean targets of broken links are named in the message, never applied.',
    severity: 'error',
    reportsRemovedTargets: true,
    messages: MESSAGES,
    problems: {
      anchor: { severity: 'warning', description: 'an `#anchor` that matches no heading or id of the target page' },
      redirected: {
        severity: 'info',
        description:
          'a link that reaches its page only through a permanent docs.json redirect (the suggestion links to it directly)',
      },
    },
    optionsSchema: {
      type: 'object',
      properties: {
        basePath: {
          type: 'string',
          description:
            'The path the site is served under (e.g. "/docs"); links that include it are resolved without it. Default: the path of seo.metatags.canonical.',
        },
      },
      additionalProperties: false,
    },
    readsFacts: ['links', 'headings', 'ids', 'imports', 'syntaxError', 'openapi', 'frontmatter'],
  },
  async check(context) {
    const { site } = context;
    const basePath = readBasePath(site, context.options);
    const generated = await site.generated();
    const candidates = suggestionCandidates(site);
    for (const page of site.pages.values()) {
      if (!context.inScope(page.file)) continue;
      const facts = await context.facts(page.file);
      if (!facts) continue;
      // A broken target linked many times from one page (an icon sprite in every row of a
      // table) is one problem: reported at its first link, with the count of the others.
      const broken = new Map<string, { link: LinkFact; found: Problem; more: number }>();
      const report = ({ link, found, more }: { link: LinkFact; found: Problem; more: number }) => {
        const replacement = found.replacement;
        context.report({
          messageId: found.messageId,
          data:
            more > 0
              ? { ...found.data, more: ` (and ${more} more link${more === 1 ? '' : 's'} to it on this page)` }
              : found.data,
          problem: found.problem,
          at: {
            file: page.file,
            line: link.line,
            column: link.column,
            endLine: link.endLine,
            endColumn: link.endColumn,
          },
          suggestions:
            replacement !== undefined && link.urlRange
              ? [{ desc: `Link to \`${replacement}\` directly`, fix: { range: link.urlRange, text: replacement } }]
              : undefined,
        });
      };
      for (const link of facts.links) {
        const found = await checkLink(context, basePath, generated, page, facts, link, candidates);
        if (!found) continue;
        if (found.problem !== undefined) {
          report({ link, found, more: 0 });
          continue;
        }
        const message = fillMessage(MESSAGES[found.messageId], found.data);
        const seen = broken.get(message);
        if (seen) seen.more++;
        else broken.set(message, { link, found, more: 0 });
      }
      for (const entry of broken.values()) report(entry);
    }
    // The `href`s of docs.json: navigation (tabs, anchors, …), navbar and footer links.
    for (const { value: href, pointer } of stringsByKey(site.config.value, 'href', CONFIG_LINK_KEYS)) {
      const url = href.trim();
      const label = `${pointer.split('/')[1]} link`;
      let found = protocolRelative(label, url);
      if (!found && url !== '' && !EXTERNAL.test(url) && !/[{}`$<>\t\n\r\f\v[\]]/.test(url)) {
        const hashAt = url.indexOf('#');
        const pathPart = (hashAt >= 0 ? url.slice(0, hashAt) : url).split('?')[0]!;
        const anchor = hashAt >= 0 ? url.slice(hashAt + 1) : undefined;
        found = await checkSitePath(
          context,
          basePath,
          generated,
          {
            label,
            url,
            pathPart: pathPart === '' ? '/' : pathPart,
            anchor,
            fragment: hashAt >= 0 ? url.slice(hashAt) : '',
            from: '',
          },
          candidates,
          undefined,
        );
      }
      if (found)
        context.report({ messageId: found.messageId, data: found.data, problem: found.problem, at: { pointer } });
    }
  },
});

/** Keys of docs.json whose `href`s are links of the site (the platform's link checker reads those of `navigation`). */
const CONFIG_LINK_KEYS = ['navigation', 'navbar', 'footer'];

/** What a broken link's "did you mean" is chosen from, listed once per run. */
interface Candidates {
  routes(): string[];
  /** Files with this extension (lower case, with the dot). */
  files(ext: string): string[];
}

function suggestionCandidates(site: SiteModel): Candidates {
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
  context: SiteContext,
  basePath: string | undefined,
  generated: GeneratedPages,
  page: PageEntry,
  facts: PageFacts,
  link: LinkFact,
  candidates: Candidates,
): Promise<Problem | undefined> {
  const url = link.url.trim();
  if (url === '') return undefined;
  const relayed = protocolRelative(describeLink(link), url);
  if (relayed) return relayed;
  // Spaces are part of a path (`<a href="Retrieval docs">` is a relative link); templates are not.
  if (EXTERNAL.test(url) || /[{}`$<>\t\n\r\f\v[\]]/.test(url)) return undefined;
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const anchor = hashAt >= 0 ? url.slice(hashAt + 1) : undefined;
  const pathPart = beforeHash.split('?')[0]!;

  if (pathPart === '') {
    if (!anchor || facts.syntaxError) return undefined;
    if (page.isSnippet) return snippetAnchor(context, page, anchor, url);
    // The fields of an API page are anchors of the page too, from this page as from others.
    const field = await apiFieldAnchor(context, page, facts, anchor, 'this page', url);
    if (field !== undefined) return field === 'ok' ? undefined : field;
    return missingAnchor(context, page, facts, anchor, 'this page', url);
  }
  // Relative links in snippets depend on the page that imports them.
  if (page.isSnippet && !pathPart.startsWith('/')) return undefined;
  return checkSitePath(
    context,
    basePath,
    generated,
    {
      label: describeLink(link),
      url,
      pathPart,
      anchor,
      fragment: hashAt >= 0 ? url.slice(hashAt) : '',
      from: page.relative,
    },
    candidates,
    facts,
  );
}

/** A link's path part, read for the checks of a site path. */
interface SitePathLink {
  /** What the link is, for messages (`link`, `<Card href>`, `navbar link`). */
  label: string;
  url: string;
  pathPart: string;
  anchor: string | undefined;
  /** The `#…` of the URL, with its `#` (empty when it has none). */
  fragment: string;
  /** The site-relative file relative links resolve from (`''`: the site root, for docs.json). */
  from: string;
}

/**
 * A path of the site, absolute or relative (`..` that climb above the root stop at the root, as
 * in the browser), checked for its page or file, the page's anchor and the redirect it goes through.
 * `facts` are the linking page's, for a `/#anchor` (the home page) that this page has.
 */
async function checkSitePath(
  context: SiteContext,
  basePath: string | undefined,
  generated: GeneratedPages,
  { label, url, pathPart, anchor, fragment, from }: SitePathLink,
  candidates: Candidates,
  facts: PageFacts | undefined,
): Promise<Problem | undefined> {
  const site = context.site;
  const absolute = pathPart.startsWith('/');
  const rooted =
    basePath && (pathPart === basePath || pathPart.startsWith(`${basePath}/`))
      ? pathPart.slice(basePath.length) || '/'
      : pathPart;
  const joined = absolute
    ? decodeLinkPath(rooted)
    : path.posix.join(path.posix.dirname(from), decodeLinkPath(pathPart));
  const normal = path.posix.normalize(`/${joined}`).replace(/^\/+/, '');
  if (normal.replace(/\/+$/, '') === '') return homeAnchor(context, url, anchor, facts);
  const target = resolveSitePath(site, generated, normal);
  if (!target) {
    const route = normal.replace(/\/+$/, '').replace(PAGE_EXT, '');
    const redirected = site.redirects.apply('/' + route);
    const looksLikeFile = path.posix.extname(route) !== '';
    const ext = path.posix.extname(route).toLowerCase();
    const close = didYouMeanPath(route, looksLikeFile ? candidates.files(ext) : candidates.routes());
    const data = { label, url, more: '', ...(close && { close }) };
    if (redirected !== undefined)
      return { messageId: close ? 'redirectsMissingClose' : 'redirectsMissing', data: { ...data, redirected } };
    // Past the matching bound (see README, Limits), not every redirect pattern was tried.
    const untried = site.redirects.gaveUp('/' + route)
      ? ' (too long to try against every redirect pattern of docs.json)'
      : '';
    const messageId = looksLikeFile ? (close ? 'noFileClose' : 'noFile') : close ? 'noPageClose' : 'noPage';
    return { messageId, data: { ...data, route, untried } };
  }
  if (anchor && target.page && !target.file) {
    const broken = await brokenAnchor(context, target, anchor, pathPart, url);
    if (broken) return broken;
  }
  // A temporary redirect is a deliberate alias ("latest version"): a link through it is meant.
  if (target.via !== undefined && !target.temporary) return redirectedLink(label, url, pathPart, target.via, fragment);
  return undefined;
}

/**
 * `//docs/guide` is not a path of this site: the browser reads `docs` as a host name
 * (protocol-relative URL). A host with no dot (`docs`, `api`) is a path written with one slash
 * too many; `//cdn.example.com/x` is a deliberate protocol-relative URL and left alone.
 */
function protocolRelative(label: string, url: string): Problem | undefined {
  const m = /^\/{2,}([^/?#\\]*)/.exec(url);
  if (!m) return undefined;
  const host = m[1]!;
  if (host === '' || host.includes('.') || /^localhost(?::\d+)?$/i.test(host) || /[:@{$]/.test(host)) return undefined;
  return { messageId: 'protocolRelative', data: { label, url, host, path: url.replace(/^\/+/, ''), more: '' } };
}

/**
 * The home page (`/`): \`index.mdx\` when the site has one, else the first page of the
 * navigation (where the platform sends `/`).
 */
function homePage(site: SiteModel): PageEntry | undefined {
  const index = site.routes.get('index');
  if (index) return index;
  for (const entry of site.navigation.entries) {
    if (entry.kind !== 'page' || entry.route === undefined) continue;
    const page = site.routes.get(entry.route) ?? site.routes.get(`${entry.route}/index`);
    if (page) return page;
  }
  return undefined;
}

/** A `/#anchor`: the anchor is on the home page, not on the page that links (unlike `#anchor`). */
async function homeAnchor(
  context: SiteContext,
  url: string,
  anchor: string | undefined,
  facts: PageFacts | undefined,
): Promise<Problem | undefined> {
  if (!anchor) return undefined;
  const site = context.site;
  // A redirect of `/` sends the home page elsewhere: not followed here.
  if (site.redirects.apply('/') !== undefined) return undefined;
  const home = homePage(site);
  if (!home) return undefined;
  const quick = await quickIds(context, home.file);
  if (quick && anchorIn(quick, anchor)) return undefined;
  const homeFacts = await context.facts(home.file);
  if (!homeFacts || homeFacts.syntaxError) return undefined;
  const found = await missingAnchor(context, home, homeFacts, anchor, `the home page (\`${home.route}\`)`, url);
  if (!found || !facts || facts.syntaxError || !anchorIn(ownIds(context, facts), anchor)) return found;
  // The did-you-mean gives way to the anchor of this page (kept when the id it names has a backquote).
  const close = found.data.close;
  const messageId = close === undefined || !String(close).includes('`') ? 'anchorHere' : 'anchorCloseHere';
  return { ...found, messageId, data: { ...found.data, written: anchor } };
}

/** An anchor the target page does not have. */
async function brokenAnchor(
  context: SiteContext,
  target: SiteTarget,
  anchor: string,
  pathPart: string,
  url: string,
): Promise<Problem | undefined> {
  const page = target.page!;
  // A page this run does not lint is not parsed for an anchor that its heading lines already show.
  const quick = await quickIds(context, page.file);
  if (quick && anchorIn(quick, anchor)) return undefined;
  const targetFacts = await context.facts(page.file);
  if (!targetFacts || targetFacts.syntaxError) return undefined;
  const where = target.via ? `\`${page.route}\` (where \`${pathPart}\` redirects)` : `\`${page.route}\``;
  const field = await apiFieldAnchor(context, page, targetFacts, anchor, where, url);
  if (field !== undefined) return field === 'ok' ? undefined : field;
  return missingAnchor(context, page, targetFacts, anchor, where, url);
}

/**
 * An anchor of a field's form (`#body-messages`, `#query-limit`, `#response-data`) on an API page:
 * `ok` when the page's operation has that field, or its fields cannot be known (a remote spec, an
 * AsyncAPI page); a finding when the spec has no such field and no heading or id of the page
 * matches it either; undefined for other anchors and pages (checked against the page's ids).
 */
async function apiFieldAnchor(
  context: SiteContext,
  page: PageEntry,
  facts: PageFacts,
  anchor: string,
  where: string,
  url: string,
): Promise<Problem | 'ok' | undefined> {
  const decoded = decodeFragment(anchor);
  if (!isApiPage(facts) || !isFieldAnchor(decoded)) return undefined;
  const openapi = facts.openapi?.value;
  const fields = typeof openapi === 'string' ? await pageOperationFields(context.site, page.file, openapi) : undefined;
  if (!fields) return 'ok';
  const verdict = fieldAnchorVerdict(fields, decoded);
  if (verdict.kind !== 'missing') return 'ok';
  if (anchorIn(ownIds(context, facts), anchor) || anchorIn(await shownIds(context, page, facts), anchor)) return 'ok';
  const data = {
    anchor: decoded,
    url,
    linked: linkedIn(url),
    where,
    operation: openapi!.trim(),
    section: verdict.section,
  };
  return verdict.close
    ? { problem: 'anchor', messageId: 'fieldClose', data: { ...data, close: verdict.close } }
    : { problem: 'anchor', messageId: 'field', data };
}

/** A page generated from an OpenAPI or AsyncAPI operation (front matter `openapi`, `asyncapi` or `api`). */
function isApiPage(facts: PageFacts): boolean {
  const fm = facts.frontmatter;
  return (
    facts.openapi !== undefined || (fm !== undefined && (typeof fm.asyncapi === 'string' || typeof fm.api === 'string'))
  );
}

/** Most pages named in one message. */
const MAX_NAMED_PAGES = 3;

/**
 * A same-page `#anchor` in a snippet: the snippet is part of the pages that import it, so the
 * anchor must be on each of them — their own anchors, or those of any snippet they import. A
 * snippet no page imports is not published: not checked.
 */
async function snippetAnchor(
  context: SiteContext,
  snippet: PageEntry,
  anchor: string,
  url: string,
): Promise<Problem | undefined> {
  const site = context.site;
  if (anchor === '') return undefined;
  const missing: string[] = [];
  let pages = 0;
  for (const rel of await site.importers(snippet.relative)) {
    const importer = site.pages.get(rel);
    if (!importer || importer.isSnippet) continue;
    const facts = await context.facts(importer.file);
    if (!facts || facts.syntaxError) continue;
    pages++;
    if (!anchorIn(ownIds(context, facts), anchor) && !anchorIn(await shownIds(context, importer, facts), anchor))
      missing.push(importer.route);
  }
  if (pages === 0 || missing.length === 0) return undefined;
  const named = missing
    .slice(0, MAX_NAMED_PAGES)
    .map((r) => `\`${r}\``)
    .join(', ');
  const more = missing.length > MAX_NAMED_PAGES ? ` and ${missing.length - MAX_NAMED_PAGES} more` : '';
  const data = { anchor: decodeFragment(anchor), url, linked: linkedIn(url), pages: `${named}${more}` };
  if (missing.length !== pages)
    return {
      problem: 'anchor',
      messageId: 'snippetAnchorSome',
      data: { ...data, count: missing.length, total: pages },
    };
  return { problem: 'anchor', messageId: pages === 1 ? 'snippetAnchorOne' : 'snippetAnchorAny', data };
}

/** A link that works, but only through a redirect: a note whose suggestion is the direct target. */
function redirectedLink(label: string, url: string, pathPart: string, via: string, fragment: string): Problem {
  // The link's own `#anchor` is kept unless the redirect names one.
  const direct = via.includes('#') ? via : `${via}${fragment}`;
  return {
    problem: 'redirected',
    messageId: 'redirected',
    data: { label, url, path: pathPart, via, direct },
    replacement: direct,
  };
}

/** An anchor that none of the ids a page shows matches (its snippets are read only when needed). */
async function missingAnchor(
  context: SiteContext,
  page: PageEntry,
  facts: PageFacts,
  anchor: string,
  where: string,
  url: string,
): Promise<Problem | undefined> {
  if (anchor === '' || anchorIn(ownIds(context, facts), anchor)) return undefined;
  return anchorFinding(await shownIds(context, page, facts), anchor, where, url);
}

/**
 * Where the message says the anchor was written: the link without its fragment, which the message
 * names once (` in \`/guides/intro\``); nothing for a link to the same page (`#anchor`).
 */
function linkedIn(url: string): string {
  const hash = url.indexOf('#');
  const target = hash === -1 ? url : url.slice(0, hash);
  return target === '' ? '' : ` in \`${target}\``;
}

function anchorFinding(ids: IdSet, anchor: string, where: string, url: string): Problem | undefined {
  if (anchor === '' || anchorIn(ids, anchor)) return undefined;
  const close = didYouMean(decodeFragment(anchor), ids.list);
  const data = { anchor: decodeFragment(anchor), url, linked: linkedIn(url), where };
  return close
    ? { problem: 'anchor', messageId: 'anchorClose', data: { ...data, close } }
    : { problem: 'anchor', messageId: 'anchor', data };
}

/** The path the site is served under: the option, else the path of `seo.metatags.canonical`. */
function readBasePath(site: SiteModel, options: unknown): string | undefined {
  const configured = (options as { basePath?: unknown } | undefined)?.basePath;
  let base: string | undefined = typeof configured === 'string' ? configured : undefined;
  if (base === undefined) {
    const canonical = (site.config.value as { seo?: { metatags?: { canonical?: unknown } } } | undefined)?.seo?.metatags
      ?.canonical;
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
