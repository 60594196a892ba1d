import { defineRule } from '../src/rule-kit/index.js';

/**
 * An `openapi` spec that is missing, unparsable, not OpenAPI 3.x (or, with `schema: true`, fails
 * OpenAPI validation): one finding where the spec is named. A remote spec is never fetched (one
 * info-level note). Reported from the site's shared endpoint analysis, which reads this rule's
 * `schema` option.
 */
export default defineRule({
  meta: {
    id: 'nav-openapi-invalid',
    kind: 'site',
    description: 'Every OpenAPI spec named in docs.json or front matter must exist, parse and be valid OpenAPI 3.x.',
    severity: 'error',
    specSchemaOption: 'schema',
    reportsRemovedTargets: true,
    readsFacts: ['openapi'],
    problems: {
      'remote-spec': { severity: 'info', description: 'a remote spec is never fetched: its endpoint references are not checked (a note)' },
      ambiguous: {
        severity: 'warning',
        description: 'a page names its spec by part of a path that several specs with the operation share: the platform takes the first it finds',
      },
    },
    optionsSchema: {
      type: 'object',
      properties: {
        schema: { type: 'boolean', description: 'Also validate each spec in use against the OpenAPI 3.x schema (default false; 100-400 ms per spec).' },
      },
      additionalProperties: false,
    },
  },
  async check(context) {
    for (const f of await context.site.endpoints(context.pass)) {
      if (f.ruleId === context.ruleId) context.report({ message: f.message, at: f, problem: f.problem });
    }
  },
});
