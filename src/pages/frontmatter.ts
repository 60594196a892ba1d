import { isAlias, isMap, isScalar, type Node as YamlNode } from 'yaml';
import { jsonNestingOverflow, LineIndex, MAX_JSON_DEPTH } from '../core/text.js';
import { parseYamlDocument, YamlLimitError, yamlToJS, type YamlLimits } from '../core/yaml.js';
import type { Span } from './facts.js';

export interface FrontmatterField {
  value: unknown;
  /** Where the key is written. */
  key: Span;
  /** Where the value is written (the key's span when the value is empty). */
  valueSpan: Span;
  /** The value is an alias (`*name`): a copy of a value written elsewhere. */
  alias?: true;
}

/** The front matter of one page, parsed once (YAML errors with their place in the file). */
export interface FrontmatterInfo {
  present: boolean;
  /** The opening `---` line. */
  opening?: Span;
  /** Parsed value when the YAML is valid and a mapping. */
  data?: Record<string, unknown>;
  /**
   * The first YAML error (`yaml`), a block that is valid YAML but not a mapping (`shape`), or one
   * past a bound of FRONTMATTER_LIMITS (`limit`): its message is whole.
   */
  error?: { kind: 'yaml' | 'shape' | 'limit'; message: string } & Span;
  /** Top-level fields with their positions. */
  fields: Map<string, FrontmatterField>;
}

/**
 * What front matter may hold to be read: real front matter is a few fields (a few KB). Past a
 * bound, page-frontmatter reports it and no field is read.
 */
export const MAX_FRONTMATTER_BYTES = 256 * 1024;
export const FRONTMATTER_LIMITS: YamlLimits = {
  /** The library's alias expansion measure ("billion laughs"). */
  maxAliasCount: 100,
  maxAnchorsAndAliases: 1_000,
  maxKeys: 10_000,
  // Front matter is read without merge keys: `<<` is a key like any other.
  maxMergedNodes: 0,
};

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
  const bytes = Buffer.byteLength(source, 'utf8');
  if (bytes > MAX_FRONTMATTER_BYTES) {
    const size = `${Math.ceil(bytes / 1024).toLocaleString('en-US')} KB`;
    const message = `front matter is too large to read (${size}; the limit is ${MAX_FRONTMATTER_BYTES / 1024} KB); none of its fields were read`;
    return { present: true, opening, fields, error: { kind: 'limit', message, ...opening } };
  }
  const read = readYaml(source);
  if ('thrown' in read)
    return { present: true, opening, fields, error: { kind: 'yaml', message: read.thrown, ...opening } };
  const { doc, original } = read;
  const lines = new LineIndex(source);
  const span = (from: number, to: number): Span => {
    const r = lines.range(original(from), original(to));
    return { line: r.line + fenceLine, column: r.column, endLine: r.endLine + fenceLine, endColumn: r.endColumn };
  };
  const first = doc.errors[0];
  if (first) return { present: true, opening, fields, error: yamlError(first, source, span) };
  const contents = doc.contents as YamlNode | null;
  if (contents === null || (isScalar(contents) && (contents.value === null || contents.value === ''))) {
    return { present: true, opening, fields, data: {} };
  }
  if (!isMap(contents)) {
    const range = contents.range ?? [0, source.length];
    const message = 'front matter must be `key: value` fields, not a list or a single value';
    return { present: true, opening, fields, error: { kind: 'shape', message, ...span(range[0], range[1]) } };
  }
  let data: Record<string, unknown>;
  try {
    data = (yamlToJS(doc, FRONTMATTER_LIMITS) ?? {}) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof YamlLimitError) {
      const at = Math.min(error.offset, Math.max(0, source.length - 1));
      const message = `front matter ${error.message}; none of its fields were read`;
      return { present: true, opening, fields, error: { kind: 'limit', message, ...span(at, at + 1) } };
    }
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
    fields.set(
      name,
      isAlias(valueNode)
        ? { value: data[name], key: keySpan, valueSpan, alias: true }
        : { value: data[name], key: keySpan, valueSpan },
    );
  }
  return { present: true, opening, fields, data };
}

