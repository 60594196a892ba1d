import type { Diagnostic, Severity } from '../core/diagnostic.js';
import type { RuleMeta } from '../rule-kit/rule.js';
import { LineIndex } from '../core/text.js';
import { packageVersion as version } from '../core/package.js';
import {
  countBySeverity,
  escapeXml as esc,
  filesText,
  plural,
  relativePath,
  rulesOf,
  SEVERITY_ORDER,
  sourceReader,
  type Counts,
} from './support.js';
import type { FileSummary, Reporter, ReportInput } from './types.js';
import { groupByFile } from './types.js';
import { scorecardSection } from './scorecard-html.js';

/** Lines of context shown above and below a finding. */
const CONTEXT = 2;
/** A finding spanning more lines shows its first ones, then an ellipsis. */
const MAX_RANGE_LINES = 8;
/** Longer lines are cut to a window around the finding. */
const MAX_LINE = 200;

const LABEL: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'note' };

const CSS = `
:root { color-scheme: light dark; --bg: #fff; --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --soft: #f6f8fa;
  --error: #cf222e; --error-bg: #ffebe9; --warning: #9a6700; --warning-bg: #fff8c5; --info: #0969da; --info-bg: #ddf4ff;
  --hit: #fff1c2; --mark: #ffd33d80; --link: #0969da; }
@media (prefers-color-scheme: dark) { :root { --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --line: #3d444d; --soft: #151b23;
  --error: #ff7b72; --error-bg: #5a1e2266; --warning: #d29922; --warning-bg: #4d3a0866; --info: #58a6ff; --info-bg: #0c2d6b66;
  --hit: #3a300a; --mark: #bb800966; --link: #4493f8; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; }
main { margin: 0; padding: 24px 32px 64px; }
a { color: var(--link); text-decoration: none; } a:hover { text-decoration: underline; }
h1 { font-size: 26px; margin: 0 0 4px; } h2 { font-size: 19px; margin: 40px 0 12px; padding-bottom: 6px; border-bottom: 1px solid var(--line); }
h3 { font-size: 16px; margin: 0; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-weight: 600; word-break: break-all; }
code, pre, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: 13px; }
.meta { color: var(--muted); margin: 0; word-break: break-all; }
.summary { display: grid; grid-template-columns: repeat(4, minmax(0, 220px)); gap: 12px; margin: 20px 0 8px; }
.card { border: 1px solid var(--line); border-radius: 10px; padding: 14px 16px; background: var(--soft); }
.card .n { display: block; font-size: 30px; font-weight: 700; line-height: 1.1; font-variant-numeric: tabular-nums; }
.card .label { color: var(--muted); }
.card.error .n { color: var(--error); } .card.warning .n { color: var(--warning); } .card.info .n { color: var(--info); }
.card.zero .n { color: var(--muted); }
.verdict { margin: 16px 0 0; font-weight: 600; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: 7px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-size: 13px; color: var(--muted); font-weight: 600; }
td.num, th.num { text-align: right; width: 84px; font-variant-numeric: tabular-nums; }
td.num.zero { color: var(--muted); }
td .desc { color: var(--muted); font-size: 13px; }
.note { color: var(--muted); margin: 8px 0 0; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
.tables { display: grid; grid-template-columns: repeat(auto-fit, minmax(420px, 1fr)); gap: 24px; align-items: start; }
.tables h2 { margin-top: 24px; }
/* However many files and rules, the tables take a bounded height: the findings stay near the top. */
.scroll { max-height: 300px; overflow: auto; border: 1px solid var(--line); border-radius: 8px; }
.scroll thead th { position: sticky; top: 0; background: var(--bg); }
.filters { display: flex; flex-wrap: wrap; gap: 8px 20px; align-items: center; margin: 16px 0 0; padding: 10px 14px; border: 1px solid var(--line); border-radius: 10px; background: var(--soft); }
.filters label { cursor: pointer; user-select: none; white-space: nowrap; }
.filters .title { font-weight: 600; } .filters .note { margin: 0; }
td.pick { width: 28px; padding-right: 0; }
td a.mono { word-break: break-all; }
.file { border: 1px solid var(--line); border-radius: 10px; margin: 0 0 16px; overflow: hidden; }
.file > summary { display: flex; justify-content: space-between; gap: 16px; align-items: baseline; padding: 10px 14px; background: var(--soft); cursor: pointer; list-style: none; }
.file > summary::-webkit-details-marker { display: none; }
.file > summary h3::before { content: "▸"; display: inline-block; width: 1.2em; color: var(--muted); }
.file[open] > summary h3::before { content: "▾"; }
.file[open] > summary { border-bottom: 1px solid var(--line); }
.file > summary .counts { color: var(--muted); font-size: 13px; white-space: nowrap; }
.msg code { background: var(--soft); border: 1px solid var(--line); border-radius: 4px; padding: 0 4px; }
.finding { padding: 12px 14px 14px; border-top: 1px solid var(--line); }
.finding:first-of-type { border-top: 0; }
.finding .head { display: flex; gap: 10px; align-items: baseline; flex-wrap: wrap; }
.badge { font-size: 12px; font-weight: 600; padding: 1px 8px; border-radius: 999px; }
.badge.error { color: var(--error); background: var(--error-bg); } .badge.warning { color: var(--warning); background: var(--warning-bg); }
.badge.info { color: var(--info); background: var(--info-bg); }
.pos { color: var(--muted); }
.msg { flex: 1 1 320px; white-space: pre-wrap; overflow-wrap: anywhere; }
.rule { font-size: 13px; }
pre.frame { margin: 10px 0 0; padding: 8px 0; background: var(--soft); border: 1px solid var(--line); border-radius: 8px; overflow-x: auto; tab-size: 4; line-height: 1.55; }
.frame .row { display: block; padding: 0 12px 0 0; white-space: pre; }
.frame .row.hit { background: var(--hit); }
.frame .ln { display: inline-block; text-align: right; padding: 0 12px 0 8px; margin-right: 12px; color: var(--muted); border-right: 1px solid var(--line); user-select: none; }
.frame .row.hit .ln { color: var(--fg); font-weight: 600; }
.frame mark { background: var(--mark); color: inherit; border-bottom: 2px solid var(--error); border-radius: 2px; }
.finding.warning .frame mark { border-bottom-color: var(--warning); } .finding.info .frame mark { border-bottom-color: var(--info); }
.frame .caret { display: inline-block; width: 0; height: 1.2em; vertical-align: text-bottom; border-left: 2px solid var(--error); margin-right: -2px; }
.frame .cut { color: var(--muted); }
footer { margin-top: 48px; color: var(--muted); font-size: 13px; }
@media (max-width: 700px) { .summary { grid-template-columns: repeat(2, 1fr); } }
@media print { .file { break-inside: avoid; } .filters { display: none; } }
/* Filters, without a script: an unticked box hides its findings. */
main:has(#show-error:not(:checked)) .finding.error, main:has(#show-warning:not(:checked)) .finding.warning,
main:has(#show-info:not(:checked)) .finding.info { display: none; }
`;

