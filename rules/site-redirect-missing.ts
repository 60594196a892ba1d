import { defineRule, isObject } from '../src/rule-kit/index.js';

/*
 * A change (`--staged`, `--changed-since`) that deletes or renames a published page, and leaves no
 * redirect from its route: every link and bookmark to it now ends on a 404. A page another file
 * serves at the same route, or a route docs.json still lists (nav-page-missing reports that), is
 * not reported. Outside a run over a change there is nothing to check.
 */

/** The URL path of a route: a folder's `index` is the folder. */
function urlPath(route: string): string {
  const p = route === 'index' ? '' : route.replace(/\/index$/, '');
  return `/${p}`;
}

export default defineRule({
  meta: {
    id: 'site-redirect-missing',
    kind: 'site',
    description:
      'A change that removes or renames a published page adds a redirect from its route (checked with --staged and --changed-since).',
    severity: 'warning',
    reportsRemovedTargets: true,
    messages: {
      noRedirect:
        '`{{file}}` is removed, and nothing serves its route `{{path}}` now: links and bookmarks to it will end on a 404; add a redirect from `{{path}}` to the page that replaces it (`doclint rename` adds one when it moves a page)',
    },
  },
  check(context) {
    const removed = context.change?.removedPages ?? [];
    if (!removed.length) return;
    const { site } = context;
    const listed = new Set(
      site.navigation.entries.flatMap((entry) =>
        entry.kind === 'page' && entry.route !== undefined ? [entry.route] : [],
      ),
    );
    const value = site.config.value;
    const at = isObject(value) && Array.isArray(value.redirects) ? '/redirects' : '/navigation';
    for (const page of removed) {
      const path = urlPath(page.route);
      if (site.routes.has(page.route) || listed.has(page.route) || site.redirects.find(path)) continue;
      context.report({ messageId: 'noRedirect', data: { file: page.relative, path }, at: { pointer: at, on: 'key' } });
    }
  },
});
