import { compiledOnce, defineRule, insideElement, staticString } from '../src/rule-kit/index.js';
import type { PageContext, PageSpelling, SiteVocabulary, SpellingDictionary } from '../src/rule-kit/index.js';

/*
 * Spelling of the prose readers see, with cspell's dictionaries (the engine loads them for a page
 * rule with a `checkWords` step; see `PageSpelling`). In two steps: `check` reads a page's words and hands them over
 * (`spelling.defer`); once every page was read, `checkWords` checks them on the main thread, with
 * the dictionary and the site's vocabulary. What is read: the text of paragraphs, headings, lists, tables, links and components;
 * the `title`, `description`, `alt` and `label` props of components; and `title` and
 * `description` in front matter. Never code (blocks or inline), URLs, imports and exports,
 * expressions, other props or other front matter. Each page is checked with the dictionary of its
 * language (its folder in `navigation.languages`), never another language's.
 *
 * What is reported is chosen for precision, as a writer judges it: a likely typo, not every word
 * the dictionaries lack. A token with a digit, `_`, `/`, `@`, `.` inside or another mark of code
 * or an address is not prose. Left alone: words in capitals (acronyms), in mixed case (`GitHub`,
 * `arXiv`), of fewer than five letters; capitalised words of fewer than seven (`Jina`, `Adyen`),
 * in mid-sentence (`with Ollama`), in a link's text or a table cell (names, mostly); words in
 * quotation marks (mentioned, not used). Known: a known word with `s`, `es`, `d` or `ed` added
 * (`subpages`), a prefix or a suffix (`unbilled`, `hostable`); two known words of four letters or
 * more (`lookback`); contractions (`there'll`); a word the page uses three times or more (its own
 * vocabulary); the site's vocabulary: a word three pages use, and the words pages name outside
 * their prose (identifiers in code, addresses, props that are not text). Of the rest, a word is reported when a common word (known in lowercase, not only as
 * a name) is one edit away inside the word: a letter left out, doubled, added, changed, or two
 * swapped, neither at its first letter nor at its last (`seperately`, `Beacuse`). Names and
 * jargon are most often a word changed at an end (`Qwen`/`Gwen`, `rerank`/`reran`,
 * `resampler`/`resampled`), typos seldom. Those common words are its suggestions. `allUnknown`
 * reports every word left, with edits at the ends too.
 */

interface Options {
  words?: string[];
  allUnknown?: boolean;
  wordsFile?: string;
  dictionaries?: string[];
  language?: string;
}

/** Front-matter fields and component props whose text readers see. */
const TEXT_FIELDS = ['title', 'description'];
const TEXT_PROPS = new Set(['title', 'description', 'alt', 'label']);
/** Elements whose text is code or keys, not prose. */
const CODE_ELEMENTS = new Set(['code', 'pre', 'kbd', 'samp', 'var', 'tt', 'script', 'style', 'svg', 'math']);
/**
 * Shortest word checked, and shortest capitalised one (`Jina`, `Adyen`, `Replit`: most short
 * capitalised words the dictionaries lack are names, a typo one edit from a word by chance).
 */
const MIN_LENGTH = 5;
const MIN_CAPITALISED_LENGTH = 7;
/** Endings that make words of words (`hostable`, `stringly`, `pinless`). */
const SUFFIXES = ['able', 'ible', 'ability', 'er', 'ers', 'ing', 'ings', 'less', 'ness', 'ly', 'ment', 'ments'];
/** Prefixes that make words of words (`unbilled`, `redoable`, `multifactor`). */
const PREFIXES = ['un', 're', 'pre', 'non', 'sub', 'super', 'over', 'under', 'multi', 'auto', 'inter', 'co'];
/** A word the page uses this often is its own vocabulary. */
const VOCABULARY_USES = 3;
/**
 * A word this many pages of the site use is the site's vocabulary (a name or a term of its trade):
 * the same typo made on three pages is rare, a name used on three is common.
 */
