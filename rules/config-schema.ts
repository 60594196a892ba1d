import { defineRule } from '../src/rule-kit/index.js';

/** Findings of the one schema validation of docs.json (shared by the docs.json rules) that are this rule's. */
export default defineRule({
  meta: {
    id: 'config-schema',
    kind: 'config',
    description: 'docs.json must follow the platform schema: required fields, types, allowed values and integration limits.',
    severity: 'error',
  },
  async check(context) {
    for (const f of await context.site.configValidation()) {
      if (f.ruleId === context.ruleId) context.report({ message: f.message, at: f, fix: f.fix });
    }
  },
});
