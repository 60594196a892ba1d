import type { Node, Parent } from 'unist';
import type { MdxJsxAttribute } from 'mdast-util-mdx';
import type { JsxElement } from './tree-index.js';
import type { Span } from '../core/diagnostic.js';

/** Helpers over the MDX tree shared by the rules and the facts. */

export function isJsx(node: Node): node is JsxElement {
  return node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';
}

/** True when one of the ancestors is the JSX element `name`. */
export function insideElement(ancestors: readonly Node[], names: ReadonlySet<string> | string): boolean {
  for (let i = ancestors.length - 1; i >= 0; i--) {
    const a = ancestors[i]!;
    if (!isJsx(a) || !a.name) continue;
    if (typeof names === 'string' ? a.name === names : names.has(a.name)) return true;
  }
  return false;
}

/** The nearest JSX ancestor whose name starts with a capital (a component), if any. */
export function nearestComponent(ancestors: readonly Node[]): JsxElement | undefined {
  for (let i = ancestors.length - 1; i >= 0; i--) {
    const a = ancestors[i]!;
    if (isJsx(a) && a.name && isComponentName(a.name)) return a;
  }
  return undefined;
}

/** `Note`, `Tree.Folder`: a component; `div`, `img`: HTML. */
export function isComponentName(name: string): boolean {
  const c = name.charCodeAt(0);
  return (c >= 65 && c <= 90) || name.includes('.') || c === 95 /* _ */ || c === 36; /* $ */
}

export function attribute(element: JsxElement, name: string): MdxJsxAttribute | undefined {
  for (const attr of element.attributes) {
    if (attr.type === 'mdxJsxAttribute' && attr.name === name) return attr;
  }
  return undefined;
}

/** True when the element has a `{...spread}` attribute: any attribute may then be set. */
export function hasSpread(element: JsxElement): boolean {
  return element.attributes.some((a) => a.type === 'mdxJsxExpressionAttribute');
}

/**
 * The value of an attribute when it is a string known without running code: `a="x"`,
 * `a={"x"}`, `a={'x'}`, ``a={`x`}`` (no `${}`). Undefined for other expressions and for a bare
 * flag (`a`).
 */
export function staticString(attr: MdxJsxAttribute): string | undefined {
  const value = attr.value;
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return undefined;
  const expr = value.value.trim();
  const m = /^(["'`])([\s\S]*)\1$/.exec(expr);
  if (!m) return undefined;
  if (m[1] === '`' && m[2]!.includes('${')) return undefined;
  if (m[1] !== '`' && m[2]!.includes(m[1]!)) return undefined;
  return m[2];
}

export type ExpressionKind = 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array' | 'other';

/** What an attribute's `{expression}` evaluates to, judged from its estree when it is a literal. */
export function expressionKind(attr: MdxJsxAttribute): ExpressionKind | undefined {
  const value = attr.value;
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return 'string';
  const program = value.data?.estree as { body?: { type: string; expression?: EstreeNode }[] } | undefined;
  const statement = program?.body?.[0];
  const expression = statement?.type === 'ExpressionStatement' ? statement.expression : undefined;
  if (!expression) return 'other';
  return kindOf(expression);
}

interface EstreeNode {
  type: string;
  value?: unknown;
  name?: string;
  operator?: string;
  argument?: EstreeNode;
  expressions?: EstreeNode[];
}

function kindOf(node: EstreeNode): ExpressionKind {
  switch (node.type) {
    case 'Literal':
      if (node.value === null) return 'null';
      if (typeof node.value === 'string') return 'string';
      if (typeof node.value === 'number' || typeof node.value === 'bigint') return 'number';
      if (typeof node.value === 'boolean') return 'boolean';
      return 'other';
    case 'TemplateLiteral':
      return 'string';
    case 'ObjectExpression':
      return 'object';
    case 'ArrayExpression':
      return 'array';
    case 'UnaryExpression':
      return node.operator === '-' || node.operator === '+' ? 'number' : 'other';
    default:
      return 'other';
  }
}

/** Plain text of a node: text and inline code values, alt of images, JSX children's text. */
export function textOf(node: Node): string {
  const n = node as Node & { value?: unknown; alt?: unknown; children?: Node[] };
  if (n.type === 'text' || n.type === 'inlineCode') return typeof n.value === 'string' ? n.value : '';
  if (n.type === 'image' || n.type === 'imageReference') return typeof n.alt === 'string' ? n.alt : '';
  if (n.type === 'mdxTextExpression' || n.type === 'mdxFlowExpression') return '';
  if (n.type === 'break') return ' ';
  const children = (n as Parent).children;
  if (!children) return '';
  let out = '';
  for (const child of children) out += textOf(child);
  return out;
}

/** The 1-based span of a node; a point when the node has no end. */
export function spanOf(node: { position?: Node['position'] } | undefined): Span | undefined {
  const p = node?.position;
  if (!p) return undefined;
  return { line: p.start.line, column: p.start.column, endLine: p.end.line, endColumn: p.end.column };
}

/** The span of the opening tag name of an element (`<Card` → `Card`), for precise reports. */
export function nameSpan(element: JsxElement): Span | undefined {
  const p = element.position;
  if (!p) return undefined;
  const name = element.name ?? '';
  return {
    line: p.start.line,
    column: p.start.column,
    endLine: p.start.line,
    endColumn: p.start.column + 1 + name.length,
  };
}
