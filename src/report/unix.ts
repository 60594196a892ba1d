import path from 'node:path';
import { escapeControls } from './support.js';
import type { Reporter } from './types.js';

/**
 * A file name on one line: control characters (a newline is legal in a file name) written as
 * escapes (`\n`, `\r`, `\t`, `\u001b`), so that each finding stays one line.
 */
export function escapeName(name: string): string {
  return escapeControls(name);
}

/** A message on one line: line breaks and the white space around them one space, other control characters escaped. */
export function oneLineMessage(message: string): string {
  return escapeControls(message.replace(/\s*[\r\n]\s*/g, ' '));
}

/**
 * `file:line:col: severity message [rule]`, one finding per line (problem matchers, grep); paths
 * relative to the working folder. This was `compact` until `compact` took ESLint's shape.
 */
export const unix: Reporter = (input) =>
  input.diagnostics
    .map(
      (d) =>
        `${escapeName(path.relative(input.cwd, d.file) || d.file)}:${d.line}:${d.column}: ${d.severity} ${oneLineMessage(d.message)} [${escapeControls(d.ruleId)}]\n`,
    )
    .join('');
