import type { Heading, Root } from 'mdast';
import remarkSmartypants from 'remark-smartypants';
import type { Node, Parent } from 'unist';
import { isJsx, staticString, attribute } from '../rule-kit/mdx.js';
import type { JsxElement, TreeIndex } from '../rule-kit/tree-index.js';
import { cleanHeadingId, componentIdCounter, normaliseCustomId, paramFieldId, rawHeadingSlug, slugCounter } from './slug.js';

/*
 * The anchors of a page as the platform renders them (@mintlify/common 1.0.1176:
 * remarkComponentIds, remarkExtractTableOfContents, rehypeParamFieldIds; see src/platform/slug.ts
 * for the slug itself):
 *
 * - markdown headings of levels 1–4 (5 and 6 get none), and `<h1>`–`<h4>`, `<Update label>`,
 *   `<Step title>` when its title size is h2/h3: the heading slug, unique on the page; none at all
 *   in `mode: custom` or `mode: frame`;
 * - `## Title {#id}`: that id (normalised);
 * - `<Accordion title>`, `<View title>`: the component slug; `<Tab title>`: the heading slug with a
 *   counter of its own; `<ParamField>`/`<Param>`/`<ResponseField>`: `param-<name>`;
 * - an explicit `id` on other elements, except the components that do not pass it to the page
 *   (callouts, cards, `<Tabs>`, …).
 */

/** Components that do not put an `id` in the page. */
export const COMPONENTS_WITHOUT_ID: ReadonlySet<string> = new Set([
  'Info',
  'Warning',
  'Note',
  'Tip',
  'Check',
  'Danger',
  'Callout',
  'AccordionGroup',
  'Card',
  'CardGroup',
  'Tabs',
  'CodeGroup',
  'Column',
  'Columns',
  'CustomCode',
  'CustomComponent',
  'DynamicCustomComponent',
  'Expandable',
  'Frame',
  'GitHub',
  'Github',
  'Icon',
  'Latex',
  'Mermaid',
  'Panel',
  'Popup',
  'Prompt',
  'RequestExample',
  'ResponseExample',
  'SnippetGroup',
  'Steps',
  'Tile',
  'Tooltip',
  'Tree',
  'FileTree',
  'Variation',
  'Visibility',
  'MDX',
  'Badge',
  'Color',
  'ZoomImage',
]);

/** Page modes in which headings get no ids (and there is no table of contents). */
export const MODES_WITHOUT_HEADING_IDS: ReadonlySet<string> = new Set(['custom', 'frame']);

/** Headings inside these are left out of the table of contents (they keep an id, not made unique). */
const OUT_OF_TOC = new Set(['Accordion', 'AccordionGroup', 'Expandable', 'Update', 'Prompt']);

const HEADING_LEVELS = new Set([1, 2, 3, 4]);
const JSX_HEADINGS = new Set(['h1', 'h2', 'h3', 'h4']);

/** A heading's text as the platform reads it: text and inline code under it, nothing else. */
export function tocTitle(node: Node): string {
  const n = node as Node & { value?: unknown; children?: Node[] };
  if (n.type === 'text' || n.type === 'inlineCode') return typeof n.value === 'string' ? n.value : '';
  if (!n.children) return '';
  let out = '';
  for (const child of n.children) out += tocTitle(child);
  return out;
}

