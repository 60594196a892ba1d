import type { SyntaxProblem } from './syntax.js';

/**
 * Deepest nesting of block quotes and list items that a page may have to be parsed. Real pages
 * nest a handful of levels; the MDX parser's time grows with the cube of the depth (a list nested
 * 250 levels deep takes seconds, 1,000 levels minutes) before it overflows the stack.
 */
export const MAX_CONTAINER_DEPTH = 100;

const SPACE = 32;
const TAB = 9;

function isBlank(c: number): boolean {
  return c === SPACE || c === TAB;
}

/**
 * The width of the list item marker at `i` of a line ending at `end` (`-`, `*` or `+`, or up to 9
 * digits and `.` or `)`, followed by a blank), 0 when there is none. With `orderedMustStartAt1`,
 * an ordered marker counts only when its number is 1 (how an item may interrupt a paragraph).
 */
export function listMarkerWidth(text: string, i: number, end: number, orderedMustStartAt1 = false): number {
  const c = text.charCodeAt(i);
  if ((c === 45 || c === 42 || c === 43) /* - * + */ && i + 1 < end && isBlank(text.charCodeAt(i + 1))) return 1;
  if (c < 48 || c > 57) return 0;
  let d = 0;
  while (d < 9 && i + d < end && text.charCodeAt(i + d) >= 48 && text.charCodeAt(i + d) <= 57) d++;
  const after = text.charCodeAt(i + d);
  if ((after !== 46 && after !== 41) /* . ) */ || i + d + 1 >= end || !isBlank(text.charCodeAt(i + d + 1))) return 0;
  return orderedMustStartAt1 && !/^0*1$/.test(text.slice(i, i + d)) ? 0 : d + 1;
}

/**
 * The first place where block quotes and list items nest deeper than `limit`, found with a cheap
 * line scan before parsing (`>` markers, list markers, and list items indented under one another;
 * fenced code is skipped). An estimate that errs on the low side: it never flags a page the
 * parser reads at a normal depth.
 */
export function containerNestingProblem(text: string, limit = MAX_CONTAINER_DEPTH): SyntaxProblem | undefined {
  /** Content columns of the list items open at the current line. */
  const items: number[] = [];
  let fence: { char: number; length: number } | undefined;
  let line = 0;
  let start = 0;
  while (start <= text.length) {
    line++;
    let end = start;
    while (end < text.length && text.charCodeAt(end) !== 10 && text.charCodeAt(end) !== 13) end++;
    const next =
      end < text.length && text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? end + 2 : end + 1;

    let i = start;
    let column = 0;
    let quotes = 0;
    let quoteAt = -1;
    const skipBlanks = () => {
      while (i < end && isBlank(text.charCodeAt(i))) {
        column = text.charCodeAt(i) === TAB ? column + 4 - (column % 4) : column + 1;
        i++;
      }
    };
    skipBlanks();
    while (i < end && text.charCodeAt(i) === 62 /* > */) {
      if (++quotes === limit + 1) quoteAt = i - start;
      i++;
      column++;
      skipBlanks();
    }
    const rest = text.slice(i, Math.min(end, i + 8));
    let deepAt = -1;
    if (fence) {
      // Code: its lines nest nothing.
      let n = 0;
      while (i + n < end && text.charCodeAt(i + n) === fence.char) n++;
      if (n >= fence.length && text.slice(i + n, end).trim() === '') fence = undefined;
    } else if (rest.startsWith('```') || rest.startsWith('~~~')) {
      let n = 0;
      while (i + n < end && text.charCodeAt(i + n) === text.charCodeAt(i)) n++;
      fence = { char: text.charCodeAt(i), length: n };
      if (quotes > limit) deepAt = quoteAt;
    } else {
      const thematicBreak = /^([-*_])(?:[ \t]*\1){2,}[ \t]*$/.test(text.slice(i, end));
      let first = true;
      while (!thematicBreak && i < end && quotes + items.length <= limit) {
        const width = listMarkerWidth(text, i, end);
        if (!width) break;
        if (first) {
          // A list item closes the open items it is not indented under.
          while (items.length && items[items.length - 1]! > column) items.pop();
          first = false;
        }
        deepAt = i - start;
        i += width;
        column += width;
        skipBlanks();
        items.push(column);
      }
      if (first && i < end) {
        // Text that is not a list item ends the items it is not indented under.
        while (items.length && items[items.length - 1]! > column) items.pop();
      }
      if (quotes + items.length <= limit) deepAt = -1;
      else if (quotes > limit || deepAt < 0) deepAt = Math.max(0, quoteAt);
    }
    if (deepAt >= 0) {
      return {
        line,
        column: deepAt + 1,
        endLine: line,
        endColumn: deepAt + 2,
        message: `block quotes and lists are nested more than ${limit} levels deep here; the page is not read past this line (the MDX parser cannot read such nesting in reasonable time)`,
      };
    }
    if (end >= text.length) break;
    start = next;
  }
  return undefined;
}
