import path from 'node:path';
import { openapiSources, resolveSpecPath } from '../openapi/loader.js';
import { isObject } from '../openapi/operations.js';
import type { PageFacts } from '../pages/facts.js';
import { valueAt } from '../core/json.js';
import { isDefaultVariant, type NavEntry } from '../site/navigation.js';
import type { SiteModel } from '../site/model.js';

/** The platform cuts page descriptions in llms.txt at this many characters. */
export const DESCRIPTION_LIMIT = 300;

export type FactsReader = (file: string) => Promise<PageFacts | undefined>;

interface Line {
  title: string;
  url: string;
  description?: string;
}

/** First paragraph of a description, on one line, cut at the platform's limit. */
export function summarise(description: string | undefined): string | undefined {
  if (!description) return undefined;
  const first = description
    .trim()
    .split(/\n\s*\n/)[0]!
    .replace(/\s+/g, ' ')
    .trim();
  if (first === '') return undefined;
  return first.length > DESCRIPTION_LIMIT ? `${first.slice(0, DESCRIPTION_LIMIT - 1).trimEnd()}…` : first;
}

/**
 * Text on one line: every run of white space (line breaks included) becomes one space, so that a
 * title cannot start a line of its own (a `## section` or a `- [link]`) in the file.
 */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A URL inside `(…)`: white space, control characters, parentheses and angle brackets percent-encoded. */
function linkTarget(url: string): string {
  return url.replace(/[\s\u0000-\u001f\u007f()<>]/g, (c) => (c === '(' ? '%28' : c === ')' ? '%29' : encodeURIComponent(c)));
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

function frontmatterFlag(facts: PageFacts | undefined, key: string): boolean {
  return facts?.frontmatter?.[key] === true;
}

/**
 * The llms.txt the platform would serve for the site: `# name`, `> description`, one `## section`
 * per top-level navigation group (in navigation order) with `- [Title](/route): description` per
 * page of the default language and version, then the OpenAPI specs, the pages outside the
 * navigation (only with `seo.indexing: "all"`, alphabetical) and external navigation links.
 * URLs are site-relative (`/guides/intro`): no base URL is known from the repository.
 * Endpoint entries are listed when their operation sets `x-mint.href` (their URL is otherwise
 * chosen by the platform).
 */
export async function generateLlmsTxt(site: SiteModel, facts: FactsReader): Promise<string> {
  const config = isObject(site.config.value) ? site.config.value : {};
  const name = typeof config.name === 'string' && config.name.trim() ? config.name.trim() : 'Documentation';
  const description = typeof config.description === 'string' ? config.description.trim() : '';
  const indexAll = isObject(config.seo) && config.seo.indexing === 'all';
  const model = site.navigation;
  const specs = site.specs;

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
      const item = { title: f?.title ?? path.posix.basename(page.route), url: `/${page.route}`, description: summarise(f?.description) };
      listed.add(page.route);
      if (hidden) {
        if (indexAll) extra.push(item);
        continue;
      }
      add(section, item);
      continue;
    }
    // Endpoint and webhook entries: listed when the spec gives their page an href.
    const ref = entry.reference!;
    const written = ref.spec ?? (entry.openapi ? openapiSources(entry.openapi.value, entry.openapi.pointer)[0]?.written : undefined);
    if (!written) continue;
    const source = resolveSpecPath(site.root, written, specs.specFiles);
    if (source.kind !== 'local') continue;
    const spec = await specs.loader.load(source.file);
    if (!spec.ok) continue;
    const op = ref.kind === 'webhook' ? spec.index.findWebhook(ref.path) : spec.index.find(ref.method!, ref.path);
    if (!op || op.excluded) continue;
    const ext = [op.operation['x-mint'], op.operation['x-custom']].find(isObject);
    const href = ext && typeof ext.href === 'string' ? ext.href : undefined;
    if (!href || listed.has(href)) continue;
    listed.add(href);
    const meta = ext && isObject(ext.metadata) ? ext.metadata : {};
    const title = typeof meta.title === 'string' ? meta.title : (op.summary ?? `${op.method.toUpperCase()} ${op.path}`);
    const desc = typeof meta.description === 'string' ? meta.description : op.description;
    const item = { title, url: href, description: summarise(desc) };
    if (entry.hidden || op.hidden) {
      if (indexAll) extra.push(item);
      continue;
    }
    add(section, item);
  }

  if (indexAll) {
    // Pages of other languages and versions are in the navigation, just not this file's variant.
    const inNavigation = new Set(model.entries.filter((e) => e.kind === 'page').map((e) => e.route));
    for (const page of [...site.routes.values()].sort((a, b) => a.route.localeCompare(b.route))) {
      if (page.isSnippet || listed.has(page.route) || inNavigation.has(page.route)) continue;
      const f = await facts(page.file);
      extra.push({ title: f?.title ?? path.posix.basename(page.route), url: `/${page.route}`, description: summarise(f?.description) });
      listed.add(page.route);
    }
  }

  // OpenAPI specs of the navigation (local files are served at their path; URLs as they are).
  const specLinks: Line[] = [];
  const seenSpecs = new Set<string>();
  for (const use of model.openapi) {
    for (const { written } of openapiSources(use.value, use.pointer)) {
      const source = resolveSpecPath(site.root, written, specs.specFiles);
      // A remote spec is listed only at a web address (not `file://`, `ftp://`…).
      const url = source.kind === 'local' ? `/${source.relative}` : source.kind === 'remote' && /^https?:\/\//i.test(source.url) ? source.url : undefined;
      if (!url || seenSpecs.has(url)) continue;
      seenSpecs.add(url);
      const base = url.slice(url.lastIndexOf('/') + 1);
      specLinks.push({ title: base.replace(/\.(json|ya?ml)$/i, ''), url });
    }
  }

  // External links of the navigation (anchors, tabs … with an absolute `href`).
  const optional: Line[] = [];
  const walkLinks = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walkLinks);
    else if (isObject(node)) {
      if (typeof node.href === 'string' && /^https?:\/\//i.test(node.href)) {
        const title = ['anchor', 'tab', 'dropdown', 'item', 'product', 'group'].map((k) => node[k]).find((v): v is string => typeof v === 'string');
        optional.push({ title: title ?? node.href, url: node.href });
      }
      for (const value of Object.values(node)) walkLinks(value);
    }
  };
  walkLinks(valueAt(site.config.value, '/navigation'));

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
  return out.join('\n').replace(/\n+$/, '\n');
}
