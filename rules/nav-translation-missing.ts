import {
  counterpartRoute,
  defineRule,
  languageSets,
  languagesMissingFromVersions,
  missingLanguagePointer,
  unpairedNote,
} from '../src/rule-kit/index.js';

/*
 * `navigation.languages`: each language should list the pages the default language lists. A page
 * of the default language is matched in another language by its path under that language's
 * folder, wherever the navigation puts it (`guides/setup` ↔ `fr/guides/setup`; `en/guides/setup`
 * ↔ `fr/guides/setup`; `v1/guides/setup` ↔ `v1/fr/guides/setup` when versions hold languages, or
 * ↔ `fr/v1/guides/setup` when languages hold versions), and within the same version. Reported once
 * per language (and version), on its `language` key, with the pages it lacks; a version that lacks a
 * language the others have is reported once on its `languages` key. Languages whose pages cannot be
 * paired with the default's (no folder named after them) get one note.
 */

/** How many missing pages a message names before it counts the rest. */
const LISTED = 8;

const NEXT = 'translate them and list them in its navigation, or leave them out on purpose with this rule off';

export default defineRule({
  meta: {
    id: 'nav-translation-missing',
    kind: 'site',
    description:
      'Each language of navigation.languages lists the pages the default language lists, at the same path under its folder.',
    severity: 'warning',
    reportsInConfigOnly: true,
    problems: {
      layout: {
        severity: 'info',
        description: 'the pages of a language cannot be paired with the default language’s: a note',
      },
    },
    messages: {
      missing: `language \`{{language}}\` lacks {{count}} of the {{total}} pages of \`{{default}}\`: {{pages}}; ${NEXT}`,
      missingInVersion: `language \`{{language}}\` lacks {{count}} of the {{total}} pages of \`{{default}}\` in version \`{{version}}\`: {{pages}}; ${NEXT}`,
      versionLacksLanguage:
        'version `{{version}}` has no language `{{language}}`, which other versions have: its `{{default}}` pages ({{total}}) have no `{{language}}` translation; add the language to this version with its pages, or leave it out on purpose with this rule off',
      layout:
        'the pages of {{languages}} cannot be paired with those of `{{default}}`: they are not in a folder named after their language at the paths of the `{{default}}` pages (`fr/…`, `v1/fr/…`), so missing translations are not checked',
    },
  },
  check(context) {
    const { site } = context;
    const sets = languageSets(site.navigation.entries);
    for (const { main, others, version } of sets) {
      const own = [...new Set(main.routes)];
      for (const language of others) {
        const listed = new Set(language.routes);
        const missing: string[] = [];
        for (const route of own) {
          const counterpart = counterpartRoute(route, main, language);
          if (counterpart === undefined || listed.has(counterpart)) continue;
          missing.push(
            site.routes.has(counterpart)
              ? `\`${counterpart}\` (the page exists but is not listed)`
              : `\`${counterpart}\``,
          );
        }
        if (!missing.length) continue;
        const pages =
          missing.slice(0, LISTED).join(', ') + (missing.length > LISTED ? ` and ${missing.length - LISTED} more` : '');
        const data = {
          language: language.code,
          default: main.code,
          count: String(missing.length),
          total: String(own.length),
          pages,
        };
        context.report({
          ...(version
            ? { messageId: 'missingInVersion', data: { ...data, version: version.title } }
            : { messageId: 'missing', data }),
          at: { pointer: `${language.element.pointer}/language`, on: 'key' },
        });
      }
    }
    for (const { code, set, elsewhere } of languagesMissingFromVersions(sets)) {
      context.report({
        messageId: 'versionLacksLanguage',
        data: {
          version: set.version?.title ?? '',
          language: code,
          default: set.main.code,
          total: String(new Set(set.main.routes).size),
        },
        at: { pointer: missingLanguagePointer(set, elsewhere), on: 'key' },
      });
    }
    const note = unpairedNote(sets);
    if (note)
      context.report({
        messageId: 'layout',
        problem: 'layout',
        data: note.data,
        at: { pointer: note.pointer, on: 'key' },
      });
  },
});
