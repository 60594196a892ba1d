// @ts-check
/*
 * An example doclint plugin. A site turns it on in its configuration, under a prefix of its
 * choosing: `{ "plugins": { "acme": "doclint-plugin-acme" } }`; its rules are then
 * `acme/heading-period` and `acme/group-size`.
 */
import { defineRule, spanOf, textOf } from 'doclint';

/** A page rule: a heading does not end with a period. Fixable, with its message by id. */
export const headingPeriod = defineRule({
  meta: {
    id: 'heading-period',
    kind: 'page',
    description: 'A heading does not end with a period.',
    severity: 'warning',
    fixable: true,
    fixNote: 'The fix removes the period; the words are kept.',
    docsUrl: 'https://example.com/doclint-plugin-acme/heading-period',
    messages: {
      period: 'heading “{{heading}}” ends with a period: a heading is a title, not a sentence; remove the period',
    },
  },
  check(context) {
    for (const { node } of context.index.headings) {
      const heading = node.children.map(textOf).join('');
      const last = node.children.at(-1);
      // One period (an ellipsis is meant), at the end of the heading's own text.
      if (last?.type !== 'text' || !last.value.endsWith('.') || !/[^.]\.$/.test(heading)) continue;
      const end = last.position?.end.offset;
      const at = spanOf(node);
      if (end === undefined || !at) continue;
      context.report({ messageId: 'period', data: { heading }, at, fix: { range: [end - 1, end], text: '' } });
    }
  },
});

/** A site rule: a navigation group lists at most `max` pages (default 12). */
export const groupSize = defineRule({
  meta: {
    id: 'group-size',
    kind: 'site',
    description: 'A navigation group lists at most `max` pages (default 12).',
    severity: 'warning',
    reportsInConfigOnly: true,
    docsUrl: 'https://example.com/doclint-plugin-acme/group-size',
    optionsSchema: {
      type: 'object',
      properties: { max: { type: 'integer', minimum: 1 } },
      additionalProperties: false,
    },
    messages: {
      tooMany: 'group “{{group}}” lists {{count}} pages: split it into groups of at most {{max}}',
    },
  },
  check(context) {
    const options = /** @type {{ max?: number } | undefined} */ (context.options);
    const max = options?.max ?? 12;
    /** @type {Map<string, { title: string; pages: number }>} */
    const groups = new Map();
    for (const entry of context.site.navigation.entries) {
      if (entry.kind !== 'page') continue;
      const group = [...entry.chain].reverse().find((element) => element.kind === 'group');
      if (!group) continue;
      const seen = groups.get(group.pointer) ?? { title: group.title ?? '(untitled)', pages: 0 };
      seen.pages++;
      groups.set(group.pointer, seen);
    }
    for (const [pointer, { title, pages }] of groups) {
      if (pages > max)
        context.report({ messageId: 'tooMany', data: { group: title, count: pages, max }, at: { pointer } });
    }
  },
});

export const rules = { 'heading-period': headingPeriod, 'group-size': groupSize };
export default { rules };
