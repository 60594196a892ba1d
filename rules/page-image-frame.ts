import type { Root } from 'mdast';
import { lintRule } from 'unified-lint-rule';
import { defineMeta } from '../src/core/rule.js';
import { insideElement, spanOf } from '../src/pages/mdx.js';
import type { Node } from 'unist';
import { bodyContext, report, type PageFix } from '../src/pages/rule.js';
import { indexTree } from '../src/pages/tree-index.js';

export const meta = defineMeta({
  id: 'page-image-frame',
  kind: 'page',
  description: 'Every image, markdown or `<img>`, is wrapped in a `<Frame>`.',
  severity: 'warning',
  fixable: true,
});

const MESSAGE = 'image is not inside a `<Frame>`: wrap it in `<Frame>…</Frame>`';
/**
 * Where an image is the picture of a tile rather than a figure of the text, a frame around it is
 * not wanted.
 */
const FRAMED_OR_TILE = new Set(['Frame', 'Card', 'Tile']);

/** The fix: `<Frame>` and `</Frame>` around the image, on its line (valid inline MDX). */
function wrapInFrame(text: string, node: Node): PageFix | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return undefined;
  return { range: [start, end], text: `<Frame>${text.slice(start, end)}</Frame>` };
}

const pageImageFrame = lintRule<Root>({ origin: `doclint:${meta.id}`, url: meta.docsUrl }, (tree, file) => {
  const context = bodyContext(file);
  if (!context) return;
  const index = indexTree(tree);
  for (const { node, ancestors } of index.images) {
    if (!insideElement(ancestors, FRAMED_OR_TILE)) report(file, MESSAGE, spanOf(node), wrapInFrame(context.text, node));
  }
  for (const { node, ancestors } of index.jsx) {
    if (node.name === 'img' && !insideElement(ancestors, FRAMED_OR_TILE)) report(file, MESSAGE, spanOf(node), wrapInFrame(context.text, node));
  }
});

export default pageImageFrame;
