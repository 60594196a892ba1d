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
      description:
        'Term sets, replacing the defaults: `{ preferred, variants }` or an array whose first item is preferred.',
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
  /** Undefined when there are no terms. */
  automaton: Automaton | undefined;
  /** The term of each keyword of the automaton. */
  byKeyword: Term[];
  preferred: string[];
}

const key = (term: string): string => term.toLowerCase().replace(/\s+/g, ' ').trim();

/*
 * The matcher. A term matches literal text, case-insensitively, a space in it matching any run of
 * white space, where neither the character before nor the one after is a letter, digit or `_`; at
 * each place the longest term wins, and matches do not overlap (what one regular expression of
 * alternatives longest first did — but that costs the text's length times the number of terms,
 * and 10,000 sets or long multi-word terms crawled).
 *
 * Here text and terms are first transformed the same way: lowercased, white space runs made one
 * space, and two marker codes put between characters: END before a character that is not a word
 * character (and at the end), START after one (and at the start). A term is then START, its
 * transformed text, END: the word-boundary conditions are part of the literal. The longest term
 * starting at each position comes from one Aho–Corasick pass over the reversed text with the
 * reversed terms (the longest term ending at a position is the automaton's state or its output
 * link: constant time), and one greedy pass left to right picks the leftmost-longest matches.
 * Linear in the text plus the terms' total length.
 */
const END = 0x110000;
const START = 0x110001;
const WORD = /[\p{L}\p{N}_]/u;
const SPACE = /\s/;

interface Transformed {
  codes: number[];
  /** For each code, the offset in the source it stands at (a marker: the offset of its gap). */
  origin: number[];
}

function lowerCodes(ch: string, out: number[]): void {
  // Case-insensitive, as the old `iu` expression: final sigma is sigma.
  const lower = ch === '\u03c2' ? '\u03c3' : ch.toLowerCase();
  for (let i = 0; i < lower.length;) {
    const cp = lower.codePointAt(i)!;
    out.push(cp === 0x03c2 ? 0x03c3 : cp);
    i += cp > 0xffff ? 2 : 1;
  }
}

/** Markers are inside the term; a term's own START and END are added by the caller. */
function transform(source: string, withMarkersAtEdges: boolean): Transformed {
  const codes: number[] = [];
  const origin: number[] = [];
  const token: number[] = [];
  let prevWord: boolean | undefined;
  let i = 0;
  while (i < source.length) {
    const cp = source.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    let next = i + ch.length;
    let word: boolean;
    token.length = 0;
    if (SPACE.test(ch)) {
      while (next < source.length && SPACE.test(source.charAt(next))) next++;
      token.push(32);
      word = false;
    } else {
      lowerCodes(ch, token);
      word = WORD.test(ch);
    }
    // The gap before this character.
    if (prevWord !== undefined || withMarkersAtEdges) {
      if (!word) {
        codes.push(END);
        origin.push(i);
      }
      if (prevWord !== true) {
        codes.push(START);
        origin.push(i);
      }
    }
    for (const c of token) {
      codes.push(c);
      origin.push(i);
    }
    prevWord = word;
    i = next;
  }
  if (withMarkersAtEdges) {
    codes.push(END);
    origin.push(source.length);
  }
  return { codes, origin };
}

/** A term as the matcher sees it: START, its transformed text, END. */
function termCodes(text: string): number[] {
  return [START, ...transform(text, false).codes, END];
}

/** Aho–Corasick over code sequences, reporting the longest keyword that ends at each position. */
class Automaton {
  /** Transitions: `node * STRIDE + code` → node. */
  private readonly next = new Map<number, number>();
  private fail: Int32Array = new Int32Array(0);
  /** Per node: the longest keyword that is a suffix of the node's string (its index), or -1. */
  private out: Int32Array = new Int32Array(0);
  private readonly keywordAt: number[] = [-1];
  readonly lengths: number[] = [];
  private static readonly STRIDE = 0x110002;

  add(codes: number[]): number {
    let node = 0;
    for (const c of codes) {
      const k = node * Automaton.STRIDE + c;
      let child = this.next.get(k);
      if (child === undefined) {
        child = this.keywordAt.length;
        this.keywordAt.push(-1);
        this.next.set(k, child);
      }
      node = child;
    }
    if (this.keywordAt[node] === -1) {
      this.keywordAt[node] = this.lengths.length;
      this.lengths.push(codes.length);
    }
    return this.keywordAt[node]!;
  }

  build(): void {
    const n = this.keywordAt.length;
    const children: Array<Array<[number, number]>> = Array.from({ length: n }, () => []);
    for (const [k, child] of this.next) children[Math.floor(k / Automaton.STRIDE)]!.push([k % Automaton.STRIDE, child]);
    this.fail = new Int32Array(n);
    this.out = new Int32Array(n).fill(-1);
    const queue: number[] = [0];
    for (let head = 0; head < queue.length; head++) {
      const u = queue[head]!;
      for (const [c, v] of children[u]!) {
        let f = u === 0 ? -1 : this.fail[u]!;
        let target = 0;
        while (f !== -1) {
          const t = this.next.get(f * Automaton.STRIDE + c);
          if (t !== undefined) {
            target = t;
            break;
          }
          f = f === 0 ? -1 : this.fail[f]!;
        }
        this.fail[v] = target;
        this.out[v] = this.keywordAt[v]! !== -1 ? this.keywordAt[v]! : this.out[target]!;
        queue.push(v);
      }
    }
  }

