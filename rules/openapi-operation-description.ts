import { defineRule } from '../src/rule-kit/index.js';

/** Operations with generated pages and no `description` (nor `x-mint.metadata.description`). Reported from the site's shared OpenAPI analysis. */
export default defineRule({
  meta: {
    id: 'openapi-operation-description',
    kind: 'site',
    description: 'Every operation the site generates a page for has a `description` (a note).',
    severity: 'info',
    readsFacts: ['openapi'],
  },
  async check(context) {
    for (const f of await context.site.openapi(context.pass)) {
      if (f.ruleId === context.ruleId)
        context.report({ message: f.message, at: f, problem: f.problem, related: f.related?.map((r) => ({ message: r.message, at: r })) });
    }
  },
});
