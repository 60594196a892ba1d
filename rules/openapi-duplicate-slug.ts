import { defineRule, type GeneratedOperation } from '../src/rule-kit/index.js';

/** Generated endpoint pages of one navigation scope with the same URL. */
export default defineRule({
  meta: {
    id: 'openapi-duplicate-slug',
    kind: 'site',
    description: 'Two operations do not get the same generated page URL in one navigation scope.',
    severity: 'warning',
    readsFacts: ['openapi'],
    messages: {
      sameSpec:
        '{{operation}} gets the page URL `/{{route}}`, as {{first}} does (line {{line}}): the platform numbers this one `/{{route}}-1`; give the operations different summaries, or set `x-mint.href`',
      otherSpec:
        '{{operation}} gets the page URL `/{{route}}`, as {{first}} does ({{firstFile}}, line {{line}}): one page hides the other; give the operations different summaries, or set `x-mint.href`',
    },
  },
  async check(context) {
    const { generated } = await context.site.openapiUse(context.pass);
    const byRoute = new Map<string, GeneratedOperation>();
    const reported = new Set<string>();
    for (const g of generated) {
      const key = `${g.scope}\0${g.route}`;
      const first = byRoute.get(key);
      if (!first) {
        byRoute.set(key, g);
        continue;
      }
      const pointer = g.op.pointer.join('/');
      // The same operation listed twice is a duplicate page (another rule's).
      if (first.spec.file === g.spec.file && first.op.pointer.join('/') === pointer) continue;
      const id = `${g.spec.file}\0${pointer}\0${g.route}`;
      if (reported.has(id) || !context.inScope(g.spec.file)) continue;
      reported.add(id);
      const sameSpec = first.spec.file === g.spec.file;
      const firstAt = first.spec.document.rangeOf(first.op.pointer);
      const firstLine = first.spec.document.lines.position(firstAt.start).line;
      const data = { operation: g.label, route: g.route, first: first.label, line: firstLine };
      context.report({
        ...(sameSpec
          ? { messageId: 'sameSpec', data }
          : { messageId: 'otherSpec', data: { ...data, firstFile: context.site.relative(first.spec.file) } }),
        at: g.spec.document.place(g.spec.document.rangeOf(g.op.pointer)),
        related: [{ message: `${first.label} gets the same URL`, at: first.spec.document.place(firstAt) }],
      });
    }
  },
});
