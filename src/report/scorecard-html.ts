import { buildScorecard } from '../commands/scorecard.js';
import { escapeXml as esc } from './support.js';
import type { ReportInput } from './types.js';

/**
 * The HTML report's agent-readiness section: the scorecard of the run's findings (the checks of
 * the Agent-Friendly Documentation Spec that the repository decides, by category). Empty when no
 * rule of the run implements a spec check. Rules turned off by the configuration read as passing
 * here; `doclint score` runs them all.
 */
export function scorecardSection(input: ReportInput): string {
  if (!input.rules.some((r) => r.spec)) return '';
  const card = buildScorecard(input.diagnostics, input.rules, input.cwd);
  const out: string[] = [
    '<section aria-labelledby="agent-readiness" id="scorecard">',
    `<h2 id="agent-readiness">Agent readiness: ${card.score}/100 (${esc(card.grade)})</h2>`,
    `<p class="note">Agent-Friendly Documentation Spec v${esc(card.specVersion)}: ${esc(card.note)}. Rules turned off by the configuration count as passing here; <code>doclint score</code> runs them all.</p>`,
    '<table><thead><tr><th>check</th><th>status</th><th>result</th></tr></thead><tbody>',
  ];
  for (const category of card.categories) {
    out.push(
      `<tr class="category"><th colspan="3">${esc(category.name)} · ${category.score === null ? 'not scored' : `${category.score}/100 (${esc(category.grade!)})`}</th></tr>`,
    );
    for (const check of category.checks) {
      out.push(
        `<tr data-check="${esc(check.id)}" data-status="${check.status}"><td class="mono">${esc(check.id)}</td><td>${check.status.toUpperCase()}</td><td>${esc(check.summary)}</td></tr>`,
      );
    }
  }
  out.push('</tbody></table>');
  if (card.fixes.length) {
    out.push('<h3>Top fixes</h3>', '<ol>');
    for (const fix of card.fixes)
      out.push(
        `<li><span class="mono">${esc(fix.check)}</span> (${fix.status}): ${esc(fix.fix)} — ${fix.findings} finding${fix.findings === 1 ? '' : 's'}</li>`,
      );
    out.push('</ol>');
  }
  out.push('</section>');
  return out.join('\n');
}
