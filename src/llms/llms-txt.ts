import path from 'node:path';
import { readTextSafe, realRoot } from '../core/safe-read.js';
import { resolveImport } from '../platform/files.js';
import { openapiSources, resolveSpecPath } from '../openapi/loader.js';
import { isObject } from '../openapi/operations.js';
import type { FrontmatterFacts } from '../pages/frontmatter-facts.js';
import { valueAt } from '../core/json.js';
import { isDefaultVariant, type NavEntry } from '../site/navigation.js';
import type { SiteModel } from '../model/site-model.js';

/** The platform cuts page descriptions in llms.txt at this many characters. */
export const DESCRIPTION_LIMIT = 300;

export type FactsReader = (file: string) => Promise<FrontmatterFacts | undefined>;

/** The text of a file of the site, or undefined when it cannot be read. */
export type TextReader = (file: string) => string | undefined;

export interface LlmsOptions {
  /**
   * The site's address (`https://docs.example.com`, or with a path): links become absolute.
   * Without it, links are site-relative (`/guides/intro.md`).
   */
  baseUrl?: string;
}

/** The most bytes of one page or snippet read for llms-full.txt. */
const MAX_PAGE_BYTES = 8 * 1024 * 1024;
/** Snippets inside snippets are expanded this deep (a cycle stops there). */
const MAX_SNIPPET_DEPTH = 5;
/**
 * The most snippet text written into one page of llms-full.txt, counted at each level of nesting
 * (a snippet shown 30 times, each showing another 30 times, is millions of copies): past it, the
 * page's remaining elements are left as they are written, and the run says so.
 */
export const MAX_EXPANDED_CHARS = 16 * 1024 * 1024;
/**
 * The most text of llms-full.txt in all (pages and the snippets expanded into them): past it, the
 * snippets of the pages after are left as their elements, and pages that no longer fit are left
 * out; the run says so once. (Sixty small pages that each expand to the per-page bound would make
 * a string longer than JavaScript allows.)
 */
export const MAX_FULL_CHARS = 128 * 1024 * 1024;

/** A size in characters as the messages give it: MB (of 2^20 characters) when whole, else characters. */
function formatSize(chars: number): string {
  return chars % (1024 * 1024) === 0 ? `${chars / 1024 / 1024} MB` : `${chars.toLocaleString('en-US')} characters`;
}

/** Line breaks outside ASCII (NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR): tools that read the files by lines disagree about them. */
const UNICODE_BREAKS = /[\u0085\u2028\u2029]/g;

/**
 * A base URL as given, or a one-line reason it is not one: http(s), no query or fragment; the
 * trailing slash dropped.
 */
export function normaliseBaseUrl(url: string): { ok: true; url: string } | { ok: false; reason: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: `"${url}" is not a URL; write it whole, such as https://docs.example.com` };
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    return { ok: false, reason: `"${url}" is not an http or https URL` };
  if (parsed.search || parsed.hash || parsed.username || parsed.password)
    return { ok: false, reason: `"${url}" has a query, a fragment or credentials; give the site's address only` };
  return { ok: true, url: parsed.href.replace(/\/+$/, '') };
}

/** A site path (`/guides/intro`) under the base URL, when there is one. */
function absolute(sitePath: string, options: LlmsOptions): string {
  return options.baseUrl ? `${options.baseUrl.replace(/\/+$/, '')}${sitePath}` : sitePath;
}

/** Where the platform serves a page as markdown: its route with `.md` (`/guides/intro.md`). */
export function markdownUrl(route: string, options: LlmsOptions = {}): string {
  return absolute(`/${route.replace(/^\/+/, '')}.md`, options);
}

export interface Line {
  title: string;
  url: string;
  description?: string;
  /** The site path of the page the line links to (`guides/intro`), when it is a page of the site. */
  route?: string;
}

/** What the generated llms.txt lists, before it is written out. */
export interface LlmsIndex {
  name: string;
  description: string;
  /** One per top-level navigation group, in navigation order. */
  sections: Array<{ title: string; lines: Line[] }>;
  specLinks: Line[];
  /** Pages outside the navigation (`seo.indexing: "all"`). */
  extra: Line[];
  /** External links of the navigation. */
  optional: Line[];
}

