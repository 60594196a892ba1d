import { defineRule, insideElement, spanOf, type Fix } from '../src/rule-kit/index.js';
import type { Node } from 'unist';

const MESSAGE = 'image is not inside a `<Frame>`: wrap it in `<Frame>…</Frame>`';
/**
 * Where an image is the picture of a tile rather than a figure of the text, a frame around it is
 * not wanted.
 */
const FRAMED_OR_TILE = new Set(['Frame', 'Card', 'Tile']);

/** The fix: `<Frame>` and `</Frame>` around the image, on its line (valid inline MDX). */
function wrapInFrame(text: string, node: Node): Fix | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return undefined;
  return { range: [start, end], text: `<Frame>${text.slice(start, end)}</Frame>` };
}

export default defineRule({
  meta: {
    id: 'page-image-frame',
    kind: 'page',
    description: 'Every image, markdown or `<img>`, is wrapped in a `<Frame>`.',
    severity: 'warning',
    fixable: true,
    fixNote: 'The fix wraps the image in `<Frame>…</Frame>` where it stands; the image, its alt text and its source are kept.',
  },
  check(context) {
    for (const { node, ancestors } of context.index.images) {
      if (!insideElement(ancestors, FRAMED_OR_TILE)) context.report({ message: MESSAGE, at: spanOf(node), fix: wrapInFrame(context.text, node) });
    }
    for (const { node, ancestors } of context.index.jsx) {
      if (node.name === 'img' && !insideElement(ancestors, FRAMED_OR_TILE)) context.report({ message: MESSAGE, at: spanOf(node), fix: wrapInFrame(context.text, node) });
    }
  },
});
