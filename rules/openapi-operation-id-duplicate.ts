import { defineRule } from '../src/rule-kit/index.js';

/** A second operation of a spec with the operationId of another. Reported from the site's shared OpenAPI analysis. */
export default defineRule({
  meta: {
    id: 'openapi-operation-id-duplicate',
    kind: 'site',
    description: 'Operations with generated pages have operationIds unique in their spec.',
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
