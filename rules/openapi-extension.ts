import { defineRule } from '../src/rule-kit/index.js';

/** Bad values of the platform's OpenAPI extensions (`x-mint`/`x-custom`, `x-hidden`, `x-excluded`) on operations of the specs in use. Reported from the site's shared endpoint analysis. */
export default defineRule({
  meta: {
    id: 'openapi-extension',
    kind: 'site',
    description: 'The platform extensions on OpenAPI operations (x-mint / x-custom, x-hidden, x-excluded) must have values the platform reads.',
    severity: 'warning',
    readsFacts: ['openapi'],
  },
  async check(context) {
    for (const f of await context.site.endpoints(context.pass)) {
      if (f.ruleId === context.ruleId) context.report({ message: f.message, at: f });
    }
  },
});
