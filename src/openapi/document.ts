import type { Place } from '../core/diagnostic.js';
import { blankBom } from '../core/json.js';
import path from 'node:path';
import {
  parse as parseJsonc,
  parseTree,
  printParseErrorCode,
  type Node as JsonNode,
  type ParseError,
} from 'jsonc-parser';
import { isMap, isNode, isPair, isScalar, isSeq, type Document, type Pair, type YAMLMap } from 'yaml';
import { jsonNestingOverflow, LineIndex, MAX_JSON_DEPTH } from '../core/text.js';
import { parseYamlDocument, YamlLimitError, yamlToJS, type YamlLimits } from '../core/yaml.js';

/** A range in a spec file: offsets into its text. */
export interface TextRange {
  start: number;
  end: number;
}

export interface Located {
  value: TextRange;
  /** The property name, when the value is a property of an object. */
  key?: TextRange;
}

/**
 * One parsed JSON or YAML spec file. The value comes from a fast parse; positions are computed
 * lazily (a JSON position tree is only built when a finding needs a position).
 */
export class SpecDocument {
  private jsonTree: JsonNode | undefined | null = null;
  private lineIndex: LineIndex | undefined;

  constructor(
    readonly file: string,
    readonly text: string,
    readonly format: 'json' | 'yaml',
    readonly value: unknown,
    private readonly yamlDoc?: Document.Parsed,
  ) {}

  get lines(): LineIndex {
    return (this.lineIndex ??= new LineIndex(this.text));
  }

  /** Where the value at a JSON pointer (segments) was written; the nearest ancestor when missing. */
  locate(segments: ReadonlyArray<string | number>): Located | undefined {
    for (let n = segments.length; n >= 0; n--) {
      const found = this.locateExact(segments.slice(0, n));
      if (found) return found;
    }
    return undefined;
  }

  /**
   * Where something about the value at a JSON pointer (segments) goes: its property name when it
   * has one, else the value's first line; the nearest ancestor when missing, the first character
   * when nothing is found.
   */
  rangeOf(segments: ReadonlyArray<string | number>): TextRange {
    const loc = this.locate(segments);
    if (!loc) return { start: 0, end: 1 };
    if (loc.key) return loc.key;
    const { start, end } = loc.value;
    const newline = this.text.indexOf('\n', start);
    return { start, end: newline !== -1 && newline < end ? Math.max(start + 1, newline) : end };
  }

  /** A range of the text as a place: the file, 1-based line and column, and end. */
  place(range: TextRange): Place {
    return { file: this.file, ...this.lines.range(range.start, range.end) };
  }

  private locateExact(segments: ReadonlyArray<string | number>): Located | undefined {
    if (this.format === 'json') {
      if (this.jsonTree === null) {
        try {
          this.jsonTree = parseTree(blankBom(this.text), [], { allowTrailingComma: true, disallowComments: false });
        } catch {
          // The position parser is recursive: a spec nested thousands deep overflows it (no positions then).
          this.jsonTree = undefined;
        }
      }
      if (!this.jsonTree) return undefined;
      const node = findJsonNode(this.jsonTree, segments);
      if (!node) return undefined;
      const value = { start: node.offset, end: node.offset + node.length };
      const keyNode = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
      return { value, key: keyNode ? { start: keyNode.offset, end: keyNode.offset + keyNode.length } : undefined };
    }
    const doc = this.yamlDoc;
    if (!doc) return undefined;
    let node: unknown = doc.contents;
    let key: TextRange | undefined;
    for (const segment of segments) {
      if (isMap(node)) {
        const pair = yamlPairs(node).get(String(segment));
        if (!pair) return undefined;
        key = isNode(pair.key) && pair.key.range ? { start: pair.key.range[0], end: pair.key.range[1] } : undefined;
        node = pair.value;
      } else if (isSeq(node)) {
        node = node.items[Number(segment)];
        key = undefined;
      } else {
        return undefined;
      }
    }
    if (!isNode(node) || !node.range) return undefined;
    return { value: { start: node.range[0], end: node.range[1] }, key };
  }
}

/**
 * The properties of an object node by name (the first of duplicates, as jsonc-parser's
 * findNodeAtLocation takes): built once per object, so that locating each of N findings in one
 * object is not N scans of its N properties.
 */
const jsonProperties = new WeakMap<JsonNode, Map<string, JsonNode>>();

/** jsonc-parser's findNodeAtLocation, with each object's properties looked up by name. */
function findJsonNode(root: JsonNode, segments: ReadonlyArray<string | number>): JsonNode | undefined {
  let node = root;
  for (const segment of segments) {
    if (typeof segment === 'string') {
      if (node.type !== 'object' || !Array.isArray(node.children)) return undefined;
      let byName = jsonProperties.get(node);
      if (!byName) {
        byName = new Map();
        for (const property of node.children) {
          const [key, value] = property.children ?? [];
          if (property.children?.length === 2 && typeof key?.value === 'string' && value && !byName.has(key.value))
            byName.set(key.value, value);
        }
        jsonProperties.set(node, byName);
      }
      const next = byName.get(segment);
      if (!next) return undefined;
      node = next;
    } else {
      if (node.type !== 'array' || segment < 0 || !Array.isArray(node.children) || segment >= node.children.length)
        return undefined;
      node = node.children[segment]!;
    }
  }
  return node;
}

