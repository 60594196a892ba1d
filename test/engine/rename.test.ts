import { SiteSession } from '../../src/engine/session.js';
import { resolveSettings } from '../../src/config/settings.js';
import { UserError } from '../../src/core/errors.js';
import { planRename, resolveRename, sessionSource, snippetUses } from '../../src/commands/rename.js';
import { tmpSite } from '../helpers/tmp-site.js';

const PAGE = (title: string, body = '') => `---\ntitle: ${title}\ndescription: The ${title} page.\n---\n\n${body}`;

/** Plans a rename on a throwaway site; returns each changed file's new text by site-relative path. */
async function plan(files: Record<string, string>, from: string, to: string, options: { redirect?: boolean } = {}) {
  const root = tmpSite(files);
  const session = await SiteSession.open(root, resolveSettings({}));
  session.retainTexts = true;
  const subject = resolveRename(session.site, root, from, to);
  const result = await planRename(session.site, sessionSource(session), subject, options);
  const out: Record<string, string> = {};
  for (const change of result.changes) out[session.site.relative(change.file)] = change.output;
  return { out, result };
}

describe('the redirect is added in the file’s own layout', () => {
  test('no redirects yet: a redirects array after the last property, indented as the file is', async () => {
    const docs = '{\n    "name": "T",\n    "navigation": { "pages": ["a"] }\n}\n';
    const { out } = await plan({ 'docs.json': docs, 'a.mdx': PAGE('A') }, 'a.mdx', 'b.mdx');
    expect(out['docs.json']).toBe(
      '{\n    "name": "T",\n    "navigation": { "pages": ["b"] },\n    "redirects": [\n        {\n            "source": "/a",\n            "destination": "/b"\n        }\n    ]\n}\n',
    );
  });

  test('a one-line docs.json stays on one line', async () => {
    const { out } = await plan(
      { 'docs.json': '{"name":"T","navigation":{"pages":["a"]}}', 'a.mdx': PAGE('A') },
      'a',
      'b',
    );
    expect(out['docs.json']).toBe(
      '{"name":"T","navigation":{"pages":["b"]}, "redirects": [{ "source": "/a", "destination": "/b" }]}',
    );
  });

  test('an empty redirects array is filled', async () => {
    const docs = '{\n  "navigation": { "pages": ["a"] },\n  "redirects": []\n}\n';
    const { out } = await plan({ 'docs.json': docs, 'a.mdx': PAGE('A') }, 'a', 'b');
    expect(out['docs.json']).toBe(
      '{\n  "navigation": { "pages": ["b"] },\n  "redirects": [\n    {\n      "source": "/a",\n      "destination": "/b"\n    }\n  ]\n}\n',
    );
  });

  test('redirects in a $ref file: the entry goes there, after the last one, in its style', async () => {
    const docs = '{\n  "navigation": { "pages": ["a"] },\n  "redirects": { "$ref": "redirects.json" }\n}\n';
    const refs = '[\n  {\n    "source": "/x",\n    "destination": "/a#top"\n  }\n]\n';
    const { out } = await plan({ 'docs.json': docs, 'redirects.json': refs, 'a.mdx': PAGE('A') }, 'a', 'b');
    expect(out['redirects.json']).toBe(
      '[\n  {\n    "source": "/x",\n    "destination": "/b#top"\n  },\n  {\n    "source": "/a",\n    "destination": "/b"\n  }\n]\n',
    );
    expect(out['docs.json']).toBe(docs.replace('["a"]', '["b"]'));
  });

  test('--no-redirect: none', async () => {
    const { out, result } = await plan(
      { 'docs.json': '{"navigation":{"pages":["a"]}}', 'a.mdx': PAGE('A') },
      'a',
      'b',
      { redirect: false },
    );
    expect(out['docs.json']).toBe('{"navigation":{"pages":["b"]}}');
    expect(result.redirect).toBeUndefined();
  });
});

describe('links keep their form', () => {
  test('an index page: a folder link becomes the new route; .md links keep .md; the base path of the canonical URL is kept', async () => {
    const docs = JSON.stringify({
      seo: { metatags: { canonical: 'https://example.com/docs' } },
      navigation: { pages: ['guides/index', 'b'] },
    });
    const b = PAGE(
      'B',
      'See [guides](/guides), [guides/](/guides/#x), [index](/guides/index.md) and [based](/docs/guides?x=1).\n',
    );
    const { out } = await plan(
      { 'docs.json': docs, 'guides/index.mdx': PAGE('Guides'), 'b.mdx': b },
      'guides/index.mdx',
      'guides/start',
    );
    expect(out['b.mdx']).toBe(
      PAGE(
        'B',
        'See [guides](/guides/start), [guides/](/guides/start/#x), [index](/guides/start.md) and [based](/docs/guides/start?x=1).\n',
      ),
    );
  });

  test('links through a redirect, external links and broken links are left alone; a link whose title repeats it is a note', async () => {
    const docs = JSON.stringify({
      navigation: { pages: ['a', 'b'] },
      redirects: [{ source: '/old-a', destination: '/a' }],
    });
    const b = PAGE('B', '[via](/old-a) [ext](https://x.com/a) [gone](/nope) [titled](/a "/a")\n');
    const { out, result } = await plan({ 'docs.json': docs, 'a.mdx': PAGE('A'), 'b.mdx': b }, 'a', 'z');
    expect(out['b.mdx']).toBeUndefined();
    expect(result.notes).toEqual([
      'b.mdx:6: `/a` is written in a form doclint does not rewrite (escaped or repeated in a title); update it by hand',
    ]);
  });
});

describe('refusals', () => {
  test('NEW is the route of another page (a .md beside the .mdx)', async () => {
    await expect(plan({ 'docs.json': '{}', 'a.mdx': PAGE('A'), 'b.md': PAGE('B') }, 'a.mdx', 'b.mdx')).rejects.toThrow(
      new UserError('b.md already has the route /b; choose another name'),
    );
  });
});

test('<Snippet file> uses outside code fences, with the offset of the value', () => {
  const text = '<Snippet file="a.mdx" />\n\n```\n<Snippet file="b.mdx" />\n```\n\n<Snippet  file=\'c\'/>\n';
  expect(snippetUses(text)).toEqual([
    { value: 'a.mdx', start: 15 },
    { value: 'c', start: text.indexOf("c'") },
  ]);
});