function countCells(c: Counts): string {
  return SEVERITY_ORDER.map((s) => `<td class="num${c[s] ? '' : ' zero'}" data-${s}="${c[s]}">${c[s]}</td>`).join('');
}

function countsText(c: Counts): string {
  const parts = [plural(c.error, 'error'), plural(c.warning, 'warning')];
  if (c.info) parts.push(plural(c.info, 'note'));
  return parts.join(', ');
}

/** The text of each line (1-based), without its line break. */
function lineText(index: LineIndex, line: number): string {
  const start = index.starts[line - 1]!;
  const end = line < index.starts.length ? index.starts[line]! : index.text.length;
  return index.text.slice(start, end).replace(/\r?\n$|\r$/, '');
}

/** The part of a line a finding covers (0-based, `to` exclusive); `point` for an empty finding. */
interface Hit {
  from: number;
  to: number;
  point: boolean;
}

/** One line of a code frame, with the part of it that the finding covers marked. */
function frameRow(text: string, n: number, width: number, hit: Hit | undefined): string {
  let from = hit ? Math.min(hit.from, text.length) : 0;
  let to = hit ? Math.min(Math.max(hit.to, from), text.length) : 0;
  let start = 0;
  let end = text.length;
  if (text.length > MAX_LINE) {
    start = hit ? Math.max(0, Math.min(from - 40, text.length - MAX_LINE)) : 0;
    end = Math.min(text.length, start + MAX_LINE);
    from = Math.max(from, start);
    to = Math.max(Math.min(to, end), from);
  }
  const before = start > 0 ? '<span class="cut">…</span>' : '';
  const after = end < text.length ? '<span class="cut">…</span>' : '';
  let body: string;
  if (!hit) body = esc(text.slice(start, end));
  else if (hit.point)
    body = `${esc(text.slice(start, from))}<span class="caret" title="here"></span>${esc(text.slice(from, end))}`;
  else if (from === to) body = esc(text.slice(start, end));
  else body = `${esc(text.slice(start, from))}<mark>${esc(text.slice(from, to))}</mark>${esc(text.slice(to, end))}`;
  const ln = `<span class="ln" style="width:${width + 3}ch">${n}</span>`;
  return `<span class="row${hit ? ' hit' : ''}">${ln}${before}${body}${after}</span>`;
}

