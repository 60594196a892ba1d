import type { Node, Parent } from 'unist';
import {
  attribute,
  defineRule,
  hasSpread,
  isJsx,
  nameSpan,
  spanOf,
  staticString,
  type JsxElement,
  type Span,
} from '../src/rule-kit/index.js';

/** Attributes that name an element for a screen reader. */
const LABELS = ['aria-label', 'aria-labelledby', 'title'];

/** What a link's content gives a screen reader to announce. */
type Name = 'text' | 'none';

interface Content {
  name: Name;
  /** The first element of the content that says nothing (`<Icon>`, an image without alt), for the message. */
  silent?: string;
}

/** The value of an attribute: 'set' (a non-empty value or an expression), 'empty', or undefined when absent. */
function valueOf(element: JsxElement, name: string): 'set' | 'empty' | undefined {
  const attr = attribute(element, name);
  if (!attr) return undefined;
  const value = staticString(attr);
  if (value === undefined) return attr.value === null || attr.value === undefined ? 'empty' : 'set';
  return value.trim() === '' ? 'empty' : 'set';
}

function labelled(element: JsxElement): boolean {
  return LABELS.some((name) => valueOf(element, name) === 'set');
}

/** An `{expression}` that is only a comment renders nothing; any other is taken as text. */
function rendersSomething(expression: string): boolean {
  const code = expression.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '');
  if (code.trim() === '') return false;
  const literal = /^\s*(["'`])([\s\S]*)\1\s*$/.exec(code);
  return literal ? literal[2]!.trim() !== '' : true;
}

/**
 * What the children of a link announce: text, inline code, an image's alt text, a labelled
 * element (`aria-label`, `title`) and any `{expression}` count as text.
 */
function contentOf(children: readonly Node[]): Content {
  let silent: string | undefined;
  for (const child of children) {
    const node = child as Node & { value?: unknown; alt?: unknown };
    switch (node.type) {
      case 'text':
      case 'inlineCode':
        if (typeof node.value === 'string' && node.value.trim() !== '') return { name: 'text' };
        continue;
      case 'image':
      case 'imageReference':
        if (typeof node.alt === 'string' && node.alt.trim() !== '') return { name: 'text' };
        silent ??= 'an image without alt text';
        continue;
      case 'mdxTextExpression':
      case 'mdxFlowExpression':
        if (typeof node.value === 'string' && rendersSomething(node.value)) return { name: 'text' };
        continue;
    }
    if (isJsx(node)) {
      if (hasSpread(node) || labelled(node)) return { name: 'text' };
      if (node.name === 'img') {
        if (valueOf(node, 'alt') === 'set') return { name: 'text' };
        silent ??= '`<img>` without alt text';
        continue;
      }
      const inner = contentOf(node.children as Node[]);
      if (inner.name === 'text') return inner;
      silent ??= inner.silent ?? (node.name ? `\`<${node.name}>\`` : undefined);
      continue;
    }
    const nested = (node as Partial<Parent>).children;
    if (Array.isArray(nested)) {
      const inner = contentOf(nested);
      if (inner.name === 'text') return inner;
      silent ??= inner.silent;
    }
  }
  return { name: 'none', silent };
}

/** The target as the message quotes it, shortened. */
function target(url: string): string {
  const clean = url.replace(/`/g, '');
  return clean.length > 60 ? `${clean.slice(0, 57)}…` : clean;
}

const ADDRESS_ALONE = 'a screen reader announces it by its address alone';
const BRACKETS = 'write the link text between the brackets (an icon or image needs alt text)';
const ARIA_LABEL = 'add `aria-label="…"` to the `<{{element}}>` that says where it goes';

/** Messages of a link without a name: `{{link}}` is "link" or "link to `target`". */
const MESSAGES = {
  markdownSilent: `{{link}} has no text, only {{silent}}: ${ADDRESS_ALONE}; ${BRACKETS}`,
  markdownEmpty: `{{link}} is empty: ${ADDRESS_ALONE}; ${BRACKETS}`,
  elementSilent: `{{link}} has no text, only {{silent}}: ${ADDRESS_ALONE}; ${ARIA_LABEL}`,
  elementEmpty: `{{link}} is empty: ${ADDRESS_ALONE}; ${ARIA_LABEL}`,
  card: `\`<Card>\` links to \`{{to}}\` but has no title and no text: ${ADDRESS_ALONE}; add \`title="…"\``,
  cardNoTarget: `\`<Card>\` links to a page but has no title and no text: ${ADDRESS_ALONE}; add \`title="…"\``,
};

/** The message of a link (markdown or an element) whose content names nothing. */
function message(to: string | undefined, content: Content, element?: string) {
  const link = to ? `link to \`${target(to)}\`` : 'link';
  const kind = element === undefined ? 'markdown' : 'element';
  return content.silent
    ? {
        messageId: `${kind}Silent` as const,
        data: { link, silent: content.silent, ...(element !== undefined && { element }) },
      }
    : { messageId: `${kind}Empty` as const, data: { link, ...(element !== undefined && { element }) } };
}

export default defineRule({
  meta: {
    id: 'page-link-name',
    kind: 'page',
    description:
      'Every link has a name a screen reader can announce: text, inline code, an image with alt text, or `aria-label`.',
    severity: 'warning',
    messages: MESSAGES,
  },
  check(context) {
    const report = (
      message: { messageId: keyof typeof MESSAGES; data: Record<string, string> },
      at: Span | undefined,
    ) => context.report({ ...message, at });

    for (const { node } of context.index.links) {
      // A title (`[](#x "Link to this section")`) names the link, as `title` does on `<a>`.
      if (typeof node.title === 'string' && node.title.trim() !== '') continue;
      const content = contentOf(node.children);
      if (content.name === 'text') continue;
      report(message(node.url, content), spanOf(node));
    }

    for (const { node } of context.index.jsx) {
      const name = node.name;
      if (name !== 'a' && name !== 'Link' && name !== 'Card') continue;
      // An `<a>` without `href` is an anchor target, not a link; `{...props}` may carry anything.
      const href = attribute(node, 'href');
      if (!href || hasSpread(node)) continue;
      const to = staticString(href);
      if (name === 'Card') {
        if (valueOf(node, 'title') === 'set' || labelled(node)) continue;
        const content = contentOf(node.children as Node[]);
        if (content.name === 'text') continue;
        report(
          to ? { messageId: 'card', data: { to: target(to) } } : { messageId: 'cardNoTarget', data: {} },
          nameSpan(node),
        );
        continue;
      }
      if (labelled(node)) continue;
      const content = contentOf(node.children as Node[]);
      if (content.name === 'text') continue;
      report(message(to, content, name), nameSpan(node));
    }
  },
});
