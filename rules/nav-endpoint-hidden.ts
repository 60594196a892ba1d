import { defineRule } from '../src/rule-kit/index.js';

/** A navigation endpoint reference to an operation marked `x-hidden: true` (or `x-excluded: true`). */
export default defineRule({
  meta: {
    id: 'nav-endpoint-hidden',
    kind: 'site',
    description: 'The navigation must not list operations that the spec marks x-hidden or x-excluded.',
    severity: 'error',
    readsFacts: ['openapi'],
    messages: {
      excluded:
        '`{{operation}}` is marked `x-excluded: true` in `{{spec}}`: the platform generates no page for it; remove the entry or the `x-excluded`',
      hidden:
        '`{{operation}}` is marked `x-hidden: true` in `{{spec}}`: the platform keeps hidden operations out of the navigation; remove the entry or the `x-hidden`',
    },
  },
  async check(context) {
    for (const r of (await context.site.endpointReferences(context.pass)).references) {
      if (r.from !== 'navigation' || r.resolution.kind !== 'resolved') continue;
      const { spec, op } = r.resolution;
      const data = { operation: r.described, spec: context.site.relative(spec.file) };
      if (op.excluded) {
        context.report({ messageId: 'excluded', data, at: r.at });
      } else if (op.hidden) {
        context.report({ messageId: 'hidden', data, at: r.at });
      }
    }
  },
});
