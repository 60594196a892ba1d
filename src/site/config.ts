import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { Diagnostic, Severity } from '../core/diagnostic.js';
import { ruleUrl } from '../core/rule.js';
import { jsonNestingOverflow, LineIndex, MAX_JSON_DEPTH } from '../core/text.js';
import { isInside } from './paths.js';

/** One JSON file that makes up the configuration: docs.json or a file it pulls in with `$ref`. */
export interface SourceFile {
  path: string;
  text: string;
  lines: LineIndex;
}

/** Where a value of the resolved configuration was written. Offsets are into `file`'s text. */
export interface Location {
  file: string;
  start: number;
  end: number;
  /** The property name's range, when the value is a property of an object. */
  keyStart?: number;
  keyEnd?: number;
}

/**
 * docs.json with its `$ref` files resolved into one value, plus a map from each JSON pointer of
 * that value (`/navigation/groups/0/pages/1`, the form ajv's `instancePath` uses) back to the file
 * and range where it was written.
 */
export class ConfigDocument {
  readonly files = new Map<string, SourceFile>();
  readonly locations = new Map<string, Location>();
  readonly diagnostics: Diagnostic[] = [];
  /** The resolved value; undefined when docs.json could not be parsed at all. */
  value: unknown = undefined;

  constructor(
    readonly rootFile: string,
    readonly siteRoot: string,
  ) {}

  locate(pointer: string): Location | undefined {
    let p = pointer;
    for (;;) {
      const loc = this.locations.get(p);
      if (loc) return loc;
      if (p === '') return undefined;
      p = p.slice(0, p.lastIndexOf('/'));
    }
  }

  /** A diagnostic at the value (or, with `on: 'key'`, the property name) a pointer names. */
  diagnosticAt(
    pointer: string,
    ruleId: string,
    severity: Severity,
    message: string,
    on: 'key' | 'value' = 'value',
  ): Diagnostic {
    const loc = this.locate(pointer);
    const file = loc?.file ?? this.rootFile;
    const source = this.files.get(file);
    let start = 0;
    let end = 0;
    if (loc) {
      const useKey = on === 'key' && loc.keyStart !== undefined;
      start = useKey ? loc.keyStart! : loc.start;
      end = useKey ? loc.keyEnd! : loc.end;
    }
    const range = source ? source.lines.range(start, end) : { line: 1, column: 1, endLine: 1, endColumn: 1 };
    return { file, ...range, ruleId, severity, message, url: ruleUrl(ruleId) };
  }
}

