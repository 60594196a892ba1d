import { containerNestingProblem } from './limits.js';
import { count } from './hazard/limits.js';
import { scanStructure } from './hazard/scan.js';
import type { SyntaxProblem } from './syntax.js';

export { STRUCTURE_LIMITS, type StructureStats } from './hazard/limits.js';
export { scanStructure } from './hazard/scan.js';

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

/** Whether problem `a` comes before `b` in the page. */
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
