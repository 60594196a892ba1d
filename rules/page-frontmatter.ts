import type { Root } from 'mdast';
import { lintRule } from 'unified-lint-rule';
import { defineMeta } from '../src/core/rule.js';
import { pageContext } from '../src/pages/context.js';
import { report } from '../src/pages/rule.js';

export const meta = defineMeta({
  id: 'page-frontmatter',
  kind: 'page',
  description: 'Front matter is valid YAML and gives the page a non-empty `title` and `description`.',
  severity: 'error',
  fixable: false,
});

const REQUIRED = ['title', 'description'] as const;
/** Pages generated from a spec take their title and description from it. */
const FROM_SPEC = ['openapi', 'asyncapi'];

const pageFrontmatter = lintRule<Root>({ origin: `doclint:${meta.id}`, url: meta.docsUrl }, (_tree, file) => {
  const context = pageContext(file);
  const fm = context.frontmatter;
  if (fm.error) {
    report(file, fm.error.kind === 'yaml' ? `front matter is not valid YAML: ${fm.error.message}` : fm.error.message, fm.error);
    return;
  }
  if (context.isSnippet) return;
  if (!fm.present) {
    report(file, 'page has no front matter: start it with a `---` block that sets `title` and `description`', {
      line: 1,
      column: 1,
      endLine: 1,
      endColumn: 1,
    });
    return;
  }
  if (FROM_SPEC.some((key) => fm.fields.has(key))) return;
  for (const key of REQUIRED) {
    const field = fm.fields.get(key);
    if (!field) {
      report(file, `front matter has no \`${key}\`: add \`${key}: …\``, fm.opening);
      continue;
    }
    const value = field.value;
    if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
      report(file, `front matter \`${key}\` is empty: write the page's ${key}`, field.key);
    } else if (typeof value !== 'string' && typeof value !== 'number') {
      report(file, `front matter \`${key}\` must be text: quote it ("…")`, field.valueSpan);
    }
  }
});

export default pageFrontmatter;
