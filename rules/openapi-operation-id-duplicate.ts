import { defineRule, type GeneratedOperation } from '../src/rule-kit/index.js';

/** A second operation of a spec with the operationId of another (both with generated pages). */
export default defineRule({
  meta: {
    id: 'openapi-operation-id-duplicate',
    kind: 'site',
    description: 'Operations with generated pages have operationIds unique in their spec.',
    severity: 'warning',
    readsFacts: ['openapi'],
    messages: {
      duplicate:
        'operationId "{{operationId}}" of {{operation}} is also the operationId of {{first}} (line {{line}}); operationIds must be unique in a spec (the playground and API clients tell operations apart by it): rename one',
    },
  },
  async check(context) {
    const { operations } = await context.site.openapiUse(context.pass);
    const firstById = new Map<string, Map<string, GeneratedOperation>>();
    for (const g of operations) {
      const { spec, op } = g;
      if (!context.inScope(spec.file) || typeof op.operation.operationId !== 'string') continue;
      const operationId = op.operation.operationId;
      const ids = firstById.get(spec.file) ?? new Map<string, GeneratedOperation>();
      firstById.set(spec.file, ids);
      const first = ids.get(operationId);
      if (!first) {
        ids.set(operationId, g);
        continue;
      }
      const doc = spec.document;
      const firstAt = doc.rangeOf([...first.op.pointer, 'operationId']);
      context.report({
        messageId: 'duplicate',
        data: { operationId, operation: g.label, first: first.label, line: doc.lines.position(firstAt.start).line },
        at: doc.place(doc.locate([...op.pointer, 'operationId'])?.value ?? doc.rangeOf([...op.pointer, 'operationId'])),
        related: [{ message: `first used by ${first.label}`, at: doc.place(firstAt) }],
      });
    }
  },
});
