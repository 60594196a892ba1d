import type { Diagnostic, Severity } from '../../src/core/diagnostic.js';
import { applySuppressions, type SuppressionCounts } from '../../src/engine/message-control.js';

const d = (file: string, line: number, ruleId: string, severity: Severity = 'error'): Diagnostic => ({
  file: `/site/${file}`,
  line,
  column: 1,
  endLine: line,
  endColumn: 2,
  ruleId,
  severity,
  message: `${ruleId} at ${line}`,
  url: '',
});

const keyOf = (file: string) => file.slice('/site/'.length);
const counts = (entries: Record<string, Record<string, number>>): SuppressionCounts =>
  new Map(Object.entries(entries).map(([file, rules]) => [file, new Map(Object.entries(rules))]));
const brief = (list: Diagnostic[]) => list.map((x) => `${keyOf(x.file)}:${x.line} ${x.ruleId} ${x.severity}`);

describe('applySuppressions (ESLint bulk suppressions)', () => {
  const findings = [
    d('a.mdx', 1, 'site-broken-link'),
    d('a.mdx', 2, 'site-broken-link'),
    d('a.mdx', 3, 'site-broken-link', 'warning'),
    d('b.mdx', 1, 'site-broken-link'),
    d('b.mdx', 2, 'page-frontmatter'),
  ];

  test('errors up to the recorded count are left out; warnings never', () => {
    const out = applySuppressions(
      findings,
      counts({ 'a.mdx': { 'site-broken-link': 2 }, 'b.mdx': { 'site-broken-link': 1 } }),
      keyOf,
      findings.map((f) => f.file),
    );
    expect(brief(out.diagnostics)).toEqual(['a.mdx:3 site-broken-link warning', 'b.mdx:2 page-frontmatter error']);
    expect(out.suppressed).toBe(3);
    expect(out.unused).toEqual([]);
  });

  test('more errors than recorded: all of them are reported', () => {
    const out = applySuppressions(findings, counts({ 'a.mdx': { 'site-broken-link': 1 } }), keyOf, ['/site/a.mdx']);
    expect(brief(out.diagnostics)).toEqual(brief(findings));
    expect(out.suppressed).toBe(0);
  });

  test('fewer errors than recorded, or a rule with none: unused, only for linted files', () => {
    const recorded = counts({ 'a.mdx': { 'site-broken-link': 5, 'page-image-alt': 1 }, 'c.mdx': { 'site-broken-link': 1 } });
    const out = applySuppressions(findings, recorded, keyOf, ['/site/a.mdx', '/site/b.mdx']);
    expect(brief(out.diagnostics)).toEqual(['a.mdx:3 site-broken-link warning', 'b.mdx:1 site-broken-link error', 'b.mdx:2 page-frontmatter error']);
    expect(out.unused).toEqual([
      { file: 'a.mdx', ruleId: 'page-image-alt', count: 1 },
      { file: 'a.mdx', ruleId: 'site-broken-link', count: 3 },
    ]);
  });

  test('a page that was not checked (page-mdx-syntax) judges none of its entries unused', () => {
    const stopped = [d('a.mdx', 1, 'page-mdx-syntax', 'warning')];
    const out = applySuppressions(stopped, counts({ 'a.mdx': { 'site-broken-link': 2 } }), keyOf, ['/site/a.mdx']);
    expect(brief(out.diagnostics)).toEqual(['a.mdx:1 page-mdx-syntax warning']);
    expect(out.unused).toEqual([]);
  });
});