/** First paragraph of a description, on one line, cut at the platform's limit. */
export function summarise(description: string | undefined): string | undefined {
  if (!description) return undefined;
  const first = description
    .trim()
    .split(/\n\s*\n/)[0]!
    .replace(/[\s\u0085]+/g, ' ')
    .trim();
  if (first === '') return undefined;
  return first.length > DESCRIPTION_LIMIT ? `${first.slice(0, DESCRIPTION_LIMIT - 1).trimEnd()}…` : first;
}

/**
 * Text on one line: every run of white space (line breaks included) becomes one space, so that a
 * title cannot start a line of its own (a `## section` or a `- [link]`) in the file.
 */
function oneLine(text: string): string {
  return text.replace(/[\s\u0085]+/g, ' ').trim();
}

/** A URL inside `(…)`: white space, control characters, parentheses and angle brackets percent-encoded. */
function linkTarget(url: string): string {
  return url.replace(/[\s\u0000-\u001f\u007f-\u009f()<>]/g, (c) =>
    c === '(' ? '%28' : c === ')' ? '%29' : encodeURIComponent(c),
  );
}

function line({ title, url, description }: Line): string {
  const text = oneLine(title).replace(/([[\]])/g, '\\$1');
  return `- [${text}](${linkTarget(url)})${description ? `: ${description}` : ''}`;
}

/** The section an entry is listed under: its outermost group, else its innermost titled element. */
function sectionOf(entry: NavEntry, fallback: string): string {
  const group = entry.chain.find((e) => e.kind === 'group' && e.title);
  if (group?.title) return group.title;
  const titled = [...entry.chain].reverse().find((e) => e.title);
  return titled?.title ?? fallback;
}

function frontmatterFlag(facts: FrontmatterFacts | undefined, key: string): boolean {
  return facts?.frontmatter?.[key] === true;
}

/** The `> summary` of the generated llms.txt: docs.json's `description` ('' when it has none). */
export function llmsTxtSummary(config: unknown): string {
  return isObject(config) && typeof config.description === 'string' ? config.description.trim() : '';
}

/**
 * The llms.txt the platform would serve for the site: `# name`, `> description`, one `## section`
 * per top-level navigation group (in navigation order) with `- [Title](/route): description` per
 * page of the default language and version, then the OpenAPI specs, the pages outside the
 * navigation (only with `seo.indexing: "all"`, alphabetical) and external navigation links.
 * Page links end in `.md`, where the platform serves each page as markdown (`/guides/intro.md`);
 * they are site-relative unless `options.baseUrl` names the site's address.
 * Endpoint entries are listed when their operation sets `x-mint.href` (their URL is otherwise
 * chosen by the platform).
 */
export async function generateLlmsTxt(site: SiteModel, facts: FactsReader, options: LlmsOptions = {}): Promise<string> {
  return renderLlmsIndex(await buildLlmsIndex(site, facts, options));
}

/** The entries of the generated llms.txt (see `generateLlmsTxt`). */
export async function buildLlmsIndex(
  site: SiteModel,
  facts: FactsReader,
  options: LlmsOptions = {},
): Promise<LlmsIndex> {
  const config = isObject(site.config.value) ? site.config.value : {};
  const name = typeof config.name === 'string' && config.name.trim() ? config.name.trim() : 'Documentation';
  const description = llmsTxtSummary(config);
  const indexAll = isObject(config.seo) && config.seo.indexing === 'all';
  const model = site.navigation;

  const sections: Array<{ title: string; lines: Line[] }> = [];
  const listed = new Set<string>();
  const extra: Line[] = [];

  const add = (section: string, entryLine: Line) => {
    let last = sections[sections.length - 1];
    if (!last || last.title !== section) {
      last = { title: section, lines: [] };
      sections.push(last);
    }
    last.lines.push(entryLine);
  };

  for (const entry of model.entries) {
    if (!isDefaultVariant(site.config, entry.chain)) continue;
    const section = sectionOf(entry, name);
    if (entry.kind === 'page') {
      const page = site.routes.get(entry.route!);
      if (!page || listed.has(page.route)) continue;
      const f = await facts(page.file);
      const hidden = entry.hidden || f?.hidden === true || frontmatterFlag(f, 'noindex');
      const item = {
        title: f?.title ?? path.posix.basename(page.route),
        url: markdownUrl(page.route, options),
        description: summarise(f?.description),
        route: page.route,
      };
      listed.add(page.route);
      if (hidden) {
        if (indexAll) extra.push(item);
        continue;
      }
      add(section, item);
      continue;
    }
    // Endpoint and webhook entries: listed when the spec gives their page an href.
    const endpoint = await endpointLine(site, entry, options);
    if (!endpoint || listed.has(endpoint.href)) continue;
    listed.add(endpoint.href);
    if (endpoint.hidden) {
      if (indexAll) extra.push(endpoint.item);
      continue;
    }
    add(section, endpoint.item);
  }

  if (indexAll) {
    // Pages of other languages and versions are in the navigation, just not this file's variant.
    const inNavigation = new Set(model.entries.filter((e) => e.kind === 'page').map((e) => e.route));
    for (const page of [...site.routes.values()].sort((a, b) => a.route.localeCompare(b.route))) {
      if (page.isSnippet || listed.has(page.route) || inNavigation.has(page.route)) continue;
      const f = await facts(page.file);
      extra.push({
        title: f?.title ?? path.posix.basename(page.route),
        url: markdownUrl(page.route, options),
        description: summarise(f?.description),
        route: page.route,
      });
      listed.add(page.route);
    }
  }

  return {
    name,
    description,
    sections,
    specLinks: specLines(site, options),
    extra,
    optional: externalLinks(site.config.value),
  };
}

