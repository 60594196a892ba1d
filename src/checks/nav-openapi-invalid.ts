import { defineMeta } from '../core/rule.js';
import { analyseEndpoints, INVALID, type EndpointAnalysisOptions } from './support/endpoints.js';
import type { SiteCheck } from './types.js';

/**
 * An `openapi` spec that is missing, unparsable, not OpenAPI 3.x (or, with `schema: true`, fails
 * OpenAPI validation): one
 * finding where the spec is named. A remote spec is never fetched (one info-level note).
 */
export const navOpenapiInvalid: SiteCheck = {
  meta: defineMeta({
    id: INVALID,
    kind: 'site',
    description: 'Every OpenAPI spec named in docs.json or front matter must exist, parse and be valid OpenAPI 3.x.',
    severity: 'error',
    fixable: false,
    optionsSchema: {
      type: 'object',
      properties: { schema: { type: 'boolean', description: 'Also validate each spec in use against the OpenAPI 3.x schema (default false; 100-400 ms per spec).' } },
      additionalProperties: false,
    },
  }),
  readsFacts: ['openapi'],
  async run(context) {
    const options = (context.options ?? {}) as EndpointAnalysisOptions;
    return (await analyseEndpoints(context, options)).filter((d) => d.ruleId === INVALID);
  },
};
