/** The parse-hazard scan: one pass over a page's lines, with a scanner per construct. */
import { listMarkerWidth } from '../limits.js';
import type { SyntaxProblem } from '../syntax.js';
import { cells, codeSpans, isBlank, isPunctuation, offset, outside, TAB, type Unit } from './inline.js';
import { jsComplete, jsLine, newJsState, type JsState } from './js-state.js';
import { count, STRUCTURE_LIMITS, type StructureStats } from './limits.js';

const ATX = /^#{1,6}(?:[ \t]|$)/;
const THEMATIC_BREAK = /^([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const SETEXT_UNDERLINE = /^(?:=+|-+)[ \t]*$/;
const TABLE_DELIMITER = /^\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;

/** An expression open across `}` (the first `{` of a paragraph), with the characters reparsed so far. */
interface Expression {
  at: number;
  line: number;
  column: number;
  work: number;
  closes: number;
  reported: boolean;
}

/** An open import/export block, with the characters reparsed at its blank lines so far. */
type EsmBlock = JsState & { line: number; start: number; work: number; blanks: number; reported: boolean };

/** The end offset of the page's front matter (not Markdown), or -1 when it has none. */
function frontmatterEnd(text: string): number {
  if (text.startsWith('---')) {
    const close = /\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(text);
    if (close && /^---[ \t]*\r?\n/.test(text)) return close.index + close[0].length;
  }
  return -1;
}

/**
 * The scan behind `parseHazard`: every problem found (each at the start of its structure), and
 * the largest counts of the page.
 */
export function scanStructure(text: string): { problems: SyntaxProblem[]; stats: StructureStats } {
  return new StructureScanner(text).scan();
}

/** The state of one scan of a page: the open unit, expression, fence, list items and import/export block. */
class StructureScanner {
  readonly problems: SyntaxProblem[] = [];
  readonly stats: StructureStats = {
    emphasisWork: 0,
    bracketWork: 0,
    codeSpanWork: 0,
    expressionWork: 0,
    esmWork: 0,
    setextWork: 0,
    setextHeadings: 0,
  };
  private unit: Unit | undefined;
  /** The open expression (naive brace balance, carried across paragraphs as flow expressions are). */
  private depth = 0;
  private expression: Expression | undefined;
  private setextWork = 0;
  private setextHeadings = 0;
  private setextReported = false;
  /** Line starts, for the positions of braces. */
  private readonly lineStarts: number[] = [];
  private fence: { char: number; length: number } | undefined;
  /** Whether the previous line was paragraph text (a setext underline may follow it). */
  private paragraph = false;
  /** Whether the open unit's lines are table rows (each its own unit). */
  private table = false;
  /** Whether the open paragraph is in a list item (an ordered item may then start another). */
  private inList = false;
  /** Content columns of the list items open at the current line (as `containerNestingProblem`). */
  private readonly items: number[] = [];
  /** The open import/export block. */
  private esm: EsmBlock | undefined;

  constructor(private readonly text: string) {}

  /** Scans every line of the page (front matter skipped). */
  scan(): { problems: SyntaxProblem[]; stats: StructureStats } {
    const text = this.text;
    let start = 0;
    let line = 0;
    const fmEnd = frontmatterEnd(text);
    while (start <= text.length) {
      line++;
      this.lineStarts.push(start);
      let end = start;
      while (end < text.length && text.charCodeAt(end) !== 10 && text.charCodeAt(end) !== 13) end++;
      const next =
        end < text.length && text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? end + 2 : end + 1;
      if (!(start < fmEnd)) this.scanLine(line, start, end);
      if (end >= text.length) break;
      start = next;
    }
    this.finishUnit();
    return { problems: this.problems, stats: this.stats };
  }

  /** The 1-based line and column of an offset of a line already scanned. */
  private positionOf(offset: number): { line: number; column: number } {
    const lineStarts = this.lineStarts;
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (lineStarts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - lineStarts[low]! + 1 };
  }

  /** Closes the open unit: checks its emphasis, brackets and code spans, then follows its braces. */
  private finishUnit(): void {
    const u = this.unit;
    this.unit = undefined;
    if (!u) return;
    const spans = this.checkInline(u);
    this.scanBraces(u, spans);
    if (this.depth === 0) this.expression = undefined;
  }

  /** Checks a unit's emphasis, brackets and code spans against their bounds; returns its code spans. */
  private checkInline(u: Unit): Array<[number, number]> {
    const stats = this.stats;
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
      this.problems.push({
        ...at,
        message: `this paragraph has ${count(emphasis)} emphasis markers (\`*\`, \`_\` or \`~\`) among ${count(punctuation)} punctuation marks, more than the MDX parser can match in reasonable time (its time grows with the product); ${tail}: escape the markers that are not emphasis (\`\\*\`, \`\\_\`), split the paragraph, or put the text in a code block`,
      });
    } else if (bracketWork > STRUCTURE_LIMITS.bracketWork) {
      this.problems.push({
        ...at,
        message: `this paragraph has ${count(brackets)} \`]\` among ${count(punctuation)} punctuation marks, more than the MDX parser can match in reasonable time (its time grows with the product); ${tail}: escape the brackets that are not links (\`\\[\`, \`\\]\`), split the paragraph, or put the text in a code block`,
      });
    } else if (ticks.work > STRUCTURE_LIMITS.codeSpanWork) {
      this.problems.push({
        ...at,
        message: `this paragraph has ${count(ticks.unmatched)} runs of backticks that open no code span, and the MDX parser searches the rest of the paragraph for the end of each (${count(ticks.work)} characters in all, too many to read in reasonable time); ${tail}: escape them (\`\\\`\`), split the paragraph, or put the text in a code block`,
      });
    } else if (dollars.work > STRUCTURE_LIMITS.codeSpanWork) {
      this.problems.push({
        ...at,
        message: `this paragraph has ${count(dollars.unmatched)} runs of \`$\` that open no inline math, and the MDX parser searches the rest of the paragraph for the end of each (${count(dollars.work)} characters in all, too many to read in reasonable time); ${tail}: escape them (\`\\$\`), split the paragraph, or put the text in a code block`,
      });
    }
    return spans;
  }

  /**
   * Braces: outside code spans, an expression runs from its `{` to the first `}` at which acorn
   * parses what is between; till then the parser hands it to acorn again at each `}`. Whether
   * acorn parses is not known without parsing: the first `{` of a paragraph is taken to be
   * open up to the paragraph's end (and past it while its braces do not balance).
   */
  private scanBraces(u: Unit, spans: Array<[number, number]>): void {
    const tail = 'the page is not read past this line';
    for (const b of outside(u.braces, spans, offset)) {
      if (this.text.charCodeAt(b) === 123) {
        this.depth++;
        this.expression ??= { at: b, ...this.positionOf(b), work: 0, closes: 0, reported: false };
      } else if (this.expression) {
        const expression = this.expression;
        this.depth = Math.max(0, this.depth - 1);
        expression.work += b - expression.at;
        expression.closes++;
        this.stats.expressionWork = Math.max(this.stats.expressionWork, expression.work);
        if (!expression.reported && expression.work > STRUCTURE_LIMITS.expressionWork) {
          expression.reported = true;
          this.problems.push({
            line: expression.line,
            column: expression.column,
            endLine: expression.line,
            endColumn: expression.column + 1,
            message: `the expression that starts here may run on past ${count(expression.closes)} \`}\` (${count(b + 1 - expression.at)} characters), and the MDX parser reads it again at each \`}\` till it parses (too long to read in reasonable time); ${tail}: check that its braces and quotes balance, escape a \`{\` that is text (\`\\{\`), or put the text in a code block`,
          });
        }
      }
    }
  }

  /** Opens a unit at offset `at` of line `line`. */
  private startUnit(line: number, lineStart: number, at: number): void {
    this.unit = {
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
  }

  /** Adds the inline text `from`..`to` of line `line` to the open unit. */
  private scanInline(line: number, lineStart: number, from: number, to: number): void {
    const text = this.text;
    const u = this.unit!;
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
  }

  /** Scans one line (`start`..`end`) past the front matter. */
  private scanLine(line: number, start: number, end: number): void {
    const text = this.text;
    // Container prefixes: blanks and `>`.
    let i = start;
    let column = 0;
    while (i < end && (isBlank(text.charCodeAt(i)) || text.charCodeAt(i) === 62)) {
      column = text.charCodeAt(i) === TAB ? column + 4 - (column % 4) : column + 1;
      i++;
    }
    const content = text.slice(i, Math.min(end, i + 4));

    if (this.esm) {
      this.esmLine(this.esm, start, end, i);
      return;
    }
    if (
      !this.fence &&
      !this.paragraph &&
      i === start &&
      /^(?:import|export)(?![\w$])/.test(text.slice(start, Math.min(end, start + 7)))
    ) {
      this.finishUnit();
      this.esm = { ...newJsState(), line, start, work: 0, blanks: 0, reported: false };
      jsLine(this.esm, text, start, end);
      return;
    }
    this.fenceLine(i, end, content);
    if (!this.fence && i < end) this.blockLine(line, start, i, end, column);
  }

  /** A line of an open import/export block: at a blank line, the block ends or is reparsed. */
  private esmLine(esm: EsmBlock, start: number, end: number, i: number): void {
    if (i !== end) {
      jsLine(esm, this.text, start, end);
      return;
    }
    if (jsComplete(esm)) {
      this.esm = undefined;
      return;
    }
    // acorn stops at the end of the block: the parser goes on past the blank line.
    esm.work += start - esm.start;
    esm.blanks++;
    this.stats.esmWork = Math.max(this.stats.esmWork, esm.work);
    if (!esm.reported && esm.work > STRUCTURE_LIMITS.esmWork) {
      esm.reported = true;
      this.problems.push({
        line: esm.line,
        column: 1,
        endLine: esm.line,
        endColumn: 7,
        message: `the import/export block that starts here does not end at its ${count(esm.blanks)} blank lines (a bracket, template literal or comment left open, or a statement cut short), and the MDX parser reads it again at each (${count(esm.work)} characters in all, too many to read in reasonable time); the page is not read past this line: close what is open, or put the text in a code block`,
      });
    }
  }

  /** Fences (code and math), and blank lines: what closes, or opens, or ends a paragraph. */
  private fenceLine(i: number, end: number, content: string): void {
    const text = this.text;
    if (this.fence) {
      let n = 0;
      while (i + n < end && text.charCodeAt(i + n) === this.fence.char) n++;
      if (n >= this.fence.length && text.slice(i + n, end).trim() === '') this.fence = undefined;
    } else if (i === end) {
      this.finishUnit();
      this.paragraph = false;
      this.table = false;
      this.inList = false;
    } else if (content.startsWith('```') || content.startsWith('~~~') || content.startsWith('$$')) {
      const char = text.charCodeAt(i);
      let n = 0;
      while (i + n < end && text.charCodeAt(i + n) === char) n++;
      // The info of a backtick fence (or of `$$` math) has no backtick (no `$`): else the line is text.
      const later = char === 126 ? -1 : text.indexOf(text[i]!, i + n);
      if (later < 0 || later >= end) {
        this.finishUnit();
        this.fence = { char, length: n };
        this.paragraph = false;
        this.table = false;
      }
    }
  }

  /** A non-blank line outside fences: a setext underline, an ATX heading or thematic break, or text. */
  private blockLine(line: number, start: number, i: number, end: number, column: number): void {
    const rest = this.text.slice(i, end);
    if (this.paragraph && !this.table && SETEXT_UNDERLINE.test(rest)) {
      this.setextLine(line, start, i, end);
    } else if (ATX.test(rest) || THEMATIC_BREAK.test(rest)) {
      this.finishUnit();
      this.paragraph = false;
      this.table = false;
      if (ATX.test(rest)) {
        this.startUnit(line, start, i);
        this.scanInline(line, start, i, end);
        this.finishUnit();
      }
    } else {
      this.textLine(line, start, i, end, column, rest);
    }
  }

  /** A setext underline: the paragraph above is a heading's text. */
  private setextLine(line: number, start: number, i: number, end: number): void {
    this.finishUnit();
    this.paragraph = false;
    this.setextHeadings++;
    this.setextWork += line;
    this.stats.setextHeadings = this.setextHeadings;
    this.stats.setextWork = this.setextWork;
    if (!this.setextReported && this.setextWork > STRUCTURE_LIMITS.setextWork) {
      this.setextReported = true;
      let last = end;
      while (last > i && isBlank(this.text.charCodeAt(last - 1))) last--;
      this.problems.push({
        line,
        column: i - start + 1,
        endLine: line,
        endColumn: last - start + 1,
        message: `this is setext heading ${count(this.setextHeadings)} of the page (text underlined with \`=\` or \`-\`), more than the MDX parser can read in reasonable time on a page this long (its time grows with their number times the page's length); the page is not read past this line: use \`#\` headings, and put a blank line before a \`---\` that is a thematic break`,
      });
    }
  }

  /** A line of text: list item markers, a table row or delimiter row, or paragraph text. */
  private textLine(line: number, start: number, i: number, end: number, column: number, rest: string): void {
    const text = this.text;
    const j = this.listItems(i, end, column);
    if (j !== undefined) {
      this.finishUnit();
      this.table = false;
      this.inList = true;
      this.startUnit(line, start, j);
      this.scanInline(line, start, j, end);
      this.paragraph = true;
    } else if (this.table) {
      // A table row: its cells are read apart from other rows.
      this.finishUnit();
      this.startUnit(line, start, i);
      this.scanInline(line, start, i, end);
      this.finishUnit();
    } else if (
      this.paragraph &&
      this.unit &&
      this.unit.line === line - 1 &&
      rest.includes('|') &&
      TABLE_DELIMITER.test(rest) &&
      !SETEXT_UNDERLINE.test(rest) &&
      cells(rest) === cells(text.slice(this.unit.start, this.lineStarts[line - 1]! - 1))
    ) {
      // The line above was a table's head row.
      this.finishUnit();
      this.table = true;
      this.paragraph = false;
    } else {
      if (!this.unit) this.startUnit(line, start, i);
      this.scanInline(line, start, i, end);
      this.paragraph = true;
    }
  }

  /**
   * The list item markers at the start of a line (pushed onto the open items): the offset of the
   * content after them, or undefined when there are none. List item markers open a new paragraph;
   * not one indented 4 columns or more past the content of the list item it would be in (that is
   * text of the open paragraph).
   */
  private listItems(i: number, end: number, column: number): number | undefined {
    const text = this.text;
    const items = this.items;
    while (items.length && items[items.length - 1]! > column) items.pop();
    const base = items.length ? items[items.length - 1]! : 0;
    let j = i;
    let item = false;
    let at = column;
    for (;;) {
      if (this.paragraph && !item && at - base >= 4) break;
      // An ordered item interrupts a paragraph only when it starts at 1, or in a list.
      const width = listMarkerWidth(text, j, end, this.paragraph && !this.inList && !item);
      if (!width) break;
      let k = j + width;
      while (k < end && isBlank(text.charCodeAt(k))) k++;
      if (k >= end) break; // an empty item: no paragraph
      at += k - j;
      items.push(at);
      item = true;
      j = k;
    }
    return item ? j : undefined;
  }
}
