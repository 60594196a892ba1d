import { defineRule } from '../src/rule-kit/index.js';

/**
 * The errors of the one schema validation of docs.json (shared by the docs.json rules). A value
 * that breaks the schema and also looks like a placeholder gets one error that says both (the
 * placeholder rule then leaves it alone).
 */
export default defineRule({
  meta: {
    id: 'config-schema',
    kind: 'config',
    description:
      'docs.json must follow the platform schema: required fields, types, allowed values and integration limits.',
    severity: 'error',
    readsConfigValidation: true,
    // The validation's own words for each error.
    messages: {
      schema: '{{message}}',
      placeholder: '{{message}}; it looks like a placeholder, set your real {{label}}',
    },
  },
  async check(context) {
    const { errors, placeholders } = await context.site.configValidation();
    // Each placeholder value has a pointer of its own: at most one label per error.
    const labels = new Map<number, string>();
    for (const p of placeholders) {
      if (p.empty) continue;
      const first = errors.findIndex((e) => e.pointer === p.pointer && e.on === 'value');
      if (first !== -1) labels.set(first, p.label);
    }
    errors.forEach((e, i) => {
      const label = labels.get(i);
      context.report({
        ...(label === undefined
          ? { messageId: 'schema', data: { message: e.message } }
          : { messageId: 'placeholder', data: { message: e.message, label } }),
        at: e.place,
      });
    });
  },
});
