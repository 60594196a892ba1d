import { defineRule } from '../src/rule-kit/index.js';

/** Validation of every OpenAPI file in use against the OpenAPI 3.0 / 3.1 schemas, positioned in the file. Reported from the site's shared OpenAPI analysis. */
export default defineRule({
  meta: {
    id: 'openapi-schema',
    kind: 'site',
    description: 'Every OpenAPI file the site uses follows the OpenAPI 3.0 / 3.1 schema (the check of `mint openapi-check`).',
    severity: 'error',
    validatesSpecs: true,
    readsFacts: ['openapi'],
  },
  async check(context) {
    for (const f of await context.site.openapi(context.pass)) {
      if (f.ruleId === context.ruleId)
        context.report({ message: f.message, at: f, problem: f.problem, related: f.related?.map((r) => ({ message: r.message, at: r })) });
    }
  },
});
