import { defineRule, isObject } from '../src/rule-kit/index.js';

/** Operations with a generated page and no `summary` (nor `x-mint.metadata.title`): the page is titled after its URL. */
export default defineRule({
  meta: {
    id: 'openapi-operation-summary',
    kind: 'site',
    description:
      'Every operation the site generates a page for has a `summary` (else the page is titled after its path).',
    severity: 'warning',
    readsFacts: ['openapi'],
    messages: {
      missing:
        "{{operation}} has no `summary`: its generated page is titled after its URL (`{{slug}}`); add a `summary` of a few words (it becomes the page's title and URL)",
    },
  },
  async check(context) {
    const { operations } = await context.site.openapiUse(context.pass);
    for (const { spec, op, route, label } of operations) {
      if (!context.inScope(spec.file)) continue;
      const xMint = isObject(op.operation['x-mint']) ? op.operation['x-mint'] : undefined;
      const metadata = xMint && isObject(xMint.metadata) ? xMint.metadata : undefined;
      if (hasText(op.summary) || hasText(metadata?.title)) continue;
      context.report({
        messageId: 'missing',
        data: { operation: label, slug: route.split('/').pop()! },
        at: spec.document.place(spec.document.rangeOf(op.pointer)),
      });
    }
  },
});

function hasText(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '';
}
