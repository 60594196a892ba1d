import type { Scorecard } from '../commands/scorecard.js';
import type { Diagnostic } from '../core/diagnostic.js';
import type { RuleMeta } from '../rule-kit/rule.js';

export interface ReportInput {
  diagnostics: Diagnostic[];
  /** Every linted file, so that formats listing clean files (json, junit) can. */
  files: string[];
  cwd: string;
  /** Terminal colours (stylish only). */
  color: boolean;
  /** The report goes to a terminal (stylish then ends a clean run with one summary line). */
  terminal?: boolean;
  /**
   * Every known rule, for formats that describe rules (sarif's rule table, html's rule links).
   * The CLI passes the registry's list; reporters never load the registry themselves.
   */
  rules: RuleMeta[];
  /**
   * The roots of the linted sites: a format that quotes source (html's code frames) reads only
   * files inside them (default: `cwd`).
   */
  sites?: string[];
  /**
   * Texts linted in place of the files on disk (`--stdin`), by absolute path: a format that quotes
   * source quotes these.
   */
  sources?: ReadonlyMap<string, string>;
  /**
   * Findings `--quiet` (or `--no-notes`: `by`) left out (stylish says how many, so that a
   * clean-looking run does not mislead).
   */
  hidden?: { warnings: number; notes: number; by?: '--quiet' | '--no-notes' };
  /**
   * The site's agent-readiness scorecard as `doclint score` computes it (the CLI gives it to the
   * html format): the report shows it instead of one built from the run's findings.
   */
  scorecard?: Scorecard;
}

export type Reporter = (input: ReportInput) => string;

export interface FileSummary {
  filePath: string;
  messages: Diagnostic[];
  errorCount: number;
  warningCount: number;
  infoCount: number;
}

/** Findings grouped by file, files in the order given (then any file only findings name). */
export function groupByFile(input: ReportInput): FileSummary[] {
  const map = new Map<string, FileSummary>();
  const add = (filePath: string) => {
    let s = map.get(filePath);
    if (!s) map.set(filePath, (s = { filePath, messages: [], errorCount: 0, warningCount: 0, infoCount: 0 }));
    return s;
  };
  for (const file of input.files) add(file);
  for (const d of input.diagnostics) {
    const s = add(d.file);
    s.messages.push(d);
    if (d.severity === 'error') s.errorCount++;
    else if (d.severity === 'warning') s.warningCount++;
    else s.infoCount++;
  }
  return [...map.values()];
}