const SMART = /['"`]|--|\.\.\./;

/** The heading's text after the platform's smart punctuation (’ “ ” — …), which it runs before making ids. */
export function smartTitle(node: Node): string {
  const plain = tocTitle(node);
  if (!SMART.test(plain)) return plain;
  // The heading alone, after an empty paragraph (the start of a text to the plugin).
  const tree = { type: 'root', children: [{ type: 'paragraph', children: [] }, structuredClone(node)] } as unknown as Root;
  (remarkSmartypants as unknown as () => (tree: Root) => void)()(tree);
  return tocTitle(tree.children[1]!);
}

/** True when an element is a block of the page (its own line), as the platform's compiler sees it. */
export function isBlockElement(node: JsxElement, ancestors: readonly Node[]): boolean {
  if (node.type === 'mdxJsxFlowElement') return true;
  const parent = ancestors[ancestors.length - 1] as Parent | undefined;
  if (!parent || parent.type !== 'paragraph') return false;
  // A paragraph of nothing but elements, expressions and spaces is unwrapped into blocks.
  return parent.children.every(
    (c) => c.type === 'mdxJsxTextElement' || c.type === 'mdxTextExpression' || (c.type === 'text' && ((c as { value?: string }).value ?? '').trim() === ''),
  );
}

export interface PageAnchors {
  /** The id of each markdown heading in document order (`''` when it gets none). */
  headingIds: string[];
  /** Every other id of the page (JSX headings, components, explicit ids). */
  ids: string[];
}

function stringAttr(node: JsxElement, name: string): string | undefined {
  const attr = attribute(node, name);
  return attr ? staticString(attr) : undefined;
}

/**
 * The anchors of a parsed page. `customIds` are the `{#id}` of heading lines (by line); `mode` is the
 * front matter's `mode`.
 */
export function pageAnchors(index: TreeIndex, customIds: ReadonlyMap<number, string>, mode: unknown): PageAnchors {
  const noHeadingIds = typeof mode === 'string' && MODES_WITHOUT_HEADING_IDS.has(mode);
  const count = slugCounter();
  const tabCount = slugCounter();
  const componentIds = componentIdCounter();
  const seen = new Map<string, number>();
  /** The table of contents' own pass: unique ids across headings, updates and steps. */
  const unique = (slug: string): string => {
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    if (n === 0) return slug;
    let suffix = n + 1;
    while (seen.has(`${slug}-${suffix}`)) suffix++;
    seen.set(`${slug}-${suffix}`, 1);
    return `${slug}-${suffix}`;
  };
  const outOfToc = (ancestors: readonly Node[]) => ancestors.some((a) => isJsx(a) && a.name !== null && a.name !== undefined && OUT_OF_TOC.has(a.name));

  // Markdown headings and the JSX elements that may carry anchors, in document order.
  type Item = {
    offset: number;
    heading?: { node: Heading; ancestors: readonly Node[]; index: number };
    jsx?: { node: JsxElement; ancestors: readonly Node[] };
  };
  const items: Item[] = [];
  index.headings.forEach(({ node, ancestors }, i) => items.push({ offset: node.position?.start.offset ?? 0, heading: { node, ancestors, index: i } }));
  for (const { node, ancestors } of index.jsx) if (node.name) items.push({ offset: node.position?.start.offset ?? 0, jsx: { node, ancestors } });
  items.sort((a, b) => a.offset - b.offset);

  const headingIds: string[] = index.headings.map(() => '');
  const ids: string[] = [];
  const stepSizes = new Map<JsxElement, string>();
  for (const item of items) {
    if (item.heading) {
      const { node, ancestors } = item.heading;
      const line = node.position?.start.line ?? 0;
      const custom = customIds.get(line);
      if (!HEADING_LEVELS.has(node.depth) || noHeadingIds) continue;
      const title = smartTitle(node);
      // `{#id}` makes the heading an element with that id, outside the counter of markdown headings.
      const raw = custom !== undefined ? normaliseCustomId(custom) : count(rawHeadingSlug(title));
      const cleaned = cleanHeadingId(raw) || (custom !== undefined ? cleanHeadingId(rawHeadingSlug(title)) : '');
      headingIds[item.heading.index] = outOfToc(ancestors) ? cleaned : cleaned ? unique(cleaned) : '';
      continue;
    }
    const { node, ancestors } = item.jsx!;
    const name = node.name!;
    const block = isBlockElement(node, ancestors);
    const id = stringAttr(node, 'id');
    if (name === 'Steps') {
      const size = stringAttr(node, 'titleSize');
      if (size) for (const child of node.children) if (isJsx(child) && child.name === 'Step') stepSizes.set(child, size);
      continue;
    }
    if (JSX_HEADINGS.has(name) && block) {
      if (noHeadingIds || outOfToc(ancestors)) {
        if (id) ids.push(id);
        continue;
      }
      const slug = id ? cleanHeadingId(id) || rawHeadingSlug(tocTitle(node)) : rawHeadingSlug(tocTitle(node));
      if (slug) ids.push(cleanHeadingId(unique(slug)));
      continue;
    }
    if (name === 'Update' && block && attribute(node, 'label')) {
      const label = stringAttr(node, 'label') ?? '';
      const slug = (id && cleanHeadingId(id)) || rawHeadingSlug(label);
      if (slug) ids.push(cleanHeadingId(unique(slug)));
      continue;
    }
    if (name === 'Step' && block) {
      const size = stringAttr(node, 'titleSize') ?? stepSizes.get(node);
      const title = stringAttr(node, 'title') ?? '';
      const noAnchor = attribute(node, 'noAnchor') !== undefined && stringAttr(node, 'noAnchor') !== 'false';
      if (size && (size === 'h2' || size === 'h3') && !noAnchor && title.trim() !== '' && !outOfToc(ancestors)) {
        const slug = (id && cleanHeadingId(id)) || rawHeadingSlug(title);
        if (slug) ids.push(cleanHeadingId(unique(slug)));
      } else if (id) ids.push(cleanHeadingId(id));
      continue;
    }
    if ((name === 'Accordion' || name === 'View') && block) {
      const title = stringAttr(node, 'title');
      if (id) ids.push(id);
      else if (title) {
        const slug = componentIds(title);
        if (slug) ids.push(slug);
      }
      continue;
    }
    if (name === 'Tab' && block) {
      const title = stringAttr(node, 'title');
      if (id) ids.push(id);
      else if (title) {
        const slug = tabCount(rawHeadingSlug(title));
        if (slug) ids.push(slug);
      }
      continue;
    }
    if (PARAM_FIELDS.has(name)) continue; // below: their ids depend on every explicit id first
    if (id && !COMPONENTS_WITHOUT_ID.has(name)) ids.push(name === 'Heading' ? cleanHeadingId(id) : id);
  }
  for (const id of paramFieldIds(index)) ids.push(id);
  return { headingIds, ids };
}

const PARAM_FIELDS = new Set(['ParamField', 'Param', 'ResponseField']);
const PARAM_NAME_PRECEDENCE = ['query', 'path', 'body', 'header'];

/**
 * Ids of `<ParamField>`, `<Param>` and `<ResponseField>` blocks: an explicit `id`, else
 * `param-<name>` (the first of `query`, `path`, `body`, `header`; `name` for a response field),
 * counted per slug and never one an explicit id took.
 */
function paramFieldIds(index: TreeIndex): string[] {
  const blocks = index.jsx.filter(({ node }) => node.type === 'mdxJsxFlowElement' && node.name && PARAM_FIELDS.has(node.name)).map(({ node }) => node);
  const nonEmpty = (node: JsxElement, name: string) => {
    const attr = attribute(node, name);
    return attr && typeof attr.value === 'string' && attr.value ? attr.value : undefined;
  };
  const claimed = new Set<string>();
  for (const node of blocks) {
    const id = attribute(node, 'id') ? nonEmpty(node, 'id') : undefined;
    if (id) claimed.add(id);
  }
  const out = [...claimed];
  const counts = new Map<string, number>();
  for (const node of blocks) {
    if (attribute(node, 'id')) continue;
    const name = node.name === 'ResponseField' ? nonEmpty(node, 'name') : PARAM_NAME_PRECEDENCE.map((a) => nonEmpty(node, a)).find((v) => v !== undefined);
    if (!name) continue;
    const base = paramFieldId(name, 0);
    let count = counts.get(base) ?? 0;
    let id = paramFieldId(name, count);
    while (claimed.has(id)) id = paramFieldId(name, ++count);
    counts.set(base, count + 1);
    claimed.add(id);
    out.push(id);
  }
  return out;
}

/**
 * Page modes that are a blank canvas: no title, no table of contents, no frame around the content
 * (`custom`, and `frame`, which keeps only the sidebar). The page's own markup is the layout.
 */
export function isCanvasMode(mode: unknown): boolean {
  return typeof mode === 'string' && MODES_WITHOUT_HEADING_IDS.has(mode);
}
