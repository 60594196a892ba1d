import type { LineIndex } from '../core/text.js';

/**
 * `## Title {#custom-id}` sets a heading's anchor on the platform, but to MDX `{#…}` is an
 * expression (and not valid JavaScript). Before parsing, each such suffix is replaced by spaces
 * of the same length, so every offset, line and column of the page stays exact, and the id is
 * remembered by line. Lines inside fenced code blocks are left alone.
 */
/**
 * An ATX heading with a title, at most three spaces in, ending in `{#id}` (spaces allowed around
 * and inside the id): the lines the platform rewrites. Anywhere else — in a list item or a block
 * quote, indented further, without a title — `{#id}` stays an expression, which the platform (and
 * doclint) cannot compile.
 */
const HEADING_ID = /^( {0,3}#{1,6}[ \t]+\S.*?)\{\s*#([^}]+?)\s*\}\s*$/;
const FENCE = /^[ \t]*(`{3,}|~{3,})/;
const CUSTOM_ID_START = /\{\s*#/;

export interface Preprocessed {
  text: string;
  headingIds: Map<number, string>;
}

export function extractHeadingIds(text: string, lines: LineIndex): Preprocessed {
  const headingIds = new Map<number, string>();
  if (!CUSTOM_ID_START.test(text)) return { text, headingIds };
  const starts = lines.starts;
  let out = '';
  let copied = 0;
  let fence: string | undefined;
  for (let i = 0; i < starts.length; i++) {
    const start = starts[i]!;
    let end = i + 1 < starts.length ? starts[i + 1]! : text.length;
    // strip the line break
    while (end > start && (text.charCodeAt(end - 1) === 10 || text.charCodeAt(end - 1) === 13)) end--;
    const line = text.slice(start, end);
    const fenceMatch = FENCE.exec(line);
    if (fence !== undefined) {
      if (
        fenceMatch &&
        fenceMatch[1]![0] === fence[0] &&
        fenceMatch[1]!.length >= fence.length &&
        line.trim() === fenceMatch[1]
      ) {
        fence = undefined;
      }
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1]!;
      continue;
    }
    if (!CUSTOM_ID_START.test(line)) continue;
    const m = HEADING_ID.exec(line);
    if (!m) continue;
    const idStart = start + m[1]!.length;
    out += text.slice(copied, idStart) + ' '.repeat(end - idStart);
    copied = end;
    headingIds.set(i + 1, m[2]!);
  }
  if (copied === 0) return { text, headingIds };
  return { text: out + text.slice(copied), headingIds };
}
