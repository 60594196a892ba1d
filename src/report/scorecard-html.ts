import { buildScorecard, suppressedLine } from '../commands/scorecard.js';
import { escapeXml as esc } from './support.js';
import type { ReportInput } from './types.js';

/**
 * The HTML report's agent-readiness section: the scorecard of the run's findings (the checks of
 * the Agent-Friendly Documentation Spec that the repository decides, by category). The CLI gives
 * the site's card as `doclint score` computes it (one number for both); without one (a caller of
 * the reporter), the card is built from the run's findings, where rules turned off by the
 * configuration read as passing, and the section says so. Empty when neither has a spec check.
 */
export function scorecardSection(input: ReportInput): string {
  const given = input.scorecard;
  if (!given && !input.rules.some((r) => r.spec)) return '';
  const card = given ?? buildScorecard(input.diagnostics, input.rules, input.cwd);
  const baseline = suppressedLine(card);
  const how = given
    ? `The score of <code>doclint score</code>: every check's rules run, whatever the configuration turns off${baseline ? `; ${esc(baseline)}` : ''}.`
    : 'Rules turned off by the configuration count as passing here; <code>doclint score</code> runs them all.';
  const out: string[] = [
    '<section aria-labelledby="agent-readiness" id="scorecard">',
    `<h2 id="agent-readiness">Agent readiness: ${card.score}/100 (${esc(card.grade)})</h2>`,
    `<p class="note">Agent-Friendly Documentation Spec v${esc(card.specVersion)}: ${esc(card.note)}. ${how}</p>`,
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
