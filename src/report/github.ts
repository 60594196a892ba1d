import path from 'node:path';
import { escapeControls } from './support.js';
import type { Reporter } from './types.js';

/**
 * Workflow-command escaping: data escapes %, CR, LF; properties also `:` and `,`. Other control
 * characters are written as escapes (`\u001b`), and a file name's line breaks too (`\n`).
 */
const escapeData = (s: string) =>
  escapeControls(s, true).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(escapeControls(s)).replace(/:/g, '%3A').replace(/,/g, '%2C');

const COMMAND = { error: 'error', warning: 'warning', info: 'notice' } as const;

/** GitHub Actions annotations: `::error file=…,line=…,col=…,endLine=…,endColumn=…,title=rule::message`. */
export const github: Reporter = (input) =>
  input.diagnostics
    .map((d) => {
      const file = path.relative(input.cwd, d.file).split(path.sep).join('/') || d.file;
      const props = `file=${escapeProperty(file)},line=${d.line},col=${d.column},endLine=${d.endLine},endColumn=${d.endColumn},title=${escapeProperty(d.ruleId)}`;
      return `::${COMMAND[d.severity]} ${props}::${escapeData(d.message)}\n`;
    })
    .join('');
