import { attribute, defineRule, hasSpread, nameSpan, staticString, type JsxElement } from '../src/rule-kit/index.js';

/** Attributes that give an element its accessible name, by element. `alt` counts on media because the platform's own check reads it. */
const NAMES: Record<string, readonly string[]> = {
  video: ['aria-label', 'aria-labelledby', 'title', 'alt'],
  audio: ['aria-label', 'aria-labelledby', 'title', 'alt'],
  iframe: ['title', 'aria-label', 'aria-labelledby'],
};

const ADVICE: Record<string, string> = {
  video: 'add `aria-label="…"` (or `title`) that says what the video shows',
  audio: 'add `aria-label="…"` (or `title`) that says what the recording is',
  iframe: 'add `title="…"` that says what it embeds (screen readers announce it)',
};

/** The element's accessible name: present (a non-empty value, or an expression), empty, or missing. */
function nameOf(element: JsxElement, names: readonly string[]): 'present' | 'empty' | 'missing' {
  let empty = false;
  for (const name of names) {
    const attr = attribute(element, name);
    if (!attr) continue;
    const value = staticString(attr);
    // A value computed by an expression is taken as given.
    if (value === undefined && attr.value !== null && attr.value !== undefined) return 'present';
    if (value !== undefined && value.trim() !== '') return 'present';
    empty = true;
  }
  return empty ? 'empty' : 'missing';
}

export default defineRule({
  meta: {
    id: 'page-media-alt',
    kind: 'page',
    description:
      'Videos, audio and embedded frames (`<video>`, `<audio>`, `<iframe>`) have a text alternative (`aria-label`, `title`).',
    severity: 'warning',
    messages: {
      missing: '`<{{element}}>` has no text alternative: {{advice}}',
      empty: '`<{{element}}>` has an empty text alternative: {{advice}}',
    },
  },
  check(context) {
    for (const { node } of context.index.jsx) {
      const names = node.name ? NAMES[node.name] : undefined;
      if (!names || hasSpread(node)) continue;
      const state = nameOf(node, names);
      if (state === 'present') continue;
      context.report({
        messageId: state,
        data: { element: node.name!, advice: ADVICE[node.name!]! },
        at: nameSpan(node),
      });
    }
  },
});
