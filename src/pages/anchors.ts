import GithubSlugger from 'github-slugger';

/**
 * The anchors a page may have, read line by line without parsing it: every line that looks like
 * an ATX heading outside fenced code (its `{#id}`, else the slug of its text) and every `id="…"`
 * attribute. Meant to be a superset of the anchors the parsed page has, for a run that only needs
 * to know whether a link's anchor exists in a page it does not lint: when an anchor is not among
 * these, the caller parses the page for the exact answer (and the exact message).
 */
export function quickAnchors(text: string): string[] {
  const out: string[] = [];
  const slugger = new GithubSlugger();
  let fence: string | undefined;
  let inComment = false;
  let i = 0;
  const lines = text.split(/\r\n|\r|\n/);
  // Front matter is not content.
  if (lines[0]?.trim() === '---') {
    const close = lines.findIndex((line, n) => n > 0 && /^(?:---|\.\.\.)[ \t]*$/.test(line));
    if (close > 0) i = close + 1;
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
      if (fenceMatch && fenceMatch[1]![0] === fence[0] && fenceMatch[1]!.length >= fence.length && line.trim() === fenceMatch[1]) fence = undefined;
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1]!;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const custom = CUSTOM_ID.exec(heading[1] ?? '');
      if (custom) out.push(custom[1]!);
      else out.push(slugger.slug(headingText(heading[1] ?? '')));
    }
    if (line.includes('id')) for (const m of line.matchAll(ID_ATTRIBUTE)) out.push(m[1] ?? m[2] ?? m[3] ?? '');
  }
  return out;
}

/** A fence opening or closing: three or more backticks or tildes. */
const FENCE = /^[ \t]*(?:(?:[-*+]|\d{1,9}[.)]|>)[ \t]+)*(`{3,}|~{3,})/;
/** An ATX heading, also inside a list item or a block quote, at any indentation (MDX has no indented code). */
const HEADING = /^[ \t]*(?:(?:[-*+]|\d{1,9}[.)]|>)[ \t]*)*#{1,6}(?:[ \t]+(.*?))?[ \t]*$/;
const CUSTOM_ID = /\{#([^\s{}]+)\}[ \t]*$/;
const ID_ATTRIBUTE = /\bid\s*=\s*(?:"([^"]*)"|'([^']*)'|\{\s*["'`]([^"'`]*)["'`]\s*\})/g;

/** The heading's words as the parsed page would read them: link and image targets, tags and closing hashes dropped. */
function headingText(raw: string): string {
  return raw
    .replace(/[ \t]+#+$/, '')
    .replace(/^#+$/, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<\/?[A-Za-z][^>]*>/g, '')
    .trim();
}
