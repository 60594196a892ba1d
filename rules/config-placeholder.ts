import { defineRule } from '../src/rule-kit/index.js';

/** Findings of the one schema validation of docs.json (shared by the docs.json rules) that are this rule's. */
export default defineRule({
  meta: {
    id: 'config-placeholder',
    kind: 'config',
    description: 'Integration keys and IDs must not be left as placeholders such as "<API_KEY>" or "G-XXXXXXX".',
    severity: 'warning',
  },
  async check(context) {
    for (const f of await context.site.configValidation()) {
      if (f.ruleId === context.ruleId) context.report({ message: f.message, at: f, fix: f.fix });
    }
  },
});
