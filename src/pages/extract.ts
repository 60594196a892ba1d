import type { Node } from 'unist';
import { pageAnchors } from '../platform/anchors.js';
import { PLATFORM_COMPONENT_SET } from '../platform/components.js';
import type { ParsedPage } from './parsed.js';
import type { ImportFact, LinkFact, PageFacts } from './facts.js';
import { frontmatterFields } from './frontmatter-facts.js';
import { spanOf, staticString, textOf } from '../mdx/nodes.js';

/** An ESM statement, as far as import facts read it. */
interface EsmStatement {
  type: string;
  source?: { value?: unknown; range?: [number, number] };
  specifiers?: Array<{ local?: { name?: unknown } }>;
}

/** JSX attributes whose string value is a URL (link, image or media source). */
const URL_ATTRIBUTES = new Set(['href', 'src', 'img']);

/** Everything the site checks need from a page, read from the one tree of the page. */
export function extractFacts(
  context: Pick<ParsedPage, 'index' | 'frontmatter' | 'syntaxError' | 'headingIds' | 'directives' | 'lines' | 'text'>,
): PageFacts {
  const index = context.index;
  const fm = context.frontmatter;
  const data = fm.data;
  const facts: PageFacts = {
    hidden: data?.hidden === true,
    headings: [],
    ids: [],
    links: [],
    directives: [],
    imports: [],
    syntaxError: context.syntaxError !== undefined,
  };
  if (data) {
    // The same fields, in the same order, as the facts read from the front matter alone.
    const { frontmatter, title, description } = frontmatterFields(fm);
    facts.frontmatter = frontmatter;
    if (title !== undefined) facts.title = title;
    if (description !== undefined) facts.description = description;
    const openapi = fm.fields.get('openapi');
    if (openapi && typeof openapi.value === 'string') facts.openapi = { value: openapi.value, ...openapi.valueSpan };
  }

  // Anchors as the platform renders them: heading ids, component ids, explicit ids.
  const anchors = pageAnchors(index, context.headingIds, data?.mode);
  index.headings.forEach(({ node }, i) => {
    const span = spanOf(node);
    if (span)
      facts.headings.push({ depth: node.depth, text: textOf(node).trim(), id: anchors.headingIds[i] ?? '', ...span });
  });
  facts.ids = anchors.ids;

  facts.imports = importFacts(context);
  facts.links = linkFacts(context);
  facts.directives = [...context.directives];
  facts.servedChars = servedChars(context);
  return facts;
}

type FactSource = Pick<ParsedPage, 'index' | 'lines' | 'text'>;

/**
 * `import` statements: their sources must be files of the site; each use of what they bring
 * in is counted (the platform expands an imported file where it is used).
 */
function importFacts(context: FactSource): ImportFact[] {
  const index = context.index;
  const imports: ImportFact[] = [];
  const elementUses = new Map<string, number>();
  for (const { node } of index.jsx) {
    const name = node.name?.split('.')[0];
    if (name) elementUses.set(name, (elementUses.get(name) ?? 0) + 1);
  }
  for (const esm of index.esm) {
    const program = esm.data?.estree as { body?: EsmStatement[] } | undefined;
    for (const statement of program?.body ?? []) {
      const source = statement.source;
      if (
        (statement.type !== 'ImportDeclaration' && !statement.type.startsWith('Export')) ||
        !source ||
        typeof source.value !== 'string' ||
        !source.range
      )
        continue;
      const fact: ImportFact = { source: source.value, ...context.lines.range(source.range[0], source.range[1]) };
      if (statement.type === 'ImportDeclaration') {
        const locals = new Set(
          (statement.specifiers ?? []).map((s) => s.local?.name).filter((n): n is string => typeof n === 'string'),
        );
        fact.uses = [...locals].reduce((sum, name) => sum + (elementUses.get(name) ?? 0), 0);
      }
      imports.push(fact);
    }
  }
  return imports;
}

/** Links, images and URL attributes, in the order of the page. */
function linkFacts(context: FactSource): LinkFact[] {
  const index = context.index;
  const links: LinkFact[] = [];
  const text = context.text;
  /** The URL's offsets: its last occurrence in the node's text (the destination comes last). */
  const withRange = (fact: LinkFact, node: Node): LinkFact => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined || fact.url === '') return fact;
    const at = text.slice(start, end).lastIndexOf(fact.url);
    return at < 0 ? fact : { ...fact, urlRange: [start + at, start + at + fact.url.length] };
  };
  for (const { node } of index.links) {
    const span = spanOf(node);
    if (span) links.push(withRange({ url: node.url, kind: 'link', ...span }, node));
  }
  for (const { node } of index.definitions) {
    const span = spanOf(node);
    if (span) links.push(withRange({ url: node.url, kind: 'link', ...span }, node));
  }
  for (const { node } of index.images) {
    const span = spanOf(node);
    if (span && node.type === 'image') links.push(withRange({ url: node.url, kind: 'image', ...span }, node));
  }
  for (const { node } of index.jsx) {
    // HTML elements and the platform's components: what a site's own component does with an
    // `href` or `src` prop is its own business (often not a URL at all).
    if (!node.name || !(/^[a-z]/.test(node.name) || PLATFORM_COMPONENT_SET.has(node.name))) continue;
    for (const attr of node.attributes) {
      if (attr.type !== 'mdxJsxAttribute') continue;
      if (!URL_ATTRIBUTES.has(attr.name)) continue;
      const url = staticString(attr);
      const span = spanOf(attr) ?? spanOf(node);
      if (url !== undefined && span)
        links.push(withRange({ url, kind: 'jsx', element: node.name, attribute: attr.name, ...span }, attr));
    }
  }
  return links.sort((a, b) => a.line - b.line || a.column - b.column);
}

/**
 * The page as served in markdown, less what the platform strips: front matter and ESM blocks
 * (counted from the one tree). A CRLF counts as one character, as the served markdown has it.
 */
function servedChars(context: Pick<ParsedPage, 'index' | 'text'>): number {
  const text = context.text;
  const chars = (start: number, end: number) => {
    let n = end - start;
    for (let i = text.indexOf('\r\n', start); i !== -1 && i + 1 < end; i = text.indexOf('\r\n', i + 2)) n--;
    return n;
  };
  let total = chars(0, text.length);
  const strip = (node: Node | undefined) => {
    const start = node?.position?.start.offset;
    const end = node?.position?.end.offset;
    if (start !== undefined && end !== undefined) total -= chars(start, end);
  };
  strip(context.index.yaml);
  for (const esm of context.index.esm) strip(esm);
  return Math.max(0, total);
}
