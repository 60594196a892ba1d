import type { Span } from '../core/diagnostic.js';
import { LineIndex } from '../core/text.js';
import { parseHazard } from './hazard.js';
import { containerNestingProblem } from './limits.js';

/**
 * Where a page that took too long to parse most likely makes the parser slow, found with cheap
 * linear scans (never the parser): the deepest nesting of lists and block quotes, and the longest
 * run of the characters micromark retries on (emphasis `*` `_`, backticks, brackets, braces,
 * angle brackets). The structure reported is the one that stands out most against a normal page.
 * Only words the message of a page stopped by the time limit: the structures the parser's time
 * grows faster than the page on are bounded before parsing (`parseHazard`), with a finding that
 * does not depend on time.
 */
export interface PathologyHint extends Span {
  /** What was found, for a message: "a run of 40,000 `*` and `_`". */
  what: string;
}

/** Nesting below this and runs shorter than this are what real pages have. */
const NESTING_OF_NOTE = 16;
const RUN_OF_NOTE = 64;

const RUN_CLASSES: ReadonlyArray<{ chars: string; name: string }> = [
  { chars: '*_', name: '`*` and `_`' },
  { chars: '`', name: 'backticks' },
  { chars: '~', name: '`~`' },
  { chars: '[]', name: '`[` and `]`' },
  { chars: '{}', name: '`{` and `}`' },
  { chars: '<', name: '`<`' },
  { chars: '()', name: '`(` and `)`' },
  { chars: '!', name: '`!`' },
];

const CLASS_OF = new Map<number, number>();
for (const [i, { chars }] of RUN_CLASSES.entries()) for (const c of chars) CLASS_OF.set(c.charCodeAt(0), i);

/** The longest run of characters of one class (blanks inside a run do not end it). */
function longestRun(text: string): { start: number; end: number; count: number; cls: number } | undefined {
  let best: { start: number; end: number; count: number; cls: number } | undefined;
  let cls = -1;
  let start = 0;
  let count = 0;
  let last = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : -1;
    if (c === 32 && cls >= 0) continue;
    const k = CLASS_OF.get(c) ?? -1;
    if (k === cls && k >= 0) {
      count++;
      last = i;
      continue;
    }
    if (cls >= 0 && (!best || count > best.count)) best = { start, end: last + 1, count, cls };
    cls = k;
    start = i;
    last = i;
    count = k >= 0 ? 1 : 0;
  }
  return best;
}

/** The deepest nesting of block quotes and list items (up to `cap`), and where it is first reached. */
function deepestNesting(text: string, cap: number): { depth: number; at: Span } | undefined {
  if (!containerNestingProblem(text, NESTING_OF_NOTE)) return undefined;
  // The scan tells where nesting first exceeds a limit: search for the largest limit exceeded.
  let low = NESTING_OF_NOTE;
  let high = cap;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (containerNestingProblem(text, mid)) low = mid;
    else high = mid - 1;
  }
  const problem = containerNestingProblem(text, low)!;
  return {
    depth: low + 1,
    at: { line: problem.line, column: problem.column, endLine: problem.endLine, endColumn: problem.endColumn },
  };
}

const count = (n: number) => n.toLocaleString('en-US');

/** The structure most likely to make the parser slow, or undefined when nothing stands out. */
export function pathologyHint(text: string, maxNesting = 100): PathologyHint | undefined {
  const run = longestRun(text);
  const nesting = deepestNesting(text, maxNesting);
  const runScore = run && run.count >= RUN_OF_NOTE ? run.count / RUN_OF_NOTE : 0;
  const nestingScore = nesting ? nesting.depth / NESTING_OF_NOTE : 0;
  if (!runScore && !nestingScore) return undefined;
  if (nesting && nestingScore >= runScore) {
    return { ...nesting.at, what: `block quotes and list items nested ${count(nesting.depth)} levels deep` };
  }
  const lines = new LineIndex(text);
  const { name } = RUN_CLASSES[run!.cls]!;
  return { ...lines.range(run!.start, run!.end), what: `a run of ${count(run!.count)} ${name}` };
}

/**
 * Pages larger than this may take seconds to parse even when nothing in them stands out (the
 * parse is linear past the bounds of `parseHazard`, but a long page full of lines, containers or
 * `:` takes about a second per 100 KB on a loaded 2-core machine); the largest page of most sites
 * is smaller, changelogs aside.
 */
export const LARGE_PAGE_CHARS = 64 * 1024;

/**
 * A page that may take long to parse: one whose text read by the parser (up to the first parse
 * hazard, when it has one: see `parseHazard`) is large. In a run over a few files such a page
 * alone goes to a worker thread, under the time limit; other pages are linted on the main thread.
 * The structures the parse is superlinear on are bounded by the pre-scan, so a small page is
 * never slow however it is built.
 */
export function mayBeSlow(text: string): boolean {
  if (text.length <= LARGE_PAGE_CHARS) return false;
  const hazard = parseHazard(text);
  if (!hazard) return true;
  // The parser reads the lines before the hazard's line.
  let offset = 0;
  for (let line = 1; line < hazard.line && offset !== -1; line++) offset = text.indexOf('\n', offset) + 1 || -1;
  return offset === -1 || offset > LARGE_PAGE_CHARS;
}
