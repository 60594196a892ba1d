import type { Root } from 'mdast';
import { lintRule } from 'unified-lint-rule';
import { defineMeta } from '../src/core/rule.js';
import { spanOf } from '../src/pages/mdx.js';
import { bodyContext, report } from '../src/pages/rule.js';
import { indexTree } from '../src/pages/tree-index.js';

export const meta = defineMeta({
  id: 'page-heading-increment',
  kind: 'page',
  description: 'Heading levels go down one at a time (no jump from ## to ####), also inside components.',
  severity: 'warning',
  fixable: true,
});

const pageHeadingIncrement = lintRule<Root>({ origin: `doclint:${meta.id}`, url: meta.docsUrl }, (tree, file) => {
  const context = bodyContext(file);
  if (!context) return;
  // The page title is level 1. A snippet is included under headings of unknown level: only the
  // steps between its own headings are checked.
  let previous: number | undefined = context.isSnippet ? undefined : 1;
  let fromTitle = true;
  for (const { node } of indexTree(tree).headings) {
    if (previous !== undefined && node.depth > previous + 1) {
      const expected = '#'.repeat(previous + 1);
      const after = fromTitle ? 'the page title is level 1' : `the previous heading is level ${previous}`;
      const skipped = node.depth - previous === 2 ? `level ${previous + 1}` : `levels ${previous + 1} to ${node.depth - 1}`;
      // The fix lowers an ATX heading (`#### Title`) to the expected level; later headings follow in the next pass.
      const offset = node.position?.start.offset;
      const hashes = offset === undefined ? undefined : /^#{1,6}(?=[ \t]|$)/m.exec(context.text.slice(offset, offset + 7));
      const fix = offset !== undefined && hashes && hashes.index === 0 ? { range: [offset, offset + hashes[0].length] as [number, number], text: expected } : undefined;
      report(file, `heading level ${node.depth} skips ${skipped} (${after}): use \`${expected}\``, spanOf(node), fix);
    }
    previous = node.depth;
    fromTitle = false;
  }
});

export default pageHeadingIncrement;
