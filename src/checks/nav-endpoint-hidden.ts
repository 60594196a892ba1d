import { defineMeta } from '../core/rule.js';
import { analyseEndpoints, HIDDEN } from './support/endpoints.js';
import type { SiteCheck } from './types.js';

/** A navigation endpoint reference to an operation marked `x-hidden: true` (or `x-excluded: true`). */
export const navEndpointHidden: SiteCheck = {
  meta: defineMeta({
    id: HIDDEN,
    kind: 'site',
    description: 'The navigation must not list operations that the spec marks x-hidden or x-excluded.',
    severity: 'error',
    fixable: false,
  }),
  readsFacts: ['openapi'],
  async run(context) {
    return (await analyseEndpoints(context)).filter((d) => d.ruleId === HIDDEN);
  },
};
