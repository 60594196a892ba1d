import type { Root } from 'mdast';
import { lintRule } from 'unified-lint-rule';
import { defineMeta } from '../src/core/rule.js';
import { bodyContext, report, toLineEnd } from '../src/pages/rule.js';
import { indexTree } from '../src/pages/tree-index.js';

export const meta = defineMeta({
  id: 'page-code-language',
  kind: 'page',
  description: 'Every fenced code block declares its language, also inside CodeGroup, Steps, Tabs and examples.',
  severity: 'warning',
  fixable: true,
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
});

interface Options {
  fixLanguage?: string;
}

const pageCodeLanguage = lintRule<Root, Options | undefined>({ origin: `doclint:${meta.id}`, url: meta.docsUrl }, (tree, file, options) => {
  const context = bodyContext(file);
  if (!context) return;
  const language = options?.fixLanguage;
  for (const { node } of indexTree(tree).code) {
    if (node.lang || !node.position) continue;
    const { line, column, offset } = node.position.start;
    // The fix writes the language right after the fence's backticks or tildes.
    let fix: { range: [number, number]; text: string } | undefined;
    if (language && offset !== undefined) {
      const fence = /^(`{3,}|~{3,})/.exec(context.text.slice(offset, offset + 64));
      if (fence) fix = { range: [offset + fence[1]!.length, offset + fence[1]!.length], text: language };
    }
    report(
      file,
      'code block has no language: name it after the opening fence (```bash, ```json, ```text …)',
      toLineEnd(context, line, column),
      fix,
    );
  }
});

export default pageCodeLanguage;
