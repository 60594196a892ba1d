import type { Diagnostic } from '../core/diagnostic.js';
import { countBySeverity, escapeControls, escapeXml, escapeXmlAttribute, relativePath } from './support.js';
import type { Reporter } from './types.js';
import { groupByFile } from './types.js';

function testcase(d: Diagnostic, file: string): string {
  const name = escapeXmlAttribute(`${d.ruleId} ${d.line}:${d.column}`);
  // Control characters of a file name escaped: the text is shown as lines in CI views.
  const where = `${escapeControls(file)}:${d.line}:${d.column}`;
  // The body is shown as lines of a CI log: the message's own line breaks and controls are escaped
  // (a `%0A` of a link decodes to one), so that no line of it starts an annotation (`::error`).
  const body = escapeXml(`${where}: ${d.severity} ${escapeControls(d.message)} [${d.ruleId}]\n${d.url}`);
  const open = `    <testcase name="${name}" classname="${escapeXmlAttribute(file)}" time="0">`;
  if (d.severity === 'info') return `${open}\n      <system-out>${body}</system-out>\n    </testcase>\n`;
  const message = escapeXmlAttribute(`${where}: ${d.message}`);
  return `${open}\n      <failure message="${message}" type="${d.severity}">${body}</failure>\n    </testcase>\n`;
}

/**
 * JUnit XML, as CI test-report views read it: one testsuite per linted file, one testcase per
 * finding (a failure for an error or a warning; a passing case with the note as output for an
 * info-level note), and one passing `doclint` testcase for a file without findings.
 */
export const junit: Reporter = (input) => {
  const files = groupByFile(input);
  const total = countBySeverity(input.diagnostics);
  const tests = files.reduce((n, f) => n + Math.max(1, f.messages.length), 0);
  let out = '<?xml version="1.0" encoding="UTF-8"?>\n';
  out += `<testsuites name="doclint" tests="${tests}" failures="${total.error + total.warning}" errors="0" time="0">\n`;
  for (const f of files) {
    const file = relativePath(input.cwd, f.filePath);
    const attr = escapeXmlAttribute(file);
    const count = Math.max(1, f.messages.length);
    out += `  <testsuite name="${attr}" tests="${count}" failures="${f.errorCount + f.warningCount}" errors="0" skipped="0" time="0">\n`;
    if (f.messages.length === 0) out += `    <testcase name="doclint" classname="${attr}" time="0"/>\n`;
    for (const d of f.messages) out += testcase(d, file);
    out += '  </testsuite>\n';
  }
  out += '</testsuites>\n';
  return out;
};
