import { defineRule, didYouMean } from '../src/rule-kit/index.js';

/** Path templates and declared path parameters that do not match, on operations with generated pages. */
export default defineRule({
  meta: {
    id: 'openapi-path-parameter',
    kind: 'site',
    description:
      'Each `{param}` in the path of an operation with a generated page is declared `in: path`, and each path parameter is in the path.',
    severity: 'warning',
    readsFacts: ['openapi'],
    // `{{{name}}}` is the parameter in braces, as a path template writes it.
    messages: {
      undeclared:
        '`{{{name}}}` in the path of {{operation}} is not declared: its page shows no field for it and the playground sends it empty; add a parameter with `name: {{name}}`, `in: path` and `required: true`',
      undeclaredRename:
        '`{{{name}}}` in the path of {{operation}} is not declared: its page shows no field for it and the playground sends it empty; rename the parameter `{{close}}` to `{{name}}`, or add a parameter with `name: {{name}}`, `in: path` and `required: true`',
      notInPath:
        'path parameter `{{name}}` of {{operation}} is not in its path `{{path}}`: the playground has nowhere to put it; remove it, change it to `in: query`, or add `{{{name}}}` to the path',
    },
  },
  async check(context) {
    const { operations } = await context.site.openapiUse(context.pass);
    for (const { spec, op, label } of operations) {
      if (!context.inScope(spec.file) || op.kind !== 'endpoint') continue;
      const doc = spec.document;
      const inPath = [...op.path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]!);
      const declared = spec.index.pathParameters(op);
      const undeclared = inPath.filter((name) => !declared.some((d) => d.name === name));
      const extra = declared.filter((d) => !inPath.includes(d.name));
      for (const name of undeclared) {
        const close =
          undeclared.length === 1 && extra.length === 1
            ? extra[0]!.name
            : didYouMean(
                name,
                declared.map((d) => d.name).filter((d) => !inPath.includes(d)),
              );
        context.report({
          ...(close
            ? { messageId: 'undeclaredRename', data: { name, operation: label, close } }
            : { messageId: 'undeclared', data: { name, operation: label } }),
          at: doc.place(doc.rangeOf(op.pointer)),
        });
      }
      for (const d of extra) {
        context.report({
          messageId: 'notInPath',
          data: { name: d.name, operation: label, path: op.path },
          at: doc.place(doc.locate([...d.segments, 'name'])?.value ?? doc.rangeOf(d.segments)),
        });
      }
    }
  },
});
