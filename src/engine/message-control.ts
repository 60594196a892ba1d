import type { Diagnostic, Finding, Severity } from '../core/diagnostic.js';
import type { DirectiveFact, UnusedDirectiveReport } from '../pages/directives.js';
import type { RuleLookup } from '../config/registry.js';
import { settingsFor, type EffectiveSettings } from '../config/settings.js';

/*
 * Message control: what happens to findings between the rules and the reporters, in one place.
 * Inline directives drop the findings they suppress (and a directive that suppressed nothing gets
 * the findings a rule asked for, see `PageContext.reportIfUnused`); each finding gets its
 * severity, from the rule's meta and the configuration, and its rule's documentation URL. No rule
 * and no other module sets a severity.
 */

interface Tracked {
  directive: DirectiveFact;
  /** Rule ids this directive suppressed at least once ('*' for a directive naming no rule). */
  used: Set<string>;
}

const before = (d: Finding, t: DirectiveFact): boolean =>
  d.line < t.endLine || (d.line === t.endLine && d.column < t.endColumn);

/**
 * Drops the findings of one file that its directives suppress, and adds, for each directive (or
 * rule named in one) that suppressed nothing, the findings rules asked for should it do so
 * (`ifUnused`, see `PageContext.reportIfUnused`), in the order of the directives. Findings of
 * other files, of the rules that asked and of `notDisableable` rules pass through. `checked` is false for a page the page
 * rules did not check in full (it did not parse): nothing is then called unused.
 */
export function applyDirectives(
  findings: Finding[],
  directives: DirectiveFact[],
  file: string,
  ifUnused: readonly UnusedDirectiveReport[] = [],
  checked = true,
  notDisableable: ReadonlySet<string> = new Set(),
): Finding[] {
  if (directives.length === 0) return findings;
  // Never silenced: the findings of rules that cannot be disabled, and of a rule that reports on the directives.
  const asked = new Set([...notDisableable, ...ifUnused.map((u) => u.finding.ruleId)]);
  const tracked: Tracked[] = [...directives]
    .filter((d) => d.kind !== 'unknown')
    .sort((a, b) => a.line - b.line || a.column - b.column)
    .map((directive) => ({ directive, used: new Set<string>() }));
  const ranges = tracked.filter((t) => t.directive.kind === 'disable' || t.directive.kind === 'enable');
  const lineBound = tracked.filter(
    (t) => t.directive.kind === 'disable-next-line' || t.directive.kind === 'disable-line',
  );
  const applies = (t: Tracked, ruleId: string): boolean =>
    t.directive.ruleIds.length === 0 || t.directive.ruleIds.includes(ruleId);
  const lineApplies = (t: Tracked, line: number): boolean =>
    t.directive.kind === 'disable-line'
      ? line >= t.directive.line && line <= t.directive.endLine
      : (t.directive.targetLine ?? t.directive.endLine + 1) === line;

  /** The directive that suppresses `d`, if any. */
  const suppressor = (d: Finding): Tracked | undefined => {
    for (const t of lineBound) if (lineApplies(t, d.line) && applies(t, d.ruleId)) return t;
    // Replay the disable/enable directives that end before the finding.
    let all: Tracked | undefined;
    const exceptions = new Set<string>();
    const byRule = new Map<string, Tracked>();
    for (const t of ranges) {
      if (before(d, t.directive)) break;
      const ids = t.directive.ruleIds;
      if (t.directive.kind === 'disable') {
        if (ids.length === 0) {
          all = t;
          exceptions.clear();
          byRule.clear();
        } else {
          for (const id of ids) {
            byRule.set(id, t);
            exceptions.delete(id);
          }
        }
      } else if (ids.length === 0) {
        all = undefined;
        exceptions.clear();
        byRule.clear();
      } else {
        for (const id of ids) {
          byRule.delete(id);
          if (all) exceptions.add(id);
        }
      }
    }
    return byRule.get(d.ruleId) ?? (all && !exceptions.has(d.ruleId) ? all : undefined);
  };

  const out: Finding[] = [];
  for (const d of findings) {
    if (d.file !== file || asked.has(d.ruleId)) {
      out.push(d);
      continue;
    }
    const t = suppressor(d);
    if (t) t.used.add(t.directive.ruleIds.length === 0 ? '*' : d.ruleId);
    else out.push(d);
  }
  if (!checked) return out;

  const byDirective = new Map<string, UnusedDirectiveReport[]>();
  for (const u of ifUnused) {
    const key = `${u.line}:${u.column}`;
    const list = byDirective.get(key);
    if (list) list.push(u);
    else byDirective.set(key, [u]);
  }
  for (const { directive, used } of tracked) {
    for (const u of byDirective.get(`${directive.line}:${directive.column}`) ?? [])
      if (!used.has(u.named ?? '*')) out.push(u.finding);
  }
  return out;
}

const RANK: Record<Severity, number> = { info: 0, warning: 1, error: 2 };

/**
 * The severity of a finding: the rule's configured severity, else the default of its kind of
 * problem, else the rule's default. A kind whose default is `info` stays a note whatever the rule
 * is set to, and a kind with a `maxSeverity` is never more. `off` drops it.
 */
