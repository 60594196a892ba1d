import path from 'node:path';
import type { Reporter } from './types.js';

/**
 * A file name on one line: control characters (a newline is legal in a file name) written as
 * escapes (`\n`, `\r`, `\t`, `\u001b`), so that each finding stays one line.
 */
export function escapeName(name: string): string {
  return name.replace(/[\u0000-\u001f\u007f]/g, (c) =>
    c === '\n' ? '\\n' : c === '\r' ? '\\r' : c === '\t' ? '\\t' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * `file:line:col: severity message [rule]`, one finding per line (problem matchers, grep); paths
 * relative to the working folder. This was `compact` until `compact` took ESLint's shape.
 */
export const unix: Reporter = (input) =>
  input.diagnostics
    .map(
      (d) =>
        `${escapeName(path.relative(input.cwd, d.file) || d.file)}:${d.line}:${d.column}: ${d.severity} ${d.message.replace(/\s*[\r\n]\s*/g, ' ')} [${d.ruleId}]\n`,
    )
    .join('');