/** The finding's lines with two lines of context around them; undefined when the text is unknown. */
function codeFrame(text: string | undefined, d: Diagnostic, indexes: Map<string, LineIndex>): string | undefined {
  if (text === undefined || !(d.line >= 1)) return undefined;
  let index = indexes.get(d.file);
  if (!index) indexes.set(d.file, (index = new LineIndex(text)));
  const lines = index.starts.length;
  if (d.line > lines) return undefined;
  const endLine = Math.min(Math.max(d.endLine, d.line), lines);
  const lastHit = Math.min(endLine, d.line + MAX_RANGE_LINES - 1);
  const first = Math.max(1, d.line - CONTEXT);
  const last = lastHit < endLine ? lastHit : Math.min(lines, endLine + CONTEXT);
  const width = String(last).length;
  const point = endLine === d.line && d.endColumn <= d.column;
  const rows: string[] = [];
  for (let n = first; n <= last; n++) {
    const line = lineText(index, n);
    let hit: Hit | undefined;
    if (n >= d.line && n <= endLine) {
      const from = n === d.line ? Math.max(0, d.column - 1) : 0;
      const to = n === endLine ? Math.max(from, (d.endLine >= d.line ? d.endColumn : d.column) - 1) : line.length;
      // A range ending at the very start of a line does not cover that line.
      if (!(n === endLine && n > d.line && to === 0)) hit = { from, to, point: point && n === d.line };
    }
    rows.push(frameRow(line, n, width, hit));
  }
  if (lastHit < endLine)
    rows.push(
      `<span class="row"><span class="ln" style="width:${width + 3}ch">⋮</span><span class="cut">${plural(endLine - lastHit, 'more line')} of this finding</span></span>`,
    );
  return `<pre class="frame"><code>${rows.join('')}</code></pre>`;
}

/** Text with `code` spans: each escaped; a backtick without a partner stays a backtick. */
export function messageHtml(message: string): string {
  const parts = message.split('`');
  // An even count of parts means an odd count of backticks: the last one has no partner.
  const unpaired = parts.length % 2 === 0 ? parts.splice(parts.length - 2, 2).join('`') : undefined;
  const out = parts.map((part, i) => (i % 2 === 1 ? `<code>${esc(part)}</code>` : esc(part)));
  if (unpaired !== undefined) out.push(esc(unpaired));
  return out.join('');
}

/** What every section of the report is built from. */
export interface HtmlContext {
  input: ReportInput;
  rules: Map<string, RuleMeta>;
  files: FileSummary[];
  withFindings: FileSummary[];
  total: Counts;
  /** Rules with findings, most errors first; `index` names their filter box (`rule-<index>`). */
  ruleRows: Array<{ id: string; index: number; counts: Counts; n: number; url: string; description?: string }>;
}

/** A section of the report: HTML, or undefined to leave it out. */
export type HtmlSection = (context: HtmlContext) => string | undefined;

const card = (key: string, cls: string, n: number, label: string) =>
  `<div class="card ${cls}${n ? '' : ' zero'}" id="count-${key}"><span class="n">${n}</span><span class="label">${esc(label)}</span></div>`;

