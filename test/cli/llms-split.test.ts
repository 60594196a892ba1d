import { rmSync } from 'node:fs';
import { runCli } from '../helpers/cli.js';
import { tmpSite } from '../helpers/tmp-site.js';

/** A site whose generated llms.txt is past 100,000 characters: 200 pages under guides/, 150 under api/, a home page. */
function bigSite(): string {
  const files: Record<string, string> = {};
  const routes = ['index'];
  files['index.mdx'] = '---\ntitle: Home\ndescription: Start here.\n---\n\nText.\n';
  for (const [folder, n] of [
    ['guides', 200],
    ['api', 150],
  ] as const)
    for (let i = 0; i < n; i++) {
      routes.push(`${folder}/p${i}`);
      files[`${folder}/p${i}.mdx`] = `---\ntitle: Page ${i}\ndescription: ${'word '.repeat(58)}end\n---\n\nText.\n`;
    }
  files['docs.json'] = JSON.stringify({
    theme: 'mint',
    name: 'Acme',
    description: 'How to use Acme.',
    colors: { primary: '#0A7A5E' },
    navigation: { groups: [{ group: 'Start', pages: routes }] },
  });
  return tmpSite(files);
}

describe('llms-txt on a site whose generated index is past 100,000 characters', () => {
  const root = bigSite();
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  test('prints the root index the platform serves, and says so', () => {
    expect(runCli(['llms-txt', '--base-url', 'https://docs.acme.dev'], { cwd: root })).toEqual({
      code: 0,
      stdout: `# Acme

> How to use Acme.

## Sections

- [guides](https://docs.acme.dev/_llms/guides.md): 200 pages
- [api](https://docs.acme.dev/_llms/api.md): 150 pages

## Start

- [Home](https://docs.acme.dev/index.md): Start here.
`,
      stderr:
        'doclint: llms-txt: the generated index is 120,302 characters, past the 100,000 the platform serves whole: printed is its root index, which links to 2 scoped indexes under /_llms/ (print one with --segment NAME)\n',
    });
  });

  test('--segment prints one scoped index; a folder with no page is a usage error', () => {
    const api = runCli(['llms-txt', '--segment', 'api'], { cwd: root });
    const lines = api.stdout.split('\n');
    expect([api.code, api.stderr, lines.slice(0, 7), lines.length]).toEqual([
      0,
      '',
      ['# Acme: api', '', '> How to use Acme.', '', '## Start', '', `- [Page 0](/api/p0.md): ${'word '.repeat(58)}end`],
      157,
    ]);
    expect(runCli(['llms-txt', '--segment', 'blog'], { cwd: root })).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'doclint: --segment blog: no /_llms/blog.md for this site; the platform serves one for each first folder of the pages llms.txt lists: guides, api\n',
    });
    expect(runCli(['llms-txt', '--segment', 'api', '--full'], { cwd: root })).toMatchObject({ code: 2 });
  });
});
