import type { Code, Definition, Heading, Image, ImageReference, Link, Root, Text, Yaml } from 'mdast';
import type {
  MdxFlowExpression,
  MdxJsxFlowElement,
  MdxJsxTextElement,
  MdxTextExpression,
  MdxjsEsm,
} from 'mdast-util-mdx';
import type { Node, Parent } from 'unist';

export type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

/** A node with the chain of its ancestors (root first, parent last). */
export interface Located<T> {
  node: T;
  ancestors: readonly Node[];
}

/**
 * Every node a page rule or the facts care about, collected in ONE walk of the tree and shared
 * by all of them (memoised per tree), so that adding a rule does not add a walk.
 */
export interface TreeIndex {
  yaml?: Yaml;
  headings: Located<Heading>[];
  code: Located<Code>[];
  images: Located<Image | ImageReference>[];
  links: Located<Link>[];
  definitions: Located<Definition>[];
  jsx: Located<JsxElement>[];
  esm: MdxjsEsm[];
  expressions: Located<MdxFlowExpression | MdxTextExpression>[];
  texts: Located<Text>[];
}

const cache = new WeakMap<Root, TreeIndex>();

export function indexTree(tree: Root): TreeIndex {
  const cached = cache.get(tree);
  if (cached) return cached;
  const index: TreeIndex = {
    headings: [],
    code: [],
    images: [],
    links: [],
    definitions: [],
    jsx: [],
    esm: [],
    expressions: [],
    texts: [],
  };
  const stack: Node[] = [];
  const walk = (node: Node): void => {
    switch (node.type) {
      case 'text':
        index.texts.push({ node: node as Text, ancestors: stack.slice() });
        return;
      case 'heading':
        index.headings.push({ node: node as Heading, ancestors: stack.slice() });
        break;
      case 'code':
        index.code.push({ node: node as Code, ancestors: stack.slice() });
        return;
      case 'image':
      case 'imageReference':
        index.images.push({ node: node as Image, ancestors: stack.slice() });
        return;
      case 'link':
        index.links.push({ node: node as Link, ancestors: stack.slice() });
        break;
      case 'definition':
        index.definitions.push({ node: node as Definition, ancestors: stack.slice() });
        return;
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement':
        index.jsx.push({ node: node as JsxElement, ancestors: stack.slice() });
        break;
      case 'mdxjsEsm':
        index.esm.push(node as MdxjsEsm);
        return;
      case 'mdxFlowExpression':
      case 'mdxTextExpression':
        index.expressions.push({ node: node as MdxFlowExpression, ancestors: stack.slice() });
        return;
      case 'yaml':
        if (!index.yaml) index.yaml = node as Yaml;
        return;
      default:
        break;
    }
    const children = (node as Parent).children;
    if (children) {
      stack.push(node);
      for (const child of children) walk(child);
      stack.pop();
    }
  };
  walk(tree);
  cache.set(tree, index);
  return index;
}
