/**
 * The one currency of doclint: every finding, from the JSON parser to the site checks, is a
 * Diagnostic. Positions are 1-based; columns count UTF-16 code units (what JavaScript strings,
 * mdast and the Language Server Protocol all use). `endLine`/`endColumn` are exclusive.
 */
export type Severity = 'error' | 'warning' | 'info';

export interface Fix {
  /** Byte-free range: [start, end) offsets into the file's text (as read, BOM included). */
  range: [number, number];
  text: string;
}

export interface Diagnostic {
  /** Absolute path of the file the finding is in. */
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  ruleId: string;
  severity: Severity;
  message: string;
  /** Documentation page of the rule. */
  url: string;
  fix?: Fix;
}

export const severityRank: Record<Severity, number> = { info: 0, warning: 1, error: 2 };

export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
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
  return sorted.filter((d, i) => i === 0 || compareDiagnostics(d, sorted[i - 1]!) !== 0 || d.severity !== sorted[i - 1]!.severity);
}
