import path from 'node:path';
import type { Diagnostic } from '../core/diagnostic.js';
import type { RuleMeta } from '../rule-kit/rule.js';

/*
 * The agent-readiness scorecard: the checks of the Agent-Friendly Documentation Spec (v0.3.0) by
 * its categories, each with a status from the findings of the rules that implement it (their
 * `meta.spec`), a 0–100 score per category and overall from the checks a repository can decide,
 * and the fixes that gain most first. Checks that need the deployed site are listed as skipped,
 * with the reason, and never counted.
 */

export const SPEC_VERSION = '0.3.0';

export type Status = 'pass' | 'warn' | 'fail' | 'skip';

interface CheckDef {
  id: string;
  /** What passing means, said when nothing was found. */
  pass?: string;
  /** The one-line fix when the check warns or fails. */
  fix?: string;
  /** Not decidable from the repository: why. */
  skip?: string;
}

const DEPLOYED = 'needs the deployed site';

export const CATEGORIES: ReadonlyArray<{ id: string; name: string; checks: readonly CheckDef[] }> = [
  {
    id: 'content-discoverability',
    name: 'Content Discoverability',
    checks: [
      {
        id: 'llms-txt-exists',
        pass: 'served: a custom llms.txt, or the one the platform generates from the navigation',
      },
      {
        id: 'llms-txt-valid',
        pass: 'llms.txt has a title, a summary, sections and list links',
        fix: 'give llms.txt a `# Title`, a `> summary`, `## sections` and `- [name](url): description` links',
      },
      {
        id: 'llms-txt-size',
        pass: 'llms.txt is under 50,000 characters',
        fix: 'split llms.txt into a root index under 50,000 characters and one file per section',
      },
      {
        id: 'llms-txt-links-resolve',
        pass: 'every link of llms.txt to the site resolves',
        fix: 'fix or remove the links of llms.txt that lead nowhere',
      },
      {
        id: 'llms-txt-links-markdown',
        pass: 'page links of llms.txt point at markdown',
        fix: 'end the page links of llms.txt in `.md`',
      },
      { id: 'llms-txt-directive-html', skip: DEPLOYED },
      { id: 'llms-txt-directive-md', skip: DEPLOYED },
    ],
  },
  {
    id: 'markdown-availability',
    name: 'Markdown Availability',
    checks: [
      { id: 'markdown-url-support', skip: DEPLOYED },
      { id: 'content-negotiation', skip: DEPLOYED },
    ],
  },
  {
    id: 'page-size',
    name: 'Page Size and Truncation Risk',
    checks: [
      { id: 'rendering-strategy', skip: DEPLOYED },
      {
        id: 'page-size-markdown',
        pass: 'every page is under 50,000 characters as served in markdown',
        fix: 'split the largest pages into pages of one topic each',
      },
      { id: 'page-size-html', skip: DEPLOYED },
      { id: 'content-start-position', skip: 'not decidable from source' },
    ],
  },
  {
    id: 'content-structure',
    name: 'Content Structure',
    checks: [
      {
        id: 'tabbed-content-serialization',
        pass: 'tabbed content stays under 50,000 characters per page',
        fix: 'move tab variants of the largest pages to pages of their own',
      },
      {
        id: 'section-header-quality',
        pass: 'headings in tabs say which variant they belong to',
        fix: 'name the variant in headings inside tabs (“Install with npm”)',
      },
      {
        id: 'markdown-code-fence-validity',
        pass: 'every code fence closes',
        fix: 'close the code fences left open; open examples that contain fences with a longer fence',
      },
    ],
  },
  {
    id: 'url-stability',
    name: 'URL Stability and Redirects',
    checks: [
      { id: 'http-status-codes', skip: DEPLOYED },
      {
        id: 'redirect-behavior',
        pass: 'no redirect leaves the site’s host',
        fix: 'link to the new host directly instead of redirecting to it',
      },
    ],
  },
  {
    id: 'observability',
    name: 'Observability and Content Health',
    checks: [
      {
        id: 'llms-txt-coverage',
        pass: 'llms.txt links to 95% or more of the navigable pages',
        fix: 'list the missing navigable pages in llms.txt',
      },
      { id: 'markdown-content-parity', skip: DEPLOYED },
      { id: 'cache-header-hygiene', skip: DEPLOYED },
    ],
  },
  {
    id: 'authentication',
    name: 'Authentication and Access',
    checks: [
      { id: 'auth-gate-detection', skip: DEPLOYED },
      { id: 'auth-alternative-access', skip: DEPLOYED },
    ],
  },
];

