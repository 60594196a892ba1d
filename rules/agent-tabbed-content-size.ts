import {
  count,
  defineRule,
  outermostTabbed,
  sizeLevel,
  SIZE_LEVELS,
  type SizeOptions,
  spanOf,
} from '../src/rule-kit/index.js';

type Options = SizeOptions;

/**
 * Characters inside tab-like components (`<Tabs>`, `<CodeGroup>`, `<AccordionGroup>`,
 * `<Accordion>`, `<Expandable>`…) on a page: a reader sees one variant at a time, an agent gets
 * every variant one after another — the spec's `tabbed-content-serialization`.
 */
export default defineRule<Options>({
  meta: {
    id: 'agent-tabbed-content-size',
    kind: 'page',
    description:
      'The content of a page\u2019s tabs, code groups and accordions, serialized one variant after another, stays under 50,000 characters.',
    severity: 'warning',
    spec: 'tabbed-content-serialization',
    problems: SIZE_LEVELS.problems,
    optionsSchema: SIZE_LEVELS.optionsSchema,
    messages: {
      warn: 'the tabbed content of this page is {{total}} characters in {{components}} (this <{{name}}>: {{largest}}), over {{limit}}: agents get every tab one after another and some truncate the page; move variants to pages of their own or trim repeated content',
      fail: 'the tabbed content of this page is {{total}} characters in {{components}} (this <{{name}}>: {{largest}}), over {{limit}}: agents get every tab one after another and most truncate the page; move variants to pages of their own or trim repeated content',
    },
  },
  check(context) {
    const warn = context.options?.warn ?? SIZE_LEVELS.defaults.warn;
    const fail = context.options?.fail ?? SIZE_LEVELS.defaults.fail;
    let total = 0;
    let largest: { name: string; chars: number; at: ReturnType<typeof spanOf> } | undefined;
    let components = 0;
    for (const { node } of outermostTabbed(context.index)) {
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      if (start === undefined || end === undefined) continue;
      const chars = end - start;
      total += chars;
      components++;
      if (!largest || chars > largest.chars) largest = { name: node.name!, chars, at: spanOf(node) };
    }
    const level = sizeLevel(total, warn, fail);
    if (level === 'pass' || !largest?.at) return;
    const at = largest.at;
    context.report({
      messageId: level === 'fail' ? 'fail' : 'warn',
      data: {
        total: count(total),
        components: `${components} component${components > 1 ? 's' : ''}`,
        name: largest.name,
        largest: count(largest.chars),
        limit: count(level === 'fail' ? fail : warn),
      },
      at: { line: at.line, column: at.column, endLine: at.line, endColumn: at.column + largest.name.length + 1 },
      problem: level === 'warn' ? 'warn' : undefined,
    });
  },
});