type YamlDocument = ReturnType<typeof parseYamlDocument>;

/**
 * The YAML document of the block, relaxed as the platform's parser reads it when the strict parse
 * fails, with the map from offsets of the text parsed back to `source`; or what the parser threw.
 */
function readYaml(source: string): { doc: YamlDocument; original: (offset: number) => number } | { thrown: string } {
  try {
    // A lone CR ends a line in YAML (and in the page), but not to the YAML parser: make it a LF
    // (same length, so every offset stays).
    const yaml = source.replace(/\r(?!\n)/g, '\n');
    const doc = parseYamlDocument(yaml);
    if (doc.errors.length > 0) {
      const relaxed = indentQuotedContinuations(yaml);
      const again = relaxed && parseYamlDocument(relaxed.text);
      if (relaxed && again && again.errors.length === 0) return { doc: again, original: relaxed.original };
    }
    return { doc, original: (offset) => offset };
  } catch (error) {
    return { thrown: String((error as Error).message) };
  }
}

/** The first YAML error, placed and said in one line. */
function yamlError(
  first: YamlDocument['errors'][number],
  source: string,
  span: (from: number, to: number) => Span,
): NonNullable<FrontmatterInfo['error']> {
  const overflow = /call stack/i.test(first.message);
  // Where the stack ran out depends on the stack: point at the first bracket past the depth limit.
  const deep = overflow ? jsonNestingOverflow(source, MAX_JSON_DEPTH) : -1;
  const [start, end] = deep !== -1 ? [deep, deep + 1] : first.pos;
  const message = overflow
    ? 'it is nested too deeply to be read'
    : first.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
  return { kind: 'yaml', message, ...span(start, Math.max(start + 1, end)) };
}

const TOP_LEVEL_QUOTED = /^(?:[^\s#'"-][^:#]*?|"[^"\n]*"|'[^'\n]*')[ \t]*:[ \t]+(["'])/;

/**
 * The platform reads front matter with js-yaml, which lets the later lines of a quoted value of a
 * top-level key start at column 1:
 *
 *     description: "Plans are made to
 *     apply prices to this usage."
 *
 * YAML 1.2 wants them indented, and the strict parser stops there. When the strict parse fails, this indents such
 * lines by one space (the value is the same: line breaks in a quoted value fold to one space
 * whatever the indentation) and says where each offset of the new text was in the old one; undefined
 * when no line needed it.
 */
function indentQuotedContinuations(text: string): { text: string; original: (offset: number) => number } | undefined {
  const out: string[] = [];
  /** Offsets in the new text of the spaces put in, in order. */
  const inserted: number[] = [];
  let length = 0;
  let quote: string | undefined;
  for (const line of text.split(/(?<=\n)/)) {
    let from = 0;
    if (quote === undefined) {
      const open = TOP_LEVEL_QUOTED.exec(line);
      if (open) {
        quote = open[1];
        from = open[0].length;
      }
    } else if (/^[^\s]/.test(line)) {
      inserted.push(length);
      out.push(' ');
      length += 1;
    }
    if (quote !== undefined && closesAt(line, from, quote)) quote = undefined;
    out.push(line);
    length += line.length;
  }
  if (inserted.length === 0) return undefined;
  return {
    text: out.join(''),
    original: (offset) => {
      let before = 0;
      while (before < inserted.length && inserted[before]! < offset) before++;
      return offset - before;
    },
  };
}

/** Whether a quoted value open before `from` closes on this line. */
function closesAt(line: string, from: number, quote: string): boolean {
  for (let i = from; i < line.length; i++) {
    const c = line[i];
    if (quote === '"' && c === '\\') i++;
    else if (c === quote) {
      if (quote === "'" && line[i + 1] === "'") i++;
      else return true;
    }
  }
  return false;
}