export function severityOf(f: Finding, rules: RuleLookup, settings: EffectiveSettings | undefined): Severity | 'off' {
  const meta = rules.get(f.ruleId);
  const configured = (settings ? settingsFor(settings, f.file) : undefined)?.rules[f.ruleId]?.severity;
  if (configured === 'off') return 'off';
  const problem = f.problem !== undefined ? meta?.problems?.[f.problem] : undefined;
  if (problem) {
    if (problem.severity === 'info') return 'info';
    const severity = configured ?? problem.severity;
    return problem.maxSeverity !== undefined && RANK[severity] > RANK[problem.maxSeverity]
      ? problem.maxSeverity
      : severity;
  }
  return configured ?? meta?.severity ?? 'error';
}

/** Findings to diagnostics: severities from meta and configuration, URLs from the rules; `off` dropped. */
export function toDiagnostics(
  findings: Iterable<Finding>,
  rules: RuleLookup,
  settings: EffectiveSettings | undefined,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const f of findings) {
    const severity = severityOf(f, rules, settings);
    if (severity === 'off') continue;
    const meta = rules.get(f.ruleId);
    out.push({ ...f, severity, url: meta?.docsUrl ?? '' });
  }
  return out;
}

/**
 * Recorded counts of errors and warnings per file and rule (`doclint-suppressions.json`): file keys
 * are paths relative to the suppressions file's folder, with forward slashes.
 */
export type SuppressionCounts = Map<string, Map<string, number>>;

/** Suppressions that matched nothing, or fewer findings than recorded. */
export interface UnusedSuppression {
  /** The file's key in the suppressions file. */
  file: string;
  ruleId: string;
  /** How many of the recorded count did not occur. */
  count: number;
}

/**
 * What a run could not check, with why: a recorded count there that was not reached is neither
 * unused nor pruned (its findings are missing, not fixed).
 */
export interface Unchecked {
  /** Rules that did not run, or did not finish, over the site (docs.json did not parse; stopped at the time limit). */
  rules: Map<string, string>;
  /** Files (absolute) whose own checks did not run (a page that does not parse, or was stopped). */
  files: Map<string, string>;
}

/** A suppression that was not reached but was not judged unused, and why. */
export interface HeldSuppression extends UnusedSuppression {
  reason: string;
}

/** Findings a suppressions file records: errors and warnings (notes never fail a run, and are never recorded). */
export const isRecordable = (d: Diagnostic): boolean => d.severity === 'error' || d.severity === 'warning';

/** Errors and warnings per file key and rule. */
export function countRecordable(diagnostics: Iterable<Diagnostic>, keyOf: (file: string) => string): SuppressionCounts {
  const counts: SuppressionCounts = new Map();
  for (const d of diagnostics) {
    if (!isRecordable(d)) continue;
    const key = keyOf(d.file);
    let rules = counts.get(key);
    if (!rules) counts.set(key, (rules = new Map()));
    rules.set(d.ruleId, (rules.get(d.ruleId) ?? 0) + 1);
  }
  return counts;
}

const byFileAndRule = (a: UnusedSuppression, b: UnusedSuppression): number =>
  a.file < b.file ? -1 : a.file > b.file ? 1 : a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0;

/**
 * Bulk suppressions, with ESLint's semantics, after directives and severities: for each file and
 * rule with a recorded count, the file's errors and warnings of that rule are dropped when there are
 * no more of them than recorded; when there are more, every one of them is reported (which ones are
 * new cannot be told). Notes are never suppressed. `linted` are the files the run linted: a
 * recorded count of one of them that was not reached is unused (entries of files not linted are
 * not judged, so a run over a few files considers only their entries) — unless the part of the
 * site it covers was not checked (`unchecked`): it is then held, with the reason.
 */
export function applySuppressions(
  diagnostics: Diagnostic[],
  recorded: SuppressionCounts,
  keyOf: (file: string) => string,
  linted: Iterable<string>,
  unchecked: Unchecked = { rules: new Map(), files: new Map() },
): { diagnostics: Diagnostic[]; suppressed: number; unused: UnusedSuppression[]; held: HeldSuppression[] } {
  if (recorded.size === 0) return { diagnostics, suppressed: 0, unused: [], held: [] };
  const found = countRecordable(diagnostics, keyOf);
  const dropped = (d: Diagnostic): boolean => {
    if (!isRecordable(d)) return false;
    const key = keyOf(d.file);
    const limit = recorded.get(key)?.get(d.ruleId);
    return limit !== undefined && (found.get(key)?.get(d.ruleId) ?? 0) <= limit;
  };
  const kept = diagnostics.filter((d) => !dropped(d));
  const unused: UnusedSuppression[] = [];
  const held: HeldSuppression[] = [];
  const fileReasons = new Map([...unchecked.files].map(([file, reason]) => [keyOf(file), reason]));
  for (const key of new Set([...linted].map(keyOf))) {
    for (const [ruleId, count] of recorded.get(key) ?? []) {
      const occurred = found.get(key)?.get(ruleId) ?? 0;
      if (occurred >= count) continue;
      const reason = fileReasons.get(key) ?? unchecked.rules.get(ruleId);
      if (reason !== undefined) held.push({ file: key, ruleId, count: count - occurred, reason });
      else unused.push({ file: key, ruleId, count: count - occurred });
    }
  }
  unused.sort(byFileAndRule);
  held.sort(byFileAndRule);
  return { diagnostics: kept, suppressed: diagnostics.length - kept.length, unused, held };
}
