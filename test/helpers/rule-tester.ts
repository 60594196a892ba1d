import type { Diagnostic } from '../../src/core/diagnostic.js';
import { applyFixes } from '../../src/engine/fix.js';
import { toDiagnostics } from '../../src/engine/message-control.js';
import { builtinRegistry } from '../../src/config/registry.js';
import { pagePlan, resolveSettings, type RuleSetting } from '../../src/config/settings.js';
import { lintPage } from '../../src/engine/lint-page.js';
import { fillMessage, type PageRule } from '../../src/rule-kit/rule.js';
import {
  PAGE_FILE,
  RuleTester,
  type ExpectedError as RuleTesterExpectedError,
  type PageCase,
  type PageInvalidCase,
} from '../../src/api/rule-tester.js';

/** A page that must produce no finding of the rule. */
export type ValidCase = string | PageCase;

/** A finding a page case expects, as the RuleTester compares it (a page case's findings have no `file`). */
export type ExpectedError = Omit<RuleTesterExpectedError, 'file'>;

/** A page and exactly the findings the rule reports on it (and, for fixable rules, the page after `--fix`). */
export type InvalidCase = Omit<PageInvalidCase, 'errors'> & { errors: ExpectedError[] };

export const TEST_FILE = PAGE_FILE;

/** Runs lintPage on `code` with only `ruleId` enabled (default severity, given options). */
export function runRule(ruleId: string, code: string, options?: unknown, isSnippet = false): Diagnostic[] {
  const registry = builtinRegistry();
  const rule = registry.rule(ruleId);
  if (rule?.meta.kind !== 'page') throw new Error(`no page rule ${ruleId}`);
  const rules: Record<string, RuleSetting> = {};
  for (const r of registry.rules('page')) rules[r.meta.id] = { severity: 'off' };
  // On at its default severity, also when it is off by default.
  rules[ruleId] = { options, ...(rule.meta.defaultOff && { severity: rule.meta.severity }) };
  const settings = resolveSettings(rules);
  return toDiagnostics(
    lintPage({ file: TEST_FILE, text: code, isSnippet }, pagePlan(settings)).findings,
    registry,
    settings,
  );
}

/** A page linted with every page rule at its default (findings with their severities, no directives applied). */
export function lintWithDefaults(input: { file: string; text: string; isSnippet: boolean }): {
  diagnostics: Diagnostic[];
  facts: ReturnType<typeof lintPage>['facts'];
} {
  const settings = resolveSettings();
  const result = lintPage(input, pagePlan(settings));
  return { diagnostics: toDiagnostics(result.findings, builtinRegistry(), settings), facts: result.facts };
}

function pageRule(ruleId: string): PageRule | undefined {
  const rule = builtinRegistry().rule(ruleId);
  return rule?.meta.kind === 'page' ? (rule as PageRule) : undefined;
}

/** Applies the rule's fixes until none applies (at most 10 passes, as `--fix` does). */
export function fixAll(ruleId: string, code: string, options?: unknown, isSnippet = false): string {
  let text = code;
  for (let pass = 0; pass < 10; pass++) {
    const { output, applied } = applyFixes(text, runRule(ruleId, text, options, isSnippet));
    if (!applied.length || output === text) break;
    text = output;
  }
  return text;
}

/** The message an expected error states: as written, or made from its `messageId` and `data`. */
const messageOf = (rule: PageRule, e: ExpectedError): string =>
  e.message ??
  (e.messageId !== undefined && rule.meta.messages?.[e.messageId] !== undefined
    ? fillMessage(rule.meta.messages[e.messageId]!, e.data)
    : '');

const byPosition =
  (rule: PageRule) =>
  (a: ExpectedError, b: ExpectedError): number => {
    const [ma, mb] = [messageOf(rule, a), messageOf(rule, b)];
    return a.line - b.line || a.column - b.column || (ma < mb ? -1 : ma > mb ? 1 : 0);
  };

/**
 * Table-driven tests of one built-in page rule, by the public RuleTester (src/api/rule-tester.ts):
 * every `valid` page yields no finding of the rule; every `invalid` page yields exactly the listed
 * findings (position and message; end position when the case gives it; severity: the rule's
 * default unless stated), with the rule's id and docs URL, its suggestions and its fixes.
 */
export function ruleTester(ruleId: string, cases: { valid: ValidCase[]; invalid: InvalidCase[] }): void {
  const rule = pageRule(ruleId);
  test(`${ruleId} is a registered page rule`, () => {
    expect(rule?.meta.kind).toBe('page');
  });
  if (!rule) return;
  // The findings are listed by position (then message): so are the expected ones.
  void new RuleTester().run(ruleId, rule, {
    valid: cases.valid,
    invalid: cases.invalid.map((c) => ({ ...c, errors: [...c.errors].sort(byPosition(rule)) })),
  });
}

/** A page with valid front matter, followed by `body`. Body line n is file line n + 4. */
export function page(body: string): string {
  return `---\ntitle: Test page\ndescription: A page for tests.\n---\n${body}`;
}
