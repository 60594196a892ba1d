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
        ...(d.fix ? { fix: { range: d.fix.range, text: d.fix.text } } : {}),
        ...(d.related?.length
          ? {
              related: d.related.map((r) => ({
                filePath: r.file,
                line: r.line,
                column: r.column,
                endLine: r.endLine,
                endColumn: r.endColumn,
                message: r.message,
              })),
            }
          : {}),
        ...(d.suggestions?.length
          ? { suggestions: d.suggestions.map((s) => ({ desc: s.desc, fix: { range: s.fix.range, text: s.fix.text } })) }
          : {}),
      })),
      errorCount: file.errorCount,
      warningCount: file.warningCount,
    })),
  ) + '\n';
