import { defineMeta } from '../core/rule.js';
import { analyseEndpoints, UNRESOLVED } from './support/endpoints.js';
import type { SiteCheck } from './types.js';

/** A navigation endpoint reference (or a page's front-matter `openapi:`) that names no operation of its spec. */
export const navEndpointUnresolved: SiteCheck = {
  meta: defineMeta({
    id: UNRESOLVED,
    kind: 'site',
    description: 'Endpoint references in the navigation and in front matter must name an operation of the OpenAPI spec in scope.',
    severity: 'error',
    fixable: false,
  }),
  readsFacts: ['openapi'],
  async run(context) {
    return (await analyseEndpoints(context)).filter((d) => d.ruleId === UNRESOLVED);
  },
};
