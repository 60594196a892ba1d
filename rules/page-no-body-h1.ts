import { defineRule, isAgentInstructionFile, isCanvasMode, nameSpan, spanOf } from '../src/rule-kit/index.js';

export default defineRule({
  meta: {
    id: 'page-no-body-h1',
    kind: 'page',
    description: 'Body headings start at level 2: the page title is the only h1.',
    severity: 'warning',
    messages: {
      heading: 'level-1 heading in the page body: the page title is the h1, so start body headings at `##`',
      element: '`<h1>` in the page body: the page title is the h1, so use `##` (or `<h2>`)',
    },
  },
  check(context) {
    // A `mode: custom` or `mode: frame` page shows no title: its own h1 is the page's.
    if (isCanvasMode(context.frontmatter.data?.mode)) return;
    // An instruction file for coding agents is no page to fix: site-orphan-page says to keep it out of the site.
    if (isAgentInstructionFile(context.file)) return;
    for (const { node } of context.index.headings) {
      if (node.depth === 1) {
        context.report({ messageId: 'heading', at: spanOf(node) });
      }
    }
    for (const { node } of context.index.jsx) {
      if (node.name === 'h1') {
        context.report({ messageId: 'element', at: nameSpan(node) });
      }
    }
  },
});
