import { defineRule } from '../src/rule-kit/index.js';

/** Generated endpoint pages of one navigation scope with the same URL. Reported from the site's shared OpenAPI analysis. */
export default defineRule({
  meta: {
    id: 'openapi-duplicate-slug',
    kind: 'site',
    description: 'Two operations do not get the same generated page URL in one navigation scope.',
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
