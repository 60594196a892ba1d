/** Parsing one JSON file of the configuration (jsonc-parser), with every syntax problem as a finding. */
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { Place } from '../core/diagnostic.js';
import { jsonNestingOverflow, MAX_JSON_DEPTH, type LineIndex } from '../core/text.js';
import { blankBom } from '../core/json.js';

const MAX_DEPTH = MAX_JSON_DEPTH;

/** One JSON file that makes up the configuration: docs.json or a file it pulls in with `$ref`. */
export interface SourceFile {
  path: string;
  text: string;
  lines: LineIndex;
}

/** A syntax or `$ref` problem of docs.json or a file it pulls in: where, and what is wrong. */
export type JsonProblem = Place & { message: string };

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
      return atEnd
        ? 'unexpected end of file: a "}" is missing'
        : `unexpected "${found}"; a "}" or "," is expected here`;
    case ParseErrorCode.CloseBracketExpected:
      return atEnd
        ? 'unexpected end of file: a "]" is missing'
        : `unexpected "${found}"; a "]" or "," is expected here`;
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

export interface ParsedJson {
  tree: Node | undefined;
  /** false when the tree must not be used (errors other than comments/trailing commas). */
  usable: boolean;
}

/** Parses one JSON file, reporting every syntax problem in `problems`. */
export function parseJsonFile(source: SourceFile, problems: JsonProblem[]): ParsedJson {
  const { text, lines } = source;
  const report = (start: number, end: number, message: string) =>
    problems.push({ file: source.path, ...lines.range(start, end), message });

  let body = text;
  if (text.charCodeAt(0) === 0xfeff) {
    report(0, 1, 'the file starts with a byte order mark (BOM); save it as UTF-8 without BOM');
    body = blankBom(text);
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
