import { defineRule } from '../src/rule-kit/index.js';

/** A navigation endpoint reference (or a page's front-matter `openapi:`) that names no operation of its spec. Reported from the site's shared endpoint analysis. */
export default defineRule({
  meta: {
    id: 'nav-endpoint-unresolved',
    kind: 'site',
    description: 'Endpoint references in the navigation and in front matter must name an operation of the OpenAPI spec in scope.',
    severity: 'error',
    reportsRemovedTargets: true,
    readsFacts: ['openapi'],
  },
  async check(context) {
    for (const f of await context.site.endpoints(context.pass)) {
      if (f.ruleId === context.ruleId) context.report({ message: f.message, at: f });
    }
  },
});
