import type { LineIndex } from '../core/text.js';
import type { Span } from './facts.js';

/** A page that did not parse: where, and why in a writer's words. */
export interface SyntaxProblem extends Span {
  message: string;
}

interface ParserError {
  reason?: string;
  message?: string;
  ruleId?: string | null;
  source?: string | null;
  line?: number | null;
  column?: number | null;
  place?: unknown;
  cause?: unknown;
}

const RANGE_IN_REASON = /\((\d+):(\d+)-(\d+):(\d+)\)/;

function point(p: unknown): { line: number; column: number } | undefined {
  if (!p || typeof p !== 'object') return undefined;
  const o = p as { line?: unknown; column?: unknown };
  if (typeof o.line === 'number' && typeof o.column === 'number') return { line: o.line, column: o.column };
  return undefined;
}

function placeOf(error: ParserError): Span | undefined {
  const place = error.place as { start?: unknown; end?: unknown } | undefined;
  if (place && typeof place === 'object' && 'start' in place) {
    const s = point(place.start);
    const e = point(place.end) ?? s;
    if (s && e) return { line: s.line, column: s.column, endLine: e.line, endColumn: e.column };
  }
  const p = point(place);
  if (p) return { line: p.line, column: p.column, endLine: p.line, endColumn: p.column + 1 };
  if (typeof error.line === 'number' && typeof error.column === 'number') {
    return { line: error.line, column: error.column, endLine: error.line, endColumn: error.column + 1 };
  }
  return undefined;
}

function rangeInReason(reason: string): Span | undefined {
  const m = RANGE_IN_REASON.exec(reason);
  if (!m) return undefined;
  return { line: +m[1]!, column: +m[2]!, endLine: +m[3]!, endColumn: +m[4]! };
}

function startOffset(error: ParserError): number | undefined {
  const place = error.place as { start?: { offset?: unknown }; offset?: unknown } | undefined;
  const offset = place && typeof place === 'object' ? (place.start ? place.start.offset : place.offset) : undefined;
  return typeof offset === 'number' ? offset : undefined;
}

function causeMessage(error: ParserError): string | undefined {
  const cause = error.cause as { message?: unknown } | undefined;
  if (!cause || typeof cause.message !== 'string') return undefined;
  return cause.message.replace(/\s*\(\d+:\d+\)\s*$/, '');
}

/**
 * Turns an MDX parser error (a VFileMessage from micromark / mdast-util-mdx-jsx) into one finding
 * a docs writer can act on. The place is the parser's; for an unclosed tag it is the open tag.
 */
