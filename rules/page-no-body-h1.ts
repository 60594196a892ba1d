import type { Root } from 'mdast';
import { lintRule } from 'unified-lint-rule';
import { defineMeta } from '../src/core/rule.js';
import { nameSpan, spanOf } from '../src/pages/mdx.js';
import { bodyContext, report } from '../src/pages/rule.js';
import { indexTree } from '../src/pages/tree-index.js';

export const meta = defineMeta({
  id: 'page-no-body-h1',
  kind: 'page',
  description: 'Body headings start at level 2: the page title is the only h1.',
  severity: 'warning',
  fixable: false,
});

const pageNoBodyH1 = lintRule<Root>({ origin: `doclint:${meta.id}`, url: meta.docsUrl }, (tree, file) => {
  if (!bodyContext(file)) return;
  const index = indexTree(tree);
  for (const { node } of index.headings) {
    if (node.depth === 1) {
      report(file, 'level-1 heading in the page body: the page title is the h1, so start body headings at `##`', spanOf(node));
    }
  }
  for (const { node } of index.jsx) {
    if (node.name === 'h1') {
      report(file, '`<h1>` in the page body: the page title is the h1, so use `##` (or `<h2>`)', nameSpan(node));
    }
  }
});

export default pageNoBodyH1;
