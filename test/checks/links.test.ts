import siteBrokenLink from '../../rules/site-broken-link.js';
import { load, runCheck } from './helpers.js';

describe('site-broken-link', () => {
  test('site-broken-link on site-links (17 findings): relative, absolute, redirected (notes), wildcard, anchors, files, images, folders', async () => {
    const site = await load('site-links');
    expect(await runCheck(siteBrokenLink, site)).toEqual([
      {
        file: 'guides/deep/page.mdx',
        line: 6,
        column: 32,
        severity: 'warning',
        message: 'anchor `#nope` in `../intro.mdx` matches no heading or id of `guides/intro`',
      },
      {
        file: 'guides/intro.mdx',
        line: 8,
        column: 47,
        severity: 'error',
        message: '<a href> `../../outside` is broken: no page or file at `outside` in the site',
      },
      {
        file: 'guides/intro.mdx',
        line: 12,
        column: 57,
        severity: 'error',
        message: 'link `./deep/missing` is broken: no page or file at `guides/deep/missing` in the site',
      },
      {
        file: 'index.mdx',
        line: 8,
        column: 30,
        severity: 'error',
        message:
          'link `/guides/intro-typo` is broken: no page or file at `guides/intro-typo` in the site; did you mean `/guides/intro`?',
      },
      {
        file: 'index.mdx',
        line: 9,
        column: 46,
        severity: 'warning',
        message:
          'anchor `#first-step` in `/guides/intro` matches no heading or id of `guides/intro`; did you mean `#first-steps`?',
      },
      {
        file: 'index.mdx',
        line: 10,
        column: 3,
        severity: 'info',
        message:
          'link `/old/intro` reaches its page through the redirect of `/old/intro` to `/guides/intro`; link to `/guides/intro` directly',
      },
      {
        file: 'index.mdx',
        line: 10,
        column: 29,
        severity: 'info',
        message:
          'link `/beta/deep/page` reaches its page through the redirect of `/beta/deep/page` to `/guides/deep/page`; link to `/guides/deep/page` directly',
      },
      {
        file: 'index.mdx',
        line: 10,
        column: 58,
        severity: 'info',
        message:
          'link `/articles/setup-linux` reaches its page through the redirect of `/articles/setup-linux` to `/guides/setup`; link to `/guides/setup` directly',
      },
      {
        file: 'index.mdx',
        line: 10,
        column: 92,
        severity: 'error',
        message: 'link `/gone` redirects to `/nowhere`, which does not exist',
      },
      {
        file: 'index.mdx',
        line: 11,
        column: 24,
        severity: 'warning',
        message: 'anchor `#start-her` matches no heading or id of this page; did you mean `#start-here`?',
      },
      {
        file: 'index.mdx',
        line: 12,
        column: 28,
        severity: 'error',
        message: 'link `/files/missing.pdf` is broken: no file `files/missing.pdf` in the site',
      },
      {
        file: 'index.mdx',
        line: 15,
        column: 1,
        severity: 'error',
        message: 'image `/images/missing.png` is broken: no file `images/missing.png` in the site',
      },
      {
        file: 'index.mdx',
        line: 18,
        column: 20,
        severity: 'error',
        message: '<Card href> `/guides/nope` is broken: no page or file at `guides/nope` in the site',
      },
      {
        file: 'index.mdx',
        line: 21,
        column: 81,
        severity: 'warning',
        message:
          'anchor `#gone-anchor` in `/old/intro` matches no heading or id of `guides/intro` (where `/old/intro` redirects)',
      },
      {
        file: 'index.mdx',
        line: 23,
        column: 1,
        severity: 'error',
        message:
          'link `/docs/guides/setup` is broken: no page or file at `docs/guides/setup` in the site; did you mean `/guides/setup`?',
      },
      {
        file: 'index.mdx',
        line: 23,
        column: 42,
        severity: 'error',
        message:
          'link `/docsy/guides/setup` is broken: no page or file at `docsy/guides/setup` in the site; did you mean `/guides/setup`?',
      },
      {
        file: 'snippets/links.mdx',
        line: 1,
        column: 39,
        severity: 'error',
        message:
          'link `/guides/missing-from-snippet` is broken: no page or file at `guides/missing-from-snippet` in the site',
      },
    ]);
  });

  test('anchors a page shows: headings of the snippets it imports (and theirs), tab ids reached by an unencoded fragment', async () => {
    const site = await load('links-shown-ids');
    expect(await runCheck(siteBrokenLink, site)).toEqual([
      {
        file: 'index.mdx',
        line: 8,
        column: 46,
        severity: 'warning',
        message: 'anchor `#no-such-heading` matches no heading or id of this page',
      },
      {
        file: 'index.mdx',
        line: 10,
        column: 57,
        severity: 'warning',
        message:
          'anchor `#delete-a-token` in `/guides/setup` matches no heading or id of `guides/setup`; did you mean `#create-a-token`?',
      },
      {
        file: 'index.mdx',
        line: 12,
        column: 95,
        severity: 'warning',
        message: 'anchor `#旧-agent` in `/guides/agents` matches no heading or id of `guides/agents`',
      },
    ]);
  });

  test('a link through a temporary redirect (`permanent: false`, a deliberate alias such as "latest version") gets no note; through permanent ones it does', async () => {
    const site = await load('site-links');
    (site.config.value as Record<string, unknown>).redirects = [
      { source: '/old/intro', destination: '/guides/intro', permanent: true },
      { source: '/beta/:slug*', destination: '/guides/:slug*', permanent: false },
      { source: '/articles/setup-*', destination: '/latest/setup' },
      { source: '/latest/:slug*', destination: '/guides/:slug*', permanent: false },
      { source: '/gone', destination: '/nowhere', permanent: false },
    ];
    expect((await runCheck(siteBrokenLink, site)).filter((f) => f.file === 'index.mdx' && f.line === 10)).toEqual([
      {
        file: 'index.mdx',
        line: 10,
        column: 3,
        severity: 'info',
        message:
          'link `/old/intro` reaches its page through the redirect of `/old/intro` to `/guides/intro`; link to `/guides/intro` directly',
      },
      // A temporary redirect to nowhere is still broken.
      {
        file: 'index.mdx',
        line: 10,
        column: 92,
        severity: 'error',
        message: 'link `/gone` redirects to `/nowhere`, which does not exist',
      },
    ]);
  });

  test('site-broken-link on nav-basic reports nothing', async () => {
    const site = await load('nav-basic');
    expect(await runCheck(siteBrokenLink, site)).toEqual([]);
  });

  test('a base path (option, or the path of seo.metatags.canonical) is stripped from absolute links', async () => {
    const site = await load('site-links');
    const line23 = async (options?: unknown) =>
      (await runCheck(siteBrokenLink, site, options)).filter((f) => f.line === 23).map((f) => f.column);
    expect(await line23({ basePath: '/docs/' })).toEqual([42]);
    (site.config.value as Record<string, unknown>).seo = { metatags: { canonical: 'https://example.com/docs' } };
    expect(await line23()).toEqual([42]);
  });
});