const yamlKeys = new WeakMap<YAMLMap, Map<string, Pair>>();

/** A YAML mapping's pairs by key as a string (the first of duplicates), built once per mapping. */
function yamlPairs(node: YAMLMap): Map<string, Pair> {
  let byKey = yamlKeys.get(node);
  if (!byKey) {
    byKey = new Map();
    for (const item of node.items) {
      if (!isPair(item)) continue;
      const name = String(isScalar(item.key) ? item.key.value : item.key);
      if (!byKey.has(name)) byKey.set(name, item);
    }
    yamlKeys.set(node, byKey);
  }
  return byKey;
}

export type ParseOutcome =
  { ok: true; document: SpecDocument } | { ok: false; message: string; range: TextRange; text: string };

export function specFormat(file: string, text: string): 'json' | 'yaml' {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.json') return 'json';
  if (ext === '.yaml' || ext === '.yml') return 'yaml';
  return blankBom(text).trimStart().startsWith('{') ? 'json' : 'yaml';
}

/** yaml's measure of alias expansion (uses of an anchor, weighted by the aliases inside it). */
export const MAX_ALIAS_COUNT = 100_000;

/** What a YAML spec may hold (a JSON spec is bounded by its size alone). */
export const SPEC_YAML_LIMITS: YamlLimits = {
  maxAliasCount: MAX_ALIAS_COUNT,
  maxAnchorsAndAliases: 100_000,
  maxKeys: Number.POSITIVE_INFINITY,
  maxMergedNodes: 1_000_000,
};

/**
 * Largest YAML spec read: the YAML parser reads about 1.5 MB a second (a 16 MB spec takes about
 * 11 s), where JSON specs are read up to the site file limit (64 MB) in about a second.
 */
export const MAX_YAML_SPEC_BYTES = 16 * 1024 * 1024;

/** Parses a spec file's text (JSON or YAML by extension, else by its first character). */
export function parseSpecText(file: string, text: string): ParseOutcome {
  const format = specFormat(file, text);
  const body = blankBom(text);
  if (body.trim() === '') return { ok: false, message: 'the file is empty', range: { start: 0, end: 0 }, text };
  if (format === 'json') {
    const tooDeep = jsonNestingOverflow(body, MAX_JSON_DEPTH);
    if (tooDeep !== -1) {
      // The position parser (and the OpenAPI validator) are recursive: refuse before they overflow.
      return {
        ok: false,
        message: `the JSON is nested more than ${MAX_JSON_DEPTH} levels deep`,
        range: { start: tooDeep, end: tooDeep + 1 },
        text,
      };
    }
    try {
      return { ok: true, document: new SpecDocument(file, text, 'json', JSON.parse(body)) };
    } catch (error) {
      const errors: ParseError[] = [];
      parseJsonc(body, errors, { allowTrailingComma: false, disallowComments: true });
      const first = errors[0];
      if (first) {
        return {
          ok: false,
          message: `invalid JSON: ${describeJsonError(first.error)}`,
          range: { start: first.offset, end: first.offset + Math.max(1, first.length) },
          text,
        };
      }
      return { ok: false, message: `invalid JSON: ${(error as Error).message}`, range: { start: 0, end: 0 }, text };
    }
  }
  const bytes = Buffer.byteLength(body, 'utf8');
  if (bytes > MAX_YAML_SPEC_BYTES) {
    const size = (bytes / 1048576).toFixed(1);
    return {
      ok: false,
      message: `it is too large to read as YAML (${size} MB; the limit is ${MAX_YAML_SPEC_BYTES / 1048576} MB; a JSON spec may be larger)`,
      range: { start: 0, end: 0 },
      text,
    };
  }
  const doc = parseYamlDocument(body, { merge: true });
  const error = doc.errors[0];
  if (error) {
    const overflow = /call stack/i.test(error.message);
    // Where the stack ran out depends on the stack: point at the first bracket past the depth limit.
    const deep = overflow ? jsonNestingOverflow(body, MAX_JSON_DEPTH) : -1;
    const [start, end] = deep !== -1 ? [deep, deep + 1] : error.pos;
    const firstLine = overflow
      ? 'it is nested too deeply to be read (the YAML parser ran out of stack)'
      : error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    return { ok: false, message: `invalid YAML: ${firstLine}`, range: { start, end: Math.max(end, start + 1) }, text };
  }
  let value: unknown;
  try {
    // Aliases are shared, not copied, in the value; the bound stops an alias chain ("billion
    // laughs") whose full expansion would hang anything that walks the spec as a tree.
    value = yamlToJS(doc, SPEC_YAML_LIMITS);
  } catch (err) {
    if (err instanceof YamlLimitError) {
      return { ok: false, message: `it ${err.message}`, range: { start: err.offset, end: err.offset + 1 }, text };
    }
    const message = /alias count/i.test((err as Error).message)
      ? `its aliases expand to too many values (an alias bomb; doclint reads up to ${MAX_ALIAS_COUNT.toLocaleString('en-US')})`
      : (err as Error).message;
    return { ok: false, message: `invalid YAML: ${message}`, range: { start: 0, end: 0 }, text };
  }
  return { ok: true, document: new SpecDocument(file, text, 'yaml', value, doc) };
}

function describeJsonError(code: number): string {
  const name = printParseErrorCode(code);
  return name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}
