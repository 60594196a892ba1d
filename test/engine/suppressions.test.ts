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

  test('errors and warnings up to the recorded count are left out; notes never', () => {
    const out = applySuppressions(
      [...findings, d('b.mdx', 3, 'page-frontmatter', 'info')],
      counts({ 'a.mdx': { 'site-broken-link': 3 }, 'b.mdx': { 'site-broken-link': 1, 'page-frontmatter': 2 } }),
      keyOf,
      findings.map((f) => f.file),
    );
    expect(brief(out.diagnostics)).toEqual(['b.mdx:3 page-frontmatter info']);
    expect(out.suppressed).toBe(5);
    expect(out.unused).toEqual([{ file: 'b.mdx', ruleId: 'page-frontmatter', count: 1 }]);
  });

  test('more errors and warnings than recorded: all of them are reported', () => {
    const out = applySuppressions(findings, counts({ 'a.mdx': { 'site-broken-link': 2 } }), keyOf, ['/site/a.mdx']);
    expect(brief(out.diagnostics)).toEqual(brief(findings));
    expect(out.suppressed).toBe(0);
  });

  test('fewer findings than recorded, or a rule with none: unused, only for linted files', () => {
    const recorded = counts({
      'a.mdx': { 'site-broken-link': 5, 'page-image-alt': 1 },
      'c.mdx': { 'site-broken-link': 1 },
    });
    const out = applySuppressions(findings, recorded, keyOf, ['/site/a.mdx', '/site/b.mdx']);
    expect(brief(out.diagnostics)).toEqual(['b.mdx:1 site-broken-link error', 'b.mdx:2 page-frontmatter error']);
    expect(out.unused).toEqual([
      { file: 'a.mdx', ruleId: 'page-image-alt', count: 1 },
      { file: 'a.mdx', ruleId: 'site-broken-link', count: 2 },
    ]);
    expect(out.held).toEqual([]);
  });

  test('what was not checked holds its entries, with why: a rule that did not run, a file whose checks did not', () => {
    const recorded = counts({
      'a.mdx': { 'site-broken-link': 5, 'page-image-alt': 1 },
      'b.mdx': { 'page-frontmatter': 3 },
    });
    const unchecked = {
      rules: new Map([['site-broken-link', 'docs.json did not parse, so the site checks did not run']]),
      files: new Map([['/site/b.mdx', 'b.mdx was not checked (see its page-mdx-syntax finding)']]),
    };
    const out = applySuppressions(findings, recorded, keyOf, ['/site/a.mdx', '/site/b.mdx'], unchecked);
    expect(out.unused).toEqual([{ file: 'a.mdx', ruleId: 'page-image-alt', count: 1 }]);
    expect(out.held).toEqual([
      {
        file: 'a.mdx',
        ruleId: 'site-broken-link',
        count: 2,
        reason: 'docs.json did not parse, so the site checks did not run',
      },
      {
        file: 'b.mdx',
        ruleId: 'page-frontmatter',
        count: 2,
        reason: 'b.mdx was not checked (see its page-mdx-syntax finding)',
      },
    ]);
  });
});
