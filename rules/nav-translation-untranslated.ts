import {
  counterpartRoute,
  defineRule,
  frontmatterFieldPlaces,
  languageSets,
  unpairedNote,
} from '../src/rule-kit/index.js';

/*
 * English left in a translated page's `title` or `description`. Pages are paired as
 * nav-translation-missing pairs them (`guides/setup` ↔ `fr/guides/setup`), and only their front
 * matter is read. The check is cheap and made for precision, not recall: a field is reported only
 * when it reads as English prose — two words or more, one of them an English function word (`the`,
 * `and`, `with`, `your`…) — so that names kept in English ("Quickstart", "MCP Server", "Deep
 * Research") are never reported, and
 *
 * - in a language written in another script (Chinese, Japanese, Russian, Arabic…): the field has
 *   no letter of that script, and the source's field reads as English too;
 * - in a language written in Latin script (Spanish, French, German…): the field is the source's,
 *   word for word (case, punctuation and spacing aside).
 *
 * Languages the rule does not know the script of, and English, are not checked. The rule declares
 * no `readsFacts`: a finding's place is the field's line, read from the translation's text, and a
 * cached finding keyed on the title and description alone could point at a line that moved.
 */

interface Options {
  /** Translations (site-relative paths) or phrases (as written, case and punctuation aside) kept in English on purpose. */
  ignore?: string[];
}

/** A script other than Latin: the letters a field in that language has, and what they are called. */
interface Script {
  letters: RegExp;
  name: string;
}

const han = '\\p{Script=Han}';
const script = (pattern: string, name: string): Script => ({ letters: new RegExp(`[${pattern}]`, 'u'), name });
const CHINESE = script(han, 'Chinese characters');
const JAPANESE = script(`${han}\\p{Script=Hiragana}\\p{Script=Katakana}`, 'Japanese characters');
const KOREAN = script(`\\p{Script=Hangul}${han}`, 'Hangul');
const CYRILLIC = script('\\p{Script=Cyrillic}', 'Cyrillic letters');
const ARABIC = script('\\p{Script=Arabic}', 'Arabic letters');
const DEVANAGARI = script('\\p{Script=Devanagari}', 'Devanagari letters');

/** Languages written in a script other than Latin, by the first part of their code. */
const SCRIPTS: Record<string, Script> = {
  zh: CHINESE,
  cn: CHINESE,
  ja: JAPANESE,
  jp: JAPANESE,
  ko: KOREAN,
  ru: CYRILLIC,
  uk: CYRILLIC,
  ua: CYRILLIC,
  be: CYRILLIC,
  bg: CYRILLIC,
  mk: CYRILLIC,
  kk: CYRILLIC,
  ar: ARABIC,
  fa: ARABIC,
  ur: ARABIC,
  he: script('\\p{Script=Hebrew}', 'Hebrew letters'),
  hi: DEVANAGARI,
  mr: DEVANAGARI,
  ne: DEVANAGARI,
  bn: script('\\p{Script=Bengali}', 'Bengali letters'),
  ta: script('\\p{Script=Tamil}', 'Tamil letters'),
  te: script('\\p{Script=Telugu}', 'Telugu letters'),
  th: script('\\p{Script=Thai}', 'Thai letters'),
  el: script('\\p{Script=Greek}', 'Greek letters'),
  ka: script('\\p{Script=Georgian}', 'Georgian letters'),
  hy: script('\\p{Script=Armenian}', 'Armenian letters'),
};

/** Languages written in Latin script, by the first part of their code (English aside). */
const LATIN = new Set(
  'es fr de pt it nl ro cs sk sl hr pl hu fi sv no nb nn da is lv lt et tr id ms vi ca gl eu uz sq af sw tl'.split(' '),
);

/**
 * English function words: a field that has one is a phrase, not a name. A few are words of other
 * languages too (`a`, `in`, `no`): a Latin-script field is reported only when it is also its
 * English source word for word.
 */
const FUNCTION_WORDS = new Set(
  (
    'a an the and or but of to in on at by for from with without into onto about over under after before ' +
    'how what when where why which who your you our we my its their this that these those is are be can will ' +
    'do does not no all any more most using use'
  ).split(' '),
);

