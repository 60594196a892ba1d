import {
  DiagnosticSeverity,
  type Diagnostic as LspDiagnostic,
  type Position,
  type Range,
  type TextEdit,
} from 'vscode-languageserver';
import type { Diagnostic, Fix, Severity } from '../core/diagnostic.js';
import { fileToUri } from './uri.js';
import type { LineIndex } from '../core/text.js';

/** What editors show as the diagnostic's origin. */
export const SOURCE = 'doclint';

const SEVERITIES: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
};

/**
 * doclint positions are 1-based lines and 1-based columns in UTF-16 code units; LSP positions
 * are 0-based lines and 0-based characters in UTF-16 code units (the default position encoding).
 * So the conversion is a shift by one, with no re-counting of the line's text.
 */
export function toRange(d: Pick<Diagnostic, 'line' | 'column' | 'endLine' | 'endColumn'>): Range {
  const start: Position = { line: Math.max(0, d.line - 1), character: Math.max(0, d.column - 1) };
  let end: Position = { line: Math.max(0, d.endLine - 1), character: Math.max(0, d.endColumn - 1) };
  if (end.line < start.line || (end.line === start.line && end.character < start.character)) end = start;
  return { start, end };
}

export function toLspDiagnostic(d: Diagnostic): LspDiagnostic {
  return {
    range: toRange(d),
    severity: SEVERITIES[d.severity],
    code: d.ruleId,
    codeDescription: { href: d.url },
    source: SOURCE,
    message: d.message,
    ...(d.related?.length
      ? {
          relatedInformation: d.related.map((r) => ({
            location: { uri: fileToUri(r.file), range: toRange(r) },
            message: r.message,
          })),
        }
      : {}),
  };
}

/** A fix's [start, end) offsets into `text` (the text that was linted) as an LSP edit. */
export function fixToEdit(fix: Fix, lines: LineIndex): TextEdit {
  const a = lines.position(fix.range[0]);
  const b = lines.position(Math.max(fix.range[0], fix.range[1]));
  return {
    range: { start: { line: a.line - 1, character: a.column - 1 }, end: { line: b.line - 1, character: b.column - 1 } },
    newText: fix.text,
  };
}

/** Identity of a published diagnostic, to match what a client sends back in a code-action request. */
export function diagnosticKey(d: Pick<LspDiagnostic, 'range' | 'code' | 'message'>): string {
  const r = d.range;
  return `${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character}|${String(d.code ?? '')}|${d.message}`;
}