export function describeSyntaxError(error: unknown, text = ''): SyntaxProblem {
  const e = (error && typeof error === 'object' ? error : { reason: String(error) }) as ParserError;
  const reason = String(e.reason ?? e.message ?? 'unknown error');
  const ruleId = e.ruleId ?? '';
  let span = placeOf(e) ?? { line: 1, column: 1, endLine: 1, endColumn: 1 };
  let message: string;

  const unclosed = /^Expected a closing tag for `<([^>`]*)>`/.exec(reason);
  const mismatch =
    /^Unexpected closing tag `<\/([^>`]*)>`, expected corresponding closing tag for `<([^>`]*)>` \((\d+):/.exec(reason);
  const crossing = /^Expected the closing tag `<\/([^>`]*)>` either after the end of `(\w+)`/.exec(reason);
  const character = /^Unexpected character `(.+?)` \(U\+[0-9A-F]+\)/.exec(reason);

  if (reason.includes('to create a comment in MDX')) {
    // The parser points at the `!`; point at the whole `<!--`.
    const column = Math.max(1, span.column - 1);
    span = { line: span.line, column, endLine: span.line, endColumn: column + 4 };
    message = 'HTML comments are not allowed in MDX; use {/* … */} instead of <!-- … -->';
  } else if (reason.includes('to create a link in MDX')) {
    message = 'autolinks like <https://…> are not allowed in MDX; write [text](https://…) or the bare URL';
  } else if (unclosed) {
    const name = unclosed[1]!;
    const inline = / before the end of `(\w+)`/.exec(reason);
    span = rangeInReason(reason) ?? span;
    message = inline
      ? `unclosed tag \`<${name}>\`: add \`</${name}>\` in the same ${inline[1] === 'paragraph' ? 'paragraph' : 'block'}, or put the open and closing tags on lines of their own`
      : `unclosed tag \`<${name}>\`: add \`</${name}>\` after its content, or write \`<${name} />\` if it has none`;
  } else if (mismatch) {
    message = `closing tag \`</${mismatch[1]}>\` does not match the open tag \`<${mismatch[2]}>\` (line ${mismatch[3]}): close \`<${mismatch[2]}>\` first`;
  } else if (crossing) {
    message = `closing tag \`</${crossing[1]}>\` is not in the same ${crossing[2]} as its open tag: put both tags on lines of their own, or both inside the ${crossing[2]}`;
  } else if (reason.startsWith('Unexpected closing slash')) {
    // The parser points at the `/` of `</Name>`.
    const offset = startOffset(e);
    const m = offset === undefined ? null : /^\/\s*([\w.:-]+)\s*>?/.exec(text.slice(offset, offset + 200));
    const tag = m?.[1];
    if (m) {
      const column = Math.max(1, span.column - 1);
      span = { line: span.line, column, endLine: span.line, endColumn: span.column + m[0].length };
    }
    message = tag
      ? `closing tag \`</${tag}>\` has no matching open tag: remove it or add \`<${tag}>\` before it`
      : 'closing tag without a matching open tag: remove it or add the open tag';
  } else if (ruleId === 'unexpected-lazy') {
    message =
      'a line inside a block quote or list continues a tag or {expression} without the `>` or indentation of its container: indent it like the lines before';
  } else if (e.source === 'micromark-extension-mdx-jsx' && (character || ruleId === 'unexpected-eof')) {
    const what = character ? `\`${character[1]}\`` : 'the end of the file';
    message = `a \`<\` starts a tag in MDX, but ${what} cannot follow it here: if \`<\` is meant as text, write \`\\<\` or \`&lt;\`; otherwise complete the tag`;
  } else if (reason.startsWith('Could not parse import/exports')) {
    const cause = causeMessage(e);
    message = `invalid import/export statement${cause ? ` (${cause})` : ''}: a paragraph that starts with \`import\` or \`export\` is read as JavaScript in MDX; reword it or fix the statement`;
  } else if (ruleId === 'non-esm') {
    message = 'only `import` and `export` statements may appear in an import/export block';
  } else if (ruleId === 'unexpected-eof' || reason.startsWith('Unexpected end of file in expression')) {
    message = 'unclosed `{`: add the matching `}`, or write `\\{` if the brace is meant as text';
  } else if (
    (ruleId === 'acorn' || reason.startsWith('Could not parse expression')) &&
    customIdAt(text, startOffset(e))
  ) {
    message =
      'a custom heading id `{#…}` works only at the end of a heading on a line of its own (not in a list item or a block quote, not indented 4 spaces or more, after a title): move the heading out, or remove the id';
  } else if (ruleId === 'acorn' || reason.startsWith('Could not parse expression')) {
    const cause = causeMessage(e);
    message = `invalid JavaScript expression in \`{…}\`${cause ? ` (${cause})` : ''}: if the braces are meant as text, write \`\\{\` and \`\\}\``;
  } else if (ruleId === 'unexpected-empty-expression') {
    message = 'empty expression `{}`: give it a value or remove it';
  } else if (ruleId === 'non-spread' || ruleId === 'spread-extra') {
    message = 'only `{...spread}` expressions may appear among the attributes of a tag';
  } else {
    message = `MDX syntax error: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`;
  }
  return { message, ...clampSpan(span, text) };
}

/** True when the failed expression is a `{#id}` at the end of a heading line. */
function customIdAt(text: string, offset: number | undefined): boolean {
  if (offset === undefined) return false;
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const lineEnd = text.indexOf('\n', offset);
  const line = text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd);
  return (
    /#{1,6}(?:[ \t].*)?\{\s*#[^}]*\}\s*$/.test(line) && line.slice(0, Math.max(0, offset - lineStart + 2)).includes('{')
  );
}

/**
 * The parser places some errors one column past the end of a line (an expression or a tag cut
 * off by the line's end): keep every position inside the text, the end not before the start.
 */
function clampSpan(span: Span, text: string): Span {
  const lengths = text.split(/\r\n|\r|\n/).map((l) => l.length);
  const clamp = (line: number, column: number) => {
    const l = Math.min(Math.max(1, Math.floor(line) || 1), lengths.length);
    return { line: l, column: Math.min(Math.max(1, Math.floor(column) || 1), lengths[l - 1]! + 1) };
  };
  const start = clamp(span.line, span.column);
  let end = clamp(span.endLine, span.endColumn);
  if (end.line < start.line || (end.line === start.line && end.column < start.column)) end = start;
  return { line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
}

/** What page-mdx-syntax reports for a text whose first character decoded from bytes that are not UTF-8 is at `first`. */
export function invalidUtf8Problem(text: string, lines: LineIndex, first: number): SyntaxProblem {
  let more = 0;
  for (let i = text.indexOf('\ufffd', first + 1); i !== -1; i = text.indexOf('\ufffd', i + 1)) more++;
  return {
    ...lines.range(first, Math.min(first + 1, text.length)),
    message: `the file is not valid UTF-8 here${more ? ` (and up to ${more} more place${more > 1 ? 's' : ''})` : ''}: the bytes read as U+FFFD (�); save the page as UTF-8`,
  };
}
