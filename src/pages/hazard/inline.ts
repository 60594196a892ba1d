/** The characters and runs of a paragraph that the parse-hazard scan counts, and the code spans among them. */

/** The tab character code. */
export const TAB = 9;
const SPACE = 32;

/** A space or a tab. */
export function isBlank(c: number): boolean {
  return c === SPACE || c === TAB;
}

/** ASCII punctuation: what a backslash escapes, and what micromark makes tokens of. */
export function isPunctuation(c: number): boolean {
  return (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126);
}

/** A run of one marker character: its offset and length. */
export interface Run {
  at: number;
  length: number;
}

/** A paragraph (or heading, or table row) being scanned: its span and the marks it holds. */
export interface Unit {
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
export function codeSpans(
  runs: Run[],
  end: number,
): { work: number; unmatched: number; spans: Array<[number, number]> } {
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
export function outside<T>(items: T[], spans: Array<[number, number]>, at: (item: T) => number): T[] {
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

/** The offset of an item that is one. */
export const offset = (n: number) => n;

/** The cells of a table row: its unescaped `|`, less a leading and a trailing one, plus one. */
export function cells(row: string): number {
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