const SITE_VOCABULARY_PAGES = 3;
/** Longest word checked: a longer run of letters is not prose (an encoded key, a hash). */
const MAX_LENGTH = 40;
/**
 * Bounds of the work on one page, by count (a page of generated text may hold a hundred thousand
 * different "words"): the distinct words looked up, and the unknown ones whose near words are
 * sought. Real pages stay far below both (a 390 KB changelog has about 5,000 distinct words).
 */
const MAX_DISTINCT_WORDS = 20_000;
const MAX_GUESSED_WORDS = 500;
/** Suggestions offered per word. */
const SUGGESTIONS = 3;
/** Letters tried in edits besides the word's own: the Latin alphabet and its common accented letters. */
const LATIN = 'abcdefghijklmnopqrstuvwxyzàâäáãåæçéèêëíìîïñóòôöõøœúùûüýÿß';

/**
 * Common words (known in lowercase) one edit from `word`, best first by how typos are made, then
 * alphabetically: a letter doubled or not (`succesfully`, `Addded`); a letter left out (`selet`);
 * two swapped; one changed; one too many. `ends`: edits of the first or last letter too (else only
 * inside the word). Lookups alone, so the same word always gets the same words.
 */
function nearWords(word: string, dictionary: SpellingDictionary, ends: boolean): string[] {
  const lower = word.toLowerCase();
  const letters = [...new Set([...LATIN, ...lower])];
  const found: string[][] = [[], [], [], [], []];
  const seen = new Set<string>([lower]);
  const at = (kind: number, candidate: string) => {
    if (seen.has(candidate)) return;
    seen.add(candidate);
    if (dictionary.hasExactly(candidate)) found[kind]!.push(candidate);
  };
  const n = lower.length;
  const first = ends ? 0 : 1;
  const last = ends ? n : n - 1;
  for (let i = first; i <= last; i++) {
    for (const c of letters) at(c === lower[i - 1] || c === lower[i] ? 0 : 1, lower.slice(0, i) + c + lower.slice(i));
  }
  for (let i = first; i < last - 1; i++) at(2, lower.slice(0, i) + lower[i + 1] + lower[i] + lower.slice(i + 2));
  for (let i = first; i < last; i++) for (const c of letters) at(3, lower.slice(0, i) + c + lower.slice(i + 1));
  for (let i = first; i < last; i++)
    at(lower[i] === lower[i - 1] || lower[i] === lower[i + 1] ? 0 : 4, lower.slice(0, i) + lower.slice(i + 1));
  return found.flatMap((kind) => kind.sort());
}