export function pointerSegment(key: string | number): string {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

const MAX_DEPTH = MAX_JSON_DEPTH;

/** jsonc-parser's error codes (its enum is a `const enum`, which isolated modules cannot read). */
const ParseErrorCode = {
  InvalidSymbol: 1,
  InvalidNumberFormat: 2,
  PropertyNameExpected: 3,
  ValueExpected: 4,
  ColonExpected: 5,
  CommaExpected: 6,
  CloseBraceExpected: 7,
  CloseBracketExpected: 8,
  EndOfFileExpected: 9,
  InvalidCommentToken: 10,
  UnexpectedEndOfComment: 11,
  UnexpectedEndOfString: 12,
  UnexpectedEndOfNumber: 13,
  InvalidUnicode: 14,
  InvalidEscapeCharacter: 15,
  InvalidCharacter: 16,
} as const;


function previousNonSpace(text: string, offset: number): number {
  let c = offset - 1;
  while (c >= 0 && /\s/.test(text[c]!)) c--;
  return c;
}

function isTrailingComma(error: ParseError, text: string): boolean {
  const code = error.error as number;
  if (code !== ParseErrorCode.PropertyNameExpected && code !== ParseErrorCode.ValueExpected) return false;
  const next = text[error.offset];
  return (next === '}' || next === ']') && text[previousNonSpace(text, error.offset)] === ',';
}

function describeParseError(error: ParseError, text: string): string {
  const found = text.slice(error.offset, error.offset + Math.max(1, Math.min(error.length, 20)));
  const atEnd = error.offset >= text.length;
  switch (error.error as number) {
    case ParseErrorCode.InvalidCommentToken:
      return 'comments are not allowed in JSON; remove the comment';
    case ParseErrorCode.PropertyNameExpected:
    case ParseErrorCode.ValueExpected:
      if (isTrailingComma(error, text)) return `trailing comma before "${text[error.offset]}"; remove the comma`;
      if (atEnd) return 'unexpected end of file; the JSON is truncated';
      return (error.error as number) === ParseErrorCode.ValueExpected
        ? `unexpected "${found}"; a value is expected here`
        : `unexpected "${found}"; a property name in double quotes is expected here`;
    case ParseErrorCode.CloseBraceExpected:
      return atEnd ? 'unexpected end of file: a "}" is missing' : `unexpected "${found}"; a "}" or "," is expected here`;
    case ParseErrorCode.CloseBracketExpected:
      return atEnd ? 'unexpected end of file: a "]" is missing' : `unexpected "${found}"; a "]" or "," is expected here`;
    case ParseErrorCode.ColonExpected:
      return 'a ":" is expected after the property name';
    case ParseErrorCode.CommaExpected:
      return 'a "," is expected between values';
    case ParseErrorCode.InvalidSymbol:
      return `unexpected "${found}"; JSON strings and keys need double quotes`;
    case ParseErrorCode.InvalidNumberFormat:
      return `invalid number "${found}"`;
    case ParseErrorCode.UnexpectedEndOfString:
      return 'a string is not closed';
    case ParseErrorCode.UnexpectedEndOfComment:
      return 'a comment is not closed';
    case ParseErrorCode.InvalidEscapeCharacter:
      return 'invalid escape sequence in a string';
    case ParseErrorCode.InvalidUnicode:
      return 'invalid \\u escape in a string';
    case ParseErrorCode.InvalidCharacter:
      return 'invalid character in a string (control characters must be escaped)';
    case ParseErrorCode.EndOfFileExpected:
      return 'unexpected content after the end of the JSON value';
    default:
      return printParseErrorCode(error.error);
  }
}

interface ParsedJson {
  tree: Node | undefined;
  /** false when the tree must not be used (errors other than comments/trailing commas). */
  usable: boolean;
}

/** Parses one JSON file, reporting every syntax problem as a `config-json` diagnostic. */
export function parseJsonFile(source: SourceFile, diagnostics: Diagnostic[], ruleId = 'config-json'): ParsedJson {
  const { text, lines } = source;
  const report = (start: number, end: number, message: string) =>
    diagnostics.push({ file: source.path, ...lines.range(start, end), ruleId, severity: 'error', message, url: ruleUrl(ruleId) });

  let body = text;
  if (text.charCodeAt(0) === 0xfeff) {
    report(0, 1, 'the file starts with a byte order mark (BOM); save it as UTF-8 without BOM');
    body = ' ' + text.slice(1); // keep offsets
  }
  if (body.trim() === '') {
    report(0, text.length, 'the file is empty; docs.json must hold a JSON object');
    return { tree: undefined, usable: false };
  }
  const tooDeep = jsonNestingOverflow(body, MAX_DEPTH);
  if (tooDeep !== -1) {
    // The parser is recursive: refuse before it can overflow the stack.
    report(tooDeep, tooDeep + 1, `the JSON is nested more than ${MAX_DEPTH} levels deep`);
    return { tree: undefined, usable: false };
  }
  const errors: ParseError[] = [];
  const tree = parseTree(body, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  let usable = tree !== undefined;
  const seen = new Set<string>();
  for (const error of errors) {
    const comment = (error.error as number) === ParseErrorCode.InvalidCommentToken;
    const trailing = isTrailingComma(error, body);
    const message = describeParseError(error, body);
    const start = trailing ? previousNonSpace(body, error.offset) : error.offset;
    const end = trailing ? start + 1 : error.offset + Math.max(1, error.length);
    if (!seen.has(`${start}:${message}`)) report(start, end, message);
    seen.add(`${start}:${message}`);
    if (!comment && !trailing) {
      // Past a real syntax error the parser's recovery cascades into noise: stop at the first.
      usable = false;
      break;
    }
  }
  return { tree, usable };
}


/** Reads a file's text; the language server passes one that prefers unsaved editor buffers. */
export type TextReader = (file: string) => Promise<string>;

export const readText: TextReader = (file) => readFile(file, 'utf8');

const REMOTE = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * Loads docs.json and every `{"$ref": "file.json"}` it uses. Refs resolve relative to the file that
 * holds them, must stay inside the site root, must not loop, and are never fetched from a URL.
 * Sibling keys of `$ref` are merged over the referenced object.
 */
export async function loadConfig(rootFile: string, siteRoot: string, read: TextReader = readText): Promise<ConfigDocument> {
  const doc = new ConfigDocument(rootFile, siteRoot);
  const parsedFiles = new Map<string, Promise<ParsedJson | undefined>>();

  /** Why a file could not be read (`ENOENT`, `EACCES`…). */
  const readErrors = new Map<string, string>();
  const load = (file: string): Promise<ParsedJson | undefined> => {
    let pending = parsedFiles.get(file);
    if (!pending) {
      pending = read(file).then(
        (text) => {
          const source: SourceFile = { path: file, text, lines: new LineIndex(text) };
          doc.files.set(file, source);
          return parseJsonFile(source, doc.diagnostics);
        },
        (error: NodeJS.ErrnoException) => {
          readErrors.set(file, error?.code ?? String(error));
          return undefined;
        },
      );
      parsedFiles.set(file, pending);
    }
    return pending;
  };

  // A path inside the root may still lead out of it through a symbolic link: compare real paths.
  let realRoot: Promise<string> | undefined;
  const staysInside = async (file: string): Promise<boolean> => {
    realRoot ??= realpath(siteRoot).catch(() => siteRoot);
    const real = await realpath(file).catch(() => undefined);
    // A file that does not exist (or exists only in an editor buffer) is the reader's to answer.
    return real === undefined || isInside(await realRoot, real);
  };

  const refError = (file: string, node: Node, message: string) => {
    const source = doc.files.get(file)!;
    doc.diagnostics.push({
      file,
      ...source.lines.range(node.offset, node.offset + node.length),
      ruleId: 'config-json',
      severity: 'error',
      message,
      url: ruleUrl('config-json'),
    });
  };

  const build = async (
    file: string,
    node: Node,
    pointer: string,
    key: Node | undefined,
    chain: string[],
  ): Promise<unknown> => {
    doc.locations.set(pointer, {
      file,
      start: node.offset,
      end: node.offset + node.length,
      keyStart: key?.offset,
      keyEnd: key ? key.offset + key.length : undefined,
    });
    switch (node.type) {
      case 'object': {
        const props = node.children ?? [];
        const refProp = props.find((p) => p.children?.[0]?.value === '$ref' && p.children?.[1]?.type === 'string');
        let base: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
        if (refProp && file !== undefined) {
          const resolved = await resolveRef(file, refProp.children![1]!, pointer, key, chain);
          if (resolved !== undefined) {
            // A $ref to a non-object stands for that value; sibling keys are ignored, as the platform does.
            if (props.length === 1 || resolved === null || typeof resolved !== 'object' || Array.isArray(resolved)) return resolved;
            base = { ...(resolved as object) };
          }
        }
        const out = base;
        for (const prop of props) {
          const [k, v] = prop.children ?? [];
          if (!k || !v || prop === refProp) continue;
          const name = String(k.value);
          out[name] = await build(file, v, `${pointer}/${pointerSegment(name)}`, k, chain);
        }
        return toPlainObject(out);
      }
      case 'array': {
        const items = node.children ?? [];
        const out: unknown[] = [];
        for (let i = 0; i < items.length; i++) out.push(await build(file, items[i]!, `${pointer}/${i}`, undefined, chain));
        return out;
      }
      default:
        return node.value;
    }
  };

  const resolveRef = async (
    file: string,
    refNode: Node,
    pointer: string,
    key: Node | undefined,
    chain: string[],
  ): Promise<unknown> => {
    const target = String(refNode.value);
    if (REMOTE.test(target) || target.startsWith('//')) {
      refError(file, refNode, `"$ref" to a URL (${target}) is not followed; doclint never fetches remote files`);
      return undefined;
    }
    if (target.startsWith('#')) {
      refError(file, refNode, `"$ref" to a JSON pointer (${target}) is not supported in docs.json; point at a file`);
      return undefined;
    }
    const resolved = path.resolve(path.dirname(file), target.split('#')[0]!);
    if (!isInside(siteRoot, resolved)) {
      refError(file, refNode, `"$ref" points outside the site root (${target}); doclint only reads files inside the site`);
      return undefined;
    }
    if (!(await staysInside(resolved))) {
      refError(file, refNode, `"$ref" points outside the site root through a symbolic link (${target}); doclint only reads files inside the site`);
      return undefined;
    }
    if (chain.includes(resolved)) {
      refError(file, refNode, `"$ref" cycle: ${[...chain, resolved].map((f) => path.relative(siteRoot, f)).join(' -> ')}`);
      return undefined;
    }
    const parsed = await load(resolved);
    if (!parsed) {
      const code = readErrors.get(resolved);
      const missing = code === undefined || code === 'ENOENT' || code === 'ENOTDIR';
      refError(file, refNode, missing ? `"$ref" file not found: ${target}` : `"$ref" file cannot be read (${code}): ${target}`);
      return undefined;
    }
    if (!parsed.usable || !parsed.tree) return undefined;
    // Values inside the referenced file are located in that file; the ref itself stays at the pointer.
    const saved = doc.locations.get(pointer);
    const value = await build(resolved, parsed.tree, pointer, undefined, [...chain, resolved]);
    if (saved) doc.locations.set(pointer, { ...saved, keyStart: key?.offset ?? saved.keyStart, keyEnd: key ? key.offset + key.length : saved.keyEnd });
    return value;
  };

  const root = await load(rootFile);
  if (!root) {
    throw new ConfigReadError(rootFile, readErrors.get(rootFile) ?? 'unknown error');
  }
  if (root.usable && root.tree) {
    doc.value = await build(rootFile, root.tree, '', undefined, [rootFile]);
  }
  return doc;
}

/** Objects are built without a prototype so that `__proto__` keys are plain data; hand back a normal object. */
function toPlainObject(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(o)) Object.defineProperty(out, k, { value: o[k], enumerable: true, writable: true, configurable: true });
  return out;
}

/** docs.json itself cannot be read (permissions, a folder of that name…): a failure of the run, not a finding. */
export class ConfigReadError extends Error {
  constructor(
    readonly file: string,
    readonly code: string,
  ) {
    super(`cannot read ${file} (${code})`);
  }
}

export function ruleDiagnostic(
  source: SourceFile,
  start: number,
  end: number,
  ruleId: string,
  severity: Severity,
  message: string,
): Diagnostic {
  return { file: source.path, ...source.lines.range(start, end), ruleId, severity, message, url: ruleUrl(ruleId) };
}
