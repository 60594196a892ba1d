import { defineRule, scopeName, type NavEntry } from '../src/rule-kit/index.js';

/**
 * Two different pages with the same title in one navigation scope (the innermost tab, anchor,
 * dropdown, menu item, version, language or product, as for nav-duplicate-page): search results,
 * llms.txt and AI tools list pages by title, and cannot tell them apart. In one group it is a
 * warning; in different groups of the scope (the sidebar tells them apart) a note. The finding is
 * on the later entry, with the first page of that title as a related location.
 */
/** The pointer of the innermost group that holds an entry. */
function innermostGroup(entry: NavEntry): string | undefined {
  return [...entry.chain].reverse().find((e) => e.kind === 'group')?.pointer;
}

export default defineRule({
  meta: {
    id: 'nav-duplicate-title',
    kind: 'site',
    description: 'Pages listed in one navigation scope (tab, anchor, version, language…) have different titles.',
    severity: 'warning',
    reportsInConfigOnly: true,
    readsFacts: ['title'],
    problems: {
      'other-group': {
        severity: 'info',
        description:
          'the two pages are in different groups of the scope (the sidebar tells them apart; search and llms.txt do not): a note',
      },
    },
    messages: {
      sameTitle:
        '`{{page}}` has the same title as `{{earlier}}` in {{where}}: "{{title}}"; give each page a title that says what it covers (search results and llms.txt list pages by title)',
    },
  },
  async check(context) {
    const { site } = context;
    const first = new Map<string, NavEntry>();
    const seen = new Set<string>();
    for (const entry of site.navigation.entries) {
      if (entry.kind !== 'page' || entry.route === undefined) continue;
      const page = site.routes.get(entry.route) ?? site.routes.get(`${entry.route}/index`);
      if (!page || seen.has(`${entry.scopePointer}\0${page.relative}`)) continue;
      seen.add(`${entry.scopePointer}\0${page.relative}`);
      const title = (await context.frontmatterFacts(page.file))?.title?.trim();
      if (!title) continue;
      const key = `${entry.scopePointer}\0${title.toLowerCase().replace(/\s+/g, ' ')}`;
      const earlier = first.get(key);
      if (!earlier) {
        first.set(key, entry);
        continue;
      }
      const group = innermostGroup(entry);
      const sameGroup = group !== undefined && group === innermostGroup(earlier);
      const where = sameGroup
        ? `group "${entry.chain.find((e) => e.pointer === group)?.title ?? ''}"`
        : scopeName(entry);
      context.report({
        messageId: 'sameTitle',
        data: { page: entry.value, earlier: earlier.value, where, title },
        at: { pointer: entry.pointer },
        problem: sameGroup ? undefined : 'other-group',
        related: [{ message: `\`${earlier.value}\` has that title`, at: { pointer: earlier.pointer } }],
      });
    }
  },
});
