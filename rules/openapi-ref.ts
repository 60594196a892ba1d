import { defineRule } from '../src/rule-kit/index.js';

/** `$ref`s to other files or URLs (the platform rejects the spec) and local `$ref`s that point at nothing. Reported from the site's shared OpenAPI analysis. */
export default defineRule({
  meta: {
    id: 'openapi-ref',
    kind: 'site',
    description: 'Every `$ref` of an OpenAPI file in use points inside the file, at something that exists.',
    severity: 'error',
    readsFacts: ['openapi'],
    problems: {
      'missing-target': {
        severity: 'error',
        description: 'a local `$ref` that points at nothing (the platform accepts the spec but the part is missing from the page)',
      },
    },
  },
  async check(context) {
    for (const f of await context.site.openapi(context.pass)) {
      if (f.ruleId === context.ruleId)
        context.report({ message: f.message, at: f, problem: f.problem, related: f.related?.map((r) => ({ message: r.message, at: r })) });
    }
  },
});
