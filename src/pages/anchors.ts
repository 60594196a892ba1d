import { cleanHeadingId, normaliseCustomId, rawHeadingSlug, slugCounter, uniqueIds } from '../platform/slug.js';

/**
 * Anchors a page surely has, read line by line without parsing it, for a run that only needs to
 * know whether a link's anchor exists in a page it does not lint: the ids of ATX headings of levels
 * 1–4 outside fenced code whose text is plain words (no markup, quotes or dashes, whose ids need the
 * parser), custom `{#id}`s, and `id="…"` on HTML elements. When an anchor is not among these, the
 * caller parses the page for the exact answer (and the exact message). None for headings in
 * `mode: custom` or `mode: frame`.
 */
export function quickAnchors(text: string): string[] {
  const out: string[] = [];
  const count = slugCounter();
  const unique = uniqueIds();
  let headingIds = true;
  let fence: string | undefined;
  let inComment = false;
  let i = 0;
  const lines = text.split(/\r\n|\r|\n/);
  // Front matter is not content.
  if (lines[0]?.trim() === '---') {
    const close = lines.findIndex((line, n) => n > 0 && /^(?:---|\.\.\.)[ \t]*$/.test(line));
    if (close > 0) {
      if (lines.slice(1, close).some((line) => /^mode:\s*["']?(?:custom|frame)["']?\s*$/.test(line)))
        headingIds = false;
      i = close + 1;
    }
  }
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    // `{/* … */}` comments over several lines hide what they hold.
    if (inComment) {
      if (line.includes('*/')) inComment = false;
      continue;
    }
    const open = line.lastIndexOf('/*');
    if (open >= 0 && fence === undefined && line.indexOf('*/', open + 2) < 0) {
      inComment = true;
      continue;
    }
    const fenceMatch = FENCE.exec(line);
    if (fence !== undefined) {
      if (
        fenceMatch &&
        fenceMatch[1]![0] === fence[0] &&
        fenceMatch[1]!.length >= fence.length &&
        line.trim() === fenceMatch[1]
      )
        fence = undefined;
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1]!;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading && headingIds && heading[1]!.length <= 4) {
      const raw = heading[2] ?? '';
      const custom = CUSTOM_ID_LINE.exec(line);
      // `{#id}` anywhere else (a list item, a quote) does not compile: the parser has the answer.
      if (!custom && /\{\s*#[^}]*\}\s*$/.test(raw)) continue;
      if (custom) {
        const id = cleanHeadingId(normaliseCustomId(custom[1]!));
        if (id) out.push(unique(id));
      } else {
        const words = headingText(raw);
        // Every markdown heading counts for the duplicates; only plain ones are sure.
        const id = cleanHeadingId(count(rawHeadingSlug(words)));
        if (PLAIN.test(words) && !/--|\.\.\./.test(words) && id) out.push(unique(id));
        else if (id) unique(id);
      }
    }
    if (line.includes('id')) for (const m of line.matchAll(ID_ATTRIBUTE)) out.push(m[1] ?? m[2] ?? m[3] ?? '');
  }
  return out;
}

/** A fence opening or closing: three or more backticks or tildes. */
const FENCE = /^[ \t]*(?:(?:[-*+]|\d{1,9}[.)]|>)[ \t]+)*(`{3,}|~{3,})/;
/** An ATX heading, also inside a list item or a block quote, at any indentation (MDX has no indented code). */
const HEADING = /^[ \t]*(?:(?:[-*+]|\d{1,9}[.)]|>)[ \t]*)*(#{1,6})(?:[ \t]+(.*?))?[ \t]*$/;
/** A heading line the platform gives a custom id (see src/pages/preprocess.ts). */
const CUSTOM_ID_LINE = /^ {0,3}#{1,6}[ \t]+\S.*?\{\s*#([^}]+?)\s*\}\s*$/;
/** `id` on a lowercase (HTML) element: components may keep their ids out of the page. */
const ID_ATTRIBUTE = /<[a-z][\w-]*\b[^>]*?\bid\s*=\s*(?:"([^"]*)"|'([^']*)'|\{\s*["'`]([^"'`]*)["'`]\s*\})/g;
/** Heading text whose id the line alone tells: words, digits, spaces and harmless punctuation. */
const PLAIN = /^[\p{L}\p{N} .,:;?!/&+()-]*$/u;

/** The heading's words as the parsed page would read them: link and image targets, tags and closing hashes dropped. */
function headingText(raw: string): string {
  return raw
    .replace(/[ \t]+#+$/, '')
    .replace(/^#+$/, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<\/?[A-Za-z][^>]*>/g, '')
    .trim();
}
