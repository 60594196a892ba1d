import type { Code, Root } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { Span } from '../core/diagnostic.js';
import type { LineIndex } from '../core/text.js';

/*
 * The code-fence analysis shared by the page rule of code fences (pages, from their one parse)
 * and the llms.txt rule of code fences (a custom llms.txt, read as CommonMark). The parser decides where
 * each fenced block starts and ends — containers (list items, block quotes), indentation and JSX
 * as the platform's parser has them; this module reads each block's first and last line to tell
 * a block that is closed from one that runs to the end of its container, and one that an inner
 * fence closed early. Linear in the text: each block's lines are read once.
 */

/** An opening or closing fence line: a run of 3+ backticks or tildes after container markers and indentation. */
const FENCE_LINE = /^[ \t>]*(`{3,}|~{3,})(.*)$/;

export interface FenceProblem {
  kind: 'unclosed' | 'closed-early';
  /** The opening fence (its backticks or tildes). */
  open: Span;
  /** The fence as written: ```` ``` ````, `~~~~`… */
  fence: string;
  /** closed-early: the line that closed the block (the fence meant for the inner block). */
  closedAt?: Span;
  /** closed-early: the inner opening fence that was read as code. */
  inner?: Span & { fence: string };
}

/** The opening fence a block starts with (undefined for an indented code block). */
function openingFence(text: string, offset: number): string | undefined {
  return /^(`{3,}|~{3,})/.exec(text.slice(offset, offset + 1024))?.[1];
}

function lineText(text: string, lines: LineIndex, line: number): { start: number; text: string } {
  const start = lines.starts[line - 1] ?? text.length;
  let end = line < lines.starts.length ? lines.starts[line]! : text.length;
  while (end > start && (text.charCodeAt(end - 1) === 10 || text.charCodeAt(end - 1) === 13)) end--;
  return { start, text: text.slice(start, end) };
}

/** A line that closes a block opened with `fence`: the same character, at least as long, nothing after. */
function closes(line: string, fence: string): boolean {
  const m = FENCE_LINE.exec(line);
  return m !== null && m[1]![0] === fence[0] && m[1]!.length >= fence.length && m[2]!.trim() === '';
}

/**
 * Problems of the fenced code blocks of a parsed text: blocks that never close (they run to the end
 * of the page or of their list item or block quote), and blocks that an inner fence closed early
 * (a fence with an info string inside the block, of the same character and at least as long, reads
 * as code; the bare fence meant to close it closes the outer block instead).
 */
export function fenceProblems(text: string, lines: LineIndex, blocks: Iterable<Code>): FenceProblem[] {
  const out: FenceProblem[] = [];
  for (const node of blocks) {
    const start = node.position?.start;
    const end = node.position?.end;
    if (start?.offset === undefined || end?.offset === undefined) continue;
    const fence = openingFence(text, start.offset);
    if (!fence) continue;
    const open = lines.range(start.offset, start.offset + fence.length);
    const last = lineText(text, lines, end.line);
    const closed = end.line > start.line && closes(text.slice(last.start, end.offset), fence);
    if (!closed) {
      out.push({ kind: 'unclosed', open, fence });
      continue;
    }
    for (let line = start.line + 1; line < end.line; line++) {
      const content = lineText(text, lines, line);
      const m = FENCE_LINE.exec(content.text);
      if (!m || m[1]![0] !== fence[0] || m[1]!.length < fence.length) continue;
      const info = m[2]!.trim();
      if (info === '' || (fence[0] === '`' && info.includes('`'))) continue;
      const at = content.start + content.text.indexOf(m[1]!);
      out.push({
        kind: 'closed-early',
        open,
        fence,
        closedAt: lines.range(
          last.start + last.text.length - last.text.trimStart().length,
          last.start + last.text.trimEnd().length,
        ),
        inner: { ...lines.range(at, at + m[1]!.length), fence: m[1]! },
      });
      break;
    }
  }
  return out;
}

/** The fenced code blocks of a markdown text (CommonMark, as an llms.txt is read), in order. */
export function markdownCodeBlocks(text: string): Code[] {
  const tree = unified().use(remarkParse).parse(text) as Root;
  const out: Code[] = [];
  const walk = (node: { type: string; children?: unknown[] }) => {
    if (node.type === 'code') out.push(node as Code);
    for (const child of (node.children ?? []) as Array<{ type: string; children?: unknown[] }>) walk(child);
  };
  walk(tree);
  return out;
}
