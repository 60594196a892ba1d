import { defineRule } from '../src/rule-kit/index.js';

/** A navigation endpoint reference to an operation marked `x-hidden: true` (or `x-excluded: true`). */
export default defineRule({
  meta: {
    id: 'nav-endpoint-hidden',
    kind: 'site',
    description: 'The navigation must not list operations that the spec marks x-hidden or x-excluded.',
    severity: 'error',
    readsFacts: ['openapi'],
  },
  async check(context) {
    for (const r of (await context.site.endpointReferences(context.pass)).references) {
      if (r.from !== 'navigation' || r.resolution.kind !== 'resolved') continue;
      const { spec, op } = r.resolution;
      const where = `\`${r.described}\` is marked \`${op.excluded ? 'x-excluded' : 'x-hidden'}: true\` in \`${context.site.relative(spec.file)}\``;
      if (op.excluded) {
        context.report({ message: `${where}: the platform generates no page for it; remove the entry or the \`x-excluded\``, at: r.at });
      } else if (op.hidden) {
        context.report({ message: `${where}: the platform keeps hidden operations out of the navigation; remove the entry or the \`x-hidden\``, at: r.at });
      }
    }
  },
});
