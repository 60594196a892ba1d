import path from 'node:path';
import { defineRule, didYouMeanPath } from '../src/rule-kit/index.js';

/** A page path in the navigation with no `.mdx`/`.md` file behind it. */
export default defineRule({
  meta: {
    id: 'nav-page-missing',
    kind: 'site',
    description: 'Every page path in the navigation must name an existing .mdx or .md file.',
    severity: 'error',
    reportsRemovedTargets: true,
    reportsInConfigOnly: true,
    messages: {
      outside:
        '`{{entry}}` is in the navigation but points outside the site; navigation pages are paths inside the site',
      snippetFolder:
        '`{{entry}}` is a snippet (files under {{folder}}/ are not pages); it cannot be listed in the navigation',
      snippetImported:
        '`{{entry}}` is a snippet (another file imports it, and the platform publishes an imported file only as part of the pages that import it); it cannot be listed in the navigation',
      ignored:
        '`{{entry}}` is in the navigation but `{{file}}` is excluded by .mintignore, so the platform does not publish it',
      missing: '`{{entry}}` is in the navigation but no page `{{route}}.mdx` or `{{route}}.md` exists',
      missingClose:
        '`{{entry}}` is in the navigation but no page `{{route}}.mdx` or `{{route}}.md` exists; did you mean `{{close}}`?',
    },
  },
  check(context) {
    const { site } = context;
    let routes: string[] | undefined;
    for (const entry of site.navigation.entries) {
      if (entry.kind !== 'page' || entry.route === undefined) continue;
      const route = entry.route;
      if (route === '' || site.routes.has(route) || site.routes.has(`${route}/index`)) continue;
      const snippet = site.pages.get(`${route}.mdx`) ?? site.pages.get(`${route}.md`);
      // A path out of the site (`../x`) is never looked at on disk.
      const normalized = path.posix.normalize(route);
      const outside = normalized === '..' || normalized.startsWith('../') || path.posix.isAbsolute(normalized);
      const ignored = outside
        ? undefined
        : ['.mdx', '.md'].find((ext) => site.isIgnored(normalized + ext) && site.existsOnDisk(normalized + ext));
      const at = { pointer: entry.pointer };
      const data = { entry: entry.value };
      if (outside) {
        context.report({ messageId: 'outside', data, at });
      } else if (snippet?.isSnippet) {
        if (/^_?snippets\//i.test(snippet.relative))
          context.report({
            messageId: 'snippetFolder',
            data: { ...data, folder: snippet.relative.split('/')[0]! },
            at,
          });
        else context.report({ messageId: 'snippetImported', data, at });
      } else if (ignored) {
        context.report({ messageId: 'ignored', data: { ...data, file: `${route}${ignored}` }, at });
      } else {
        routes ??= [...site.routes.keys()];
        const close = didYouMeanPath(route, routes);
        if (close) context.report({ messageId: 'missingClose', data: { ...data, route, close }, at });
        else context.report({ messageId: 'missing', data: { ...data, route }, at });
      }
    }
  },
});
