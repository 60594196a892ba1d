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
  fixable: false,
});

const pageCodeLanguage = lintRule<Root>({ origin: `doclint:${meta.id}`, url: meta.docsUrl }, (tree, file) => {
  const context = bodyContext(file);
  if (!context) return;
  for (const { node } of indexTree(tree).code) {
    if (node.lang || !node.position) continue;
    const { line, column } = node.position.start;
    report(
      file,
      'code block has no language: name it after the opening fence (```bash, ```json, ```text …)',
      toLineEnd(context, line, column),
    );
  }
});

export default pageCodeLanguage;