  /** For each position of `codes`, the longest keyword ending there (its index), or -1. */
  longestEnding(codes: number[]): Int32Array {
    const found = new Int32Array(codes.length);
    let state = 0;
    for (let i = 0; i < codes.length; i++) {
      const c = codes[i]!;
      for (;;) {
        const t = this.next.get(state * Automaton.STRIDE + c);
        if (t !== undefined) {
          state = t;
          break;
        }
        if (state === 0) break;
        state = this.fail[state]!;
      }
      found[i] = this.out[state]!;
    }
    return found;
  }
}

/** Built once per options object: one automaton for all the sets' terms. */
const matcherOf = compiledOnce<Options, Matcher>((options) => {
  const sets: TermSet[] = (Array.isArray(options?.sets) ? options.sets : DEFAULT_SETS)
    .map((s) => (Array.isArray(s) ? { preferred: String(s[0] ?? ''), variants: s.slice(1).map(String) } : s))
    .filter((s) => s && typeof s.preferred === 'string' && Array.isArray(s.variants));
  /** By transformed form: the first set to name a term keeps it. */
  const terms = new Map<string, Term>();
  const automaton = new Automaton();
  const byKeyword: Term[] = [];
  sets.forEach((set, index) => {
    const add = (text: string, preferred: boolean) => {
      if (key(text) === '') return;
      const codes = termCodes(text.trim());
      const id = codes.join(',');
      if (terms.has(id)) return;
      const term = { set: index, text: text.trim(), preferred };
      terms.set(id, term);
      // Reversed: the automaton runs over the reversed text, so a keyword ending at a position
      // there is a term starting at that position here.
      byKeyword[automaton.add(codes.slice().reverse())] = term;
    };
    add(set.preferred, true);
    for (const v of set.variants) add(String(v), false);
  });
  if (terms.size === 0) return { automaton: undefined, byKeyword, preferred: [] };
  automaton.build();
  return { automaton, byKeyword, preferred: sets.map((s) => s.preferred) };
});

/** The terms in `source`, leftmost-longest, without overlaps: `[start, end)` offsets and the term. */
function findTerms(matcher: Matcher, source: string): Array<{ term: Term; start: number; end: number }> {
  const automaton = matcher.automaton!;
  const { codes, origin } = transform(source, true);
  const reversed = codes.slice().reverse();
  const ending = automaton.longestEnding(reversed);
  const out: Array<{ term: Term; start: number; end: number }> = [];
  const n = codes.length;
  for (let t = 0; t < n;) {
    const keyword = codes[t] === START ? ending[n - 1 - t]! : -1;
    if (keyword === -1) {
      t++;
      continue;
    }
    const length = automaton.lengths[keyword]!;
    out.push({ term: matcher.byKeyword[keyword]!, start: origin[t]!, end: origin[t + length - 1]! });
    t += length;
  }
  return out;
}

/** The terms `source` holds under these options, as the rule finds them (for tests). */
export function termMatches(
  options: Options | undefined,
  source: string,
): Array<{ start: number; end: number; term: string }> {
  const matcher = matcherOf(options);
  if (!matcher.automaton) return [];
  return findTerms(matcher, source).map((m) => ({ start: m.start, end: m.end, term: m.term.text }));
}

/** URLs in prose (bare, or as link text) are not prose. */
const URL = /\b(?:https?:\/\/|www\.)\S+|\S+@\S+\.\w+/g;
const SKIP_ELEMENTS = new Set(['code', 'pre', 'kbd', 'samp', 'var']);

/** The preferred term written in the case of the replaced one: `E-mail` → `Email`, `E-MAIL` → `EMAIL`. */
function matchCase(written: string, preferred: string): string {
  if (written.length > 1 && written === written.toUpperCase() && written !== written.toLowerCase())
    return preferred.toUpperCase();
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
    // `{{also}}` lists the other terms written, quoted: `"e-mail" and "E-Mail"`.
    messages: { mixed: '"{{written}}": this page also writes {{also}}; use "{{preferred}}" throughout' },
  },
  check(context) {
    const matcher = matcherOf(context.options);
    const { preferred } = matcher;
    if (!matcher.automaton) return;
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
      for (const found of findTerms(matcher, source)) {
        let list = uses.get(found.term.set);
        if (!list) uses.set(found.term.set, (list = []));
        list.push({
          term: found.term,
          start: start + found.start,
          end: start + found.end,
          written: source.slice(found.start, found.end),
        });
      }
    }
    for (const [set, list] of uses) {
      const distinct = new Set(list.map((u) => key(u.term.text)));
      if (distinct.size < 2) continue;
      for (const use of list) {
        if (use.term.preferred) continue;
        const also = [...distinct].filter((t) => t !== key(use.term.text)).map((t) => `"${t}"`);
        context.report({
          messageId: 'mixed',
          data: { written: use.written.replace(/\s+/g, ' '), also: also.join(' and '), preferred: preferred[set]! },
          at: context.lines.range(use.start, use.end),
          fix: { range: [use.start, use.end], text: matchCase(use.written, preferred[set]!) },
        });
      }
    }
  },
});