/** A run of non-space characters; what is a word inside it is decided by `wordsIn`. */
const CHUNK = /[^\s]+/gu;
/** Characters that make a chunk code, a path, an address or markup rather than prose. */
const NOT_PROSE = /[\p{N}_/\\@=<>{}$%#|`~^*+&[\]]|:\/\/|\p{L}\.\p{L}|::/u;
const EDGE = /^[^\p{L}]+|[^\p{L}]+$/gu;
const LETTERS = /^[\p{L}\p{M}]+(?:['’][\p{L}\p{M}]+)*$/u;
/** A capital after a lowercase letter: a name or an identifier (`GitHub`, `arXiv`, `useState`). */
const MIXED_CASE = /\p{Ll}\p{Lu}|\p{Lu}.*\p{Lu}/u;

interface Word {
  text: string;
  /** Offset in the page's text. */
  start: number;
  /** Capitalised where a name is more likely than a typo: in mid-sentence, in a link's text or a table cell. */
  name?: boolean;
}

/** The words of a stretch of prose (`text`, at `offset` in the page). */
function wordsIn(text: string, offset: number, out: Word[], names = false): void {
  for (const chunk of text.matchAll(CHUNK)) {
    const raw = chunk[0];
    if (NOT_PROSE.test(raw)) continue;
    const lead = raw.length - raw.replace(/^[^\p{L}]+/u, '').length;
    const trimmed = raw.replace(EDGE, '');
    if (!trimmed) continue;
    // Hyphenated and slashed words are checked part by part.
    let at = chunk.index + lead;
    for (const part of trimmed.split(/([-–—])/u)) {
      if (part.length > 1 || !/[-–—]/u.test(part)) {
        // A possessive is the word's: `Acme's` is `Acme`.
        const word = part.replace(/['’]s$/u, '');
        if (LETTERS.test(word) && !MIXED_CASE.test(word) && !/['’]/u.test(word)) {
          const name = /^\p{Lu}/u.test(word) && (names || /[\p{L},;)]/u.test(previousChar(text, at)));
          out.push({ text: word, start: offset + at, ...(name ? { name } : {}) });
        }
      }
      at += part.length;
    }
  }
}

/**
 * Stretches of the page's text in quotation marks (`"…"`, `“…”`) on one line, short, and holding
 * no markup of MDX (`<`, `>`, `=`, `{`, `}`): a quoted word or phrase, not a prop's value.
 */
function quotedSpans(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const m of text.matchAll(/"[^"\n<>={}]{1,80}"|“[^”\n<>={}]{1,80}”/gu))
    spans.push([m.index, m.index + m[0].length]);
  return spans;
}

/** The last character before `at` that is not white space ('' at the start). */
function previousChar(text: string, at: number): string {
  let i = at - 1;
  while (i >= 0 && /\s/.test(text[i]!)) i--;
  return i >= 0 ? text[i]! : '';
}

/** Front matter and component props written in quotes: the offset of the text inside them. */
function quotedValue(source: string, value: string): number | undefined {
  const at = source.indexOf(value);
  return at < 0 ? undefined : at;
}

function collectWords(context: PageContext): Word[] {
  const { text } = context;
  const prose: Word[] = [];
  // Text nodes come in the page's order, so their words do.
  for (const { node, ancestors } of context.index.texts) {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) continue;
    if (insideElement(ancestors, CODE_ELEMENTS)) continue;
    // A link's text and a table's cells name things (`[Baseten](/services/baseten)`) more often than they say them.
    const names = ancestors.some((a) => a.type === 'link' || a.type === 'linkReference' || a.type === 'tableCell');
    wordsIn(text.slice(start, end), start, prose, names);
  }
  // Words in quotation marks in the prose are mentioned, not used: `searching for "haedphone"`.
  const quoted = quotedSpans(text);
  let q = 0;
  const words = prose.filter((w) => {
    while (q < quoted.length && quoted[q]![1] <= w.start) q++;
    return !(q < quoted.length && quoted[q]![0] <= w.start);
  });
  for (const { node } of context.index.jsx) {
    for (const attr of node.attributes) {
      if (attr.type !== 'mdxJsxAttribute' || !TEXT_PROPS.has(attr.name)) continue;
      const value = staticString(attr);
      const from = attr.position?.start.offset;
      const to = attr.position?.end.offset;
      if (!value || from === undefined || to === undefined) continue;
      const inside = quotedValue(text.slice(from, to), value);
      if (inside !== undefined) wordsIn(value, from + inside, words);
    }
  }
  if (!context.isSnippet) {
    for (const name of TEXT_FIELDS) {
      const field = context.frontmatter.fields.get(name);
      if (!field || typeof field.value !== 'string' || field.alias) continue;
      const span = field.valueSpan;
      const from = context.lines.offset(span.line, span.column);
      const to = context.lines.offset(span.endLine, span.endColumn);
      const inside = quotedValue(text.slice(from, to), field.value);
      if (inside !== undefined) wordsIn(field.value, from + inside, words);
    }
  }
  return words.sort((a, b) => a.start - b.start);
}

const knownWords = compiledOnce<Options, ReadonlySet<string>>(
  (options) => new Set((options?.words ?? []).map((w) => w.toLowerCase())),
);

/** What a word is looked up in: the dictionary, the rule's words, the site's words and vocabulary. */
interface Lexicon {
  spelling: PageSpelling & { dictionary: SpellingDictionary };
  configured: ReadonlySet<string>;
  vocabulary: SiteVocabulary;
  /** Whether the site's vocabulary is known (see `checkCandidates`). */
  shared: boolean;
}

/** A site's vocabulary when only the page is at hand. */
const NO_VOCABULARY: SiteVocabulary = { pagesUsing: () => 0, named: () => false };

function isListed(word: string, { spelling, configured, vocabulary, shared }: Lexicon): boolean {
  const lower = word.toLowerCase();
  return (
    configured.has(lower) ||
    spelling.siteWords.has(word) ||
    spelling.siteWords.has(lower) ||
    spelling.fileWords.has(word) ||
    spelling.fileWords.has(lower) ||
    (shared && (vocabulary.named(lower) || vocabulary.pagesUsing(lower) >= SITE_VOCABULARY_PAGES)) ||
    spelling.dictionary.has(word)
  );
}

/**
 * Known; or a known word with an ending added (`subpages`, `exfiltrated`, `hostable`) or a prefix
 * (`unbilled`); or two known words of four letters or more (`lookback`).
 */
function isKnown(word: string, lexicon: Lexicon): boolean {
  if (isInflected(word, lexicon)) return true;
  const lower = word.toLowerCase();
  for (const prefix of PREFIXES) {
    if (
      lower.length - prefix.length >= 4 &&
      lower.startsWith(prefix) &&
      isInflected(lower.slice(prefix.length), lexicon)
    )
      return true;
  }
  for (const suffix of SUFFIXES) {
    if (
      lower.length - suffix.length >= 3 &&
      lower.endsWith(suffix) &&
      isListed(lower.slice(0, -suffix.length), lexicon)
    )
      return true;
  }
  for (let i = 4; i <= lower.length - 4; i++) {
    if (isListed(lower.slice(0, i), lexicon) && isInflected(lower.slice(i), lexicon)) return true;
  }
  return false;
}

function isInflected(word: string, lexicon: Lexicon): boolean {
  if (isListed(word, lexicon)) return true;
  const stem = /^(.{3,}?)(?:es|s|ed)$/u.exec(word)?.[1];
  if (stem && isListed(stem, lexicon)) return true;
  const withE = /^(.{3,}e)d$/u.exec(word)?.[1];
  const plural = /^(.{3,})s$/u.exec(word)?.[1];
  return (withE !== undefined && isListed(withE, lexicon)) || (plural !== undefined && isListed(plural, lexicon));
}

/**
 * What the rule keeps of a page to check it (plain data): the words that may be reported, and
 * where each use of them is, in the page's order.
 */
interface Candidates {
  /** Each word once, as written. */
  texts: string[];
  /** Five numbers per use: the index of its word in `texts`, its offset, line, column and end column. */
  at: number[];
}

/**
 * The page's words: every word of its prose in lowercase (its part of the site's vocabulary), and
 * the candidates, its words that may be reported (not names, not its own vocabulary).
 */
function readWords(context: PageContext<Options>, all: boolean): { words: string[]; candidates: Candidates } {
  const uses = new Map<string, number>();
  const kept: Word[] = [];
  for (const word of collectWords(context)) {
    if (word.text.length < MIN_LENGTH || word.text.length > MAX_LENGTH || word.text === word.text.toUpperCase())
      continue;
    // Every use counts towards the page's vocabulary, names' too.
    const key = word.text.toLowerCase();
    uses.set(key, (uses.get(key) ?? 0) + 1);
    if (!all && (word.name || (/^\p{Lu}/u.test(word.text) && word.text.length < MIN_CAPITALISED_LENGTH))) continue;
    kept.push(word);
  }
  const texts: string[] = [];
  const indexOf = new Map<string, number>();
  const at: number[] = [];
  for (const word of kept) {
    if ((uses.get(word.text.toLowerCase()) ?? 0) >= VOCABULARY_USES) continue;
    let i = indexOf.get(word.text);
    if (i === undefined) {
      // Past the bound, a page's further new words are not checked (the same on every run).
      if (texts.length >= MAX_DISTINCT_WORDS) continue;
      indexOf.set(word.text, (i = texts.push(word.text) - 1));
    }
    const span = context.lines.range(word.start, word.start + word.text.length);
    at.push(i, word.start, span.line, span.column, span.endColumn);
  }
  return { words: [...uses.keys()].sort(), candidates: { texts, at } };
}

/** A line of code that is a comment (its words may be prose, typos included). */
const COMMENT_LINE = /^\s*(?:#|\/\/|\/\*|\*|--|<!--|;|%)/u;
/** Runs of letters in code or an address, and the parts of a run in camel case (`FirecrawlApp`: Firecrawl, App). */
const LETTER_RUN = /\p{L}+/gu;
const CAMEL_PART = /\p{Lu}?\p{Ll}+|\p{Lu}+(?!\p{Ll})/gu;
/** Shortest word kept of a name (the parts of a word the rule looks up are of four letters or more). */
const MIN_NAME_LENGTH = 4;
/** Most names kept of one page. */
const MAX_NAMES = 5_000;

/**
 * The words the page names outside its prose, in lowercase: identifiers in code blocks (not their
 * comments), inline code and code elements, the addresses of links and images, and the values of
 * component props that are not text (`href`, `icon`, `model`…). The site's vocabulary: a product,
 * model or project a page names in code or an address is a word of the site.
 */
function siteNames(context: PageContext<Options>): string[] {
  const names = new Set<string>();
  const add = (text: string) => {
    for (const run of text.match(LETTER_RUN) ?? []) {
      if (names.size >= MAX_NAMES) return;
      if (run.length >= MIN_NAME_LENGTH) names.add(run.toLowerCase());
      for (const part of run.match(CAMEL_PART) ?? [])
        if (part.length >= MIN_NAME_LENGTH && part.length < run.length) names.add(part.toLowerCase());
    }
  };
  for (const { node } of context.index.code)
    for (const line of node.value.split('\n')) if (!COMMENT_LINE.test(line)) add(line);
  const walk = (node: { type: string; value?: unknown; children?: unknown[] }) => {
    if (node.type === 'inlineCode' && typeof node.value === 'string') add(node.value);
    for (const child of (node.children ?? []) as Array<typeof node>) walk(child);
  };
  walk(context.tree);
  for (const { node, ancestors } of context.index.texts) if (insideElement(ancestors, CODE_ELEMENTS)) add(node.value);
  for (const { node } of [...context.index.links, ...context.index.images, ...context.index.definitions])
    if ('url' in node) add(node.url);
  for (const { node } of context.index.jsx) {
    for (const attr of node.attributes) {
      if (attr.type !== 'mdxJsxAttribute' || TEXT_PROPS.has(attr.name)) continue;
      const value = staticString(attr);
      if (value) add(value);
    }
  }
  return [...names].sort();
}

/** Reports the candidates of a page that are likely typos (or, with `allUnknown`, every unknown one). */
function checkCandidates(
  candidates: Candidates,
  spelling: PageSpelling & { dictionary: SpellingDictionary },
  vocabulary: SiteVocabulary,
  context: { options: Options | undefined; report: PageContext<Options, 'unknown'>['report'] },
): void {
  const lexicon: Lexicon = { spelling, configured: knownWords(context.options), vocabulary, shared: false };
  const all = context.options?.allUnknown === true;
  const known = new Map<number, boolean>();
  const guesses = new Map<number, string[]>();
  const { texts, at } = candidates;
  for (let k = 0; k + 4 < at.length; k += 5) {
    const i = at[k]!;
    const text = texts[i]!;
    let isWord = known.get(i);
    if (isWord === undefined) known.set(i, (isWord = isKnown(text, lexicon)));
    if (isWord) continue;
    let guess = guesses.get(i);
    if (!guess && guesses.size >= MAX_GUESSED_WORDS) continue;
    if (!guess) {
      const near = nearWords(text, spelling.dictionary, all);
      // A word several pages use, or one a page names in code, is the site's, unless a word one
      // letter from it is used on more pages (`worklow` on 8 pages and in a prompt in inline code,
      // `workflow` on 117: the same typo made again).
      const used = (word: string) => vocabulary.pagesUsing(word.toLowerCase());
      const shared = isKnown(text, { ...lexicon, shared: true }) && !near.some((w) => used(w) > used(text));
      guesses.set(i, (guess = shared ? [] : near.slice(0, SUGGESTIONS).map((s) => inCase(s, text))));
      if (shared) known.set(i, true);
    }
    if (known.get(i)) continue;
    if (!guess.length && !all) continue;
    const start = at[k + 1]!;
    const range: [number, number] = [start, start + text.length];
    context.report({
      messageId: 'unknown',
      data: {
        word: text,
        language: spelling.language,
        guess: guess.length
          ? ` (did you mean ${guess
              .slice(0, 2)
              .map((g) => `\`${g}\``)
              .join(' or ')}?)`
          : '',
      },
      at: { line: at[k + 2]!, column: at[k + 3]!, endLine: at[k + 2]!, endColumn: at[k + 4]! },
      suggestions: guess.map((g) => ({ desc: `Replace with \`${g}\``, fix: { range, text: g } })),
    });
  }
}

