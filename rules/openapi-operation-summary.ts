import { defineRule } from '../src/rule-kit/index.js';

/** Operations with generated pages and no `summary` (nor `x-mint.metadata.title`). Reported from the site's shared OpenAPI analysis. */
export default defineRule({
  meta: {
    id: 'openapi-operation-summary',
    kind: 'site',
    description: 'Every operation the site generates a page for has a `summary` (else the page is titled after its path).',
    severity: 'warning',
    readsFacts: ['openapi'],
  },
  async check(context) {
    for (const f of await context.site.openapi(context.pass)) {
      if (f.ruleId === context.ruleId)
        context.report({ message: f.message, at: f, problem: f.problem, related: f.related?.map((r) => ({ message: r.message, at: r })) });
    }
  },
});