function summarySection({ files, withFindings, total }: HtmlContext): string {
  const verdict =
    total.error + total.warning + total.info === 0
      ? `No problems found in ${filesText(files.map((f) => f.filePath))}.`
      : `${countsText(total)}; ${withFindings.length} of ${plural(files.length, 'file')} ${withFindings.length === 1 ? 'has' : 'have'} findings.`;
  return [
    '<section class="summary" aria-label="Summary">',
    card('errors', 'error', total.error, total.error === 1 ? 'error' : 'errors'),
    card('warnings', 'warning', total.warning, total.warning === 1 ? 'warning' : 'warnings'),
    card('notes', 'info', total.info, total.info === 1 ? 'note' : 'notes'),
    card('files', 'files', files.length, files.length === 1 ? 'file linted' : 'files linted'),
    '</section>',
    `<p class="verdict" id="verdict">${esc(verdict)}</p>`,
  ].join('\n');
}

/** Severity boxes; the rule boxes are in the rule table. Both are plain form controls, no script. */
function filtersSection({ total, ruleRows }: HtmlContext): string | undefined {
  if (!ruleRows.length) return undefined;
  const box = (severity: Severity, label: string, n: number) =>
    `<label><input type="checkbox" id="show-${severity}" checked> ${esc(label)} (${n})</label>`;
  return [
    '<div class="filters" role="group" aria-label="Filters">',
    '<span class="title">Show</span>',
    box('error', 'errors', total.error),
    box('warning', 'warnings', total.warning),
    box('info', 'notes', total.info),
    '<span class="note">Untick a rule in the table below to hide its findings.</span>',
    '</div>',
  ].join('\n');
}

function tablesSection({ input, ruleRows, withFindings, files }: HtmlContext): string | undefined {
  if (!ruleRows.length) return undefined;
  const out: string[] = ['<div class="tables">'];
  out.push(
    '<section aria-labelledby="by-rule">',
    '<h2 id="by-rule">By rule</h2>',
    '<div class="scroll"><table><thead><tr><th class="pick"><span class="sr">show</span></th><th>rule</th><th class="num">errors</th><th class="num">warnings</th><th class="num">notes</th></tr></thead><tbody>',
  );
  for (const r of ruleRows) {
    const desc = r.description ? `<br><span class="desc">${messageHtml(r.description)}</span>` : '';
    out.push(
      `<tr data-rule="${esc(r.id)}"><td class="pick"><input type="checkbox" id="rule-${r.index}" checked aria-label="${esc(`show ${r.id}`)}"></td><td><a class="mono" href="${esc(r.url)}">${esc(r.id)}</a>${desc}</td>${countCells(r.counts)}</tr>`,
    );
  }
  out.push('</tbody></table></div>', '</section>');
  out.push(
    '<section aria-labelledby="by-file">',
    '<h2 id="by-file">By file</h2>',
    '<div class="scroll"><table><thead><tr><th>file</th><th class="num">errors</th><th class="num">warnings</th><th class="num">notes</th></tr></thead><tbody>',
  );
  withFindings.forEach((f, i) => {
    const counts = { error: f.errorCount, warning: f.warningCount, info: f.infoCount };
    out.push(
      `<tr data-file="${esc(relativePath(input.cwd, f.filePath))}"><td><a class="mono" href="#file-${i + 1}">${esc(relativePath(input.cwd, f.filePath))}</a></td>${countCells(counts)}</tr>`,
    );
  });
  out.push('</tbody></table></div>');
  const clean = files.length - withFindings.length;
  if (clean > 0)
    out.push(`<p class="note">${clean === 1 ? '1 other file has' : `${clean} other files have`} no findings.</p>`);
  out.push('</section>', '</div>');
  return out.join('\n');
}

