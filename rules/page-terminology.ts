import { compiledOnce, defineRule, insideElement } from '../src/rule-kit/index.js';

/** One concept: the term to use, and the other spellings or words for it. */
export interface TermSet {
  preferred: string;
  variants: string[];
}

export interface Options {
  /** Replaces the default sets. A set may also be written as an array: preferred first. */
  sets?: (TermSet | string[])[];
}

/**
 * Defaults: spellings of one word that a page should not mix. Each is chosen so that the
 * variants cannot mean something else: "log in" vs "sign in" was left out ("the error log in the
 * dashboard"), as were noun/verb pairs such as "setup"/"set up", "login"/"log in" and
 * "sign-out"/"sign out".
 */
export const DEFAULT_SETS: TermSet[] = [
  { preferred: 'email', variants: ['e-mail'] },
  { preferred: 'website', variants: ['web site'] },
  { preferred: 'plugin', variants: ['plug-in'] },
  { preferred: 'dropdown', variants: ['drop-down'] },
  { preferred: 'checkbox', variants: ['check box'] },
  { preferred: 'backend', variants: ['back-end'] },
  { preferred: 'frontend', variants: ['front-end'] },
];

const OPTIONS_SCHEMA = {
  type: 'object',
  properties: {
    sets: {
      type: 'array',
      description: 'Term sets, replacing the defaults: `{ preferred, variants }` or an array whose first item is preferred.',
      items: {
        oneOf: [
          {
            type: 'object',
            properties: {
              preferred: { type: 'string', minLength: 1 },
              variants: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
            },
            required: ['preferred', 'variants'],
            additionalProperties: false,
          },
          { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 2 },
        ],
      },
    },
  },
  additionalProperties: false,
};

interface Term {
  set: number;
  text: string;
  preferred: boolean;
}

interface Matcher {
  pattern: RegExp | undefined;
  terms: Map<string, Term>;
  preferred: string[];
}

const key = (term: string): string => term.toLowerCase().replace(/\s+/g, ' ').trim();
const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Built once per options object: one regular expression of literal alternatives for all sets. */
const matcherOf = compiledOnce<Options, Matcher>((options) => {
  const sets: TermSet[] = (Array.isArray(options?.sets) ? options.sets : DEFAULT_SETS)
    .map((s) => (Array.isArray(s) ? { preferred: String(s[0] ?? ''), variants: s.slice(1).map(String) } : s))
    .filter((s) => s && typeof s.preferred === 'string' && Array.isArray(s.variants));
  const terms = new Map<string, Term>();
  sets.forEach((set, index) => {
    for (const [text, preferred] of [[set.preferred, true] as const, ...set.variants.map((v) => [String(v), false] as const)]) {
      const k = key(text);
      if (k !== '' && !terms.has(k)) terms.set(k, { set: index, text: text.trim(), preferred });
    }
  });
  const alternatives = [...terms.keys()]
    .sort((a, b) => b.length - a.length)
    // Literal text; a space matches any run of whitespace (a line break inside a paragraph).
    .map((k) => k.split(' ').map(escapeRegExp).join('\\s+'));
  const pattern = alternatives.length ? new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}_])`, 'giu') : undefined;
  return { pattern, terms, preferred: sets.map((s) => s.preferred) };
});

/** URLs in prose (bare, or as link text) are not prose. */
const URL = /\b(?:https?:\/\/|www\.)\S+|\S+@\S+\.\w+/g;
const SKIP_ELEMENTS = new Set(['code', 'pre', 'kbd', 'samp', 'var']);

/** The preferred term written in the case of the replaced one: `E-mail` → `Email`, `E-MAIL` → `EMAIL`. */
function matchCase(written: string, preferred: string): string {
  if (written.length > 1 && written === written.toUpperCase() && written !== written.toLowerCase()) return preferred.toUpperCase();
  const first = written.charAt(0);
  if (first !== first.toLowerCase()) return preferred.charAt(0).toUpperCase() + preferred.slice(1);
  return preferred;
}

export default defineRule<Options>({
  meta: {
    id: 'page-terminology',
    kind: 'page',
    description: 'A page uses one term per concept (not "email" here and "e-mail" there).',
    severity: 'warning',
    fixable: true,
    fixNote:
      "The fix writes the preferred term of the team's own term set (or of the default sets, spellings of one word) in place of the variant, in the same case: the word is one the configuration declares equivalent.",
    optionsSchema: OPTIONS_SCHEMA,
  },
  check(context) {
    const { pattern, terms, preferred } = matcherOf(context.options);
    if (!pattern) return;
    const uses = new Map<number, { term: Term; start: number; end: number; written: string }[]>();
    for (const { node, ancestors } of context.index.texts) {
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      if (start === undefined || end === undefined) continue;
      if (insideElement(ancestors, SKIP_ELEMENTS)) continue;
      let source = context.text.slice(start, end);
      if (source.includes('://') || source.includes('www.') || source.includes('@')) {
        source = source.replace(URL, (m) => ' '.repeat(m.length));
      }
      pattern.lastIndex = 0;
      for (const m of source.matchAll(pattern)) {
        const term = terms.get(key(m[0]));
        if (!term) continue;
        let list = uses.get(term.set);
        if (!list) uses.set(term.set, (list = []));
        list.push({ term, start: start + m.index, end: start + m.index + m[0].length, written: m[0] });
      }
    }
    for (const [set, list] of uses) {
      const distinct = new Set(list.map((u) => key(u.term.text)));
      if (distinct.size < 2) continue;
      for (const use of list) {
        if (use.term.preferred) continue;
        const also = [...distinct].filter((t) => t !== key(use.term.text)).map((t) => `"${t}"`);
        context.report({
          message: `"${use.written.replace(/\s+/g, ' ')}": this page also writes ${also.join(' and ')}; use "${preferred[set]}" throughout`,
          at: context.lines.range(use.start, use.end),
          fix: { range: [use.start, use.end], text: matchCase(use.written, preferred[set]!) },
        });
      }
    }
  },
});
