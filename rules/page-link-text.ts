import type { Root } from 'mdast';
import { lintRule } from 'unified-lint-rule';
import { defineMeta } from '../src/core/rule.js';
import { spanOf, textOf } from '../src/pages/mdx.js';
import { bodyContext, compiledOnce, normalisePhrase, report } from '../src/pages/rule.js';
import { indexTree } from '../src/pages/tree-index.js';

export interface Options {
  /** Link texts to report (compared lowercased, without punctuation). Replaces the defaults. */
  phrases?: string[];
}

export const DEFAULT_PHRASES = ['here', 'click here', 'this', 'link', 'this link', 'read more', 'more', 'this page'];

export const meta = defineMeta({
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
});

const phrasesOf = compiledOnce<Options, Set<string>>(
  (options) =>
    new Set((Array.isArray(options?.phrases) ? options.phrases : DEFAULT_PHRASES).map((p) => normalisePhrase(String(p))).filter((p) => p !== '')),
);

const pageLinkText = lintRule<Root, Options>({ origin: `doclint:${meta.id}`, url: meta.docsUrl }, (tree, file, options) => {
  if (!bodyContext(file)) return;
  const phrases = phrasesOf(options);
  const index = indexTree(tree);
  const check = (text: string, span: ReturnType<typeof spanOf>): void => {
    const phrase = normalisePhrase(text);
    if (phrase !== '' && phrases.has(phrase)) {
      report(file, `link text "${text.trim()}" does not say where the link goes: use words that name the target`, span);
    }
  };
  for (const { node } of index.links) check(textOf(node), spanOf(node));
  for (const { node } of index.jsx) {
    if (node.name === 'a') check(textOf(node), spanOf(node));
  }
});

export default pageLinkText;
