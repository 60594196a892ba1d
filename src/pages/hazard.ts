import { containerNestingProblem, listMarkerWidth } from './limits.js';
import type { SyntaxProblem } from './syntax.js';

/**
 * Page structures on which the MDX parser (micromark and its MDX, GFM and math extensions) takes
 * time that grows faster than the page: found before parsing by one linear scan of the text, so
 * that such a page gets the same finding on any machine under any load. Each bound is a count of
 * structure (never a time), set well below the point where the parse passes half a second on the
 * worst shape of its kind, and far above what real pages have (see README, "Limits").
 *
 * - Emphasis markers (`*`, `_`, `~`) and `]`: for each closing run, and each match (up to one per
 *   marker of a run), micromark walks back over the paragraph's tokens or splices into them, so
 *   the time grows with their number times the paragraph's length. Bounded: markers × punctuation
 *   marks, per paragraph.
 * - Runs of backticks (and of `$`, inline math): each run opens a code span whose end is searched
 *   for up to the next run of the same length, or the end of the paragraph. Bounded: the
 *   characters so searched, per paragraph.
 * - Expressions (`{…}`): each `}` inside one makes the parser hand the whole expression so far
 *   to acorn again, till it parses. Bounded: the characters so reparsed, per paragraph (the
 *   first `{` of a paragraph taken to be open to its end).
 * - Import/export blocks: at each blank line in one, the parser hands the block so far to acorn;
 *   when acorn stops at the end of it (a bracket, template literal or comment left open, a
 *   statement cut after an operator) the block goes on past the blank line. Bounded: the
 *   characters so reparsed, per block.
 * - Setext headings (text underlined with `=` or `-`): each rewrites the event list of the page
 *   so far. Bounded: the sum of their line numbers, per page.
 * - Nesting of block quotes and list items: see `containerNestingProblem`.
 */
export const STRUCTURE_LIMITS = {
  /** Emphasis markers (`*`, `_`, `~`) times punctuation marks, in one paragraph. */
  emphasisWork: 2_000_000,
  /** `]` times punctuation marks, in one paragraph. */
  bracketWork: 2_000_000,
  /** Characters searched for the ends of code spans (backticks) or inline math (`$`), in one paragraph. */
  codeSpanWork: 2_000_000,
  /** Characters of one expression handed to acorn again at each of its `}`. */
  expressionWork: 500_000,
  /** Characters of one import/export block handed to acorn again at each of its blank lines. */
  esmWork: 250_000,
  /** The line numbers of a page's setext heading underlines, added up. */
  setextWork: 200_000,
} as const;

/**
 * How much of a page is read at all, whatever its structure. Past the structure bounds the parse
 * is linear, but some linear shapes cost much per character: list items, short lines and nested
 * lists take 50–150 µs a line, code spans about 9 µs a character (a 256 KB page of list items,
 * 8.6 s of CPU on a loaded 2-core machine; of code spans, 2.3 s). These bounds keep every page's
 * parse to seconds, far below the page watchdog (see time-limit.ts), so that no page's verdict
 * depends on the machine's load. The corpus's largest pages have 5,011 lines and 171,802
 * punctuation marks (a 726 KB schema page).
 */
export const PAGE_LIMITS = {
  /** Lines of a page. */
  lines: 15_000,
  /** ASCII punctuation marks of a page (the parser makes a token of each). */
  punctuation: 500_000,
} as const;

/** The first line past `PAGE_LIMITS`: the page is read up to the line before it. */
export function pageBudgetProblem(text: string): SyntaxProblem | undefined {
  let line = 1;
  let punctuation = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      if (++line > PAGE_LIMITS.lines) {
        return {
          line,
          column: 1,
          endLine: line,
          endColumn: 1,
          message: `the page has more than ${count(PAGE_LIMITS.lines)} lines, more than doclint reads in reasonable time; the page is not read past line ${count(PAGE_LIMITS.lines)}: split it into several pages`,
        };
      }
    } else if ((c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126)) {
      if (++punctuation > PAGE_LIMITS.punctuation) {
        const lineStart = Math.max(text.lastIndexOf('\n', i - 1), text.lastIndexOf('\r', i - 1)) + 1;
        return {
          line,
          column: i - lineStart + 1,
          endLine: line,
          endColumn: i - lineStart + 2,
          message: `the page has more than ${count(PAGE_LIMITS.punctuation)} punctuation marks by here (the MDX parser makes a token of each), more than doclint reads in reasonable time; the page is not read past this line: split it into several pages, or move generated content (data, schemas) out of the page`,
        };
      }
    }
  }
  return undefined;
}

