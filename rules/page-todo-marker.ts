import { defineRule } from '../src/rule-kit/index.js';

interface Options {
  markers?: string[];
}

const DEFAULT_MARKERS = ['TODO', 'FIXME'];

/*
 * Work markers left in the prose of a published page: `TODO` or `FIXME` written as a note — the
 * first word of a text (a paragraph, a heading, a list item, a table cell, the text after a link or
 * inside emphasis) or followed by a colon. A marker named in a sentence ("use TODO comments",
 * "search for 'TODO'") is a word, not a note, and `TBD` is not a default marker: in tables and
 * roadmaps it is the value ("to be decided"). Only text readers see is read (not code, link
 * targets or comments), and each marker is found in the page's own text, so the position is where
 * it is written.
 */
export default defineRule<Options>({
  meta: {
    id: 'page-todo-marker',
    kind: 'page',
    description: 'No work marker (`TODO:`, `FIXME`) is left as a note in the text readers see.',
    severity: 'warning',
    optionsSchema: {
      type: 'object',
      properties: {
        markers: {
          type: 'array',
          items: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9]*$', maxLength: 32 },
          maxItems: 100,
          description: 'The words that mark unfinished work, matched as whole words as written (default TODO, FIXME).',
        },
      },
      additionalProperties: false,
    },
    messages: {
      marker:
        '`{{marker}}` left in the page: readers see it as written; finish the text, or keep the note out of the page (a `{/* … */}` comment is not published)',
    },
  },
  check(context) {
    const markers = new Set(context.options?.markers ?? DEFAULT_MARKERS);
    if (markers.size === 0) return;
    for (const { node } of context.index.texts) {
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      if (start === undefined || end === undefined) continue;
      const source = context.text.slice(start, end);
      for (const match of source.matchAll(/[A-Za-z0-9_]+/g)) {
        if (!markers.has(match[0])) continue;
        // A note: the first word of the text, or followed by a colon.
        const first = source.slice(0, match.index).trim() === '';
        const colon = /^\s*:/.test(source.slice(match.index + match[0].length));
        if (!first && !colon) continue;
        const at = start + match.index;
        context.report({
          messageId: 'marker',
          data: { marker: match[0] },
          at: context.lines.range(at, at + match[0].length),
        });
      }
    }
  },
});
