import {
  customLlmsTxt,
  defineRule,
  fenceProblems,
  LineIndex,
  llmsAt,
  markdownCodeBlocks,
} from '../src/rule-kit/index.js';

/**
 * The spec's `markdown-code-fence-validity` for a custom llms.txt (pages have `page-code-fence`):
 * every fenced block closes, and no inner fence closes one early.
 */
export default defineRule({
  meta: {
    id: 'agent-llms-txt-code-fence',
    kind: 'site',
    description: 'Every fenced code block of a custom llms.txt closes, and no inner fence closes it early.',
    severity: 'warning',
    spec: 'markdown-code-fence-validity',
    independentOfConfig: true,
    messages: {
      unclosed:
        'code block opened with {{fence}} at line {{line}} of llms.txt is never closed: agents read the rest of the file as code; close it with a line of {{fence}}',
      closedByInner:
        'code block opened with {{fence}} at line {{line}} of llms.txt is closed at line {{closedAt}} by the fence meant for the {{innerFence}} block at line {{innerLine}}; open and close the outer block with {{longer}}',
    },
  },
  async check(context) {
    const served = await customLlmsTxt(context.site, context.inScope, (file) => context.frontmatterFacts(file));
    if (!served) return;
    const text = served.text;
    const lines = new LineIndex(text);
    for (const problem of fenceProblems(text, lines, markdownCodeBlocks(text))) {
      const { open, fence } = problem;
      if (problem.kind === 'unclosed') {
        context.report({
          messageId: 'unclosed',
          data: { fence, line: open.line },
          at: llmsAt(served, open),
        });
        continue;
      }
      const inner = problem.inner!;
      context.report({
        messageId: 'closedByInner',
        data: {
          fence,
          line: open.line,
          closedAt: problem.closedAt!.line,
          innerFence: inner.fence,
          innerLine: inner.line,
          longer: fence[0]!.repeat(inner.fence.length + 1),
        },
        at: llmsAt(served, open),
        related: [{ message: 'the block really closes here', at: llmsAt(served, problem.closedAt) }],
      });
    }
  },
});
