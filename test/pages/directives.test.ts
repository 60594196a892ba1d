import type { Finding } from '../../src/core/diagnostic.js';
import { applyDirectives } from '../../src/engine/message-control.js';
import { pagePlan, resolveSettings } from '../../src/config/settings.js';
import { parseDirective } from '../../src/pages/directives.js';
import { lintPage } from '../../src/engine/lint-page.js';
import { page, runRule } from '../helpers/rule-tester.js';

const FILE = '/site/page.mdx';

function finding(ruleId: string, line: number, column = 1, file = FILE): Finding {
  return { file, line, column, endLine: line, endColumn: column + 1, ruleId, message: `${ruleId} at ${line}` };
}

/** A page linted with the default settings, as the engine lints it. */
function lintOf(text: string) {
  return lintPage({ file: FILE, text, isSnippet: false }, pagePlan(resolveSettings()));
}

/** Directives of a page, read by lintPage exactly as the engine reads them. */
function directivesOf(text: string) {
  return lintOf(text).facts.directives;
}

const kept = (ds: Finding[]): string[] =>
  ds.map((d) => (d.ruleId === 'page-directive' ? `${d.line}:${d.column} ${d.message}` : `${d.ruleId}@${d.line}`));

describe('parseDirective', () => {
  test.each<[string, ReturnType<typeof parseDirective>]>([
    ['/* doclint-disable */', { kind: 'disable', ruleIds: [] }],
    ['/* doclint-disable a, b */', { kind: 'disable', ruleIds: ['a', 'b'] }],
    ['/* doclint-enable a */', { kind: 'enable', ruleIds: ['a'] }],
    ['/* doclint-disable-line a */', { kind: 'disable-line', ruleIds: ['a'] }],
    [
      '/* doclint-disable-next-line a b -- the reason, kept */',
      { kind: 'disable-next-line', ruleIds: ['a', 'b'], reason: 'the reason, kept' },
    ],
    ['/* doclint-disable-lines a */', { kind: 'unknown', ruleIds: ['a'], word: 'doclint-disable-lines' }],
    ['/* doclint-disablex */', { kind: 'unknown', ruleIds: [], word: 'doclint-disablex' }],
    ['/* a comment */', undefined],
    ['/* doclint */', undefined],
  ])('%s', (text, expected) => {
    expect(parseDirective(text)).toEqual(expected);
  });
});

