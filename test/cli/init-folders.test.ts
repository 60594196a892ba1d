import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { REPO, runCli } from '../helpers/cli.js';
import { MINIMAL_CONFIG, tmpSite } from '../helpers/tmp-site.js';

const schemaFrom = (dir: string) =>
  path.relative(dir, path.join(REPO, 'schema/doclintrc.schema.json')).split(path.sep).join('/');

const page = (title: string | undefined, description?: string) =>
  `---\n${title ? `title: ${title}\n` : ''}${description ? `description: ${description}\n` : ''}---\n\n## About\n\nText.\n`;

/**
 * A site that writes a description on every guide and on none of its SDK reference, but for the
 * reference's own changelog folder, which does.
 */
function siteWithFolders(): string {
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({
      ...JSON.parse(MINIMAL_CONFIG),
      navigation: { groups: [{ group: 'All', pages: ['index'] }] },
    }),
    'index.mdx': page('Welcome', 'What the product does.'),
  };
  for (const name of ['install', 'configure', 'deploy', 'upgrade', 'migrate'])
    files[`guides/${name}.mdx`] = page(`Guide to ${name}`, `How to ${name} the product.`);
  files['guides/monitor.mdx'] = page('Guide to monitor');
  for (const name of [
    'client',
    'query',
    'insert',
    'delete',
    'update',
    'batch',
    'count',
    'watch',
    'stream',
    'close',
    'retry',
  ])
    files[`sdk-reference/${name}.mdx`] = page(`The ${name} call`);
  files['sdk-reference/errors.mdx'] = page(undefined);
  for (const name of ['v1', 'v2', 'v3', 'v4', 'v5'])
    files[`sdk-reference/changelog/${name}.mdx`] = page(`Release ${name}`, `What changed in ${name}.`);
  return tmpSite(files);
}

describe('doclint init decides house styles from the site', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  test('one line per decision with its counts; the folders as overrides entries; the lint that follows uses them', () => {
    root = siteWithFolders();
    const init = runCli(['init'], { cwd: root });
    expect(init.stderr).toBe('');
    expect(init.stdout.split('\n').slice(0, 5)).toEqual([
      'Wrote .doclintrc.json (extends doclint:recommended).',
      'page-image-frame: on (warn) — few images (0 images on 24 pages): each screenshot is framed from the start, as the writing guide asks',
      'page-frontmatter-required: on (warn), title and description required — 6 of 7 hand-written pages outside the folders below (86 %) set a description',
      'page-frontmatter-required in sdk-reference/: title required, description not — only 0 of 12 hand-written pages outside the folders below it (0 %) set a description: a page without one is the house style there',
      'page-frontmatter-required in sdk-reference/changelog/: title and description required — 5 of 5 hand-written pages (100 %) set a description',
    ]);
    expect(init.code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(root, '.doclintrc.json'), 'utf8'))).toEqual({
      $schema: schemaFrom(root),
      extends: 'doclint:recommended',
      rules: { 'page-image-frame': 'warn', 'page-frontmatter-required': 'warn' },
      overrides: [
        { files: ['sdk-reference/**'], rules: { 'page-frontmatter-required': ['warn', { required: ['title'] }] } },
        {
          files: ['sdk-reference/changelog/**'],
          rules: { 'page-frontmatter-required': ['warn', { required: ['title', 'description'] }] },
        },
      ],
    });
    // With the configuration init wrote: the guide without a description and the reference page
    // without a title, nothing for the reference pages without a description.
    const run = runCli(['-f', 'unix', '--rule', 'site-orphan-page:off'], { cwd: root });
    expect(run.stdout.split('\n').filter((l) => l.includes('page-frontmatter-required'))).toEqual([
      'guides/monitor.mdx:1:1: warning front matter has no `description`: add `description: …` [page-frontmatter-required]',
      'sdk-reference/errors.mdx:1:1: warning front matter has no `title`: add `title: …` [page-frontmatter-required]',
    ]);
  });

  test("the site's own front-matter keys and titles shared across groups: one line each, in the configuration, and the lint that follows", () => {
    const names = ['couchbase', 'mongodb', 'postgres', 'mysql', 'redis', 's3', 'gcs', 'azure', 'kafka', 'sftp'];
    const titled = (name: string, extra = '') =>
      `---\ntitle: ${name[0]!.toUpperCase()}${name.slice(1)}\ndescription: Connect ${name}.\nlanguage: en\n${extra}---\n\n## Connect\n\nText.\n`;
    const files: Record<string, string> = {
      'docs.json': JSON.stringify({
        ...JSON.parse(MINIMAL_CONFIG),
        navigation: {
          groups: [
            { group: 'Start', pages: ['index', 'setup', 'connect'] },
            { group: 'Sources', pages: names.map((n) => `sources/${n}`) },
            { group: 'Destinations', pages: names.map((n) => `destinations/${n}`) },
          ],
        },
      }),
      'index.mdx': page('Welcome', 'What the product does.'),
      'setup.mdx': titled('connect'),
      'connect.mdx': titled('connect', 'weight: 2\n'),
    };
    for (const n of names) {
      files[`sources/${n}.mdx`] = titled(n);
      files[`destinations/${n}.mdx`] = titled(n);
    }
    root = tmpSite(files);
    const init = runCli(['init'], { cwd: root });
    expect(init.stderr).toBe('');
    expect(init.stdout.split('\n').slice(0, 5)).toEqual([
      'Wrote .doclintrc.json (extends doclint:recommended).',
      'page-image-frame: on (warn) — few images (0 images on 23 pages): each screenshot is framed from the start, as the writing guide asks',
      'page-frontmatter-required: on (warn), title and description required — 23 of 23 hand-written pages (100 %) set a description',
      "page-frontmatter-unknown-key: the site's own keys allowed — `language` (22 pages): not fields of the platform, each set on 5 pages or more, so metadata its tooling reads; a key on fewer pages is still noted",
      'nav-duplicate-title: pages of different groups may share a title — 10 of 23 listed pages have the title of a page in another group of their tab (or version, language…): the site titles pages by their subject and lets the group tell them apart; two pages of one group with one title are still reported',
    ]);
    expect(JSON.parse(readFileSync(path.join(root, '.doclintrc.json'), 'utf8'))).toEqual({
      $schema: schemaFrom(root),
      extends: 'doclint:recommended',
      rules: {
        'page-image-frame': 'warn',
        'page-frontmatter-required': 'warn',
        'page-frontmatter-unknown-key': ['info', { allow: ['language'] }],
        'nav-duplicate-title': ['warn', { otherGroups: false }],
      },
    });
    // Left: the key one page sets, and the two pages of one group with one title.
    const run = runCli(['-f', 'unix'], { cwd: root });
    expect(run.stdout.split('\n').filter((l) => /nav-duplicate-title|page-frontmatter-unknown-key/.test(l))).toEqual([
      "connect.mdx:5:1: info front matter `weight` is not one of the platform's fields (`title`, `description`, `sidebarTitle`, …) nor a meta tag (`og:image`); if it is the team's own metadata, list it in this rule's `allow` option [page-frontmatter-unknown-key]",
      'docs.json:1:171: warning `connect` has the same title as `setup` in group "Start": "Connect"; give each page a title that says what it covers (search results and llms.txt list pages by title) [nav-duplicate-title]',
    ]);
  });
});
