import path from 'node:path';
import { Chalk } from 'chalk';
import type { Reporter } from './types.js';
import { groupByFile } from './types.js';
import { escapeControls, filesText } from './support.js';
import { escapeName, oneLineMessage } from './unix.js';

/** Human output in the ESLint "stylish" shape: a block per file, a summary line at the end. */
export const stylish: Reporter = (input) => {
  const c = new Chalk({ level: input.color ? 1 : 0 });
  const label = { error: c.red('error'), warning: c.yellow('warning'), info: c.blue('info') };
  const files = groupByFile(input).filter((f) => f.messages.length > 0);
  let errors = 0;
  let warnings = 0;
  let infos = 0;
  const out: string[] = [];
  for (const file of files) {
    errors += file.errorCount;
    warnings += file.warningCount;
    infos += file.infoCount;
    out.push('', c.underline(escapeName(path.relative(input.cwd, file.filePath) || file.filePath)));
    const rows = file.messages.map(
      (d) =>
        [`${d.line}:${d.column}`, d.severity, oneLineMessage(d.message), escapeControls(d.ruleId), d.related] as const,
    );
    // A loop, not `Math.max(...widths)`: spreading overflows the stack past ~125,000 findings.
    let w0 = 0;
    let w1 = 0;
    for (const r of rows) {
      w0 = Math.max(w0, r[0].length);
      w1 = Math.max(w1, r[1].length);
    }
    for (const [pos, severity, message, rule, related] of rows) {
      out.push(
        `  ${c.dim(pos.padEnd(w0))}  ${label[severity]}${' '.repeat(w1 - severity.length)}  ${message}  ${c.dim(rule)}`,
      );
      for (const r of related ?? []) {
        const where = `${escapeName(path.relative(input.cwd, r.file) || r.file)}:${r.line}:${r.column}`;
        out.push(`  ${' '.repeat(w0 + w1 + 4)}${c.dim(`${oneLineMessage(r.message)}: ${where}`)}`);
      }
    }
  }
  const total = errors + warnings;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  // Piped output of a clean run stays empty (scripts test for it); a person at a terminal is told.
  const hidden = [
    input.hidden?.warnings ? plural(input.hidden.warnings, 'warning') : '',
    input.hidden?.notes ? plural(input.hidden.notes, 'note') : '',
  ]
    .filter(Boolean)
    .join(' and ');
  const hid = hidden ? ` (${input.hidden?.by ?? '--quiet'} hid ${hidden})` : '';
  if (total === 0 && infos === 0) {
    if (!input.terminal) return '';
    return hidden
      ? `${c.green('✔')} No ${input.hidden?.by === '--no-notes' ? 'problems' : 'errors'} found in ${filesText(input.files)}; ${input.hidden?.by ?? '--quiet'} hid ${hidden}.\n`
      : `${c.green('✔')} No problems found in ${filesText(input.files)}.\n`;
  }
  const parts = [`${plural(total, 'problem')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')})`];
  if (infos) parts.push(plural(infos, 'note'));
  const summary = `${total ? '✖' : 'ℹ'} ${parts.join(', ')}${hid}`;
  out.push('', errors ? c.red.bold(summary) : warnings ? c.yellow.bold(summary) : c.blue(summary), '');
  return out.join('\n') + '\n';
};
