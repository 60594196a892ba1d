import { defineRule, duplicateTitles, scopeName, type NavEntry } from '../src/rule-kit/index.js';

export interface Options {
  /** False: two pages of different groups of a scope may share a title (only one group's are reported). */
  otherGroups?: boolean;
}

/**
 * Two different pages with the same title in one navigation scope (the innermost tab, anchor,
 * dropdown, menu item, version, language or product, as for nav-duplicate-page): search results,
 * llms.txt and AI tools list pages by title, and cannot tell them apart. In one group it is a
 * warning; in different groups of the scope (the sidebar tells them apart) a note. The finding is
 * on the later entry, with the first page of that title as a related location. `otherGroups: false`
 * (which `doclint init` writes for a site that titles pages by their subject inside groups) leaves
 * the notes out.
 */
export default defineRule<Options>({
  meta: {
    id: 'nav-duplicate-title',
    kind: 'site',
    description: 'Pages listed in one navigation scope (tab, anchor, version, language…) have different titles.',
    severity: 'warning',
    reportsInConfigOnly: true,
    readsFacts: ['title'],
    houseStyle: 'duplicateTitles',
    problems: {
      'other-group': {
        severity: 'info',
        description:
          'the two pages are in different groups of the scope (the sidebar tells them apart; search and llms.txt do not): a note',
      },
    },
    optionsSchema: {
      type: 'object',
      properties: {
        otherGroups: {
          type: 'boolean',
          description:
            'false: pages in different groups of a scope may share a title (the sidebar tells them apart); only two pages of one group are reported. `doclint init` writes it for a site that titles pages by their subject inside groups.',
        },
      },
      additionalProperties: false,
    },
    messages: {
      sameTitle:
        '`{{page}}` has the same title as `{{earlier}}` in {{where}}: "{{title}}"; give each page a title that says what it covers (search results and llms.txt list pages by title)',
    },
  },
  async check(context) {
    const { site } = context;
    const otherGroups = context.options?.otherGroups !== false;
    const pageEntry = (entry: NavEntry) =>
      entry.route === undefined ? undefined : (site.routes.get(entry.route) ?? site.routes.get(`${entry.route}/index`));
    const pageOf = (entry: NavEntry) => pageEntry(entry)?.relative;
    const titles = new Map<string, string | undefined>();
    for (const entry of site.navigation.entries) {
      const page = entry.kind === 'page' ? pageEntry(entry) : undefined;
      if (page === undefined || titles.has(page.relative)) continue;
      titles.set(page.relative, (await context.frontmatterFacts(page.file))?.title);
    }
    for (const { entry, earlier, title, group } of duplicateTitles(site.navigation.entries, pageOf, (p) =>
      titles.get(p),
    )) {
      if (group === undefined && !otherGroups) continue;
      const where =
        group !== undefined ? `group "${entry.chain.find((e) => e.pointer === group)?.title ?? ''}"` : scopeName(entry);
      context.report({
        messageId: 'sameTitle',
        data: { page: entry.value, earlier: earlier.value, where, title },
        at: { pointer: entry.pointer },
        problem: group !== undefined ? undefined : 'other-group',
        related: [{ message: `\`${earlier.value}\` has that title`, at: { pointer: earlier.pointer } }],
      });
    }
  },
});