/** The text of an llms.txt index: `# name`, `> description`, then its sections. */
export function renderLlmsIndex({ name, description, sections, specLinks, extra, optional }: LlmsIndex): string {
  const out: string[] = [`# ${oneLine(name)}`, ''];
  if (description) out.push(`> ${oneLine(description)}`, '');
  // One line at a time (a section can list more pages than a call can take arguments).
  const block = (title: string, lines: Line[]) => {
    out.push(`## ${oneLine(title)}`, '');
    for (const l of lines) out.push(line(l));
    out.push('');
  };
  for (const section of sections) block(section.title, section.lines);
  if (specLinks.length) block('OpenAPI Specs', specLinks);
  if (extra.length) block('Other pages', extra);
  if (optional.length) block('Optional', optional);
  return out.join('\n').replace(/\n+$/, '\n').replace(UNICODE_BREAKS, ' ');
}

/** The line of an endpoint or webhook entry whose operation sets an href (`x-mint.href`), with that href; undefined for others. */
async function endpointLine(
  site: SiteModel,
  entry: NavEntry,
  options: LlmsOptions,
): Promise<{ item: Line; href: string; hidden: boolean } | undefined> {
  const ref = entry.reference!;
  const written =
    ref.spec ?? (entry.openapi ? openapiSources(entry.openapi.value, entry.openapi.pointer)[0]?.written : undefined);
  if (!written) return undefined;
  const source = resolveSpecPath(site.root, written, site.specs.specFiles);
  if (source.kind !== 'local') return undefined;
  const spec = await site.specs.loader.load(source.file);
  if (!spec.ok) return undefined;
  const op = ref.kind === 'webhook' ? spec.index.findWebhook(ref.path) : spec.index.find(ref.method!, ref.path);
  if (!op || op.excluded) return undefined;
  const ext = [op.operation['x-mint'], op.operation['x-custom']].find(isObject);
  const href = ext && typeof ext.href === 'string' ? ext.href : undefined;
  if (!href) return undefined;
  const meta = ext && isObject(ext.metadata) ? ext.metadata : {};
  const title = typeof meta.title === 'string' ? meta.title : (op.summary ?? `${op.method.toUpperCase()} ${op.path}`);
  const desc = typeof meta.description === 'string' ? meta.description : op.description;
  // A site path is a page of the site, served as markdown too; an absolute URL is left as it is.
  const item = {
    title,
    url: href.startsWith('/') ? markdownUrl(href, options) : href,
    description: summarise(desc),
    ...(href.startsWith('/') && { route: href.replace(/^\/+/, '').replace(/[?#].*$/, '') }),
  };
  return { item, href, hidden: Boolean(entry.hidden || op.hidden) };
}

/** The OpenAPI specs of the navigation (local files are served at their path; URLs as they are). */
function specLines(site: SiteModel, options: LlmsOptions): Line[] {
  const specLinks: Line[] = [];
  const seenSpecs = new Set<string>();
  for (const use of site.navigation.openapi) {
    for (const { written } of openapiSources(use.value, use.pointer)) {
      const source = resolveSpecPath(site.root, written, site.specs.specFiles);
      // A remote spec is listed only at a web address (not `file://`, `ftp://`…).
      const url =
        source.kind === 'local'
          ? absolute(`/${source.relative}`, options)
          : source.kind === 'remote' && /^https?:\/\//i.test(source.url)
            ? source.url
            : undefined;
      if (!url || seenSpecs.has(url)) continue;
      seenSpecs.add(url);
      const base = url.slice(url.lastIndexOf('/') + 1);
      specLinks.push({ title: base.replace(/\.(json|ya?ml)$/i, ''), url });
    }
  }
  return specLinks;
}

/** The external links of the navigation (anchors, tabs … with an absolute `href`). */
function externalLinks(config: unknown): Line[] {
  const optional: Line[] = [];
  const walkLinks = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walkLinks);
    else if (isObject(node)) {
      if (typeof node.href === 'string' && /^https?:\/\//i.test(node.href)) {
        const title = ['anchor', 'tab', 'dropdown', 'item', 'product', 'group']
          .map((k) => node[k])
          .find((v): v is string => typeof v === 'string');
        optional.push({ title: title ?? node.href, url: node.href });
      }
      for (const value of Object.values(node)) walkLinks(value);
    }
  };
  walkLinks(valueAt(config, '/navigation'));
  return optional;
}

/** Front matter at the very start of a page (`---` … `---`), removed. */
function withoutFrontmatter(text: string): string {
  const m = /^\uFEFF?---[ \t]*\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  return m ? text.slice(m[0].length) : text.replace(/^\uFEFF/, '');
}

/**
 * A page's markdown as llms-full.txt carries it: front matter and `import` lines removed, and each
 * snippet the page imports written in place of the element that shows it (`<ApiKeyNote />`),
 * snippets inside snippets too, at most MAX_SNIPPET_DEPTH deep. An element with children, or a
 * name the page does not import, stays as it is.
 */
interface Expansion {
  site: SiteModel;
  read: TextReader;
  /** Snippet texts read, by site-relative path (undefined: unreadable). */
  texts: Map<string, string | undefined>;
  /** Whole expansions of a snippet at a depth (`depth:path`) in this page. */
  done: Map<string, string>;
  /** Snippet text the page may still take (MAX_EXPANDED_CHARS). */
  left: number;
  /** True once the page's budget ran out: some elements were left as written. */
  cut: boolean;
}

function expandPage(text: string, relative: string, x: Expansion, depth: number): string {
  const { site } = x;
  const lines = withoutFrontmatter(text).split('\n');
  const names = new Map<string, string>();
  const out: string[] = [];
  let fence: { char: string; length: number } | undefined;
  // Import lines first (the platform hoists them: an element may come before its import).
  const inCode: boolean[] = lines.map((line) => {
    const run = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (run && run[0] === fence.char && run.length >= fence.length) fence = undefined;
      return true;
    }
    if (run) {
      fence = { char: run[0]!, length: run.length };
      return true;
    }
    return false;
  });
  lines.forEach((line, i) => {
    if (inCode[i]) return;
    const m = /^import\s+(\w+)\s+from\s+['"]([^'"]+)['"];?\s*$/.exec(line);
    const target = m ? resolveImport(m[2]!, relative) : undefined;
    const rel = target?.replace(/^\/+/, '');
    // A default import of a markdown snippet is its content; anything else a page imports is code.
    if (m && rel && site.files.has(rel) && /\.mdx?$/i.test(rel)) names.set(m[1]!, rel);
  });
  lines.forEach((line, i) => {
    if (inCode[i]) return void out.push(line);
    if (/^import\s.*\bfrom\s+['"][^'"]+['"];?\s*$/.test(line)) return;
    out.push(
      names.size
        ? line.replace(/<([A-Z][\w.]*)(?:\s[^<>]*?)?\s*\/>/g, (element, name: string) => {
            const rel = names.get(name);
            if (rel === undefined || depth >= MAX_SNIPPET_DEPTH || x.cut) return element;
            const key = `${depth + 1}:${rel}`;
            const known = x.done.get(key);
            const text = known ?? (x.texts.has(rel) ? x.texts.get(rel) : readInto(x, rel));
            if (text === undefined) return element;
            // Each snippet's text is counted once where it is written in.
            if (text.length > x.left) {
              x.cut = true;
              return element;
            }
            x.left -= text.length;
            if (known !== undefined) return known;
            const expanded = expandPage(text, rel, x, depth + 1);
            // A whole expansion does not depend on the budget: kept for the next time.
            if (!x.cut) x.done.set(key, expanded);
            return expanded;
          })
        : line,
    );
  });
  return out.join('\n').replace(/\r/g, '').trim();
}

function readInto(x: Expansion, rel: string): string | undefined {
  const text = x.read(path.join(x.site.root, rel));
  x.texts.set(rel, text);
  return text;
}

/** Reads a file of the site under the safe-read rules (inside the site, a regular file, size-bounded). */
function siteReader(site: SiteModel): TextReader {
  const root = realRoot(site.root);
  return (file) => {
    const got = readTextSafe(file, { root, maxBytes: MAX_PAGE_BYTES });
    return got.ok ? got.text : undefined;
  };
}

/**
 * The llms-full.txt of the site: every page llms.txt lists from the navigation (default language
 * and version, not hidden, not `noindex`), in navigation order, each as `# Title`, `Source: URL`,
 * its description, then its markdown with front matter and imports removed and imported snippets
 * expanded in place. Pages that cannot be read are left out.
 */
export async function generateLlmsFullTxt(
  site: SiteModel,
  facts: FactsReader,
  /** `maxChars`: the bound of the whole text (MAX_FULL_CHARS; tests set a smaller one). */
  options: LlmsOptions & { read?: TextReader; warn?: (message: string) => void; maxChars?: number } = {},
): Promise<string> {
  const read = options.read ?? siteReader(site);
  const texts = new Map<string, string | undefined>();
  const seen = new Set<string>();
  const parts: string[] = [];
  const maxChars = options.maxChars ?? MAX_FULL_CHARS;
  let total = 0;
  let unexpanded = 0;
  let leftOut = 0;
  for (const entry of site.navigation.entries) {
    if (entry.kind !== 'page' || !isDefaultVariant(site.config, entry.chain)) continue;
    const page = site.routes.get(entry.route!);
    if (!page || seen.has(page.route)) continue;
    seen.add(page.route);
    const f = await facts(page.file);
    if (entry.hidden || f?.hidden === true || frontmatterFlag(f, 'noindex')) continue;
    const text = read(page.file);
    if (text === undefined) continue;
    const title = oneLine(f?.title ?? path.posix.basename(page.route));
    const description = f?.description?.trim();
    // The snippet text this page may take: its own bound, and what the whole file has left.
    const room = Math.max(0, maxChars - total - text.length);
    const x: Expansion = { site, read, texts, done: new Map(), left: Math.min(MAX_EXPANDED_CHARS, room), cut: false };
    const body = expandPage(text, page.relative, x, 0);
    if (x.cut && room >= MAX_EXPANDED_CHARS)
      options.warn?.(
        `llms-full.txt: the snippets of ${page.relative} expand past ${MAX_EXPANDED_CHARS / 1024 / 1024} MB (snippets shown many times, inside snippets shown many times); the rest are left as their elements`,
      );
    const part = [
      `# ${title}`,
      `Source: ${absolute(`/${page.route}`, options)}`,
      '',
      ...(description ? [description, ''] : []),
      body,
    ]
      .join('\n')
      .trimEnd();
    if (total + part.length > maxChars) {
      leftOut++;
      continue;
    }
    if (x.cut && room < MAX_EXPANDED_CHARS) unexpanded++;
    total += part.length + 3;
    parts.push(part);
  }
  if (unexpanded > 0 || leftOut > 0)
    options.warn?.(
      `llms-full.txt: the whole file reached ${formatSize(maxChars)}; ${[
        ...(unexpanded > 0
          ? [`the snippets of ${unexpanded} page${unexpanded === 1 ? '' : 's'} are left as their elements`]
          : []),
        ...(leftOut > 0 ? [`${leftOut} page${leftOut === 1 ? ' is' : 's are'} left out`] : []),
      ].join(', and ')} (snippets shown many times make it this large)`,
    );
  return parts.length ? `${parts.join('\n\n\n')}\n`.replace(UNICODE_BREAKS, '\n') : '';
}
