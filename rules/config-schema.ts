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
    description: 'docs.json must follow the platform schema: required fields, types, allowed values and integration limits.',
    severity: 'error',
    readsConfigValidation: true,
  },
  async check(context) {
    const { errors, placeholders } = await context.site.configValidation();
    const messages = errors.map((e) => e.message);
    for (const p of placeholders) {
      if (p.empty) continue;
      const first = errors.findIndex((e) => e.pointer === p.pointer && e.on === 'value');
      if (first !== -1) messages[first] += `; it looks like a placeholder, set your real ${p.label}`;
    }
    errors.forEach((e, i) => context.report({ message: messages[i]!, at: e.place }));
  },
});
