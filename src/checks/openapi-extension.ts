import { defineMeta } from '../core/rule.js';
import { analyseEndpoints, EXTENSION } from './support/endpoints.js';
import type { SiteCheck } from './types.js';

/** Bad values of the platform's OpenAPI extensions (`x-mint`/`x-custom`, `x-hidden`, `x-excluded`) on operations of the specs in use. */
export const openapiExtension: SiteCheck = {
  meta: defineMeta({
    id: EXTENSION,
    kind: 'site',
    description: 'The platform extensions on OpenAPI operations (x-mint / x-custom, x-hidden, x-excluded) must have values the platform reads.',
    severity: 'warning',
    fixable: false,
  }),
  readsFacts: ['openapi'],
  async run(context) {
    return (await analyseEndpoints(context)).filter((d) => d.ruleId === EXTENSION);
  },
};
