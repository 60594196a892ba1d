import { defineRule } from '../src/rule-kit/index.js';

/** Path templates and declared path parameters that do not match. Reported from the site's shared OpenAPI analysis. */
export default defineRule({
  meta: {
    id: 'openapi-path-parameter',
    kind: 'site',
    description: 'Each `{param}` in the path of an operation with a generated page is declared `in: path`, and each path parameter is in the path.',
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
