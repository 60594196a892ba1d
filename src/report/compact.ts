import path from 'node:path';
import type { Reporter } from './types.js';

/** `file:line:col: severity message [rule]`, one finding per line (problem matchers, grep). */
export const compact: Reporter = (input) =>
  input.diagnostics
    .map((d) => `${path.relative(input.cwd, d.file) || d.file}:${d.line}:${d.column}: ${d.severity} ${d.message.replace(/\s*\n\s*/g, ' ')} [${d.ruleId}]\n`)
    .join('');
