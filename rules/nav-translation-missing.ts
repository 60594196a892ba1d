import { counterpartRoute, defineRule, languageSets } from '../src/rule-kit/index.js';

/*
 * `navigation.languages`: each language should list the pages the default language lists. A page
 * of the default language is matched in another language by its path under that language's
 * folder (`guides/setup` ↔ `fr/guides/setup`; `en/guides/setup` ↔ `fr/guides/setup`). Reported
 * once per language, on its `language` key, with the pages it lacks.
 */

/** How many missing pages a message names before it counts the rest. */
const LISTED = 8;

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
    for (const { main, others } of languageSets(site.navigation.entries)) {
      const own = [...new Set(main.routes)];
      for (const language of others) {
        const listed = new Set(language.routes);
        const missing: string[] = [];
        for (const route of own) {
          const counterpart = counterpartRoute(route, main, language);
          if (counterpart === undefined || listed.has(counterpart)) continue;
          missing.push(site.routes.has(counterpart) ? `\`${counterpart}\` (the page exists but is not listed)` : `\`${counterpart}\``);
        }
        if (!missing.length) continue;
        const pages = missing.slice(0, LISTED).join(', ') + (missing.length > LISTED ? ` and ${missing.length - LISTED} more` : '');
        context.report({
          messageId: 'missing',
          data: { language: language.code, default: main.code, count: String(missing.length), total: String(own.length), pages },
          at: { pointer: `${language.element.pointer}/language`, on: 'key' },
        });
      }
    }
  },
});
