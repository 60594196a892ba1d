import { findNodeAtOffset, getLocation } from 'jsonc-parser';
import { MarkupKind, type Hover } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { JsonContext } from './json-context.js';
import { displayJsonPath } from './schema-nav.js';

/** Markdown for one property of docs.json: its path and type, its description, its allowed values. */
export function describeProperty(ctx: JsonContext, path: Array<string | number>): string | undefined {
  const schemas = ctx.nav.at(path, ctx.document);
  const descriptions: string[] = [];
  for (const s of schemas) {
    const d = ctx.nav.description(s);
    if (d && !descriptions.includes(d)) descriptions.push(d);
  }
  if (descriptions.length === 0) return undefined;
  const types = [...new Set(schemas.flatMap((s) => ctx.nav.types(s)))];
  const values = [...new Set(schemas.flatMap((s) => ctx.nav.values(s)))];
  const parts = [
    `**\`${displayJsonPath(path)}\`**${types.length ? ` · ${types.join(' | ')}` : ''}`,
    descriptions.join('\n\n'),
  ];
  if (values.length) parts.push(`Allowed values: ${values.map((v) => `\`${JSON.stringify(v)}\``).join(', ')}`);
  return parts.join('\n\n');
}

/**
 * Hover on a key of docs.json (or of a file it pulls in with `$ref`): the schema's description of
 * that property. Hovering a value describes the property that holds it.
 */
export function hover(ctx: JsonContext, doc: TextDocument, offset: number): Hover | null {
  if (!ctx.tree) return null;
  const node = findNodeAtOffset(ctx.tree, offset, false);
  if (!node || node.type === 'object' || node.type === 'array' || node.type === 'property') return null;
  const location = getLocation(ctx.text, offset);
  if (location.path.length === 0) return null;
  // getLocation ends the path with the key or index of the value under the cursor.
  const path = [...ctx.mount, ...location.path];
  if (path[path.length - 1] === '$ref') return null;
  const markdown = describeProperty(ctx, path);
  if (!markdown) return null;
  return {
    contents: { kind: MarkupKind.Markdown, value: markdown },
    range: { start: doc.positionAt(node.offset), end: doc.positionAt(node.offset + node.length) },
  };
}
