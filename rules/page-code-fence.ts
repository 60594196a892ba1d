import { defineRule, fenceProblems } from '../src/rule-kit/index.js';

/**
 * Fenced code blocks that never close, and blocks that an inner fence of the same length closed
 * early: in both the rest of the page (or of its list item) is read as code, or as live MDX.
 * Also the spec's `markdown-code-fence-validity` check for pages (a custom llms.txt has
 * `agent-llms-txt-code-fence`): one rule, so a page is never reported twice for one fence.
 */
export default defineRule({
  meta: {
    id: 'page-code-fence',
    kind: 'page',
    description:
      'Every fenced code block closes, and no inner fence closes it early (CommonMark fences: same character, closing at least as long).',
    severity: 'warning',
    spec: 'markdown-code-fence-validity',
    problems: {
      'closed-early': {
        severity: 'warning',
        description:
          'a block closed by the fence meant for a block written inside it (open the outer block with a longer fence)',
      },
    },
    messages: {
      unclosed:
        'code block opened with {{fence}} at line {{line}} is never closed: everything after it, to the end of the page or of its list item, is code; close it with a line of {{fence}}',
      closedByInner:
        'code block opened with {{fence}} at line {{line}} is closed at line {{closedAt}} by the fence meant for the {{innerFence}} block at line {{innerLine}}: what follows is read as the page, not as code; open and close the outer block with {{longer}} (if line {{line}} was meant to close a block, a fence before it is missing)',
    },
  },
  check(context) {
    for (const problem of fenceProblems(
      context.text,
      context.lines,
      context.index.code.map((c) => c.node),
    )) {
      const { open, fence } = problem;
      if (problem.kind === 'unclosed') {
        context.report({
          messageId: 'unclosed',
          data: { fence, line: open.line },
          at: open,
        });
        continue;
      }
      const closedAt = problem.closedAt!;
      const inner = problem.inner!;
      const longer = fence[0]!.repeat(Math.max(fence.length, inner.fence.length) + 1);
      context.report({
        messageId: 'closedByInner',
        data: {
          fence,
          line: open.line,
          closedAt: closedAt.line,
          innerFence: inner.fence,
          innerLine: inner.line,
          longer,
        },
        at: open,
        problem: 'closed-early',
        related: [
          { message: `the block really closes here`, at: closedAt },
          { message: `inner fence read as code`, at: inner },
        ],
      });
    }
  },
});
