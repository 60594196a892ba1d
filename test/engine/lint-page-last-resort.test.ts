import { lintPage, type PagePlan } from '../../src/engine/lint-page.js';
import type { PageRule } from '../../src/rule-kit/rule.js';

// lintPage never throws: a page that cannot be linted even as an unreadable page still gets one
// finding saying it was not checked (here a rule whose meta cannot be read breaks both attempts).
describe('lintPage, last resort', () => {
  const broken = {
    get meta(): never {
      throw new Error('meta is broken');
    },
    check() {},
  } as unknown as PageRule;
  const plan: PagePlan = {
    rules: [{ id: 'broken-meta', rule: broken, options: undefined }],
    ruleIds: new Set(['broken-meta']),
  };

  test('a page that does not parse, whose rule cannot be read: one finding, not checked', () => {
    const result = lintPage({ file: '/site/page.mdx', text: '# Title\n\n<Note>\n', isSnippet: false }, plan);
    expect(result.findings).toEqual([
      {
        file: '/site/page.mdx',
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 1,
        ruleId: 'broken-meta',
        message: 'internal error while reading this page: meta is broken; it was not checked',
      },
    ]);
    expect(result.notChecked).toBe('broken-meta');
    expect(result.facts.syntaxError).toBe(true);
  });
});