/** What one paragraph (or heading, or table row) holds, for the bounds and for reports. */
export interface UnitCounts {
  emphasis: number;
  brackets: number;
  punctuation: number;
  codeSpanWork: number;
  unmatchedTicks: number;
  mathWork: number;
  unmatchedDollars: number;
}

/** The largest counts of a page, for `scripts/hazard-check.mjs`. */
export interface StructureStats {
  emphasisWork: number;
  bracketWork: number;
  codeSpanWork: number;
  expressionWork: number;
  esmWork: number;
  setextWork: number;
  setextHeadings: number;
}

const count = (n: number) => n.toLocaleString('en-US');

const TAB = 9;
const SPACE = 32;

function isBlank(c: number): boolean {
  return c === SPACE || c === TAB;
}

/** ASCII punctuation: what a backslash escapes, and what micromark makes tokens of. */
function isPunctuation(c: number): boolean {
  return (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126);
}

interface Run {
  at: number;
  length: number;
}

interface Unit {
  line: number;
  column: number;
  start: number;
  end: number;
  endLine: number;
  endColumn: number;
  punctuation: number;
  emphasis: Run[];
  brackets: number[];
  ticks: Run[];
  dollars: Run[];
  braces: number[];
}

/**
 * Code spans (or inline math) of a paragraph, the way micromark finds them: a run opens one that
 * ends at the next run of the same length; with none, the run is text and the search went to the
 * end of the paragraph. Returns the characters searched, the runs left unmatched, and the spans.
 */
function codeSpans(runs: Run[], end: number): { work: number; unmatched: number; spans: Array<[number, number]> } {
  const next = new Array<number>(runs.length);
  const lastOfLength = new Map<number, number>();
  for (let k = runs.length - 1; k >= 0; k--) {
    next[k] = lastOfLength.get(runs[k]!.length) ?? -1;
    lastOfLength.set(runs[k]!.length, k);
  }
  let work = 0;
  let unmatched = 0;
  const spans: Array<[number, number]> = [];
  let k = 0;
  while (k < runs.length) {
    const run = runs[k]!;
    const close = next[k]!;
    if (close < 0) {
      work += end - run.at;
      unmatched++;
      k++;
      continue;
    }
    const closing = runs[close]!;
    work += closing.at - run.at;
    spans.push([run.at, closing.at + closing.length]);
    k = close + 1;
  }
  return { work, unmatched, spans };
}

/** The items of `items` (sorted by offset) that are outside the spans (sorted). */
function outside<T>(items: T[], spans: Array<[number, number]>, at: (item: T) => number): T[] {
  if (!spans.length) return items;
  const out: T[] = [];
  let s = 0;
  for (const item of items) {
    const p = at(item);
    while (s < spans.length && spans[s]![1] <= p) s++;
    if (s < spans.length && spans[s]![0] <= p) continue;
    out.push(item);
  }
  return out;
}

const offset = (n: number) => n;

/** The cells of a table row: its unescaped `|`, less a leading and a trailing one, plus one. */
function cells(row: string): number {
  const r = row.trim();
  let pipes = 0;
  for (let k = 0; k < r.length; k++) {
    if (r.charCodeAt(k) === 92) k++;
    else if (r.charCodeAt(k) === 124) pipes++;
  }
  if (r.startsWith('|')) pipes--;
  if (r.length > 1 && r.endsWith('|') && !r.endsWith('\\|')) pipes--;
  return pipes + 1;
}

/** What a naive JavaScript lexer knows at the end of a line: open brackets, template literals, comments, the last token. */
interface JsState {
  depth: number;
  template: boolean;
  comment: boolean;
  last: number;
}

const newJsState = (): JsState => ({ depth: 0, template: false, comment: false, last: 59 /* ; */ });

