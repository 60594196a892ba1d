import { pageRules } from '../../rules/index.js';
import type { Diagnostic } from '../../src/core/diagnostic.js';
import { applyFixes } from '../../src/engine/fix.js';
import { lintPage, type PageSettings } from '../../src/pages/lint.js';

/** A page that must produce no finding of the rule. */
export type ValidCase = string | { code: string; options?: unknown; isSnippet?: boolean; name?: string };

export interface ExpectedError {
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  message: string;
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
  const rule = pageRules.find((r) => r.meta.id === ruleId);
  if (!rule) throw new Error(`no page rule ${ruleId}`);
  const settings: PageSettings = { rules: {} };
  for (const r of pageRules) settings.rules[r.meta.id] = { severity: 'off' };
  settings.rules[ruleId] = { severity: rule.meta.severity, options };
  return lintPage({ file: TEST_FILE, text: code, isSnippet }, settings).diagnostics;
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

const byPosition = (a: ExpectedError, b: ExpectedError): number =>
  a.line - b.line || a.column - b.column || (a.message < b.message ? -1 : a.message > b.message ? 1 : 0);

/**
 * Table-driven tests of one page rule: every `valid` page yields no finding of the rule; every
 * `invalid` page yields exactly the listed findings (position and message; end position when the
 * case gives it), with the rule's id, default severity and docs URL.
 */
export function ruleTester(ruleId: string, cases: { valid: ValidCase[]; invalid: InvalidCase[] }): void {
  const rule = pageRules.find((r) => r.meta.id === ruleId);
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
          for (const d of found) {
            expect(d.ruleId).toBe(ruleId);
            expect(d.severity).toBe(rule!.meta.severity);
            expect(d.url).toBe(rule!.meta.docsUrl);
            expect(d.file).toBe(TEST_FILE);
          }
          const expected = [...c.errors].sort(byPosition);
          const actual = found
            .map((d) => ({ line: d.line, column: d.column, endLine: d.endLine, endColumn: d.endColumn, message: d.message }))
            .sort(byPosition);
          // Compare only the end positions a case states.
          const shaped = actual.map((a, i) => {
            const e = expected[i];
            const out: ExpectedError = { line: a.line, column: a.column, message: a.message };
            if (e?.endLine !== undefined) out.endLine = a.endLine;
            if (e?.endColumn !== undefined) out.endColumn = a.endColumn;
            return out;
          });
          expect(shaped).toEqual(expected);
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
