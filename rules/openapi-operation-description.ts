import { defineRule, isObject } from '../src/rule-kit/index.js';

/** Operations with a generated page and no `description` (nor `x-mint.metadata.description`). A note. */
export default defineRule({
  meta: {
    id: 'openapi-operation-description',
    kind: 'site',
    description: 'Every operation the site generates a page for has a `description` (a note).',
    severity: 'info',
    readsFacts: ['openapi'],
    messages: {
      missing:
        '{{operation}} has no `description`: its generated page has no introduction and no description for search and llms.txt; add a sentence or two on what it does',
    },
  },
  async check(context) {
    const { operations } = await context.site.openapiUse(context.pass);
    for (const { spec, op, label } of operations) {
      if (!context.inScope(spec.file)) continue;
      const xMint = isObject(op.operation['x-mint']) ? op.operation['x-mint'] : undefined;
      const metadata = xMint && isObject(xMint.metadata) ? xMint.metadata : undefined;
      if (hasText(op.description) || hasText(metadata?.description)) continue;
      context.report({
        messageId: 'missing',
        data: { operation: label },
        at: spec.document.place(spec.document.rangeOf(op.pointer)),
      });
    }
  },
});

function hasText(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '';
}
