import type { Root } from 'mdast';
import GithubSlugger from 'github-slugger';
import type { PageContext } from './context.js';
import type { DirectiveFact, LinkFact, PageFacts } from './facts.js';
import { spanOf, staticString, textOf } from './mdx.js';
import { indexTree } from './tree-index.js';

/** JSX attributes whose string value is a URL (link, image or media source). */
const URL_ATTRIBUTES = new Set(['href', 'src', 'img']);

const DIRECTIVE = /^\s*\/\*\s*doclint-(disable-next-line|disable|enable)\b([\s\S]*?)\*\/\s*$/;

/** `doclint-disable a, b -- reason` → kind and rule ids; undefined for any other comment. */
export function parseDirective(expression: string): Pick<DirectiveFact, 'kind' | 'ruleIds'> | undefined {
  const m = DIRECTIVE.exec(expression);
  if (!m) return undefined;
  const list = m[2]!.split(/\s--\s|\s--$/)[0]!;
  const ruleIds = list.split(/[\s,]+/).filter((id) => id.length > 0);
  return { kind: m[1] as DirectiveFact['kind'], ruleIds };
}

/** The first line after `line` that holds something other than whitespace. */
function nextContentLine(context: PageContext, line: number): number {
  const { starts } = context.lines;
  for (let l = line + 1; l <= starts.length; l++) {
    const start = starts[l - 1]!;
    const end = l < starts.length ? starts[l]! : context.text.length;
    if (context.text.slice(start, end).trim() !== '') return l;
  }
  return line + 1;
}

/** Everything the site checks need from a page, read from the one tree of the page. */
export function extractFacts(tree: Root, context: PageContext): PageFacts {
  const index = indexTree(tree);
  const fm = context.frontmatter;
  const data = fm.data;
  const facts: PageFacts = {
    hidden: data?.hidden === true,
    headings: [],
    ids: [],
    links: [],
    directives: [],
    syntaxError: context.syntaxError !== undefined,
  };
  if (data) {
    facts.frontmatter = data;
    const title = scalarText(data.title);
    if (title !== undefined) facts.title = title;
    const description = scalarText(data.description);
    if (description !== undefined) facts.description = description;
    const openapi = fm.fields.get('openapi');
    if (openapi && typeof openapi.value === 'string') facts.openapi = { value: openapi.value, ...openapi.valueSpan };
  }

  const slugger = new GithubSlugger();
  for (const { node } of index.headings) {
    const span = spanOf(node);
    if (!span) continue;
    const text = textOf(node).trim();
    const custom = context.headingIds.get(span.line);
    facts.headings.push({ depth: node.depth, text, id: custom ?? slugger.slug(text), ...span });
  }

  const links: LinkFact[] = [];
  for (const { node } of index.links) {
    const span = spanOf(node);
    if (span) links.push({ url: node.url, kind: 'link', ...span });
  }
  for (const { node } of index.definitions) {
    const span = spanOf(node);
    if (span) links.push({ url: node.url, kind: 'link', ...span });
  }
  for (const { node } of index.images) {
    const span = spanOf(node);
    if (span && node.type === 'image') links.push({ url: node.url, kind: 'image', ...span });
  }
  for (const { node } of index.jsx) {
    if (!node.name) continue;
    for (const attr of node.attributes) {
      if (attr.type !== 'mdxJsxAttribute') continue;
      if (attr.name === 'id') {
        const id = staticString(attr);
        if (id) facts.ids.push(id);
        continue;
      }
      if (!URL_ATTRIBUTES.has(attr.name)) continue;
      const url = staticString(attr);
      const span = spanOf(attr) ?? spanOf(node);
      if (url !== undefined && span) links.push({ url, kind: 'jsx', element: node.name, attribute: attr.name, ...span });
    }
  }
  links.sort((a, b) => a.line - b.line || a.column - b.column);
  facts.links = links;

  for (const { node } of index.expressions) {
    const directive = parseDirective(node.value);
    const span = spanOf(node);
    if (!directive || !span) continue;
    const fact: DirectiveFact = { ...directive, ...span };
    if (directive.kind === 'disable-next-line') fact.targetLine = nextContentLine(context, span.endLine);
    facts.directives.push(fact);
  }
  return facts;
}

function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}
