/** The structure bounds of the parse-hazard scan, and the counts it reports against them. */

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

/** A number as messages write it: `1,234,567`. */
export const count = (n: number) => n.toLocaleString('en-US');
