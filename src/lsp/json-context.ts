import path from 'node:path';
import { findNodeAtOffset, getNodePath, parse, parseTree, type Node } from 'jsonc-parser';
import type { SiteSession } from '../engine/session.js';
import { parsePointer } from '../schema/paths.js';
import { loadSchema } from '../schema/schema-file.js';
import { jsonNestingOverflow, MAX_JSON_DEPTH } from '../core/text.js';
import { MAX_CONFIG_BYTES } from '../site/docs-json.js';
import { CONFIG_FILE } from '../site/load.js';
import { SchemaNavigator, type JsonPath } from './schema-nav.js';

let navigator: SchemaNavigator | undefined;

/** The schema of docs.json, loaded once. */
export function schemaNavigator(): SchemaNavigator {
  return (navigator ??= new SchemaNavigator(loadSchema().schema));
}

/** A configuration file being edited: its text and where its root value sits in docs.json. */
export interface JsonContext {
  text: string;
  tree: Node | undefined;
  /** JSON path in docs.json of this file's root value: [] for docs.json, `['redirects']` for a $ref file. */
  mount: JsonPath;
  /** The whole configuration's value, to choose between union branches of the schema. */
  document: unknown;
  nav: SchemaNavigator;
}

/** Pointer segments as a JSON path: array indices become numbers (read off the value). */
function pointerToPath(pointer: string, value: unknown): JsonPath {
  const out: JsonPath = [];
  let current = value;
  for (const segment of parsePointer(pointer)) {
    if (Array.isArray(current)) {
      out.push(Number(segment));
      current = current[Number(segment)];
    } else {
      out.push(segment);
      current =
        current !== null && typeof current === 'object' ? (current as Record<string, unknown>)[segment] : undefined;
    }
  }
  return out;
}

/**
 * Where a $ref file's root value sits in docs.json: the shallowest value located in that file, less
 * its own path inside the file. Undefined when the file is not part of the configuration.
 */
function mountOf(session: SiteSession, file: string, tree: Node | undefined): JsonPath | undefined {
  const config = session.site.config;
  if (file === path.join(session.root, CONFIG_FILE)) return [];
  if (!tree) return undefined;
  let best: { pointer: string; start: number } | undefined;
  for (const [pointer, loc] of config.locations) {
    if (loc.file !== file) continue;
    if (!best || parsePointer(pointer).length < parsePointer(best.pointer).length) best = { pointer, start: loc.start };
  }
  if (!best) return undefined;
  const full = pointerToPath(best.pointer, config.value);
  const node = findNodeAtOffset(tree, best.start, false);
  const local = node ? getNodePath(node) : [];
  // The node at the start offset of a value may be its first child; climb to the value's own depth.
  const depth = Math.max(0, full.length - local.length);
  return full.slice(0, Math.min(depth, full.length));
}

/**
 * Hover and completion context of a configuration file's buffer; none for a buffer the linter
 * would not read either (larger than a configuration file may be, or nested past the depth the
 * recursive JSON parser survives).
 */
export function jsonContext(session: SiteSession, file: string, text: string): JsonContext | undefined {
  if (file !== path.join(session.root, CONFIG_FILE) && !session.site.config.files.has(file)) return undefined;
  if (text.length > MAX_CONFIG_BYTES || Buffer.byteLength(text, 'utf8') > MAX_CONFIG_BYTES) return undefined;
  if (jsonNestingOverflow(text, MAX_JSON_DEPTH) !== -1) return undefined;
  const tree = parseTree(text, undefined, { allowTrailingComma: true, disallowComments: false });
  const mount = mountOf(session, file, tree);
  if (!mount) return undefined;
  const document =
    mount.length === 0 ? parse(text, undefined, { allowTrailingComma: true }) : session.site.config.value;
  return { text, tree, mount, document, nav: schemaNavigator() };
}
