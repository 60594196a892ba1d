import type { Severity } from '../core/diagnostic.js';
import type { Reporter } from './types.js';
import { escapeControls } from './support.js';
import { escapeName, oneLineMessage } from './unix.js';

const TYPE: Record<Severity, string> = { error: 'Error', warning: 'Warning', info: 'Info' };

/**
 * ESLint's `compact` shape: `/abs/file: line 1, col 2, Error - message (rule)`, one finding per
 * line, then a blank line and `N problems` (info-level notes are `Info`, a word ESLint has no use for).
 */
export const compact: Reporter = (input) => {
  const lines = input.diagnostics.map(
    (d) =>
      `${escapeName(d.file)}: line ${d.line}, col ${d.column}, ${TYPE[d.severity]} - ${oneLineMessage(d.message)} (${escapeControls(d.ruleId)})\n`,
  );
  const n = lines.length;
  return n ? `${lines.join('')}\n${n} problem${n === 1 ? '' : 's'}\n` : '';
};
