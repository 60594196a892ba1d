import { defineRule, toLineEnd, type Fix } from '../src/rule-kit/index.js';

interface Options {
  fixLanguage?: string;
}

export default defineRule<Options>({
  meta: {
    id: 'page-code-language',
    kind: 'page',
    description: 'Every fenced code block declares its language, also inside CodeGroup, Steps, Tabs and examples.',
    severity: 'warning',
    fixable: true,
    fixNote: 'Only with `--fix-code-language LANG`: the fix writes the language the user named after a bare opening fence; the code itself is untouched.',
    optionsSchema: {
      type: 'object',
      properties: {
        fixLanguage: {
          type: 'string',
          pattern: '^[\\w+#.-]+$',
          description: 'The language --fix writes after an opening fence that names none (set by --fix-code-language).',
        },
      },
      additionalProperties: false,
    },
  },
  check(context) {
    const language = context.options?.fixLanguage;
    for (const { node } of context.index.code) {
      if (node.lang || !node.position) continue;
      const { line, column, offset } = node.position.start;
      // The fix writes the language right after the fence's backticks or tildes.
      let fix: Fix | undefined;
      if (language && offset !== undefined) {
        const fence = /^(`{3,}|~{3,})/.exec(context.text.slice(offset, offset + 64));
        if (fence) fix = { range: [offset + fence[1]!.length, offset + fence[1]!.length], text: language };
      }
      context.report({
        message: 'code block has no language: name it after the opening fence (```bash, ```json, ```text …)',
        at: toLineEnd(context, line, column),
        fix,
      });
    }
  },
});
