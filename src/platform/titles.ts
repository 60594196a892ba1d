import type { Heading, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import remarkSmartypants from 'remark-smartypants';
import type { Node, Parent } from 'unist';
import { smartTexts } from './smart-punctuation.js';

/*
 * The texts the platform makes anchors from: a heading's text after its smart punctuation, and a
 * component's `title` read as inline markdown (@mintlify/common 1.0.1176: remarkComponentIds,
 * remarkExtractTableOfContents). src/platform/anchors.ts makes the ids.
 */

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

/**
 * The headings' texts after the platform's smart punctuation (’ “ ” — …), which it runs before
 * making ids. The platform runs it over the page's text as one string (remark-smartypants joins
 * every text node, a paragraph adding a space), so a quote at the very start of a heading turns by
 * the text before it: `## "Listener" application` after a paragraph ending in a word or a full stop
 * is `#”listener”-application`. Here too: the page's text nodes are copied (type, value, name and
 * children only) and the plugin's passes run on the copy, for the headings' texts alone.
 */
export function smartTitles(
  root: Node,
  headings: readonly Heading[],
  customIds: ReadonlyMap<number, string> = new Map(),
): Map<Heading, string> {
  const out = new Map<Heading, string>();
  if (!headings.some((h) => SMART.test(tocTitle(h)))) {
    for (const h of headings) out.set(h, tocTitle(h));
    return out;
  }
  const copies = new Map<Node, Node>();
  // The platform unwraps a paragraph of nothing but elements, expressions and spaces into blocks
  // before smart punctuation runs: such a paragraph adds no space to the text.
  const unwrapped = (children: Node[]): boolean =>
    children.every(
      (c) =>
        c.type === 'mdxJsxTextElement' ||
        c.type === 'mdxTextExpression' ||
        (c.type === 'text' && ((c as { value?: string }).value ?? '').trim() === ''),
    );
  const copy = (node: Node): Node[] => {
    const n = node as Node & { value?: unknown; name?: unknown; children?: Node[] };
    const c: Record<string, unknown> = { type: n.type };
    if (typeof n.value === 'string') c.value = n.value;
    if (typeof n.name === 'string') c.name = n.name;
    if (Array.isArray(n.children)) c.children = n.children.flatMap(copy);
    copies.set(node, c as unknown as Node);
    if (n.type === 'paragraph' && n.children && n.children.length > 0 && unwrapped(n.children))
      return c.children as Node[];
    // `## Title {#id}` is written out as `<h2 id="id">`, the title on a line of its own: a
    // paragraph in an element (unless it is elements only).
    if (n.type === 'heading' && customIds.has(node.position?.start.line ?? -1)) {
      const inner =
        n.children && n.children.length > 0 && unwrapped(n.children) ? [c] : [{ type: 'paragraph', children: [c] }];
      return [{ type: 'mdxJsxFlowElement', name: `h${(node as Heading).depth}`, children: inner } as unknown as Node];
    }
    return [c as unknown as Node];
  };
  const tree = { type: 'root', children: (root as Parent).children?.flatMap(copy) ?? [] };
  // Only the headings' texts are read: the plugin's passes run for them alone (src/platform/smart-punctuation.ts).
  const wanted = new Set<Node>();
  const texts = (node: Node): void => {
    const n = node as Node & { children?: Node[] };
    if (n.type === 'text') wanted.add(node);
    for (const child of n.children ?? []) texts(child);
  };
  for (const h of headings) {
    const c = copies.get(h);
    if (c) texts(c);
  }
  smartTexts(tree, wanted);
  for (const h of headings) out.set(h, tocTitle(copies.get(h) ?? h));
  return out;
}

/**
 * One heading's text after smart punctuation, read alone (after an empty paragraph: the start of a
 * text to the plugin); for text outside the page's flow, such as an accordion's content.
 */
export function smartTitle(node: Node): string {
  const plain = tocTitle(node);
  if (!SMART.test(plain)) return plain;
  const tree = {
    type: 'root',
    children: [{ type: 'paragraph', children: [] }, structuredClone(node)],
  } as unknown as Root;
  (remarkSmartypants as unknown as () => (tree: Root) => void)()(tree);
  return tocTitle(tree.children[1]!);
}

/** Components whose `title` is inline markdown to the platform (their ids come from its text). */
const MARKDOWN_TITLES = new Set(['Accordion', 'Card', 'Color.Row', 'Step', 'Tab', 'Tile']);

type TitleNode = {
  type: string;
  value?: string;
  url?: string;
  children?: TitleNode[];
  position?: { start: { offset?: number }; end: { offset?: number } };
};

/** A link the platform renders as a link in a title (else its source text stays). */
function titleLink(node: TitleNode, source: string): boolean {
  const raw = source.slice(node.position?.start.offset ?? 0, node.position?.end.offset ?? 0);
  const destination = (node.url ?? '').trim();
  return (
    raw.startsWith('[') &&
    destination !== '' &&
    (/^(?:https?:\/\/|mailto:|tel:|\/|#|\.\.?\/)/i.test(destination) ||
      destination.includes('/') ||
      /^[^\s@]+\.[^\s]+$/u.test(destination))
  );
}

/** The text of a title's inline nodes: text and code; links, emphasis, strong and strikethrough read through; anything else as written. */
function titleNodesText(nodes: TitleNode[], source: string): string {
  let out = '';
  for (const node of nodes) {
    if (node.type === 'text' || node.type === 'inlineCode') out += (node.value ?? '').replace(/\n/g, ' ');
    else if (
      node.type === 'strong' ||
      node.type === 'emphasis' ||
      node.type === 'delete' ||
      (node.type === 'link' && titleLink(node, source))
    )
      out += titleNodesText(node.children ?? [], source);
    else out += source.slice(node.position?.start.offset ?? 0, node.position?.end.offset ?? 0);
  }
  return out;
}

/**
 * A component's `title` as the platform reads it for ids: `<Accordion>`, `<Step>`, `<Tab>`…
 * take it as one line of inline markdown and keep its text (`Run \`npm i\`` → `Run npm i`);
 * anything that is not one paragraph is the title as written.
 */
export function titleText(component: string, title: string): string {
  if (!MARKDOWN_TITLES.has(component) || !/[`*_[\]~<>!\\&]/.test(title)) return title;
  const prefix = 'title: ';
  const source = `${prefix}${title.replace(/\n/g, ' ')}`;
  try {
    const root = fromMarkdown(source, {
      extensions: [gfm()],
      mdastExtensions: [gfmFromMarkdown()],
    }) as unknown as TitleNode;
    const paragraph = root.children?.length === 1 ? root.children[0] : undefined;
    if (paragraph?.type !== 'paragraph') return title;
    const first = paragraph.children?.[0];
    if (first?.type !== 'text' || !(first.value ?? '').startsWith(prefix)) return title;
    return titleNodesText(paragraph.children ?? [], source).slice(prefix.length);
  } catch {
    return title;
  }
}
