import type { Diagnostic } from '../../src/core/diagnostic.js';
import { applyFixes } from '../../src/engine/fix.js';
import { toDiagnostics } from '../../src/engine/message-control.js';
import { builtinRegistry } from '../../src/engine/registry.js';
import { pagePlan, resolveSettings, type RuleSetting } from '../../src/engine/settings.js';
import { lintPage } from '../../src/pages/lint.js';
import type { PageRule } from '../../src/rule-kit/rule.js';

/** A page that must produce no finding of the rule. */
export type ValidCase = string | { code: string; options?: unknown; isSnippet?: boolean; name?: string };

export interface ExpectedError {
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  message: string;
  /** The finding's severity, for a kind of problem with its own (`meta.problems`); omitted: the rule's default. */
  severity?: 'error' | 'warning' | 'info';
  /**
   * The suggestions the finding offers: what each says and the page after applying it alone.
   * Omitted: the finding offers none.
   */
  suggestions?: Array<{ desc: string; output: string }>;
}

/** A page and exactly the findings the rule reports on it. */
export interface InvalidCase {
  code: string;
  options?: unknown;
  isSnippet?: boolean;
  name?: string;
  errors: ExpectedError[];
  /**
   * The page after applying the fixes of this rule's findings, pass after pass as `--fix` does
   * (fixable rules); what remains must be exactly the findings that offered no fix. Omitted: the case
   * asserts no fix is offered.
   */
  output?: string;
}

export const TEST_FILE = '/site/page.mdx';

/** Runs lintPage on `code` with only `ruleId` enabled (default severity, given options). */
export function runRule(ruleId: string, code: string, options?: unknown, isSnippet = false): Diagnostic[] {
  const registry = builtinRegistry();
  const rule = registry.rule(ruleId);
  if (rule?.meta.kind !== 'page') throw new Error(`no page rule ${ruleId}`);
  const rules: Record<string, RuleSetting> = {};
  for (const r of registry.rules('page')) rules[r.meta.id] = { severity: 'off' };
  rules[ruleId] = { options };
  const settings = resolveSettings(rules);
  return toDiagnostics(lintPage({ file: TEST_FILE, text: code, isSnippet }, pagePlan(settings)).findings, registry, settings);
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

function label(code: string, name?: string): string {
  if (name) return name;
  const one = code.replace(/\s+/g, ' ').trim();
  return one.length > 70 ? `${one.slice(0, 67)}…` : one;
}

const byPosition = (a: Pick<ExpectedError, 'line' | 'column' | 'message'>, b: Pick<ExpectedError, 'line' | 'column' | 'message'>): number =>
  a.line - b.line || a.column - b.column || (a.message < b.message ? -1 : a.message > b.message ? 1 : 0);

/**
 * Table-driven tests of one page rule: every `valid` page yields no finding of the rule; every
 * `invalid` page yields exactly the listed findings (position and message; end position when the
 * case gives it), with the rule's id, default severity and docs URL.
 */
export function ruleTester(ruleId: string, cases: { valid: ValidCase[]; invalid: InvalidCase[] }): void {
  const rule = pageRule(ruleId);
  describe(ruleId, () => {
    test('is a registered page rule', () => {
      expect(rule).toBeDefined();
      expect(rule!.meta.kind).toBe('page');
    });
    describe('valid', () => {
      for (const c of cases.valid) {
        const { code, options, isSnippet, name } = typeof c === 'string' ? { code: c, options: undefined, isSnippet: false, name: undefined } : c;
        test(label(code, name), () => {
          const found = runRule(ruleId, code, options, isSnippet ?? false);
          expect(found.map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual([]);
        });
      }
    });
    describe('invalid', () => {
      for (const c of cases.invalid) {
        test(label(c.code, c.name), () => {
          const found = runRule(ruleId, c.code, c.options, c.isSnippet ?? false);
          const statesSeverity = c.errors.some((e) => e.severity !== undefined);
          for (const d of found) {
            expect(d.ruleId).toBe(ruleId);
            if (!statesSeverity) expect(d.severity).toBe(rule!.meta.severity);
            expect(d.url).toBe(rule!.meta.docsUrl);
            expect(d.file).toBe(TEST_FILE);
          }
          const expected = [...c.errors].sort(byPosition);
          const actual = found
            .map((d) => ({ line: d.line, column: d.column, endLine: d.endLine, endColumn: d.endColumn, message: d.message, severity: d.severity }))
            .sort(byPosition);
          // Compare only the end positions a case states.
          const sorted = [...found].sort((a, b) => byPosition(a, b));
          const shaped = actual.map((a, i) => {
            const e = expected[i];
            const out: ExpectedError = { line: a.line, column: a.column, message: a.message };
            if (e?.endLine !== undefined) out.endLine = a.endLine;
            if (e?.endColumn !== undefined) out.endColumn = a.endColumn;
            if (statesSeverity) out.severity = (a.severity ?? rule!.meta.severity) as ExpectedError['severity'];
            const suggestions = sorted[i]?.suggestions;
            if (suggestions?.length) out.suggestions = suggestions.map((s) => ({ desc: s.desc, output: applyFixes(c.code, [{ fix: s.fix }]).output }));
            return out;
          });
          expect(shaped).toEqual(expected);
          if (found.some((d) => d.suggestions?.length)) expect(rule!.meta.hasSuggestions).toBe(true);
          if (c.output === undefined) {
            expect(applyFixes(c.code, found).applied).toEqual([]);
          } else {
            expect(rule!.meta.fixable).toBe(true);
            const output = fixAll(ruleId, c.code, c.options, c.isSnippet ?? false);
            expect(output).toBe(c.output);
            // What remains are exactly the findings that offered no fix.
            const remaining = runRule(ruleId, output, c.options, c.isSnippet ?? false);
            expect(remaining.filter((d) => d.fix).map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual([]);
            expect(remaining.length).toBe(found.filter((d) => !d.fix).length);
          }
        });
      }
    });
  });
}

/** A page with valid front matter, followed by `body`. Body line n is file line n + 4. */
export function page(body: string): string {
  return `---\ntitle: Test page\ndescription: A page for tests.\n---\n${body}`;
}
