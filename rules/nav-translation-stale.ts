import { counterpartRoute, defineRule, languageSets, unpairedNote } from '../src/rule-kit/index.js';

/*
 * A translation older than its source: the default language's page changed in a commit the
 * translation's last change was not built on (neither that commit nor one of its ancestors: by
 * history, not by timestamp, so a source change committed in the same second or rebased after the
 * translation counts). Pages are paired as nav-translation-missing pairs them, within the same
 * version. From git history (one `git log` over the site, and the commit graph); outside a
 * git repository, or in a shallow clone, the rule says so once and checks nothing. A translation
 * reviewed against a source commit is listed in the `reviewed` option and is stale only once the
 * source changes again.
 */

interface Options {
  /** Translation (site-relative path) → the source commit it was last reviewed against. */
  reviewed?: Record<string, string>;
}

const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

export default defineRule<Options>({
  meta: {
    id: 'nav-translation-stale',
    kind: 'site',
    description: 'A translated page has changed since its source page last changed (from git history; off by default).',
    severity: 'warning',
    defaultOff: true,
    problems: {
      layout: {
        severity: 'info',
        description: 'the pages of a language cannot be paired with the default language’s: a note',
      },
    },
    messages: {
      stale:
        '`{{translation}}` may be out of date: its source `{{source}}` changed in {{commit}} ({{sourceDay}}), after this translation last changed ({{translationDay}}); update it, or list it in this rule\'s `reviewed` option with `"{{translation}}": "{{commit}}"` if it needs no change',
      noHistory: 'translations are not checked for staleness: {{reason}}',
      layout:
        'the pages of {{languages}} cannot be paired with those of `{{default}}`: they are not in a folder named after their language at the paths of the `{{default}}` pages (`fr/…`, `v1/fr/…`), so those translations are not checked for staleness',
    },
    optionsSchema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        reviewed: {
          type: 'object',
          description:
            'Translations reviewed against a source commit: site-relative path of the translation → the commit (7 or more hex digits).',
          additionalProperties: { type: 'string', pattern: '^[0-9a-fA-F]{7,40}$' },
        },
      },
    },
  },
  async check(context) {
    const { site } = context;
    const sets = languageSets(site.navigation.entries);
    if (!sets.length) return;
    const history = await site.history(context.pass);
    if (!history.ok) {
      context.report({
        messageId: 'noHistory',
        data: { reason: history.reason },
        at: { pointer: '/navigation', on: 'key' },
      });
      return;
    }
    const note = unpairedNote(sets);
    if (note)
      context.report({
        messageId: 'layout',
        problem: 'layout',
        data: note.data,
        at: { pointer: note.pointer, on: 'key' },
      });
    const reviewed = context.options?.reviewed ?? {};
    for (const { main, others } of sets) {
      for (const route of new Set(main.routes)) {
        const source = site.routes.get(route);
        const sourceChange = source && history.last(source.relative);
        if (!source || !sourceChange) continue;
        for (const language of others) {
          const counterpart = counterpartRoute(route, main, language);
          const translation = counterpart === undefined ? undefined : site.routes.get(counterpart);
          if (!translation || !context.inScope(translation.file)) continue;
          const translationChange = history.last(translation.relative);
          if (!translationChange || !history.isNewer(sourceChange.commit, translationChange.commit)) continue;
          const mark = reviewed[translation.relative]?.toLowerCase();
          if (mark && sourceChange.commit.startsWith(mark)) continue;
          context.report({
            messageId: 'stale',
            data: {
              translation: translation.relative,
              source: source.relative,
              commit: sourceChange.commit.slice(0, 12),
              sourceDay: day(sourceChange.time),
              translationDay: day(translationChange.time),
            },
            at: { file: translation.file, line: 1, column: 1, endLine: 1, endColumn: 1 },
          });
        }
      }
    }
  },
});
