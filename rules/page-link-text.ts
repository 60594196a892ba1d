import { compiledOnce, defineRule, normalisePhrase, spanOf, textOf, type Span } from '../src/rule-kit/index.js';

export interface Options {
  /** Link texts to report (compared lowercased, without punctuation). Replaces the defaults. */
  phrases?: string[];
}

export const DEFAULT_PHRASES = ['here', 'click here', 'this', 'link', 'this link', 'read more', 'more', 'this page'];

const phrasesOf = compiledOnce<Options, Set<string>>(
  (options) => new Set((Array.isArray(options?.phrases) ? options.phrases : DEFAULT_PHRASES).map((p) => normalisePhrase(String(p))).filter((p) => p !== '')),
);

export default defineRule<Options>({
  meta: {
    id: 'page-link-text',
    kind: 'page',
    description: 'Link text says where the link goes, not "click here" or "read more".',
    severity: 'warning',
    fixable: false,
    optionsSchema: {
      type: 'object',
      properties: {
        phrases: {
          type: 'array',
          items: { type: 'string', minLength: 1 },
          description: 'Link texts to report, replacing the default list.',
          default: DEFAULT_PHRASES,
        },
      },
      additionalProperties: false,
    },
  },

  check(context) {
    const phrases = phrasesOf(context.options);
    const check = (text: string, span: Span | undefined): void => {
      const phrase = normalisePhrase(text);
      if (phrase !== '' && phrases.has(phrase)) {
        context.report({ message: `link text "${text.trim()}" does not say where the link goes: use words that name the target`, at: span });
      }
    };
    for (const { node } of context.index.links) check(textOf(node), spanOf(node));
    for (const { node } of context.index.jsx) {
      if (node.name === 'a') check(textOf(node), spanOf(node));
    }
  },
});
