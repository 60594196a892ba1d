import { defineRule } from '../src/rule-kit/index.js';

/** A navigation endpoint reference to an operation marked `x-hidden: true` (or `x-excluded: true`). Reported from the site's shared endpoint analysis. */
export default defineRule({
  meta: {
    id: 'nav-endpoint-hidden',
    kind: 'site',
    description: 'The navigation must not list operations that the spec marks x-hidden or x-excluded.',
    severity: 'error',
    readsFacts: ['openapi'],
  },
  async check(context) {
    for (const f of await context.site.endpoints(context.pass)) {
      if (f.ruleId === context.ruleId) context.report({ message: f.message, at: f });
    }
  },
});
