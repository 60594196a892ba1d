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

describe('doclint init decides descriptions folder by folder', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  test('one line per decision with its counts; the folders as overrides entries; the lint that follows uses them', () => {
    root = siteWithFolders();
    const init = runCli(['init'], { cwd: root });
    expect(init.stderr).toBe('');
    expect(init.stdout.split('\n').slice(0, 5)).toEqual([
      'Wrote .doclintrc.json (extends doclint:recommended).',
      'page-image-frame: on (warn) — few images (0 images on 19 pages): each screenshot is framed from the start, as the writing guide asks',
      'page-frontmatter-required: on (warn), title and description required — 6 of 7 hand-written pages outside the folders below (86 %) set a description',
      'page-frontmatter-required in sdk-reference/: title required, description not — only 0 of 7 hand-written pages outside the folders below it (0 %) set a description: a page without one is the house style there',
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
      `${path.join(root, 'guides/monitor.mdx')}:1:1: front matter has no \`description\`: add \`description: …\` [Warning/page-frontmatter-required]`,
      `${path.join(root, 'sdk-reference/errors.mdx')}:1:1: front matter has no \`title\`: add \`title: …\` [Warning/page-frontmatter-required]`,
    ]);
  });
});
