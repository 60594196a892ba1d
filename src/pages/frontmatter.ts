import { isMap, isScalar, parseDocument, type Node as YamlNode } from 'yaml';
import { jsonNestingOverflow, LineIndex, MAX_JSON_DEPTH } from '../core/text.js';
import type { Span } from './facts.js';

export interface FrontmatterField {
  value: unknown;
  /** Where the key is written. */
  key: Span;
  /** Where the value is written (the key's span when the value is empty). */
  valueSpan: Span;
}

/** The front matter of one page, parsed once (YAML errors with their place in the file). */
export interface FrontmatterInfo {
  present: boolean;
  /** The opening `---` line. */
  opening?: Span;
  /** Parsed value when the YAML is valid and a mapping. */
  data?: Record<string, unknown>;
  /** The first YAML error (`yaml`), or a block that is valid YAML but not a mapping (`shape`). */
  error?: { kind: 'yaml' | 'shape'; message: string } & Span;
  /** Top-level fields with their positions. */
  fields: Map<string, FrontmatterField>;
}

const OPEN = /^---[ \t]*(?:\r\n|\r|\n)/;
const CLOSE = /(?:\r\n|\r|\n)---[ \t]*(?=\r\n|\r|\n|$)/g;

/**
 * The YAML block at the very start of a text, found without the MDX parser (for pages that do not
 * parse). Returns the YAML source and the 1-based line of the opening fence.
 */
export function findFrontmatterBlock(text: string): { value: string; endOffset: number } | undefined {
  const open = OPEN.exec(text);
  if (!open) return undefined;
  const newline = open[0].length - open[0].trimEnd().length; // length of the line break
  CLOSE.lastIndex = open[0].length - newline;
  const close = CLOSE.exec(text);
  if (!close) return undefined;
  const valueStart = open[0].length;
  const valueEnd = Math.max(valueStart, close.index);
  return { value: text.slice(valueStart, valueEnd), endOffset: close.index + close[0].length };
}

/**
 * Parses the YAML of a front-matter block whose opening fence is on `fenceLine` (1-based); the
 * YAML itself starts at column 1 of the next line, so YAML positions map to the file by adding
 * `fenceLine` to the line.
 */
export function parseFrontmatter(source: string | undefined, fenceLine = 1): FrontmatterInfo {
  const fields = new Map<string, FrontmatterField>();
  if (source === undefined) return { present: false, fields };
  const opening: Span = { line: fenceLine, column: 1, endLine: fenceLine, endColumn: 4 };
  const lines = new LineIndex(source);
  const span = (start: number, end: number): Span => {
    const r = lines.range(start, end);
    return { line: r.line + fenceLine, column: r.column, endLine: r.endLine + fenceLine, endColumn: r.endColumn };
  };
  let doc: ReturnType<typeof parseDocument>;
  try {
    // A lone CR ends a line in YAML (and in the page), but not to the YAML parser: make it a LF
    // (same length, so every offset stays).
    doc = parseDocument(source.replace(/\r(?!\n)/g, '\n'), { prettyErrors: false, uniqueKeys: true });
  } catch (error) {
    return { present: true, opening, fields, error: { kind: 'yaml', message: String((error as Error).message), ...opening } };
  }
  const first = doc.errors[0];
  if (first) {
    const overflow = /call stack/i.test(first.message);
    // Where the stack ran out depends on the stack: point at the first bracket past the depth limit.
    const deep = overflow ? jsonNestingOverflow(source, MAX_JSON_DEPTH) : -1;
    const [start, end] = deep !== -1 ? [deep, deep + 1] : first.pos;
    const message = overflow ? 'it is nested too deeply to be read' : first.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    return { present: true, opening, fields, error: { kind: 'yaml', message, ...span(start, Math.max(start + 1, end)) } };
  }
  const contents = doc.contents as YamlNode | null;
  if (contents === null || (isScalar(contents) && (contents.value === null || contents.value === ''))) {
    return { present: true, opening, fields, data: {} };
  }
  if (!isMap(contents)) {
    const range = contents.range ?? [0, source.length];
    return {
      present: true,
      opening,
      fields,
      error: { kind: 'shape', message: 'front matter must be `key: value` fields, not a list or a single value', ...span(range[0], range[1]) },
    };
  }
  let data: Record<string, unknown>;
  try {
    data = (doc.toJS({ maxAliasCount: 100 }) ?? {}) as Record<string, unknown>;
  } catch (error) {
    const reason = String((error as Error).message);
    const message = /alias count/i.test(reason) ? 'its aliases expand to too many values (an alias bomb)' : reason;
    return { present: true, opening, fields, error: { kind: 'yaml', message, ...opening } };
  }
  for (const pair of contents.items) {
    const key = pair.key as YamlNode | null;
    if (!isScalar(key) || !key.range) continue;
    const name = String(key.value);
    const keySpan = span(key.range[0], key.range[1]);
    const valueNode = pair.value as YamlNode | null;
    const valueSpan = valueNode?.range ? span(valueNode.range[0], valueNode.range[1]) : keySpan;
    fields.set(name, { value: data[name], key: keySpan, valueSpan });
  }
  return { present: true, opening, fields, data };
}
