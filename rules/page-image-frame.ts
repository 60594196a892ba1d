import type { Node, Parent } from 'unist';
import { defineRule, insideElement, isCanvasMode, isJsx, spanOf, type Fix } from '../src/rule-kit/index.js';

/** Where an image is the picture of a tile rather than a figure of the text, a frame around it is not wanted. */
const FRAMED_OR_TILE = new Set(['Frame', 'Card', 'Tile']);

/** The fix: `<Frame>` and `</Frame>` around the image, where it stands (valid MDX). */
function wrapInFrame(text: string, node: Node): Fix | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return undefined;
  return { range: [start, end], text: `<Frame>${text.slice(start, end)}</Frame>` };
}

const isBlank = (node: Node): boolean => node.type === 'text' && ((node as { value?: string }).value ?? '').trim() === '';

/**
 * A block image: one that stands on its own — a JSX `<img>` written as a block, or an image that
 * is the only content of its paragraph. Images in links (badges, buttons), images among text or
 * other images (a row of badges), and images in table cells are inline: a `<Frame>` is a block
 * and cannot go there.
 */
function isBlockImage(node: Node, ancestors: readonly Node[]): boolean {
  if (ancestors.some((a) => a.type === 'link' || a.type === 'linkReference' || (isJsx(a) && a.name === 'a'))) return false;
  if (node.type === 'mdxJsxFlowElement') return true;
  const parent = ancestors[ancestors.length - 1] as Parent | undefined;
  if (parent?.type !== 'paragraph') return false;
  return parent.children.every((child) => child === node || isBlank(child));
}

export default defineRule({
  meta: {
    id: 'page-image-frame',
    kind: 'page',
    description: 'Every block image, markdown or `<img>`, is wrapped in a `<Frame>` (images in links and inline images are not).',
    severity: 'warning',
    fixable: true,
    fixNote: 'The fix wraps the image in `<Frame>…</Frame>` where it stands; the image, its alt text and its source are kept.',
    messages: { unframed: 'image is not inside a `<Frame>`: wrap it in `<Frame>…</Frame>`' },
  },
  check(context) {
    // A `mode: custom` or `mode: frame` page is laid out by its own markup: no frames expected.
    if (isCanvasMode(context.frontmatter.data?.mode)) return;
    for (const { node, ancestors } of context.index.images) {
      if (!insideElement(ancestors, FRAMED_OR_TILE) && isBlockImage(node, ancestors))
        context.report({ messageId: 'unframed', at: spanOf(node), fix: wrapInFrame(context.text, node) });
    }
    for (const { node, ancestors } of context.index.jsx) {
      if (node.name === 'img' && !insideElement(ancestors, FRAMED_OR_TILE) && isBlockImage(node, ancestors))
        context.report({ messageId: 'unframed', at: spanOf(node), fix: wrapInFrame(context.text, node) });
    }
  },
});
