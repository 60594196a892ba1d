import type { LineIndex } from '../core/text.js';

/**
 * `## Title {#custom-id}` sets a heading's anchor on the platform, but to MDX `{#…}` is an
 * expression (and not valid JavaScript). Before parsing, each such suffix is replaced by spaces
 * of the same length, so every offset, line and column of the page stays exact, and the id is
 * remembered by line. Lines inside fenced code blocks are left alone.
 */
/** An ATX heading, possibly in a list item or block quote, ending in `{#id}`. */
const HEADING_ID = /^([ \t]*(?:(?:[-*+]|\d{1,9}[.)]|>)[ \t]*)*#{1,6}[ \t].*?)\{#([^\s{}]+)\}[ \t]*$/;
const FENCE = /^[ \t]*(`{3,}|~{3,})/;

export interface Preprocessed {
  text: string;
  headingIds: Map<number, string>;
}

export function extractHeadingIds(text: string, lines: LineIndex): Preprocessed {
  const headingIds = new Map<number, string>();
  if (!text.includes('{#')) return { text, headingIds };
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
      if (fenceMatch && fenceMatch[1]![0] === fence[0] && fenceMatch[1]!.length >= fence.length && line.trim() === fenceMatch[1]) {
        fence = undefined;
      }
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1]!;
      continue;
    }
    if (!line.includes('{#')) continue;
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
