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
    const check = (text: string, span: Span | undefined, url: unknown): void => {
      const phrase = normalisePhrase(text);
      if (phrase !== '' && phrases.has(phrase) && !namesTarget(phrase, url)) {
        context.report({ message: `link text "${text.trim()}" does not say where the link goes: use words that name the target`, at: span });
      }
    };
    for (const { node } of context.index.links) check(textOf(node), spanOf(node), node.url);
    for (const { node } of context.index.jsx) {
      if (node.name === 'a') check(textOf(node), spanOf(node), node.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'href')?.value);
    }
  },
});

/**
 * Whether the words are the name of what the link points at: the last segment of its path
 * (`[Link](https://stripe.com/payments/link)` names Stripe's product called Link).
 */
function namesTarget(phrase: string, url: unknown): boolean {
  if (typeof url !== 'string') return false;
  const path = url.split(/[?#]/)[0]!.replace(/\/+$/, '');
  let last = path.slice(path.lastIndexOf('/') + 1).replace(/\.[a-z0-9]+$/i, '');
  try {
    last = decodeURIComponent(last);
  } catch {
    // kept as written
  }
  return last !== '' && normalisePhrase(last.replace(/[-_]+/g, ' ')) === phrase;
}
