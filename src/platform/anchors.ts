import type { Heading } from 'mdast';
import type { Node, Parent } from 'unist';
import { isJsx, staticString, attribute } from '../mdx/nodes.js';
import type { JsxElement, TreeIndex } from '../mdx/tree-index.js';
import { PLATFORM_COMPONENT_SET, PLATFORM_HTML_ELEMENTS } from './components.js';
import { smartTitle, smartTitles, titleText, tocTitle } from './titles.js';
import {
  cleanHeadingId,
  componentIdCounter,
  componentSlug,
  markdownHeadingId,
  unicodeId,
  uniqueIds,
  normaliseCustomId,
  paramFieldId,
  rawHeadingSlug,
  slugCounter,
} from './slug.js';

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

/** True when an element is a block of the page (its own line), as the platform's compiler sees it. */
export function isBlockElement(node: JsxElement, ancestors: readonly Node[]): boolean {
  if (node.type === 'mdxJsxFlowElement') return true;
  const parent = ancestors[ancestors.length - 1] as Parent | undefined;
  if (!parent || parent.type !== 'paragraph') return false;
  // A paragraph of nothing but elements, expressions and spaces is unwrapped into blocks.
  return parent.children.every(
    (c) =>
      c.type === 'mdxJsxTextElement' ||
      c.type === 'mdxTextExpression' ||
      (c.type === 'text' && ((c as { value?: string }).value ?? '').trim() === ''),
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

/** The state of one page's pass over its anchors, in document order. */
interface AnchorPass {
  index: TreeIndex;
  customIds: ReadonlyMap<number, string>;
  noHeadingIds: boolean;
  count: ReturnType<typeof slugCounter>;
  tabCount: ReturnType<typeof slugCounter>;
  accordionIds: ReturnType<typeof componentIdCounter>;
  viewIds: ReturnType<typeof componentIdCounter>;
  /** The table of contents' own pass: unique ids across headings, updates and steps. */
  unique: ReturnType<typeof uniqueIds>;
  titleOf: (node: Heading) => string;
  headingIds: string[];
  ids: string[];
  locals: Set<string> | undefined;
  stepSizes: Map<JsxElement, string>;
  /** Explicit ids of `<Tab>`s: a generated tab id never takes one of them. */
  explicitTabIds: Set<string>;
}

// The id a heading shows: the table of contents cleans it, the heading cleans it again.
const shown = (id: string): string => cleanHeadingId(id);
/** Whether an element is inside one whose headings stay out of the table of contents. */
const outOfToc = (ancestors: readonly Node[]) =>
  ancestors.some((a) => isJsx(a) && a.name !== null && a.name !== undefined && OUT_OF_TOC.has(a.name));

/** A markdown heading or a JSX element that may carry anchors, at its offset. */
type AnchorItem = {
  offset: number;
  heading?: { node: Heading; ancestors: readonly Node[]; index: number };
  jsx?: { node: JsxElement; ancestors: readonly Node[] };
};

/** Markdown headings and the JSX elements that may carry anchors, in document order. */
function anchorItems(index: TreeIndex): AnchorItem[] {
  const items: AnchorItem[] = [];
  index.headings.forEach(({ node, ancestors }, i) =>
    items.push({ offset: node.position?.start.offset ?? 0, heading: { node, ancestors, index: i } }),
  );
  for (const { node, ancestors } of index.jsx)
    if (node.name) items.push({ offset: node.position?.start.offset ?? 0, jsx: { node, ancestors } });
  items.sort((a, b) => a.offset - b.offset);
  return items;
}

/** The explicit ids of the page's block `<Tab>`s. */
function explicitTabIds(index: TreeIndex): Set<string> {
  const explicit = new Set<string>();
  for (const { node } of index.jsx)
    if (node.name === 'Tab' && node.type === 'mdxJsxFlowElement') {
      const id = stringAttr(node, 'id');
      if (id) explicit.add(id);
    }
  return explicit;
}

/**
 * The anchors of a parsed page. `customIds` are the `{#id}` of heading lines (by line); `mode` is the
 * front matter's `mode`.
 */
export function pageAnchors(index: TreeIndex, customIds: ReadonlyMap<number, string>, mode: unknown): PageAnchors {
  const root = index.headings[0]?.ancestors[0];
  const titles = root
    ? smartTitles(
        root,
        index.headings.map((h) => h.node),
        customIds,
      )
    : new Map<Heading, string>();
  const pass: AnchorPass = {
    index,
    customIds,
    noHeadingIds: typeof mode === 'string' && MODES_WITHOUT_HEADING_IDS.has(mode),
    count: slugCounter(),
    tabCount: slugCounter(),
    accordionIds: componentIdCounter(),
    viewIds: componentIdCounter(),
    unique: uniqueIds(),
    titleOf: (node: Heading): string => titles.get(node) ?? smartTitle(node),
    headingIds: index.headings.map(() => ''),
    ids: [],
    locals: undefined,
    stepSizes: new Map<JsxElement, string>(),
    explicitTabIds: explicitTabIds(index),
  };
  for (const item of anchorItems(index)) {
    if (item.heading) headingAnchor(pass, item.heading);
    else jsxAnchor(pass, item.jsx!);
  }
  const ids = pass.ids;
  for (const id of paramFieldIds(index)) ids.push(id);
  // An id that shows as nothing (an emoji title, cleaned) is no anchor.
  return { headingIds: pass.headingIds, ids: ids.filter((id) => id !== '') };
}

/** The id of a markdown heading (a `{#id}`, or its title's slug), into `pass.headingIds`. */
function headingAnchor(pass: AnchorPass, heading: NonNullable<AnchorItem['heading']>): void {
  const { node, ancestors } = heading;
  const line = node.position?.start.line ?? 0;
  const custom = pass.customIds.get(line);
  if (!HEADING_LEVELS.has(node.depth)) return;
  // `{#id}` makes the heading an element with that id, outside the counter of markdown
  // headings, and keeps it in every page mode.
  if (custom !== undefined) {
    const title = pass.titleOf(node);
    const normalised = normaliseCustomId(custom);
    const inToc = !outOfToc(ancestors) && !pass.noHeadingIds;
    if (!normalised) {
      // `{#!}`: an empty id, filled from the title's text, encoded (by the table of contents'
      // pass, in which the title's slug takes its turn); outside it the heading has none.
      if (inToc) pass.unique(rawHeadingSlug(title));
      pass.headingIds[heading.index] = inToc ? shown(unicodeId(title)) : '';
    } else {
      const key = cleanHeadingId(normalised) || rawHeadingSlug(title);
      pass.headingIds[heading.index] = inToc ? shown(pass.unique(key)) : shown(key);
    }
    return;
  }
  if (pass.noHeadingIds) return;
  pass.headingIds[heading.index] = markdownHeadingId(
    pass.titleOf(node),
    pass.count,
    outOfToc(ancestors) ? undefined : pass.unique,
  );
}

/** The id a JSX element shows (headings, updates, steps, accordions, views, tabs, others' explicit ids), into `pass.ids`. */
function jsxAnchor(pass: AnchorPass, jsx: NonNullable<AnchorItem['jsx']>): void {
  const { node, ancestors } = jsx;
  const name = node.name!;
  const block = isBlockElement(node, ancestors);
  const id = stringAttr(node, 'id');
  if (name === 'Steps') {
    const size = stringAttr(node, 'titleSize');
    if (size)
      for (const child of node.children) if (isJsx(child) && child.name === 'Step') pass.stepSizes.set(child, size);
    return;
  }
  if ((JSX_HEADINGS.has(name) || name === 'Heading') && block) {
    if (pass.noHeadingIds || outOfToc(ancestors)) {
      if (id) pass.ids.push(name === 'Heading' ? cleanHeadingId(id) : id);
      return;
    }
    const slug = id ? cleanHeadingId(id) || rawHeadingSlug(tocTitle(node)) : rawHeadingSlug(tocTitle(node));
    if (!slug) return;
    const taken = cleanHeadingId(pass.unique(slug));
    // A `<Heading>` without an id takes its turn in the pass but shows none.
    if (name !== 'Heading' || id) pass.ids.push(taken);
    return;
  }
  if (name === 'Update' && block && attribute(node, 'label')) {
    const label = stringAttr(node, 'label') ?? '';
    const slug = (id && cleanHeadingId(id)) || rawHeadingSlug(label);
    const shownId = slug ? cleanHeadingId(pass.unique(slug)) : cleanHeadingId(unicodeId(label));
    if (shownId) pass.ids.push(shownId);
    return;
  }
  if (name === 'Step' && block) {
    const size = stringAttr(node, 'titleSize') ?? pass.stepSizes.get(node);
    const title = titleText('Step', stringAttr(node, 'title') ?? '');
    const noAnchor = attribute(node, 'noAnchor') !== undefined && stringAttr(node, 'noAnchor') !== 'false';
    if (size && (size === 'h2' || size === 'h3') && !noAnchor && title.trim() !== '' && !outOfToc(ancestors)) {
      const slug = (id && cleanHeadingId(id)) || rawHeadingSlug(title);
      if (slug) pass.ids.push(cleanHeadingId(pass.unique(slug)));
    } else if (id) pass.ids.push(cleanHeadingId(id));
    return;
  }
  if ((name === 'Accordion' || name === 'View') && block) {
    const title = stringAttr(node, 'title');
    if (id) pass.ids.push(id);
    else if (title) {
      const slug = (name === 'Accordion' ? pass.accordionIds : pass.viewIds)(titleText(name, title));
      if (slug) pass.ids.push(slug);
      // An accordion whose title makes no id takes the text it holds, encoded.
      else if (name === 'Accordion') {
        const fallback = unicodeId(smartTitle(node));
        if (fallback) pass.ids.push(fallback);
      }
    }
    return;
  }
  if (name === 'Tab' && block) {
    const title = stringAttr(node, 'title');
    if (id) pass.ids.push(id);
    else if (title) {
      const raw = rawHeadingSlug(titleText('Tab', title));
      let slug = pass.tabCount(raw);
      for (let guard = 0; slug && pass.explicitTabIds.has(slug) && guard < 1000; guard++) slug = pass.tabCount(raw);
      if (slug) pass.ids.push(slug);
    }
    return;
  }
  if (PARAM_FIELDS.has(name)) return; // below: their ids depend on every explicit id first
  // Elements the platform removes — not on its allowlist (`<h5>`, `<details>`), or components
  // the page neither imports nor defines — show no id.
  if (
    block &&
    (/^[a-z]/.test(name)
      ? !PLATFORM_HTML_SET.has(name)
      : !PLATFORM_COMPONENT_SET.has(name) && !(pass.locals ??= esmNames(pass.index)).has(name.split('.')[0]!))
  )
    return;
  if (id && !COMPONENTS_WITHOUT_ID.has(name)) pass.ids.push(id);
}

const PLATFORM_HTML_SET: ReadonlySet<string> = new Set(PLATFORM_HTML_ELEMENTS);

interface EsNode {
  type: string;
  name?: string;
  id?: EsNode | null;
  local?: EsNode;
  declaration?: EsNode | null;
  declarations?: EsNode[];
  specifiers?: EsNode[];
}

/** Names the page's `import` and `export` statements define. */
function esmNames(index: TreeIndex): Set<string> {
  const names = new Set<string>();
  const add = (n: EsNode | null | undefined) => {
    if (n?.type === 'Identifier' && n.name) names.add(n.name);
  };
  for (const node of index.esm) {
    const program = node.data?.estree as { body?: EsNode[] } | undefined;
    for (const statement of program?.body ?? []) {
      for (const specifier of statement.specifiers ?? []) add(specifier.local);
      add(statement.declaration?.id);
      for (const d of statement.declaration?.declarations ?? []) add(d.id);
    }
  }
  return names;
}

const PARAM_FIELDS = new Set(['ParamField', 'Param', 'ResponseField']);
const PARAM_NAME_PRECEDENCE = ['query', 'path', 'body', 'header'];

/**
 * Ids of `<ParamField>`, `<Param>` and `<ResponseField>` blocks: an explicit `id`, else
 * `param-<name>` (the first of `query`, `path`, `body`, `header`; `name` for a response field),
 * counted per slug and never one an explicit id took.
 */
function paramFieldIds(index: TreeIndex): string[] {
  const blocks = index.jsx
    .filter(({ node }) => node.type === 'mdxJsxFlowElement' && node.name && PARAM_FIELDS.has(node.name))
    .map(({ node }) => node);
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
    const name =
      node.name === 'ResponseField'
        ? nonEmpty(node, 'name')
        : PARAM_NAME_PRECEDENCE.map((a) => nonEmpty(node, a)).find((v) => v !== undefined);
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

/** An `<Accordion>` whose id another accordion of the page already has, as the platform's build sees it. */
export interface AccordionIdClash {
  node: JsxElement;
  /** The id both have. */
  id: string;
  /** The accordion that has it first. */
  first: JsxElement;
}

/**
 * The accordions the platform warns about at build ("duplicates another accordion title on this
 * page"): its id pass first gives each block `<Accordion>` (on lines of its own, or alone in its
 * paragraph: the compiler makes that a block first) with a string title and no `id` the
 * component slug of its title, counted per slug (`FAQ`, `FAQ` are `faq`, `faq-1`: no clash);
 * then its check reads every accordion — block ones in document order, then inline ones — by its
 * string `id`, or else its title's slug (inline accordions get no counter), and warns at each id
 * already seen on the page. A clash needs two explicit ids alike, an explicit id equal to a
 * generated one, a counted slug equal to another title's (`FAQ`, `FAQ`, `FAQ 1`) or two inline
 * accordions titled alike. Accordions without a string title are left out (as the platform does).
 */
export function accordionIdClashes(index: TreeIndex): AccordionIdClash[] {
  const counter = componentIdCounter();
  const keyed: { node: JsxElement; id: string }[] = [];
  const inline: { node: JsxElement; id: string }[] = [];
  for (const { node, ancestors } of index.jsx) {
    if (node.name !== 'Accordion') continue;
    const titleAttr = attribute(node, 'title');
    const title = titleAttr && typeof titleAttr.value === 'string' ? titleAttr.value : undefined;
    if (!title) continue;
    const idAttr = attribute(node, 'id');
    const explicit = idAttr && typeof idAttr.value === 'string' && idAttr.value ? idAttr.value : undefined;
    if (isBlockElement(node, ancestors)) {
      // The id pass skips an accordion with any `id` attribute (an expression, or empty, too).
      const id = explicit ?? (idAttr ? componentSlug(title) : counter(titleText('Accordion', title)));
      keyed.push({ node, id });
    } else inline.push({ node, id: explicit ?? componentSlug(title) });
  }
  const seen = new Map<string, JsxElement>();
  const clashes: AccordionIdClash[] = [];
  for (const { node, id } of [...keyed, ...inline]) {
    const first = seen.get(id);
    if (first) clashes.push({ node, id, first });
    else seen.set(id, node);
  }
  return clashes;
}