/** A suggestion in the word's case: `Instal` → `Install`. */
function inCase(suggestion: string, word: string): string {
  if (word === word.toUpperCase()) return suggestion.toUpperCase();
  if (word[0] === word[0]!.toUpperCase()) return suggestion[0]!.toUpperCase() + suggestion.slice(1);
  return suggestion;
}

export default defineRule<Options>({
  meta: {
    id: 'page-spelling',
    kind: 'page',
    description:
      "Words of the prose readers see are spelled as in the dictionary of the page's language (needs cspell-lib; off by default).",
    severity: 'warning',
    defaultOff: true,
    hasSuggestions: true,
    fixNote:
      "A misspelling has no safe fix: the dictionary's closest words are offered as suggestions, applied only when chosen.",
    messages: {
      unknown:
        "`{{word}}` is not in the {{language}} dictionary{{guess}}: correct it, or add it to this rule's `words` option (or its words file) if it is spelled as meant",
    },
    optionsSchema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        allUnknown: {
          type: 'boolean',
          description:
            'Report every word the dictionaries lack (names and jargon among them), not only likely typos (a known word one edit away), and capitalised words in mid-sentence too.',
        },
        words: {
          type: 'array',
          description: 'Words to accept (product names, terms), compared ignoring case.',
          items: { type: 'string', minLength: 1, maxLength: 100 },
          maxItems: 10000,
        },
        wordsFile: {
          type: 'string',
          minLength: 1,
          description:
            'A site-relative file of words to accept, one per line (`#` starts a comment). Read from `rules`, for the whole site.',
        },
        dictionaries: {
          type: 'array',
          description:
            "More of cspell's dictionaries to check with (`latex`, `fonts`…). Read from `rules`, for the whole site.",
          items: { type: 'string', minLength: 1, maxLength: 100 },
          maxItems: 100,
        },
        language: {
          type: 'string',
          minLength: 2,
          maxLength: 20,
          description:
            'The language of pages outside any language folder (default: the default language of `navigation.languages`, else `en`). Read from `rules`, for the whole site.',
        },
      },
    },
  },
  check(context) {
    const spelling = context.spelling;
    if (!spelling || (!spelling.dictionary && !spelling.defer)) return;
    const all = context.options?.allUnknown === true;
    const { words, candidates } = readWords(context, all);
    if (spelling.defer) {
      spelling.defer({ words, names: siteNames(context), data: candidates });
      return;
    }
    // The dictionary at hand (a host that checks one page alone): no vocabulary beyond the page's.
    checkCandidates(candidates, { ...spelling, dictionary: spelling.dictionary! }, NO_VOCABULARY, context);
  },
  checkWords(context) {
    checkCandidates(context.data as Candidates, context.spelling, context.vocabulary, context);
  },
});
