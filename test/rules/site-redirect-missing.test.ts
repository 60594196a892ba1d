// site-redirect-missing: a change that removes a published page leaves a redirect from its route.
// The cases are changes (`change`: the files removed, docs.json before), as `--staged` lints them.
import { siteRuleTester } from '../helpers/site-rule-tester.js';

const page = (title: string) => `---\ntitle: ${title}\ndescription: Install the CLI and sign in.\n---\n\n## Install\n`;
const docsJson = (pages: string[], extra: Record<string, unknown> = {}) =>
  JSON.stringify(
    { theme: 'mint', name: 'Test', colors: { primary: '#0A7A5E' }, navigation: { pages }, ...extra },
    null,
    2,
  );
const BEFORE = docsJson(['index', 'guides/setup']);
const SETUP = page('Set up');
const message = (file: string, route: string) =>
  `\`${file}\` is removed, and nothing serves its route \`${route}\` now: links and bookmarks to it will end on a 404; add a redirect from \`${route}\` to the page that replaces it (\`doclint rename\` adds one when it moves a page)`;

siteRuleTester('site-redirect-missing', {
  valid: [
    {
      name: 'docs/rules page, correct example: a redirect from the old route',
      files: {
        'docs.json': docsJson(['index', 'guides/install'], {
          redirects: [{ source: '/guides/setup', destination: '/guides/install' }],
        }),
        'guides/install.mdx': page('Install'),
      },
      change: { removed: { 'guides/setup.mdx': SETUP }, docsJsonBefore: BEFORE },
    },
    {
      name: 'a redirect with parameters that matches the route',
      files: {
        'docs.json': docsJson(['index'], { redirects: [{ source: '/guides/:slug*', destination: '/' }] }),
      },
      change: { removed: { 'guides/setup.mdx': SETUP }, docsJsonBefore: BEFORE },
    },
    {
      name: 'a page that was not published (not in the navigation before the change)',
      files: {},
      change: { removed: { 'drafts/notes.mdx': page('Notes') } },
    },
    {
      name: 'a page hidden by its front matter',
      files: { 'docs.json': docsJson(['index']) },
      change: {
        removed: { 'guides/setup.mdx': '---\ntitle: Set up\nhidden: true\n---\n' },
        docsJsonBefore: BEFORE,
      },
    },
    {
      name: 'a whole-site run has no change to check',
      files: { 'docs.json': docsJson(['index', 'guides/install']), 'guides/install.mdx': page('Install') },
    },
  ],
  invalid: [
    {
      name: 'docs/rules page, incorrect example: a renamed page, no redirect (on navigation: there are no redirects)',
      files: { 'docs.json': docsJson(['index', 'guides/install']), 'guides/install.mdx': page('Install') },
      change: { removed: { 'guides/setup.mdx': SETUP }, docsJsonBefore: BEFORE },
      errors: [
        {
          file: 'docs.json',
          line: 7,
          column: 3,
          endLine: 7,
          endColumn: 15,
          message: message('guides/setup.mdx', '/guides/setup'),
        },
      ],
    },
    {
      name: 'redirects that do not cover it: on the redirects key',
      files: {
        'docs.json': docsJson(['index'], { redirects: [{ source: '/guides/start', destination: '/' }] }),
      },
      change: { removed: { 'guides/setup.mdx': SETUP }, docsJsonBefore: BEFORE },
      errors: [
        {
          file: 'docs.json',
          line: 12,
          column: 3,
          endLine: 12,
          endColumn: 14,
          message: message('guides/setup.mdx', '/guides/setup'),
        },
      ],
    },
  ],
});