function jsLine(state: JsState, text: string, from: number, to: number): void {
  let quote = 0;
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (state.comment) {
      if (c === 42 && text.charCodeAt(k + 1) === 47) {
        state.comment = false;
        k++;
      }
      continue;
    }
    if (state.template || quote) {
      if (c === 92) k++;
      else if (state.template && c === 96) {
        state.template = false;
        state.last = c;
      } else if (quote && c === quote) {
        quote = 0;
        state.last = c;
      }
      continue;
    }
    if (c === 47 && text.charCodeAt(k + 1) === 47) break;
    if (c === 47 && text.charCodeAt(k + 1) === 42) {
      state.comment = true;
      k++;
      continue;
    }
    if (c === 39 || c === 34) quote = c;
    else if (c === 96) state.template = true;
    else if (c === 40 || c === 91 || c === 123) state.depth++;
    else if (c === 41 || c === 93 || c === 125) state.depth = Math.max(0, state.depth - 1);
    if (!isBlank(c)) state.last = c;
  }
}

/** Whether a statement may end here: nothing open, and the last token not an operator. */
function jsComplete(state: JsState): boolean {
  if (state.depth > 0 || state.template || state.comment) return false;
  const c = state.last;
  return (
    c === 59 ||
    c === 41 ||
    c === 93 ||
    c === 125 ||
    c === 39 ||
    c === 34 ||
    c === 96 ||
    (c >= 48 && c <= 57) ||
    (c >= 65 && c <= 90) ||
    (c >= 97 && c <= 122) ||
    c === 95 ||
    c === 36
  );
}