export interface CheckResult {
  id: string;
  status: Status;
  /** One line: what was found, or why the check is skipped. */
  summary: string;
  /** The one-line fix (warn and fail). */
  fix?: string;
  /** doclint rules that implement the check. */
  rules: string[];
  findings: number;
  /** The first findings (site-relative file, position, message). */
  locations: Array<{ file: string; line: number; column: number; ruleId: string; message: string }>;
}

export interface CategoryResult {
  id: string;
  name: string;
  /** 0–100 over the category's decidable checks; null when it has none. */
  score: number | null;
  grade: string | null;
  checks: CheckResult[];
}

export interface Scorecard {
  specVersion: string;
  site: string;
  score: number;
  grade: string;
  /** How many checks the score is computed from, of how many. */
  decidable: number;
  total: number;
  note: string;
  /**
   * Findings of these checks that the site's suppressions file (doclint-suppressions.json)
   * suppresses in lint runs: counted here all the same (a baseline never changes the score).
   */
  suppressed: number;
  categories: CategoryResult[];
  /** Checks that warn or fail, the most to gain first. */
  fixes: Array<{ check: string; status: 'warn' | 'fail'; fix: string; findings: number; rules: string[] }>;
}

const POINTS: Record<Exclude<Status, 'skip'>, number> = { pass: 100, warn: 50, fail: 0 };

export function grade(score: number): string {
  return score >= 90 ? 'A' : score >= 80 ? 'B' : score >= 70 ? 'C' : score >= 60 ? 'D' : 'F';
}

/** A finding's level under the spec: the rules mark warn-level findings with the problem `warn`. */
function levelOf(d: Diagnostic): 'warn' | 'fail' {
  return d.problem === 'warn' ? 'warn' : 'fail';
}

const MAX_LOCATIONS = 5;

const NO_SUMMARY = 'the generated llms.txt has no `> summary` line: docs.json has no `description`';
const NO_SUMMARY_FIX =
  'give docs.json a `description`: the platform writes it as the `> summary` of the generated llms.txt';

/**
 * The scorecard of the findings of a run: each spec check's status is the worst level among the
 * findings of its rules (none: pass). `served` says where llms.txt comes from, for
 * `llms-txt-exists`, and whether the generated one has a summary, for `llms-txt-valid`.
 */
/** One decidable check's status, summary and fix from the findings of its rules. */
function judgeCheck(
  def: CheckDef,
  ids: string[],
  list: readonly Diagnostic[],
  site: string,
  served: 'custom' | 'generated' | 'generated-without-summary' | undefined,
): CheckResult {
  let status: Status = list.some((d) => levelOf(d) === 'fail') ? 'fail' : list.length ? 'warn' : 'pass';
  // The generated llms.txt has the platform's structure, but its summary is docs.json's
  // `description`: without one it has none (the spec's warn level).
  const noSummary = def.id === 'llms-txt-valid' && status === 'pass' && served === 'generated-without-summary';
  if (noSummary) status = 'warn';
  const files = new Set(list.map((d) => d.file)).size;
  const summary = noSummary
    ? NO_SUMMARY
    : status === 'pass'
      ? def.id === 'llms-txt-exists' && served
        ? served === 'custom'
          ? 'served: the custom llms.txt at the site root'
          : 'served: the platform generates llms.txt from the navigation'
        : def.pass!
      : list.length === 1
        ? list[0]!.message
        : `${list.length} findings in ${files} file${files === 1 ? '' : 's'}: ${list[0]!.message}`;
  const result: CheckResult = {
    id: def.id,
    status,
    summary,
    rules: ids,
    findings: list.length,
    locations: list.slice(0, MAX_LOCATIONS).map((d) => ({
      file: path.relative(site, d.file).split(path.sep).join('/') || d.file,
      line: d.line,
      column: d.column,
      ruleId: d.ruleId,
      message: d.message,
    })),
  };
  const fix = noSummary ? NO_SUMMARY_FIX : def.fix;
  if (status !== 'pass' && fix) result.fix = fix;
  return result;
}