const LETTERS = /[\p{L}\p{M}]+(?:['’][\p{L}]+)*/gu;

/** The words of a field, lower-cased. */
function words(text: string): string[] {
  return (text.match(LETTERS) ?? []).map((w) => w.toLowerCase());
}

/** A field as compared with another: case, punctuation and spacing aside. */
function normal(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
}

/** English prose rather than a name: two words or more, one of them an English function word, every letter Latin. */
function readsAsEnglish(text: string): boolean {
  const list = words(text);
  return list.length >= 2 && list.some((w) => FUNCTION_WORDS.has(w)) && !/[^\p{Script=Latin}\P{L}]/u.test(text);
}

/** How a language is written: in a script of its own, in Latin script, or unknown (English is not checked). */
function scriptOf(code: string): Script | 'latin' | undefined {
  const primary = code.toLowerCase().split(/[-_]/)[0] ?? '';
  // Own keys only: a code such as `constructor` or `__proto__` is no language of the table.
  return (Object.hasOwn(SCRIPTS, primary) ? SCRIPTS[primary] : undefined) ?? (LATIN.has(primary) ? 'latin' : undefined);
}

/** Why a translation's field is left in English, or undefined when it reads as translated. */
function untranslated(
  text: string,
  source: string,
  script: Script | 'latin',
): { messageId: 'english' | 'sameAsSource'; script?: Script } | undefined {
  if (script === 'latin')
    return normal(text) === normal(source) && readsAsEnglish(text) ? { messageId: 'sameAsSource' } : undefined;
  return !script.letters.test(text) && readsAsEnglish(text) && readsAsEnglish(source)
    ? { messageId: 'english', script }
    : undefined;
}

const FIELDS = ['title', 'description'] as const;
/** Longest text quoted in a message. */
const QUOTED = 80;

const quote = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > QUOTED ? `${flat.slice(0, QUOTED - 1)}…` : flat;
};

const NEXT =
  "translate it, or list the page or the phrase in this rule's `ignore` option if it stays in English on purpose";

export default defineRule<Options>({
  meta: {
    id: 'nav-translation-untranslated',
    kind: 'site',
    description: "A translated page's title and description are not left in English as in its source page.",
    severity: 'warning',
    problems: {
      layout: {
        severity: 'info',
        description: 'the pages of a language cannot be paired with the default language’s: a note',
      },
    },
    messages: {
      english: `the {{field}} of this \`{{language}}\` page has no {{script}} and reads as English: "{{text}}" (source \`{{source}}\`); ${NEXT}`,
      sameAsSource: `the {{field}} of this \`{{language}}\` page is left in English as in its source \`{{source}}\`: "{{text}}"; ${NEXT}`,
      layout:
        'the pages of {{languages}} cannot be paired with those of `{{default}}`: they are not in a folder named after their language at the paths of the `{{default}}` pages (`fr/…`, `v1/fr/…`), so their titles and descriptions are not checked',
    },
    optionsSchema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        ignore: {
          type: 'array',
          description:
            'Kept in English on purpose: site-relative paths of translated pages (`fr/guides/setup.mdx`), or phrases (a title or description as written, case and punctuation aside).',
          items: { type: 'string', minLength: 1 },
        },
      },
    },
  },
  async check(context) {
    const { site } = context;
    const ignore = context.options?.ignore ?? [];
    const ignoredPages = new Set(ignore.map((entry) => entry.replace(/^\.?\//, '')));
    const ignoredPhrases = new Set(ignore.map(normal));
    const seen = new Set<string>();
    const page = (route: string) => site.routes.get(route) ?? site.routes.get(`${route}/index`);
    const sets = languageSets(site.navigation.entries);
    const note = unpairedNote(sets.map((set) => ({ ...set, others: set.others.filter((l) => scriptOf(l.code)) })));
    if (note)
      context.report({
        messageId: 'layout',
        problem: 'layout',
        data: note.data,
        at: { pointer: note.pointer, on: 'key' },
      });
    for (const { main, others } of sets) {
      const checked = others.flatMap((language) => {
        const script = scriptOf(language.code);
        return script ? [{ language, script }] : [];
      });
      if (!checked.length) continue;
      for (const route of new Set(main.routes)) {
        const source = page(route);
        if (!source) continue;
        for (const { language, script } of checked) {
          const counterpart = counterpartRoute(route, main, language);
          const translation = counterpart === undefined ? undefined : page(counterpart);
          if (!translation || translation === source || seen.has(translation.file)) continue;
          seen.add(translation.file);
          if (!context.inScope(translation.file) || ignoredPages.has(translation.relative)) continue;
          const [from, to] = await Promise.all([
            context.frontmatterFacts(source.file),
            context.frontmatterFacts(translation.file),
          ]);
          for (const field of FIELDS) {
            const text = to?.[field]?.trim();
            const original = from?.[field]?.trim();
            if (!text || !original || ignoredPhrases.has(normal(text))) continue;
            const found = untranslated(text, original, script);
            if (!found) continue;
            context.report({
              messageId: found.messageId,
              data: {
                field,
                language: language.code,
                text: quote(text),
                source: source.relative,
                script: found.script?.name ?? '',
              },
              at: fieldPlace(site.readText(translation.relative), field, translation.file),
            });
          }
        }
      }
    }
  },
});

/** The field's line in the translation's front matter (from its key to the end of its value); the page's start when it cannot be read. */
function fieldPlace(read: { ok: true; text: string } | { ok: false }, field: string, file: string) {
  const place = read.ok ? frontmatterFieldPlaces(read.text).get(field) : undefined;
  if (!place) return { file, line: 1, column: 1, endLine: 1, endColumn: 1 };
  return {
    file,
    line: place.key.line,
    column: place.key.column,
    endLine: place.valueSpan.endLine,
    endColumn: place.valueSpan.endColumn,
  };
}
