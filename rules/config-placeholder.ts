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
  },
  async check(context) {
    const { errors, placeholders } = await context.site.configValidation();
    const rejected = new Set(errors.filter((e) => e.on === 'value').map((e) => e.pointer));
    for (const p of placeholders) {
      if (rejected.has(p.pointer)) continue;
      context.report({
        message: p.empty
          ? `${p.path} is empty; set your real ${p.label}`
          : `${p.path} looks like a placeholder (${describeValue(p.value)}); set your real ${p.label}`,
        at: p.place,
      });
    }
  },
});
