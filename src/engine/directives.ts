import type { Diagnostic } from '../core/diagnostic.js';
import { defineMeta, ruleUrl } from '../core/rule.js';
import { didYouMean } from '../core/suggest.js';
import type { DirectiveFact } from '../pages/facts.js';

/**
 * Inline control comments in a page:
 *
 *   {/* doclint-disable rule-a rule-b *\/}     off from here (all rules when none is named)
 *   {/* doclint-enable rule-a *\/}             on again (all when none is named)
 *   {/* doclint-disable-next-line rule-a *\/}  off for the next line that is not blank
 *
 * Text after ` -- ` is a free comment. They apply to every finding in the page's file, page
 * rules and site checks alike.
 */
export const pageDirectiveMeta = defineMeta({
  id: 'page-directive',
  kind: 'page',
  description: 'Inline `doclint-disable` comments name existing rules and suppress something.',
  severity: 'warning',
  fixable: false,
});

interface Tracked {
  directive: DirectiveFact;
  /** Rule ids this directive suppressed at least once ('*' for a directive naming no rule). */
  used: Set<string>;
}

const before = (d: Diagnostic, t: DirectiveFact): boolean =>
  d.line < t.endLine || (d.line === t.endLine && d.column < t.endColumn);

function directiveName(kind: DirectiveFact['kind']): string {
  return `doclint-${kind}`;
}

export function applyDirectives(
  diagnostics: Diagnostic[],
  directives: DirectiveFact[],
  file: string,
  knownRuleIds: Set<string>,
): Diagnostic[] {
  if (directives.length === 0) return diagnostics;
  const tracked: Tracked[] = [...directives]
    .sort((a, b) => a.line - b.line || a.column - b.column)
    .map((directive) => ({ directive, used: new Set<string>() }));
  const ranges = tracked.filter((t) => t.directive.kind !== 'disable-next-line');
  const nextLine = tracked.filter((t) => t.directive.kind === 'disable-next-line');
  const applies = (t: Tracked, ruleId: string): boolean =>
    t.directive.ruleIds.length === 0 || t.directive.ruleIds.includes(ruleId);

  /** The directive that suppresses `d`, if any. */
  const suppressor = (d: Diagnostic): Tracked | undefined => {
    for (const t of nextLine) {
      if ((t.directive.targetLine ?? t.directive.endLine + 1) === d.line && applies(t, d.ruleId)) return t;
    }
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

  const out: Diagnostic[] = [];
  let syntaxError = false;
  for (const d of diagnostics) {
    if (d.file !== file || d.ruleId === pageDirectiveMeta.id) {
      out.push(d);
      continue;
    }
    if (d.ruleId === 'page-mdx-syntax') syntaxError = true;
    const t = suppressor(d);
    if (t) t.used.add(t.directive.ruleIds.length === 0 ? '*' : d.ruleId);
    else out.push(d);
  }

  const finding = (t: DirectiveFact, message: string): Diagnostic => ({
    file,
    line: t.line,
    column: t.column,
    endLine: t.endLine,
    endColumn: t.endColumn,
    ruleId: pageDirectiveMeta.id,
    severity: pageDirectiveMeta.severity,
    message,
    url: ruleUrl(pageDirectiveMeta.id),
  });

  for (const { directive, used } of tracked) {
    const name = directiveName(directive.kind);
    for (const id of directive.ruleIds) {
      if (knownRuleIds.has(id)) continue;
      const suggestion = didYouMean(id, knownRuleIds);
      out.push(
        finding(
          directive,
          `unknown rule \`${id}\` in \`${name}\`${suggestion ? `: did you mean \`${suggestion}\`?` : ''}`,
        ),
      );
    }
    // A page that did not parse was not checked by the page rules: nothing to call unused.
    if (directive.kind === 'enable' || syntaxError) continue;
    if (directive.ruleIds.length === 0) {
      if (!used.has('*')) out.push(finding(directive, `\`${name}\` suppressed nothing: remove it`));
      continue;
    }
    for (const id of directive.ruleIds) {
      if (knownRuleIds.has(id) && !used.has(id)) {
        out.push(finding(directive, `\`${name}\` suppressed no \`${id}\` finding: remove \`${id}\` from it`));
      }
    }
  }
  return out;
}