export function buildScorecard(
  diagnostics: readonly Diagnostic[],
  rules: readonly RuleMeta[],
  site: string,
  served?: 'custom' | 'generated' | 'generated-without-summary',
  suppressed = 0,
): Scorecard {
  const rulesOf = new Map<string, string[]>();
  for (const meta of rules) {
    if (!meta.spec) continue;
    rulesOf.set(meta.spec, [...(rulesOf.get(meta.spec) ?? []), meta.id]);
  }
  const specOf = new Map<string, string>();
  for (const [spec, ids] of rulesOf) for (const id of ids) specOf.set(id, spec);
  const found = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) {
    const spec = specOf.get(d.ruleId);
    if (spec) found.set(spec, [...(found.get(spec) ?? []), d]);
  }

  const categories: CategoryResult[] = [];
  const points: number[] = [];
  const fixes: Scorecard['fixes'] = [];
  let total = 0;
  for (const category of CATEGORIES) {
    const checks: CheckResult[] = [];
    const catPoints: number[] = [];
    for (const def of category.checks) {
      total++;
      const ids = rulesOf.get(def.id) ?? [];
      if (def.skip || (!ids.length && def.id !== 'llms-txt-exists')) {
        checks.push({
          id: def.id,
          status: 'skip',
          summary: def.skip ?? 'no rule checks it',
          rules: ids,
          findings: 0,
          locations: [],
        });
        continue;
      }
      const result = judgeCheck(def, ids, found.get(def.id) ?? [], site, served);
      const status = result.status as Exclude<Status, 'skip'>;
      if (result.fix && status !== 'pass')
        fixes.push({ check: def.id, status, fix: result.fix, findings: result.findings, rules: ids });
      checks.push(result);
      catPoints.push(POINTS[status]);
      points.push(POINTS[status]);
    }
    const score = catPoints.length ? Math.round(catPoints.reduce((a, b) => a + b, 0) / catPoints.length) : null;
    categories.push({
      id: category.id,
      name: category.name,
      score,
      grade: score === null ? null : grade(score),
      checks,
    });
  }
  const score = points.length ? Math.round(points.reduce((a, b) => a + b, 0) / points.length) : 0;
  // Failures first (each costs a whole check), then warnings; among equals, the most findings first.
  fixes.sort((a, b) => (a.status === b.status ? b.findings - a.findings : a.status === 'fail' ? -1 : 1));
  return {
    specVersion: SPEC_VERSION,
    site,
    score,
    grade: grade(score),
    decidable: points.length,
    total,
    note: `computed from the ${points.length} of the spec's ${total} checks that the repository can decide; the other ${total - points.length} need the deployed site (or cannot be decided from source) and are not counted`,
    suppressed,
    categories,
    fixes,
  };
}

/** The line that says a baseline's findings are counted, when there are any. */
export function suppressedLine(card: Scorecard): string | undefined {
  if (!card.suppressed) return undefined;
  const n = card.suppressed.toLocaleString('en-US');
  return `${n} of these findings ${card.suppressed === 1 ? 'is' : 'are'} suppressed in lint runs by doclint-suppressions.json; the score counts ${card.suppressed === 1 ? 'it' : 'them'} (a baseline never changes the score)`;
}

