import type { Heading } from 'mdast';
import type { Node } from 'unist';
import type { JsxElement, Located, TreeIndex } from '../mdx/tree-index.js';

/*
 * Tabbed content as agents get it: every variant of a `<Tabs>`, `<CodeGroup>` or
 * `<AccordionGroup>` serialized one after another in the markdown of the page. Read from the
 * page's one tree (its tree index); nothing is parsed again.
 */

/** Components whose content is shown one variant (or one panel) at a time. */
export const TABBED_COMPONENTS = new Set([
  'Tabs',
  'Tab',
  'CodeGroup',
  'AccordionGroup',
  'Accordion',
  'Expandable',
  'Dropdown',
]);

/** Groups and the components of their variants. */
const GROUPS: Record<string, string> = { Tabs: 'Tab', AccordionGroup: 'Accordion' };

/** Outermost tabbed components (none of their ancestors is one), in source order. */
export function outermostTabbed(index: TreeIndex): Array<Located<JsxElement>> {
  return index.jsx.filter(
    ({ node, ancestors }) =>
      node.name !== null &&
      TABBED_COMPONENTS.has(node.name) &&
      !ancestors.some(
        (a) =>
          (a.type === 'mdxJsxFlowElement' || a.type === 'mdxJsxTextElement') &&
          TABBED_COMPONENTS.has((a as JsxElement).name ?? ''),
      ),
  );
}

export interface TabGroup {
  group: JsxElement;
  /** Per variant, its headings (markdown headings anywhere inside it), in order. */
  variants: Array<{ element: JsxElement; headings: Heading[] }>;
}

/** Every `<Tabs>` and `<AccordionGroup>` with the headings of each of its variants. */
export function tabGroups(index: TreeIndex): TabGroup[] {
  const groups = new Map<Node, TabGroup>();
  for (const { node } of index.jsx) {
    if (node.name && GROUPS[node.name]) groups.set(node, { group: node, variants: [] });
  }
  if (!groups.size) return [];
  const variants = new Map<Node, { element: JsxElement; headings: Heading[] }>();
  for (const { node, ancestors } of index.jsx) {
    const parent = ancestors[ancestors.length - 1];
    const group = parent && groups.get(parent);
    if (!group || node.name !== GROUPS[group.group.name!]) continue;
    const variant = { element: node, headings: [] as Heading[] };
    group.variants.push(variant);
    variants.set(node, variant);
  }
  for (const { node, ancestors } of index.headings) {
    // The innermost variant the heading is in.
    for (let i = ancestors.length - 1; i >= 0; i--) {
      const variant = variants.get(ancestors[i]!);
      if (variant) {
        variant.headings.push(node);
        break;
      }
    }
  }
  return [...groups.values()];
}
