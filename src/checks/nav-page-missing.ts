import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Ignore } from 'ignore';
import type { Diagnostic } from '../core/diagnostic.js';
import { defineMeta } from '../core/rule.js';
import { didYouMean } from '../core/suggest.js';
import { walkNavigation } from '../site/navigation.js';
import type { SiteCheck } from './types.js';

const ID = 'nav-page-missing';

/** The matcher throws on paths it cannot match (`./x`): those are not ignored. */
function isIgnored(ignores: Ignore, relative: string): boolean {
  try {
    return ignores.ignores(relative);
  } catch {
    return false;
  }
}

/** A page path in the navigation with no `.mdx`/`.md` file behind it. */
export const navPageMissing: SiteCheck = {
  meta: defineMeta({
    id: ID,
    kind: 'site',
    description: 'Every page path in the navigation must name an existing .mdx or .md file.',
    severity: 'error',
    fixable: false,
  }),
  reportsInConfigOnly: true,
  async run({ site }) {
    const out: Diagnostic[] = [];
    let routes: string[] | undefined;
    for (const entry of walkNavigation(site.config)) {
      if (entry.kind !== 'page' || entry.route === undefined) continue;
      const route = entry.route;
      if (route === '' || site.routes.has(route) || site.routes.has(`${route}/index`)) continue;
      let message: string;
      const snippet = site.pages.get(`${route}.mdx`) ?? site.pages.get(`${route}.md`);
      // A path out of the site (`../x`) is never looked at on disk.
      const normalized = path.posix.normalize(route);
      const outside = normalized === '..' || normalized.startsWith('../') || path.isAbsolute(normalized);
      const ignored = outside ? undefined : ['.mdx', '.md'].find((ext) => isIgnored(site.ignores, normalized + ext) && existsSync(path.join(site.root, normalized + ext)));
      if (outside) {
        message = `\`${entry.value}\` is in the navigation but points outside the site; navigation pages are paths inside the site`;
      } else if (snippet?.isSnippet) {
        message = `\`${entry.value}\` is a snippet (files in a snippets/ folder are not pages); it cannot be listed in the navigation`;
      } else if (ignored) {
        message = `\`${entry.value}\` is in the navigation but \`${route}${ignored}\` is excluded by .mintignore, so the platform does not publish it`;
      } else {
        routes ??= [...site.routes.keys()];
        const close = didYouMean(route, routes);
        message = `\`${entry.value}\` is in the navigation but no page \`${route}.mdx\` or \`${route}.md\` exists${close ? `; did you mean \`${close}\`?` : ''}`;
      }
      out.push(site.config.diagnosticAt(entry.pointer, ID, 'error', message));
    }
    return out;
  },
};
