import type { Root } from 'mdast';
import { ParseLatin } from 'parse-latin';
import remarkSmartypants from 'remark-smartypants';
import retextSmartypants from 'retext-smartypants';
import type { Node } from 'unist';

/*
 * The platform's smart punctuation (remark-smartypants 3.0.2 over retext-smartypants 6.2.0 and
 * parse-latin 7.0.0, the versions it runs) for some of a tree's text nodes only.
 *
 * The plugin joins every text node of the page into one string (a paragraph adds a space, inline
 * code counts as letters), turns its straight quotes by their neighbours in that string (pass 1),
 * then turns dashes, ellipses and backticks in each text node alone (pass 2). Anchors need the
 * headings' texts only, and running the plugin over a whole page to read a few headings cost more
 * than the page's rules. The same two passes here, for the wanted nodes alone:
 *
 * - pass 1 changes only a lone `"` or `'` (into one curly quote), deciding by its siblings in the
 *   natural-language tree (the sentence or word it is in): a wanted text without one is unchanged,
 *   and otherwise the page's string is parsed once and pass 1 runs on the sentences that overlap
 *   a wanted text, not on the whole tree;
 * - pass 2 runs on each wanted text, as the plugin runs it on every text.
 *
 * Whatever this cannot place exactly (a quote outside a sentence, positions that do not match the
 * string) falls back to the plugin itself, over the whole tree.
 */

type TextNode = Node & { value: string };
type NlcstNode = {
  type: string;
  value?: string;
  children?: NlcstNode[];
  position?: { start: { offset?: number }; end: { offset?: number } };
};

const VISITED = new Set(['text', 'inlineCode', 'paragraph']);
const IGNORED_HTML = new Set(['style', 'script']);

// The plugin's two passes, with its options.
const quotesPass = retextSmartypants({ ellipses: false, dashes: false, backticks: false }) as unknown as (
  tree: NlcstNode,
) => void;
const restPass = retextSmartypants({ quotes: false }) as unknown as (tree: NlcstNode) => void;

const parseLatin = (text: string): NlcstNode => new ParseLatin().parse(text) as unknown as NlcstNode;

function nlcstText(node: NlcstNode): string {
  if (typeof node.value === 'string') return node.value;
  let out = '';
  for (const child of node.children ?? []) out += nlcstText(child);
  return out;
}

/** The nodes the plugin reads, in its order (unist-util-visit: depth first, parents before children). */
function visited(tree: Node): Node[] {
  const out: Node[] = [];
  const walk = (node: Node, parent: Node | undefined): void => {
    const n = node as Node & { value?: unknown; children?: Node[] };
    if (parent && VISITED.has(n.type) && (typeof n.value === 'string' || n.type === 'paragraph')) {
      const p = parent as Node & { name?: unknown };
      if (p.type !== 'mdxJsxTextElement' || (typeof p.name === 'string' && !IGNORED_HTML.has(p.name))) out.push(node);
    }
    if (Array.isArray(n.children)) for (const child of n.children) walk(child, node);
  };
  walk(tree, undefined);
  return out;
}

/**
 * Sets the `value` of the `wanted` text nodes of `tree` to what remark-smartypants makes of them
 * over the whole tree; other nodes are left as they are.
 */
export function smartTexts(tree: Node, wanted: ReadonlySet<Node>): void {
  let all = '';
  const slices: { node: TextNode; start: number; end: number }[] = [];
  for (const node of visited(tree)) {
    const n = node as Node & { value?: string };
    if (typeof n.value === 'string') {
      const start = all.length;
      all += n.type === 'text' ? n.value : 'A'.repeat(n.value.length);
      if (n.type === 'text' && wanted.has(node)) slices.push({ node: node as TextNode, start, end: all.length });
    } else all += ' ';
  }
  const afterQuotes = new Map<TextNode, string>();
  const quoted = slices.filter((s) => /["']/.test(all.slice(s.start, s.end)));
  if (quoted.length > 0) {
    const turned = quotesInSlices(all, quoted);
    if (!turned) {
      (remarkSmartypants as unknown as () => (tree: Root) => void)()(tree as Root);
      return;
    }
    quoted.forEach((s, i) => afterQuotes.set(s.node, turned[i]!));
  }
  for (const s of slices) {
    const text = afterQuotes.get(s.node) ?? all.slice(s.start, s.end);
    const nlcst = parseLatin(text);
    restPass(nlcst);
    s.node.value = nlcstText(nlcst);
  }
}

/** Pass 1 over `all`, read back for each slice; undefined when a quote cannot be placed exactly. */
function quotesInSlices(all: string, slices: readonly { start: number; end: number }[]): string[] | undefined {
  const root = parseLatin(all);
  const sentences: NlcstNode[] = [];
  for (const paragraph of root.children ?? []) {
    if (paragraph.type === 'PunctuationNode' || paragraph.type === 'SymbolNode') return undefined;
    for (const child of paragraph.children ?? []) {
      if (child.type === 'PunctuationNode' || child.type === 'SymbolNode') return undefined;
      if (child.type === 'SentenceNode') sentences.push(child);
    }
  }
  const out: string[] = [];
  const done = new Set<NlcstNode>();
  for (const { start, end } of slices) {
    const chars = all.slice(start, end).split('');
    for (const sentence of sentences) {
      const from = sentence.position?.start.offset;
      const to = sentence.position?.end.offset;
      if (from === undefined || to === undefined) return undefined;
      if (to <= start || from >= end) continue;
      // Pass 1 decides each quote by its siblings alone: the sentence, run as a tree of its own, turns as in the whole.
      if (!done.has(sentence)) {
        const before = collectLeaves(sentence).map((leaf) => leaf.value);
        quotesPass({ type: 'RootNode', children: [sentence] });
        const leaves = collectLeaves(sentence);
        if (leaves.length !== before.length) return undefined;
        done.add(sentence);
      }
      for (const leaf of collectLeaves(sentence)) {
        const at = leaf.position?.start.offset;
        const stop = leaf.position?.end.offset;
        if (at === undefined || stop === undefined || stop - at !== (leaf.value ?? '').length) return undefined;
        if (at >= start && at < end && leaf.value!.length === 1) {
          const was = all[at];
          if ((was === '"' || was === "'") && leaf.value !== was) chars[at - start] = leaf.value!;
        }
      }
    }
    out.push(chars.join(''));
  }
  return out;
}

/** The leaves (text, punctuation, symbols, white space) of an nlcst node, in order. */
function collectLeaves(node: NlcstNode, out: NlcstNode[] = []): NlcstNode[] {
  if (typeof node.value === 'string') out.push(node);
  else for (const child of node.children ?? []) collectLeaves(child, out);
  return out;
}