function findingsSection({ input, rules, withFindings, ruleRows }: HtmlContext): string | undefined {
  if (!ruleRows.length) return undefined;
  const read = sourceReader(input);
  const indexes = new Map<string, LineIndex>();
  const ruleIndex = new Map(ruleRows.map((r) => [r.id, r.index]));
  // Rule filters: the rules are numbered, so no rule id (a plugin's, say) is ever written into CSS.
  const hide = ruleRows.map((r) => `main:has(#rule-${r.index}:not(:checked)) .finding.r${r.index}`).join(',\n');
  const out: string[] = [
    `<style>${hide} { display: none; }</style>`,
    '<section aria-labelledby="findings">',
    '<h2 id="findings">Findings</h2>',
  ];
  withFindings.forEach((f, i) => {
    const name = relativePath(input.cwd, f.filePath);
    const counts = { error: f.errorCount, warning: f.warningCount, info: f.infoCount };
    out.push(
      `<details class="file" id="file-${i + 1}" open aria-label="${esc(name)}">`,
      `<summary><h3>${esc(name)}</h3><span class="counts">${esc(countsText(counts))}</span></summary>`,
    );
    const text = read(f.filePath);
    for (const d of f.messages) {
      const url = d.url || rules.get(d.ruleId)?.docsUrl || '';
      const rule = url
        ? `<a class="rule mono" href="${esc(url)}">${esc(d.ruleId)}</a>`
        : `<span class="rule mono">${esc(d.ruleId)}</span>`;
      out.push(
        `<article class="finding ${d.severity} r${ruleIndex.get(d.ruleId)}" data-rule="${esc(d.ruleId)}" data-severity="${d.severity}">`,
        `<div class="head"><span class="badge ${d.severity}">${LABEL[d.severity]}</span><span class="pos mono" title="${esc(`${name}:${d.line}:${d.column}`)}">${d.line}:${d.column}</span><span class="msg">${messageHtml(d.message)}</span>${rule}</div>`,
      );
      const frame = codeFrame(text, d, indexes);
      if (frame) out.push(frame);
      out.push('</article>');
    }
    out.push('</details>');
  });
  out.push('</section>');
  return out.join('\n');
}

/** The agent-readiness scorecard, when the run has one (src/report/scorecard-html.ts). */
function scorecard({ input }: HtmlContext): string | undefined {
  return scorecardSection(input) || undefined;
}

/**
 * The report's sections, in order; a section of its own is added to this list. The findings come
 * first; the agent-readiness scorecard, when there is one, after them.
 */
export const HTML_SECTIONS: HtmlSection[] = [summarySection, filtersSection, tablesSection, findingsSection, scorecard];

/**
 * One self-contained HTML page (inline CSS, no script, no external resource): summary counts,
 * filters by severity and rule (form controls and CSS), counts per rule and per file in boxes of
 * bounded height, then every file's findings (collapsible) with its rule link, the message's
 * `code` shown as code, and a code frame read from the file on disk (omitted when the file cannot
 * be read). Every text from the run is escaped.
 */
export const html: Reporter = (input) => {
  const rules = new Map<string, RuleMeta>(rulesOf(input).map((rule) => [rule.id, rule]));
  const files = groupByFile(input);
  const withFindings = files.filter((f) => f.messages.length > 0);
  const total = countBySeverity(input.diagnostics);

  const byRule = new Map<string, Diagnostic[]>();
  for (const d of input.diagnostics) {
    const list = byRule.get(d.ruleId);
    if (list) list.push(d);
    else byRule.set(d.ruleId, [d]);
  }
  const ruleRows = [...byRule.entries()]
    .map(([id, list]) => ({
      id,
      index: 0,
      counts: countBySeverity(list),
      n: list.length,
      url: rules.get(id)?.docsUrl ?? list[0]!.url,
      description: rules.get(id)?.description,
    }))
    .sort(
      (a, b) =>
        b.counts.error - a.counts.error || b.counts.warning - a.counts.warning || b.n - a.n || (a.id < b.id ? -1 : 1),
    );
  ruleRows.forEach((r, i) => (r.index = i + 1));
  const context: HtmlContext = { input, rules, files, withFindings, total, ruleRows };

  const out: string[] = [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    `<title>doclint report: ${esc(countsText(total))}</title>`,
    `<style>${CSS}</style>`,
    '</head>',
    '<body>',
    '<main>',
    '<header>',
    '<h1>doclint report</h1>',
    `<p class="meta">doclint ${esc(version())} · <span class="mono">${esc(input.cwd)}</span></p>`,
    '</header>',
  ];
  for (const section of HTML_SECTIONS) {
    const part = section(context);
    if (part) out.push(part);
  }
  out.push(
    `<footer>Generated by <a href="https://github.com/doclint/doclint">doclint</a> ${esc(version())}.</footer>`,
    '</main>',
    '</body>',
    '</html>',
  );
  return out.join('\n') + '\n';
};
