import type { Reporter } from './types.js';
import { groupByFile } from './types.js';

const SEVERITY = { error: 2, warning: 1, info: 0 } as const;

/**
 * ESLint-compatible JSON: one entry per linted file, `filePath` absolute, severity 2 = error,
 * 1 = warning (info-level notes are 0 and counted in neither total). doclint adds `url`.
 */
export const json: Reporter = (input) =>
  JSON.stringify(
    groupByFile(input).map((file) => ({
      filePath: file.filePath,
      messages: file.messages.map((d) => ({
        ruleId: d.ruleId,
        severity: SEVERITY[d.severity],
        message: d.message,
        line: d.line,
        column: d.column,
        endLine: d.endLine,
        endColumn: d.endColumn,
        url: d.url,
      })),
      errorCount: file.errorCount,
      warningCount: file.warningCount,
    })),
  ) + '\n';
