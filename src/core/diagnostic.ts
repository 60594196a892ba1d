/**
 * The one currency of doclint: every finding, from the JSON parser to the site rules, becomes a
 * Diagnostic. Positions are 1-based; columns count UTF-16 code units (what JavaScript strings,
 * mdast and the Language Server Protocol all use). `endLine`/`endColumn` are exclusive.
 *
 * Rules never build Diagnostics: they call `context.report()`, which makes a `Finding` (no
 * severity, no URL); message control (src/engine/message-control.ts) turns findings into
 * diagnostics in one place, with the severity from the rule's meta and the configuration.
 */
export type Severity = 'error' | 'warning' | 'info';

/** A 1-based range in one file (end exclusive). */
export interface Span {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** A range in a named file. */
export interface Place extends Span {
  /** Absolute path. */
  file: string;
}

export interface Fix {
  /** [start, end) offsets into the file's text (as read, BOM included). */
  range: [number, number];
  text: string;
}

/** A change that is offered, never applied by `--fix` alone (ESLint's shape). */
export interface Suggestion {
  /** What applying it does: "Rename `<Notee>` to `<Note>`". */
  desc: string;
  fix: Fix;
}

/** Another place that explains a finding (the first occurrence of a duplicate, …). */
export interface Related extends Place {
  message: string;
}

/** What a rule reported, placed in a file; severity and URL are added by message control. */
export interface Finding extends Place {
  ruleId: string;
  /** The kind of problem within the rule, when its meta gives kinds their own severity. */
  problem?: string;
  message: string;
  /** Applied by `--fix`: it cannot change what the file means. */
  fix?: Fix;
  /** Offered in the editor and by `--fix-dry-run`; applied only with `--fix-suggestions`. */
  suggestions?: Suggestion[];
  related?: Related[];
}

export interface Diagnostic extends Finding {
  severity: Severity;
  /** Documentation page of the rule. */
  url: string;
}

export const severityRank: Record<Severity, number> = { info: 0, warning: 1, error: 2 };

export function compareDiagnostics(a: Finding, b: Finding): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return (
    a.line - b.line ||
    a.column - b.column ||
    a.endLine - b.endLine ||
    a.endColumn - b.endColumn ||
    (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0) ||
    (a.message < b.message ? -1 : a.message > b.message ? 1 : 0)
  );
}

/** Sorts by file and position, and drops exact duplicates (same place, rule and message). */
export function sortAndDedupe(diagnostics: Diagnostic[]): Diagnostic[] {
  const sorted = [...diagnostics].sort(compareDiagnostics);
  return sorted.filter(
    (d, i) => i === 0 || compareDiagnostics(d, sorted[i - 1]!) !== 0 || d.severity !== sorted[i - 1]!.severity,
  );
}

/** Appends without spreading (`push(...list)` overflows the stack past ~125,000 items). */
export function append<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}

/** Where a finding is: a span of the file being checked, a place in any file, or a JSON pointer of docs.json. */
export type At = Span | Place | { pointer: string; on?: 'key' | 'value' };
