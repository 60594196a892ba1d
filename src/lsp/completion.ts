import { findNodeAtLocation, getLocation, type Node } from 'jsonc-parser';
import { CompletionItemKind, MarkupKind, type CompletionItem, type Range } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { JsonContext } from './json-context.js';

/** Keys whose string value is a page path of the site. */
const PAGE_KEYS = new Set(['root']);

function rangeOf(doc: TextDocument, node: Node): Range {
  return { start: doc.positionAt(node.offset), end: doc.positionAt(node.offset + node.length) };
}

/**
 * Completion in docs.json and its $ref files: property names from the schema (so integration
 * providers under `integrations`), enum values, and page paths of the site in `pages` arrays.
 */
export function complete(ctx: JsonContext, doc: TextDocument, offset: number, routes: string[]): CompletionItem[] {
  const location = getLocation(ctx.text, offset);
  const local = location.path;
  const previous = location.previousNode;
  const items: CompletionItem[] = [];

  if (location.isAtPropertyKey) {
    const objectPath = local.slice(0, -1);
    const object = ctx.tree ? findNodeAtLocation(ctx.tree, objectPath) : undefined;
    const typing = previous?.type === 'property' ? previous : undefined;
    const present = new Set(
      (object?.type === 'object' ? (object.children ?? []) : [])
        .map((p) => p.children?.[0])
        .filter((k): k is Node => k !== undefined && k.offset !== typing?.offset)
        .map((k) => String(k.value)),
    );
    const properties = ctx.nav.properties([...ctx.mount, ...objectPath], ctx.document);
    for (const [key, schema] of properties) {
      if (present.has(key)) continue;
      const description = ctx.nav.description(schema);
      const types = ctx.nav.types(schema);
      const quoted = JSON.stringify(key);
      const item: CompletionItem = { label: key, kind: CompletionItemKind.Property, filterText: quoted };
      if (types.length) item.detail = types.join(' | ');
      if (description) item.documentation = { kind: MarkupKind.Markdown, value: description };
      if (typing) item.textEdit = { range: rangeOf(doc, typing), newText: quoted };
      else item.insertText = `${quoted}: `;
      items.push(item);
    }
    return items;
  }

  const path = [...ctx.mount, ...local];
  const last = path[path.length - 1];
  const parent = path[path.length - 2];
  const replace =
    previous &&
    (previous.type === 'string' ||
      previous.type === 'number' ||
      previous.type === 'boolean' ||
      previous.type === 'null')
      ? previous
      : undefined;
  const push = (value: unknown, kind: CompletionItemKind, detail?: string) => {
    const text = JSON.stringify(value);
    const item: CompletionItem = { label: typeof value === 'string' ? value : text, kind, filterText: text };
    if (detail) item.detail = detail;
    if (replace) item.textEdit = { range: rangeOf(doc, replace), newText: text };
    else item.insertText = text;
    items.push(item);
  };

  if ((typeof last === 'number' && parent === 'pages') || (typeof last === 'string' && PAGE_KEYS.has(last))) {
    for (const route of routes) push(route, CompletionItemKind.File, 'page');
    return items;
  }
  const schemas = ctx.nav.at(path, ctx.document);
  for (const value of new Set(schemas.flatMap((s) => ctx.nav.values(s)))) push(value, CompletionItemKind.EnumMember);
  return items;
}
