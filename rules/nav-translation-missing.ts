import { defineRule, type NavElement, type NavEntry } from '../src/rule-kit/index.js';

/*
 * `navigation.languages`: each language should list the pages the default language lists. A page
 * of the default language is matched in another language by its path under that language's
 * folder (`guides/setup` ↔ `fr/guides/setup`; `en/guides/setup` ↔ `fr/guides/setup`). Reported
 * once per language, on its `language` key, with the pages it lacks.
 */

/** How many missing pages a message names before it counts the rest. */
const LISTED = 8;

interface Language {
  element: NavElement;
  routes: string[];
}

/** The first path segment most of a language's routes share when it is the language's code (its folder), else ''. */
function folderOf(language: Language): string {
  const code = language.element.title ?? '';
  if (!code) return '';
  const inFolder = language.routes.filter((r) => r === code || r.startsWith(`${code}/`)).length;
  return inFolder * 2 > language.routes.length ? code : '';
}

/** The languages of each `languages` array, in order, with the page routes each lists. */
function languageSets(entries: readonly NavEntry[]): Language[][] {
  const arrays = new Map<string, Map<string, Language>>();
  for (const entry of entries) {
    if (entry.kind !== 'page' || entry.route === undefined) continue;
    const element = entry.chain.find((e) => e.kind === 'language');
    if (!element) continue;
    const array = element.pointer.replace(/\/\d+$/, '');
    let languages = arrays.get(array);
    if (!languages) arrays.set(array, (languages = new Map()));
    let language = languages.get(element.pointer);
    if (!language) languages.set(element.pointer, (language = { element, routes: [] }));
    language.routes.push(entry.route);
  }
  return [...arrays.values()].map((languages) => [...languages.values()].sort((a, b) => a.element.index - b.element.index));
}

export default defineRule({
  meta: {
    id: 'nav-translation-missing',
    kind: 'site',
    description: 'Each language of navigation.languages lists the pages the default language lists, at the same path under its folder.',
    severity: 'warning',
    reportsInConfigOnly: true,
    messages: {
      missing:
        'language `{{language}}` lacks {{count}} of the {{total}} pages of `{{default}}`: {{pages}}; translate them and list them in its navigation, or leave them out on purpose with this rule off',
    },
  },
  check(context) {
    const { site } = context;
    for (const languages of languageSets(site.navigation.entries)) {
      const main = languages.find((l) => l.element.isDefault) ?? languages[0];
      if (!main || languages.length < 2) continue;
      const from = folderOf(main);
      const own = [...new Set(main.routes)];
      for (const language of languages) {
        if (language === main) continue;
        const to = folderOf(language);
        // No folders to tell the two languages apart: nothing to match by.
        if (from === to) continue;
        const listed = new Set(language.routes);
        const missing: string[] = [];
        for (const route of own) {
          if (from && route !== from && !route.startsWith(`${from}/`)) continue;
          const rel = from ? route.slice(from.length + 1) : route;
          const counterpart = to ? (rel ? `${to}/${rel}` : to) : rel;
          if (listed.has(counterpart)) continue;
          missing.push(site.routes.has(counterpart) ? `\`${counterpart}\` (the page exists but is not listed)` : `\`${counterpart}\``);
        }
        if (!missing.length) continue;
        const pages = missing.slice(0, LISTED).join(', ') + (missing.length > LISTED ? ` and ${missing.length - LISTED} more` : '');
        context.report({
          messageId: 'missing',
          data: { language: language.element.title ?? '', default: main.element.title ?? '', count: String(missing.length), total: String(own.length), pages },
          at: { pointer: `${language.element.pointer}/language`, on: 'key' },
        });
      }
    }
  },
});
