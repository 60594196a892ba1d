import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyDirectives } from '../../src/engine/message-control.js';
import { pagePlan, resolveSettings } from '../../src/config/settings.js';
import { lintPage } from '../../src/engine/lint-page.js';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/sites/pages');
/** The defaults, with page-image-frame (off by default) on. */
const SETTINGS = resolveSettings({ 'page-image-frame': { severity: 'warning' } });

/** The known findings of the fixture site: each page breaks only the rule it is named after. */
const EXPECTED: Record<string, string[]> = {
  'index.mdx': [],
  'page-mdx-syntax.mdx': ['8:1 page-mdx-syntax'],
  'page-frontmatter.mdx': ['3:56 page-frontmatter'],
  'page-frontmatter-required.mdx': ['1:1 page-frontmatter-required'],
  'page-no-body-h1.mdx': ['6:1 page-no-body-h1'],
  'page-heading-increment.mdx': ['8:1 page-heading-increment', '13:3 page-heading-increment'],
  'page-code-language.mdx': ['8:1 page-code-language', '19:7 page-code-language'],
  'page-image-frame.mdx': ['8:1 page-image-frame', '16:1 page-image-frame'],
  'page-image-alt.mdx': ['9:3 page-image-alt', '13:3 page-image-alt', '17:34 page-image-alt'],
  'page-link-text.mdx': ['8:27 page-link-text', '11:24 page-link-text'],
  'page-terminology.mdx': ['8:38 page-terminology', '10:5 page-terminology'],
  'page-unknown-component.mdx': ['10:1 page-unknown-component'],
  'page-component-attributes.mdx': [
    '8:23 page-component-attributes',
    '12:12 page-component-attributes',
    '13:9 page-component-attributes',
    // The misspelt title leaves the linked card without a name.
    '13:3 page-link-name',
    '16:1 page-component-attributes',
  ],
  'page-directive.mdx': ['11:1 page-directive'],
};

describe('fixtures/sites/pages', () => {
  test('every page of the fixture site is listed', () => {
    expect(
      readdirSync(dir)
        .filter((f) => f.endsWith('.mdx'))
        .sort(),
    ).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [name, expected] of Object.entries(EXPECTED)) {
    test(name, () => {
      const file = path.join(dir, name);
      const result = lintPage({ file, text: readFileSync(file, 'utf8'), isSnippet: false }, pagePlan(SETTINGS));
      const found = applyDirectives(result.findings, result.facts.directives, file, result.ifUnused);
      expect(found.map((d) => `${d.line}:${d.column} ${d.ruleId}`).sort()).toEqual([...expected].sort());
    });
  }
});
