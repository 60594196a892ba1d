import { defineRule } from '../src/rule-kit/index.js';

/**
 * Reports the parser's error when the page did not parse, the first bytes that are not UTF-8 (they
 * read as U+FFFD, and a fix written back would lose them), and a file that could not be read as a
 * page at all (too large, binary, an internal error while reading it). Each is reported as why the
 * page was not checked in full (`reportNotChecked`).
 */
export default defineRule({
  meta: {
    id: 'page-mdx-syntax',
    kind: 'page',
    description:
      'The page parses as MDX (no HTML comments, closed tags, valid {expressions}), is text, and is not too large.',
    severity: 'error',
    notDisableable: true,
    runOnSyntaxError: true,
    problems: {
      'too-large': { severity: 'warning', description: 'a file too large to lint is skipped, with a warning' },
      'not-checked': {
        severity: 'warning',
        description:
          "a page that passes the time limit (or a worker thread's memory) while being checked is stopped and reported as not checked",
      },
    },
    // The words of the parser, or of the page's reader.
    messages: { problem: '{{message}}' },
  },
  check(context) {
    const { unreadable, syntaxError, invalidUtf8 } = context;
    if (unreadable) {
      context.reportNotChecked({
        messageId: 'problem',
        data: { message: unreadable.message },
        at: unreadable,
        problem: unreadable.problem,
      });
      return;
    }
    if (syntaxError)
      context.reportNotChecked({ messageId: 'problem', data: { message: syntaxError.message }, at: syntaxError });
    if (invalidUtf8)
      context.reportNotChecked({ messageId: 'problem', data: { message: invalidUtf8.message }, at: invalidUtf8 });
  },
});
