import type { Node, Parent } from 'unist';
import {
  attribute,
  defineRule,
  insideElement,
  isCanvasMode,
  isJsx,
  spanOf,
  staticString,
  type Fix,
  type JsxElement,
} from '../src/rule-kit/index.js';

/** Where an image is the picture of a tile rather than a figure of the text, a frame around it is not wanted. */
const FRAMED_OR_TILE = new Set(['Frame', 'Card', 'Tile']);

/** Elements an image inside of is part of a line, a cell or a title, where a `<Frame>` (a block) cannot go. */
const INLINE_PLACES = new Set(['a', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** Up to this many pixels wide or high, an image is a logo or an icon, not a screenshot. */
const ICON_SIZE = 64;

/** The fix: `<Frame>` and `</Frame>` around the image, where it stands (valid MDX). */
function wrapInFrame(text: string, node: Node): Fix | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return undefined;
  return { range: [start, end], text: `<Frame>${text.slice(start, end)}</Frame>` };
}

const isBlank = (node: Node): boolean =>
  node.type === 'text' && ((node as { value?: string }).value ?? '').trim() === '';

/**
 * A block image: one that stands on its own — a JSX `<img>` written as a block, or an image that
 * is the only content of its paragraph. Images in links (badges, buttons), in headings and table
 * cells, and images among text or other images (a row of badges) are inline: a `<Frame>` is a
 * block and cannot go there.
 */
function isBlockImage(node: Node, ancestors: readonly Node[]): boolean {
  const inline = (a: Node) =>
    a.type === 'link' ||
    a.type === 'linkReference' ||
    a.type === 'heading' ||
    a.type === 'tableCell' ||
    (isJsx(a) && INLINE_PLACES.has(a.name ?? ''));
  if (ancestors.some(inline)) return false;
  if (node.type === 'mdxJsxFlowElement') return true;
  const parent = ancestors[ancestors.length - 1] as Parent | undefined;
  if (parent?.type !== 'paragraph') return false;
  return parent.children.every((child) => child === node || isBlank(child));
}

/** The source of an attribute's value: the string, or the expression as written. */
function attributeSource(element: JsxElement, name: string): string | undefined {
  const attr = attribute(element, name);
  if (!attr || attr.value === null || attr.value === undefined) return undefined;
  return staticString(attr) ?? (typeof attr.value === 'string' ? attr.value : attr.value.value);
}

/** The utilities of a `className`, without their variants (`dark:`, `md:`…), and the raw tokens. */
function classTokens(element: JsxElement): string[] {
  return (attributeSource(element, 'className') ?? attributeSource(element, 'class') ?? '')
    .split(/[\s"'`{}]+/)
    .filter(Boolean);
}

/**
 * An `<img>` that is not a screenshot to frame: an icon or a logo by its alt text, one with its own border or rounded corners
 * (`rounded-xl border`, `style={{ borderRadius: 8 }}`), a logo or icon (`width` or `height` of
 * 64 px or less), or one half of a light/dark pair (`block dark:hidden`, `hidden dark:block`).
 */
function isStyledOrDecorative(element: JsxElement): boolean {
  if (isIconByAlt(attributeSource(element, 'alt'))) return true;
  const tokens = classTokens(element);
  if (tokens.some((t) => /^dark:(hidden|block|inline|inline-block|flex|grid)$/.test(t))) return true;
  if (tokens.some((t) => /^(rounded|border)(-|$)/.test(t.slice(t.lastIndexOf(':') + 1)) && !/-(none|0)$/.test(t)))
    return true;
  const style = attributeSource(element, 'style') ?? '';
  if (/\bborder[\w-]*["']?\s*:/i.test(style)) return true;
  for (const name of ['width', 'height']) {
    const size = /^\s*(\d+(?:\.\d+)?)\s*(px)?\s*$/.exec(attributeSource(element, name) ?? '');
    if (size && Number(size[1]) <= ICON_SIZE) return true;
    const styled = new RegExp(`\\b${name}["']?\\s*:\\s*["']?(\\d+(?:\\.\\d+)?)(px)?["']?\\s*[,}]`).exec(style);
    if (styled && Number(styled[1]) <= ICON_SIZE) return true;
  }
  return false;
}

/** Alt text that says the image is an icon or a logo (`Connectors sidebar icon`, `Acme logo`): not a screenshot. */
function isIconByAlt(alt: string | undefined): boolean {
  const words = (alt ?? '').trim().split(/\s+/);
  const last = words[words.length - 1]?.toLowerCase();
  return last === 'icon' || (last === 'logo' && words.length <= 3);
}

export default defineRule({
  meta: {
    id: 'page-image-frame',
    kind: 'page',
    description:
      'Every block screenshot, markdown or `<img>`, is wrapped in a `<Frame>`, on sites that frame their images (`doclint init` turns it on there).',
    severity: 'warning',
    houseStyle: 'imageFrames',
    defaultOff: true,
    fixable: true,
    fixNote:
      'The fix wraps the image in `<Frame>…</Frame>` where it stands; the image, its alt text and its source are kept.',
    messages: { unframed: 'image is not inside a `<Frame>`: wrap it in `<Frame>…</Frame>`' },
  },
  check(context) {
    // A `mode: custom` or `mode: frame` page is laid out by its own markup: no frames expected.
    if (isCanvasMode(context.frontmatter.data?.mode)) return;
    for (const { node, ancestors } of context.index.images) {
      const alt = (node as { alt?: string | null }).alt ?? undefined;
      if (!insideElement(ancestors, FRAMED_OR_TILE) && isBlockImage(node, ancestors) && !isIconByAlt(alt))
        context.report({ messageId: 'unframed', at: spanOf(node), fix: wrapInFrame(context.text, node) });
    }
    for (const { node, ancestors } of context.index.jsx) {
      if (
        node.name === 'img' &&
        !insideElement(ancestors, FRAMED_OR_TILE) &&
        isBlockImage(node, ancestors) &&
        !isStyledOrDecorative(node)
      )
        context.report({ messageId: 'unframed', at: spanOf(node), fix: wrapInFrame(context.text, node) });
    }
  },
});
