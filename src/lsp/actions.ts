import {
  CodeActionKind,
  type CodeAction,
  type CodeActionParams,
  type Diagnostic as LspDiagnostic,
  type Range,
  type TextEdit,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { builtinRegistry } from '../config/registry.js';
import { diagnosticKey, fixToEdit } from './convert.js';
import type { OpenDocument, Published } from './workspace.js';

/** Findings that a directive cannot (or should not) silence: those of rules that declare `meta.notDisableable`. */
const notDisableable = (ruleId: string): boolean => builtinRegistry().get(ruleId)?.notDisableable === true;

const DIRECTIVE_LINE = /^(\s*)\{\/\*\s*doclint-disable-next-line((?:\s+[a-z0-9-]+)+)\s*\*\/\}\s*$/;

function overlaps(a: Range, b: Range): boolean {
  const before = (p: Range['start'], q: Range['start']) =>
    p.line < q.line || (p.line === q.line && p.character < q.character);
  return !before(a.end, b.start) && !before(b.end, a.start);
}

function lineText(doc: TextDocument, line: number): string {
  return doc
    .getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } })
    .replace(/\r?\n$|\r$/, '');
}

/** The 0-based last line of the front matter block, or -1 when the page has none. */
function frontMatterEnd(doc: TextDocument): number {
  if (
    lineText(doc, 0)
      .replace(/^\uFEFF/, '')
      .trimEnd() !== '---'
  )
    return -1;
  for (let line = 1; line < doc.lineCount; line++) {
    const text = lineText(doc, line).trimEnd();
    if (text === '---' || text === '...') return line;
  }
  return doc.lineCount - 1;
}

/** `{/* doclint-disable-next-line rule *\/}` above the line, indented like it, or the rule added to one already there. */
function disableEdit(doc: TextDocument, line: number, ruleId: string): TextEdit | undefined {
  if (line <= frontMatterEnd(doc)) return undefined; // a comment cannot go inside YAML front matter
  if (line > 0) {
    const above = lineText(doc, line - 1);
    const match = DIRECTIVE_LINE.exec(above);
    if (match) {
      const rules = match[2]!.trim().split(/\s+/);
      if (rules.includes(ruleId)) return undefined;
      const at = match[1]!.length + above.slice(match[1]!.length).indexOf(match[2]!) + match[2]!.length;
      return {
        range: { start: { line: line - 1, character: at }, end: { line: line - 1, character: at } },
        newText: ` ${ruleId}`,
      };
    }
  }
  const indent = /^[ \t]*/.exec(lineText(doc, line))![0];
  const eol = doc.getText().includes('\r\n') ? '\r\n' : '\n';
  return {
    range: { start: { line, character: 0 }, end: { line, character: 0 } },
    newText: `${indent}{/* doclint-disable-next-line ${ruleId} */}${eol}`,
  };
}

function fixTitle(ruleId: string, text: string): string {
  if (text === '') return `Fix ${ruleId}: remove`;
  if (text.length <= 40 && !/[\r\n]/.test(text)) return `Fix ${ruleId}: replace with ${text}`;
  return `Fix this ${ruleId} problem`;
}

/**
 * Quick fixes for the findings under the cursor: each finding's own fix, and in pages a directive
 * that disables the rule for that line. Answers from the last published findings, and nothing
 * while they are out of date (the client asks again once new ones are published).
 */
export function codeActions(od: OpenDocument, params: CodeActionParams): CodeAction[] {
  const published: Published | undefined = od.published;
  if (!published || published.version !== od.doc.version) return [];
  const only = params.context.only;
  if (
    only &&
    !only.some(
      (kind) =>
        kind === CodeActionKind.QuickFix ||
        CodeActionKind.QuickFix.startsWith(`${kind}.`) ||
        kind === CodeActionKind.Empty,
    )
  )
    return [];
  const asked = new Set((params.context.diagnostics ?? []).map(diagnosticKey));
  const items = published.items.filter(
    (i) => overlaps(i.lsp.range, params.range) && (asked.size === 0 || asked.has(diagnosticKey(i.lsp))),
  );

  const fixes: CodeAction[] = [];
  const disables = new Map<string, { action: CodeAction; diagnostics: LspDiagnostic[] }>();
  for (const { lsp, source } of items) {
    if (source?.fix) {
      fixes.push({
        title: fixTitle(source.ruleId, source.fix.text),
        kind: CodeActionKind.QuickFix,
        diagnostics: [lsp],
        isPreferred: true,
        edit: { changes: { [od.uri]: [fixToEdit(source.fix, published.lines)] } },
      });
    }
    // Suggestions are guesses: offered as quick fixes, never preferred.
    for (const suggestion of source?.suggestions ?? []) {
      fixes.push({
        title: suggestion.desc,
        kind: CodeActionKind.QuickFix,
        diagnostics: [lsp],
        edit: { changes: { [od.uri]: [fixToEdit(suggestion.fix, published.lines)] } },
      });
    }
    // A diagnostic of doclint's own (it could not lint the file) has no finding: nothing to disable.
    if (published.kind !== 'page' || !source || notDisableable(source.ruleId)) continue;
    const line = lsp.range.start.line;
    const key = `${line}:${source.ruleId}`;
    const existing = disables.get(key);
    if (existing) {
      existing.diagnostics.push(lsp);
      continue;
    }
    const edit = disableEdit(od.doc, line, source.ruleId);
    if (!edit) continue;
    const diagnostics = [lsp];
    disables.set(key, {
      diagnostics,
      action: {
        title: `Disable ${source.ruleId} for this line`,
        kind: CodeActionKind.QuickFix,
        diagnostics,
        edit: { changes: { [od.uri]: [edit] } },
      },
    });
  }
  return [...fixes, ...[...disables.values()].map((d) => d.action)];
}
