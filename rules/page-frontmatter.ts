import { defineRule } from '../src/rule-kit/index.js';

const REQUIRED = ['title', 'description'] as const;
/** Pages generated from a spec take their title and description from it. */
const FROM_SPEC = ['openapi', 'asyncapi'];

export default defineRule({
  meta: {
    id: 'page-frontmatter',
    kind: 'page',
    description: 'Front matter is valid YAML and gives the page a non-empty `title` and `description`.',
    severity: 'error',
    runOnSyntaxError: true,
  },
  check(context) {
    if (context.unreadable) return;
    const fm = context.frontmatter;
    if (fm.error) {
      context.report({ message: fm.error.kind === 'yaml' ? `front matter is not valid YAML: ${fm.error.message}` : fm.error.message, at: fm.error });
      return;
    }
    if (context.isSnippet) return;
    if (!fm.present) {
      context.report({
        message: 'page has no front matter: start it with a `---` block that sets `title` and `description`',
        at: { line: 1, column: 1, endLine: 1, endColumn: 1 },
      });
      return;
    }
    if (FROM_SPEC.some((key) => fm.fields.has(key))) return;
    for (const key of REQUIRED) {
      const field = fm.fields.get(key);
      if (!field) {
        context.report({ message: `front matter has no \`${key}\`: add \`${key}: …\``, at: fm.opening });
        continue;
      }
      const value = field.value;
      if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
        context.report({ message: `front matter \`${key}\` is empty: write the page's ${key}`, at: field.key });
      } else if (typeof value !== 'string' && typeof value !== 'number') {
        context.report({ message: `front matter \`${key}\` must be text: quote it ("…")`, at: field.valueSpan });
      }
    }
  },
});
