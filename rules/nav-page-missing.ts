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
  },
  check(context) {
    const { site } = context;
    let routes: string[] | undefined;
    for (const entry of site.navigation.entries) {
      if (entry.kind !== 'page' || entry.route === undefined) continue;
      const route = entry.route;
      if (route === '' || site.routes.has(route) || site.routes.has(`${route}/index`)) continue;
      let message: string;
      const snippet = site.pages.get(`${route}.mdx`) ?? site.pages.get(`${route}.md`);
      // A path out of the site (`../x`) is never looked at on disk.
      const normalized = path.posix.normalize(route);
      const outside = normalized === '..' || normalized.startsWith('../') || path.posix.isAbsolute(normalized);
      const ignored = outside ? undefined : ['.mdx', '.md'].find((ext) => site.isIgnored(normalized + ext) && site.existsOnDisk(normalized + ext));
      if (outside) {
        message = `\`${entry.value}\` is in the navigation but points outside the site; navigation pages are paths inside the site`;
      } else if (snippet?.isSnippet) {
        const why = /^_?snippets\//i.test(snippet.relative)
          ? `files under ${snippet.relative.split('/')[0]}/ are not pages`
          : 'another file imports it, and the platform publishes an imported file only as part of the pages that import it';
        message = `\`${entry.value}\` is a snippet (${why}); it cannot be listed in the navigation`;
      } else if (ignored) {
        message = `\`${entry.value}\` is in the navigation but \`${route}${ignored}\` is excluded by .mintignore, so the platform does not publish it`;
      } else {
        routes ??= [...site.routes.keys()];
        const close = didYouMeanPath(route, routes);
        message = `\`${entry.value}\` is in the navigation but no page \`${route}.mdx\` or \`${route}.md\` exists${close ? `; did you mean \`${close}\`?` : ''}`;
      }
      context.report({ message, at: { pointer: entry.pointer } });
    }
  },
});