const ATX = /^#{1,6}(?:[ \t]|$)/;
const THEMATIC_BREAK = /^([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const SETEXT_UNDERLINE = /^(?:=+|-+)[ \t]*$/;
const TABLE_DELIMITER = /^\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;

/**
 * The scan behind `parseHazard`: every problem found (each at the start of its structure), and
 * the largest counts of the page.
 */
export function scanStructure(text: string): { problems: SyntaxProblem[]; stats: StructureStats } {
  const problems: SyntaxProblem[] = [];
  const stats: StructureStats = { emphasisWork: 0, bracketWork: 0, codeSpanWork: 0, expressionWork: 0, esmWork: 0, setextWork: 0, setextHeadings: 0 };
  let unit: Unit | undefined;
  /** The open expression (naive brace balance, carried across paragraphs as flow expressions are). */
  let depth = 0;
  let expression: { at: number; line: number; column: number; work: number; closes: number; reported: boolean } | undefined;
  let setextWork = 0;
  let setextHeadings = 0;
  let setextReported = false;
  /** Line starts, for the positions of braces. */
  const lineStarts: number[] = [];

  const positionOf = (offset: number): { line: number; column: number } => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (lineStarts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - lineStarts[low]! + 1 };
  };

  const finishUnit = () => {
    const u = unit;
    unit = undefined;
    if (!u) return;
    const ticks = codeSpans(u.ticks, u.end);
    const dollars = codeSpans(u.dollars, u.end);
    const spans = [...ticks.spans, ...dollars.spans].sort((a, b) => a[0] - b[0]);
    // Each marker of a run may match one of another run: a run of n is up to n matches.
    const emphasis = outside(u.emphasis, spans, (r) => r.at).reduce((n, r) => n + r.length, 0);
    const brackets = outside(u.brackets, spans, offset).length;
    const punctuation = u.punctuation;
    const emphasisWork = emphasis * punctuation;
    const bracketWork = brackets * punctuation;
    stats.emphasisWork = Math.max(stats.emphasisWork, emphasisWork);
    stats.bracketWork = Math.max(stats.bracketWork, bracketWork);
    stats.codeSpanWork = Math.max(stats.codeSpanWork, ticks.work, dollars.work);
    const at = { line: u.line, column: u.column, endLine: u.endLine, endColumn: u.endColumn };
    const tail = 'the page is not read past this line';
    if (emphasisWork > STRUCTURE_LIMITS.emphasisWork) {
      problems.push({
        ...at,
        message: `this paragraph has ${count(emphasis)} emphasis markers (\`*\`, \`_\` or \`~\`) among ${count(punctuation)} punctuation marks, more than the MDX parser can match in reasonable time (its time grows with the product); ${tail}: escape the markers that are not emphasis (\`\\*\`, \`\\_\`), split the paragraph, or put the text in a code block`,
      });
    } else if (bracketWork > STRUCTURE_LIMITS.bracketWork) {
      problems.push({
        ...at,
        message: `this paragraph has ${count(brackets)} \`]\` among ${count(punctuation)} punctuation marks, more than the MDX parser can match in reasonable time (its time grows with the product); ${tail}: escape the brackets that are not links (\`\\[\`, \`\\]\`), split the paragraph, or put the text in a code block`,
      });
    } else if (ticks.work > STRUCTURE_LIMITS.codeSpanWork) {
      problems.push({
        ...at,
        message: `this paragraph has ${count(ticks.unmatched)} runs of backticks that open no code span, and the MDX parser searches the rest of the paragraph for the end of each (${count(ticks.work)} characters in all, too many to read in reasonable time); ${tail}: escape them (\`\\\`\`), split the paragraph, or put the text in a code block`,
      });
    } else if (dollars.work > STRUCTURE_LIMITS.codeSpanWork) {
      problems.push({
        ...at,
        message: `this paragraph has ${count(dollars.unmatched)} runs of \`$\` that open no inline math, and the MDX parser searches the rest of the paragraph for the end of each (${count(dollars.work)} characters in all, too many to read in reasonable time); ${tail}: escape them (\`\\$\`), split the paragraph, or put the text in a code block`,
      });
    }
    // Braces: outside code spans, an expression runs from its `{` to the first `}` at which acorn
    // parses what is between; till then the parser hands it to acorn again at each `}`. Whether
    // acorn parses is not known without parsing: the first `{` of a paragraph is taken to be
    // open up to the paragraph's end (and past it while its braces do not balance).
    for (const b of outside(u.braces, spans, offset)) {
      if (text.charCodeAt(b) === 123) {
        depth++;
        expression ??= { at: b, ...positionOf(b), work: 0, closes: 0, reported: false };
      } else if (expression) {
        depth = Math.max(0, depth - 1);
        expression.work += b - expression.at;
        expression.closes++;
        stats.expressionWork = Math.max(stats.expressionWork, expression.work);
        if (!expression.reported && expression.work > STRUCTURE_LIMITS.expressionWork) {
          expression.reported = true;
          problems.push({
            line: expression.line,
            column: expression.column,
            endLine: expression.line,
            endColumn: expression.column + 1,
            message: `the expression that starts here may run on past ${count(expression.closes)} \`}\` (${count(b + 1 - expression.at)} characters), and the MDX parser reads it again at each \`}\` till it parses (too long to read in reasonable time); ${tail}: check that its braces and quotes balance, escape a \`{\` that is text (\`\\{\`), or put the text in a code block`,
          });
        }
      }
    }
    if (depth === 0) expression = undefined;
  };

  const startUnit = (line: number, lineStart: number, at: number) => {
    unit = {
      line,
      column: at - lineStart + 1,
      start: at,
      end: at,
      endLine: line,
      endColumn: at - lineStart + 1,
      punctuation: 0,
      emphasis: [],
      brackets: [],
      ticks: [],
      dollars: [],
      braces: [],
    };
  };

  /** Adds the inline text `from`..`to` of line `line` to the open unit. */
  const scanInline = (line: number, lineStart: number, from: number, to: number) => {
    const u = unit!;
    u.punctuation++; // the line ending
    let i = from;
    while (i < to) {
      const c = text.charCodeAt(i);
      if (c === 92 /* \ */ && i + 1 < to && isPunctuation(text.charCodeAt(i + 1))) {
        u.punctuation++;
        i += 2;
        continue;
      }
      if (!isPunctuation(c)) {
        i++;
        continue;
      }
      u.punctuation++;
      if (c === 42 || c === 95 || c === 126 /* * _ ~ */ || c === 96 || c === 36 /* ` $ */) {
        let j = i + 1;
        while (j < to && text.charCodeAt(j) === c) j++;
        if (c === 96) u.ticks.push({ at: i, length: j - i });
        else if (c === 36) u.dollars.push({ at: i, length: j - i });
        else {
          u.emphasis.push({ at: i, length: j - i });
          u.punctuation += j - i - 1;
        }
        i = j;
        continue;
      }
      if (c === 93 /* ] */) u.brackets.push(i);
      else if (c === 123 || c === 125 /* { } */) u.braces.push(i);
      i++;
    }
    let last = to;
    while (last > from && isBlank(text.charCodeAt(last - 1))) last--;
    u.end = to;
    u.endLine = line;
    u.endColumn = Math.max(last, from) - lineStart + 1;
  };

  // Front matter: not Markdown.
  let start = 0;
  let line = 0;
  let frontmatterEnd = -1;
  if (text.startsWith('---')) {
    const close = /\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(text);
    if (close && /^---[ \t]*\r?\n/.test(text)) frontmatterEnd = close.index + close[0].length;
  }

  let fence: { char: number; length: number } | undefined;
  /** Whether the previous line was paragraph text (a setext underline may follow it). */
  let paragraph = false;
  /** Whether the open unit's lines are table rows (each its own unit). */
  let table = false;
  /** Whether the open paragraph is in a list item (an ordered item may then start another). */
  let inList = false;
  /** Content columns of the list items open at the current line (as `containerNestingProblem`). */
  const items: number[] = [];
  /** The open import/export block. */
  let esm: (JsState & { line: number; start: number; work: number; blanks: number; reported: boolean }) | undefined;

  while (start <= text.length) {
    line++;
    lineStarts.push(start);
    let end = start;
    while (end < text.length && text.charCodeAt(end) !== 10 && text.charCodeAt(end) !== 13) end++;
    const next = end < text.length && text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? end + 2 : end + 1;

    if (start < frontmatterEnd) {
      start = next;
      if (end >= text.length) break;
      continue;
    }

    // Container prefixes: blanks and `>`.
    let i = start;
    let column = 0;
    while (i < end && (isBlank(text.charCodeAt(i)) || text.charCodeAt(i) === 62)) {
      column = text.charCodeAt(i) === TAB ? column + 4 - (column % 4) : column + 1;
      i++;
    }
    const content = text.slice(i, Math.min(end, i + 4));

    if (esm) {
      if (i === end) {
        if (jsComplete(esm)) esm = undefined;
        else {
          // acorn stops at the end of the block: the parser goes on past the blank line.
          esm.work += start - esm.start;
          esm.blanks++;
          stats.esmWork = Math.max(stats.esmWork, esm.work);
          if (!esm.reported && esm.work > STRUCTURE_LIMITS.esmWork) {
            esm.reported = true;
            problems.push({
              line: esm.line,
              column: 1,
              endLine: esm.line,
              endColumn: 7,
              message: `the import/export block that starts here does not end at its ${count(esm.blanks)} blank lines (a bracket, template literal or comment left open, or a statement cut short), and the MDX parser reads it again at each (${count(esm.work)} characters in all, too many to read in reasonable time); the page is not read past this line: close what is open, or put the text in a code block`,
            });
          }
        }
      } else jsLine(esm, text, start, end);
      if (end >= text.length) break;
      start = next;
      continue;
    }
    if (!fence && !paragraph && i === start && /^(?:import|export)(?![\w$])/.test(text.slice(start, Math.min(end, start + 7)))) {
      finishUnit();
      esm = { ...newJsState(), line, start, work: 0, blanks: 0, reported: false };
      jsLine(esm, text, start, end);
      if (end >= text.length) break;
      start = next;
      continue;
    }
    if (fence) {
      let n = 0;
      while (i + n < end && text.charCodeAt(i + n) === fence.char) n++;
      if (n >= fence.length && text.slice(i + n, end).trim() === '') fence = undefined;
    } else if (i === end) {
      finishUnit();
      paragraph = false;
      table = false;
      inList = false;
    } else if (content.startsWith('```') || content.startsWith('~~~') || content.startsWith('$$')) {
      const char = text.charCodeAt(i);
      let n = 0;
      while (i + n < end && text.charCodeAt(i + n) === char) n++;
      // The info of a backtick fence (or of `$$` math) has no backtick (no `$`): else the line is text.
      const later = char === 126 ? -1 : text.indexOf(text[i]!, i + n);
      if (later < 0 || later >= end) {
        finishUnit();
        fence = { char, length: n };
        paragraph = false;
        table = false;
      }
    }
    if (!fence && i < end && !(start < frontmatterEnd)) {
      const rest = text.slice(i, end);
      if (paragraph && !table && SETEXT_UNDERLINE.test(rest)) {
        // The paragraph above is a heading's text.
        finishUnit();
        paragraph = false;
        setextHeadings++;
        setextWork += line;
        stats.setextHeadings = setextHeadings;
        stats.setextWork = setextWork;
        if (!setextReported && setextWork > STRUCTURE_LIMITS.setextWork) {
          setextReported = true;
          let last = end;
          while (last > i && isBlank(text.charCodeAt(last - 1))) last--;
          problems.push({
            line,
            column: i - start + 1,
            endLine: line,
            endColumn: last - start + 1,
            message: `this is setext heading ${count(setextHeadings)} of the page (text underlined with \`=\` or \`-\`), more than the MDX parser can read in reasonable time on a page this long (its time grows with their number times the page's length); the page is not read past this line: use \`#\` headings, and put a blank line before a \`---\` that is a thematic break`,
          });
        }
      } else if (ATX.test(rest) || THEMATIC_BREAK.test(rest)) {
        finishUnit();
        paragraph = false;
        table = false;
        if (ATX.test(rest)) {
          startUnit(line, start, i);
          scanInline(line, start, i, end);
          finishUnit();
        }
      } else {
        // List item markers open a new paragraph; not one indented 4 columns or more past the
        // content of the list item it would be in (that is text of the open paragraph).
        while (items.length && items[items.length - 1]! > column) items.pop();
        const base = items.length ? items[items.length - 1]! : 0;
        let j = i;
        let item = false;
        let at = column;
        for (;;) {
          if (paragraph && !item && at - base >= 4) break;
          // An ordered item interrupts a paragraph only when it starts at 1, or in a list.
          const width = listMarkerWidth(text, j, end, paragraph && !inList && !item);
          if (!width) break;
          let k = j + width;
          while (k < end && isBlank(text.charCodeAt(k))) k++;
          if (k >= end) break; // an empty item: no paragraph
          at += k - j;
          items.push(at);
          item = true;
          j = k;
        }
        if (item) {
          finishUnit();
          table = false;
          inList = true;
          startUnit(line, start, j);
          scanInline(line, start, j, end);
          paragraph = true;
        } else if (table) {
          // A table row: its cells are read apart from other rows.
          finishUnit();
          startUnit(line, start, i);
          scanInline(line, start, i, end);
          finishUnit();
        } else if (
          paragraph &&
          unit &&
          unit.line === line - 1 &&
          rest.includes('|') &&
          TABLE_DELIMITER.test(rest) &&
          !SETEXT_UNDERLINE.test(rest) &&
          cells(rest) === cells(text.slice(unit.start, lineStarts[line - 1]! - 1))
        ) {
          // The line above was a table's head row.
          finishUnit();
          table = true;
          paragraph = false;
        } else {
          if (!unit) startUnit(line, start, i);
          scanInline(line, start, i, end);
          paragraph = true;
        }
      }
    }
    if (end >= text.length) break;
    start = next;
  }
  finishUnit();
  return { problems, stats };
}

function before(a: SyntaxProblem, b: SyntaxProblem): boolean {
  return a.line < b.line || (a.line === b.line && a.column < b.column);
}

/**
 * The first structure of a page that would make the MDX parser's time grow faster than the page
 * past a fixed bound (see `STRUCTURE_LIMITS`, and `containerNestingProblem` for nesting), found
 * by a linear scan of the text; undefined when there is none. The text before its line has none.
 */
export function parseHazard(text: string): SyntaxProblem | undefined {
  let first = containerNestingProblem(text);
  const budget = pageBudgetProblem(text);
  if (budget && (!first || before(budget, first))) first = budget;
  for (const problem of scanStructure(text).problems) if (!first || before(problem, first)) first = problem;
  return first;
}
