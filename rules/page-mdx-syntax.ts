import type { Root } from 'mdast';
import { lintRule } from 'unified-lint-rule';
import { defineMeta } from '../src/core/rule.js';
import { pageContext } from '../src/pages/context.js';
import { report } from '../src/pages/rule.js';

export const meta = defineMeta({
  id: 'page-mdx-syntax',
  kind: 'page',
  description: 'The page parses as MDX (no HTML comments, closed tags, valid {expressions}).',
  severity: 'error',
  fixable: false,
});

/**
 * Reports the parser's error, kept by lintPage when the page did not parse, and the first bytes
 * that are not UTF-8 (they read as U+FFFD, and a fix written back would lose them).
 */
const pageMdxSyntax = lintRule<Root>({ origin: `doclint:${meta.id}`, url: meta.docsUrl }, (_tree, file) => {
  const context = pageContext(file);
  if (context.syntaxError) report(file, context.syntaxError.message, context.syntaxError);
  if (context.invalidUtf8) report(file, context.invalidUtf8.message, context.invalidUtf8);
});

export default pageMdxSyntax;