const LABEL: Record<Status, string> = { pass: 'PASS', warn: 'WARN', fail: 'FAIL', skip: 'SKIP' };

function oneLine(text: string, max = 160): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/** The terminal table. */
export function scorecardText(
  card: Scorecard,
  paint: (status: Status | 'bold', text: string) => string = (_s, t) => t,
): string {
  const out: string[] = [];
  out.push(paint('bold', `Agent readiness of ${card.site} (from source): ${card.score}/100 (${card.grade})`));
  out.push(`Agent-Friendly Documentation Spec v${card.specVersion}: ${card.note}.`);
  const baseline = suppressedLine(card);
  if (baseline) out.push(`${baseline}.`);
  out.push('');
  const width = Math.max(...card.categories.flatMap((c) => c.checks.map((k) => k.id.length)));
  for (const category of card.categories) {
    out.push(
      paint(
        'bold',
        `${category.name.padEnd(width + 8)}${category.score === null ? 'not scored' : `${category.score}/100 (${category.grade})`}`,
      ),
    );
    for (const check of category.checks) {
      out.push(`  ${paint(check.status, LABEL[check.status])}  ${check.id.padEnd(width)}  ${oneLine(check.summary)}`);
    }
    out.push('');
  }
  if (card.fixes.length) {
    out.push(paint('bold', 'Top fixes'));
    card.fixes.forEach((f, i) =>
      out.push(
        `  ${i + 1}. ${paint(f.status, LABEL[f.status])} ${f.check}: ${f.fix} (${f.findings} finding${f.findings === 1 ? '' : 's'}; ${f.rules.join(', ')})`,
      ),
    );
  } else out.push('Nothing to fix among the checks decidable from source.');
  return `${out.join('\n')}\n`;
}

const ICON: Record<Status, string> = { pass: '✅', warn: '⚠️', fail: '❌', skip: '⏭️' };

/**
 * Text from the site (a finding's message) in a pull-request comment: shown as written, never
 * as markup. Markdown punctuation is backslash-escaped (no link, image, HTML such as `<img>`, code
 * span or table cell break), a zero-width space follows each `@` (no `@team` mention) and the
 * scheme of a bare address (no autolink).
 */
export function markdownText(text: string): string {
  return text
    .replace(/[\\`*_[\]|~<>&]/g, (c) => (c === '&' ? '&amp;' : `\\${c}`))
    .replace(/@/g, '@\u200b')
    .replace(/:\/\//g, ':\u200b//')
    .replace(/\bwww\./gi, (w) => `${w.slice(0, 3)}\u200b${w.slice(3)}`);
}

function cell(text: string): string {
  return markdownText(oneLine(text, 200));
}

/** Markdown for a pull-request comment. */
export function scorecardMarkdown(card: Scorecard): string {
  const out: string[] = [];
  out.push(`### Agent readiness (from source): ${card.score}/100 (${card.grade})`, '');
  out.push(`Agent-Friendly Documentation Spec v${card.specVersion}: ${card.note}.`, '');
  const baseline = suppressedLine(card);
  if (baseline) out.push(`${baseline}.`, '');
  out.push('| category | score |', '| --- | ---: |');
  for (const c of card.categories)
    out.push(`| ${c.name} | ${c.score === null ? 'not scored' : `${c.score} (${c.grade})`} |`);
  out.push('');
  if (card.fixes.length) {
    out.push('**Top fixes**', '');
    card.fixes.forEach((f, i) =>
      out.push(
        `${i + 1}. ${ICON[f.status]} \`${f.check}\`: ${f.fix} (${f.findings} finding${f.findings === 1 ? '' : 's'})`,
      ),
    );
    out.push('');
  }
  out.push('<details><summary>Every check</summary>', '', '| | check | result |', '| --- | --- | --- |');
  for (const c of card.categories)
    for (const k of c.checks) out.push(`| ${ICON[k.status]} | \`${k.id}\` | ${cell(k.summary)} |`);
  out.push('', '</details>');
  return `${out.join('\n')}\n`;
}
