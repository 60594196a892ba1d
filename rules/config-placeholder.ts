import { defineRule, describeValue } from '../src/rule-kit/index.js';

/**
 * Integration values left empty or as placeholders, from the one schema validation of docs.json
 * (shared by the docs.json rules). A value that also breaks the schema is left to config-schema,
 * whose error says both.
 */
export default defineRule({
  meta: {
    id: 'config-placeholder',
    kind: 'config',
    description: 'Integration keys and IDs must not be left as placeholders such as "<API_KEY>" or "G-XXXXXXX".',
    severity: 'warning',
    readsConfigValidation: true,
    messages: {
      empty: '{{path}} is empty; set your real {{label}}',
      placeholder: '{{path}} looks like a placeholder ({{value}}); set your real {{label}}',
    },
  },
  async check(context) {
    const { errors, placeholders } = await context.site.configValidation();
    const rejected = new Set(errors.filter((e) => e.on === 'value').map((e) => e.pointer));
    for (const p of placeholders) {
      if (rejected.has(p.pointer)) continue;
      if (p.empty) context.report({ messageId: 'empty', data: { path: p.path, label: p.label }, at: p.place });
      else
        context.report({
          messageId: 'placeholder',
          data: { path: p.path, value: describeValue(p.value), label: p.label },
          at: p.place,
        });
    }
  },
});