describe('applyDirectives', () => {
  test('disable … enable for named rules, any rule kind (site rules too)', () => {
    const directives = directivesOf(
      [
        'Line 1',
        '',
        '{/* doclint-disable page-link-text site-broken-link */}',
        '',
        'Line 5',
        '',
        '{/* doclint-enable page-link-text */}',
        '',
        'Line 9',
        '',
      ].join('\n'),
    );
    const out = applyDirectives(
      [
        finding('page-link-text', 1),
        finding('page-link-text', 5),
        finding('site-broken-link', 5),
        finding('page-image-alt', 5),
        finding('page-link-text', 9),
        finding('site-broken-link', 9),
      ],
      directives,
      FILE,
    );
    expect(kept(out)).toEqual(['page-link-text@1', 'page-image-alt@5', 'page-link-text@9']);
  });

  test('disable with no rule: everything until enable; enable of one rule re-enables only it', () => {
    const directives = directivesOf(
      ['{/* doclint-disable */}', '', 'L3', '', '{/* doclint-enable page-image-alt */}', '', 'L7', ''].join('\n'),
    );
    const out = applyDirectives(
      [
        finding('page-link-text', 3),
        finding('page-image-alt', 3),
        finding('page-link-text', 7),
        finding('page-image-alt', 7),
      ],
      directives,
      FILE,
    );
    expect(kept(out)).toEqual(['page-image-alt@7']);
  });

  test('disable-next-line applies to the next non-blank line only', () => {
    const directives = directivesOf(
      ['{/* doclint-disable-next-line page-image-alt */}', '', '![](/a.png)', '![](/b.png)', ''].join('\n'),
    );
    const out = applyDirectives(
      [finding('page-image-alt', 3), finding('page-image-frame', 3), finding('page-image-alt', 4)],
      directives,
      FILE,
    );
    expect(kept(out)).toEqual(['page-image-frame@3', 'page-image-alt@4']);
  });

  test('disable-line (the ESLint spelling) applies to its own line only, not to the rest of the page', () => {
    const directives = directivesOf(
      ['[here](/a) {/* doclint-disable-line page-link-text */}', '', '[here](/b)', ''].join('\n'),
    );
    expect(directives.map((d) => d.kind)).toEqual(['disable-line']);
    const out = applyDirectives(
      [finding('page-link-text', 1), finding('page-image-alt', 1), finding('page-link-text', 3)],
      directives,
      FILE,
    );
    expect(kept(out)).toEqual(['page-image-alt@1', 'page-link-text@3']);
  });

  test('disable-line with no rule: every finding on that line', () => {
    const directives = directivesOf('![x](/a.png) {/* doclint-disable-line */}\n');
    const out = applyDirectives([finding('page-image-alt', 1), finding('page-image-frame', 1, 3)], directives, FILE);
    expect(kept(out)).toEqual([]);
  });

  test('an unknown directive word suppresses nothing', () => {
    const directives = directivesOf('{/* doclint-disable-lines page-link-text */}\n\n[here](/a)\n');
    const out = applyDirectives([finding('page-link-text', 3)], directives, FILE);
    expect(kept(out)).toEqual(['page-link-text@3']);
  });

  test('a finding before the directive on the same line is not suppressed', () => {
    const directives = directivesOf('[here](/x) {/* doclint-disable page-link-text */} [here](/y)\n');
    const out = applyDirectives([finding('page-link-text', 1, 1), finding('page-link-text', 1, 50)], directives, FILE);
    expect(kept(out)).toEqual(['page-link-text@1']);
  });

  test('findings of other files pass through untouched', () => {
    const directives = directivesOf('{/* doclint-disable */}\n\nText\n');
    const other = finding('page-link-text', 3, 1, '/site/other.mdx');
    const out = applyDirectives([other, finding('page-link-text', 3)], directives, FILE);
    expect(out).toEqual([other]);
  });

  test('a disable that suppressed nothing is reported, per rule, with its reason', () => {
    const linted = lintOf(
      [
        '{/* doclint-disable-next-line page-image-alt page-link-text -- legacy screenshots */}',
        '![](/a.png)',
        '',
        '{/* doclint-disable */}',
        '{/* doclint-enable */}',
        '',
      ].join('\n'),
    );
    // page-directive hands over what to report should each directive suppress nothing.
    expect(linted.ifUnused?.map((u) => `${u.line}:${u.column} ${u.named ?? '*'}`)).toEqual([
      '1:1 page-image-alt',
      '1:1 page-link-text',
      '4:1 *',
    ]);
    const out = applyDirectives([finding('page-image-alt', 2)], linted.facts.directives, FILE, linted.ifUnused);
    expect(kept(out)).toEqual([
      '1:1 `doclint-disable-next-line` suppressed no `page-link-text` finding: remove `page-link-text` from it (its reason: "legacy screenshots")',
      '4:1 `doclint-disable` suppressed nothing: remove it',
    ]);
  });

  test('no "suppressed nothing" on a page that did not parse (its rules did not run)', () => {
    const linted = lintOf('{/* doclint-disable page-link-text */}\n\nText\n');
    const syntax = finding('page-mdx-syntax', 5);
    expect(applyDirectives([syntax], linted.facts.directives, FILE, linted.ifUnused, false)).toEqual([syntax]);
  });

  test('end to end with lintPage findings', () => {
    const text = [
      '---',
      'title: T',
      'description: D',
      '---',
      '',
      '{/* doclint-disable-next-line page-link-text */}',
      'Read [here](/x).',
      '',
      'Read [here](/y).',
      '',
    ].join('\n');
    const result = lintPage({ file: FILE, text, isSnippet: false }, pagePlan(resolveSettings()));
    const out = applyDirectives(result.findings, result.facts.directives, FILE, result.ifUnused);
    expect(out.map((d) => `${d.ruleId}@${d.line}`)).toEqual(['page-link-text@9']);
  });
});

describe('page-directive: directives that cannot work', () => {
  test('unknown rule ids, with a suggestion', () => {
    const found = runRule('page-directive', page('{/* doclint-disable page-link-txt nonsense */}\n\nText\n'));
    expect(found.map((d) => `${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.severity} ${d.message}`)).toEqual([
      '5:1-5:47 warning unknown rule `page-link-txt` in `doclint-disable`: did you mean `page-link-text`?',
      '5:1-5:47 warning unknown rule `nonsense` in `doclint-disable`',
    ]);
  });

  test('an unknown directive word, with a suggestion', () => {
    const found = runRule('page-directive', page('Text {/* doclint-disable-lines page-link-text */}\n'));
    expect(found.map((d) => `${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.message}`)).toEqual([
      '5:6-5:50 unknown directive `doclint-disable-lines`: it suppresses nothing; did you mean `doclint-disable-line`?',
    ]);
  });
});
