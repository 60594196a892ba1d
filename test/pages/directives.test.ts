import type { Diagnostic } from '../../src/core/diagnostic.js';
import { ruleUrl } from '../../src/core/rule.js';
import { applyDirectives, pageDirectiveMeta } from '../../src/engine/directives.js';
import { lintPage } from '../../src/pages/lint.js';

const FILE = '/site/page.mdx';
const KNOWN = new Set(['page-link-text', 'page-image-alt', 'page-image-frame', 'site-broken-link', 'page-mdx-syntax']);

function finding(ruleId: string, line: number, column = 1, file = FILE): Diagnostic {
  return { file, line, column, endLine: line, endColumn: column + 1, ruleId, severity: 'warning', message: `${ruleId} at ${line}`, url: ruleUrl(ruleId) };
}

/** Directives of a page, read by lintPage exactly as the engine reads them. */
function directivesOf(text: string) {
  return lintPage({ file: FILE, text, isSnippet: false }, { rules: {} }).facts.directives;
}

const kept = (ds: Diagnostic[]): string[] => ds.map((d) => (d.ruleId === 'page-directive' ? `${d.line}:${d.column} ${d.message}` : `${d.ruleId}@${d.line}`));

describe('applyDirectives', () => {
  test('meta of page-directive', () => {
    expect(pageDirectiveMeta).toMatchObject({ id: 'page-directive', kind: 'page', severity: 'warning', docsUrl: ruleUrl('page-directive') });
  });

  test('disable … enable for named rules, any rule kind (site checks too)', () => {
    const directives = directivesOf(
      ['Line 1', '', '{/* doclint-disable page-link-text site-broken-link */}', '', 'Line 5', '', '{/* doclint-enable page-link-text */}', '', 'Line 9', ''].join('\n'),
    );
    const out = applyDirectives(
      [finding('page-link-text', 1), finding('page-link-text', 5), finding('site-broken-link', 5), finding('page-image-alt', 5), finding('page-link-text', 9), finding('site-broken-link', 9)],
      directives,
      FILE,
      KNOWN,
    );
    expect(kept(out)).toEqual(['page-link-text@1', 'page-image-alt@5', 'page-link-text@9']);
  });

  test('disable with no rule: everything until enable; enable of one rule re-enables only it', () => {
    const directives = directivesOf(['{/* doclint-disable */}', '', 'L3', '', '{/* doclint-enable page-image-alt */}', '', 'L7', ''].join('\n'));
    const out = applyDirectives([finding('page-link-text', 3), finding('page-image-alt', 3), finding('page-link-text', 7), finding('page-image-alt', 7)], directives, FILE, KNOWN);
    expect(kept(out)).toEqual(['page-image-alt@7']);
  });

  test('disable-next-line applies to the next non-blank line only', () => {
    const directives = directivesOf(['{/* doclint-disable-next-line page-image-alt */}', '', '![](/a.png)', '![](/b.png)', ''].join('\n'));
    const out = applyDirectives([finding('page-image-alt', 3), finding('page-image-frame', 3), finding('page-image-alt', 4)], directives, FILE, KNOWN);
    expect(kept(out)).toEqual(['page-image-frame@3', 'page-image-alt@4']);
  });

  test('a finding before the directive on the same line is not suppressed', () => {
    const directives = directivesOf('[here](/x) {/* doclint-disable page-link-text */} [here](/y)\n');
    const out = applyDirectives([finding('page-link-text', 1, 1), finding('page-link-text', 1, 50)], directives, FILE, KNOWN);
    expect(kept(out)).toEqual(['page-link-text@1']);
  });

  test('findings of other files pass through untouched', () => {
    const directives = directivesOf('{/* doclint-disable */}\n\nText\n');
    const other = finding('page-link-text', 3, 1, '/site/other.mdx');
    const out = applyDirectives([other, finding('page-link-text', 3)], directives, FILE, KNOWN);
    expect(out).toEqual([other]);
  });

  test('unknown rule ids are reported, with a suggestion', () => {
    const directives = directivesOf('{/* doclint-disable page-link-txt nonsense */}\n\nText\n');
    const out = applyDirectives([], directives, FILE, KNOWN);
    expect(kept(out)).toEqual([
      '1:1 unknown rule `page-link-txt` in `doclint-disable`: did you mean `page-link-text`?',
      '1:1 unknown rule `nonsense` in `doclint-disable`',
    ]);
    for (const d of out) {
      expect(d).toMatchObject({ ruleId: 'page-directive', severity: 'warning', url: ruleUrl('page-directive'), file: FILE, endLine: 1, endColumn: 47 });
    }
  });

  test('a disable that suppressed nothing is reported, per rule', () => {
    const directives = directivesOf(
      ['{/* doclint-disable-next-line page-image-alt page-link-text */}', '![](/a.png)', '', '{/* doclint-disable */}', '{/* doclint-enable */}', ''].join('\n'),
    );
    const out = applyDirectives([finding('page-image-alt', 2)], directives, FILE, KNOWN);
    expect(kept(out)).toEqual([
      '1:1 `doclint-disable-next-line` suppressed no `page-link-text` finding: remove `page-link-text` from it',
      '4:1 `doclint-disable` suppressed nothing: remove it',
    ]);
  });

  test('no "suppressed nothing" on a page that did not parse (its rules did not run)', () => {
    const directives = directivesOf('{/* doclint-disable page-link-text */}\n\nText\n');
    const syntax = finding('page-mdx-syntax', 5);
    expect(applyDirectives([syntax], directives, FILE, KNOWN)).toEqual([syntax]);
  });

  test('end to end with lintPage findings', () => {
    const text = ['---', 'title: T', 'description: D', '---', '', '{/* doclint-disable-next-line page-link-text */}', 'Read [here](/x).', '', 'Read [here](/y).', ''].join('\n');
    const result = lintPage({ file: FILE, text, isSnippet: false }, { rules: {} });
    const out = applyDirectives(result.diagnostics, result.facts.directives, FILE, KNOWN);
    expect(out.map((d) => `${d.ruleId}@${d.line}`)).toEqual(['page-link-text@9']);
  });
});
