import { siteRuleTester, SITE_FRONT } from '../helpers/site-rule-tester.js';

/** A site with versions v4 (latest, at the root) and v3 (under `v3/`), and a page both share. */
const config = (redirects: unknown[] = []) =>
  JSON.stringify(
    {
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#15803D' },
      navigation: {
        versions: [
          {
            version: 'v4',
            groups: [{ group: 'Guides', pages: ['index', 'guides/setup', 'api/endpoint/chat', 'changelog'] }],
          },
          {
            version: 'v3',
            groups: [{ group: 'Guides', pages: ['v3/index', 'v3/guides/setup', 'api/v3-endpoint/chat', 'changelog'] }],
          },
        ],
      },
      redirects,
    },
    null,
    2,
  );
const page = (body: string) => `${SITE_FRONT}${body}\n`;
const pages = {
  'guides/setup.mdx': page('## Setup'),
  'v3/index.mdx': page('## Start'),
  'v3/guides/setup.mdx': page('## Setup'),
  'api/endpoint/chat.mdx': page('## Chat'),
  'api/v3-endpoint/chat.mdx': page('## Chat'),
  'changelog.mdx': page('## Changes'),
};

siteRuleTester('site-version-link', {
  valid: [
    {
      name: 'links into the same version, to a shared page, naming a version, to the other version of this page; the latest version linking to its own pages',
      files: {
        'docs.json': config(),
        ...pages,
        'v3/index.mdx': page(
          'See [setup](/v3/guides/setup), [changes](/changelog), [v4 setup](/v4/guides/setup) and [here](./guides/setup).',
        ),
        'guides/setup.mdx': page('See [home](/) and [chat](/api/endpoint/chat#body).'),
        'v3/guides/setup.mdx': page('A [v4 version of this guide](/guides/setup) is available.'),
      },
    },
    {
      name: 'a site with one version',
      files: {
        'docs.json': JSON.stringify({
          theme: 'mint',
          name: 'A',
          colors: { primary: '#15803D' },
          navigation: { versions: [{ version: 'v1', pages: ['index'] }] },
        }),
      },
    },
  ],
  invalid: [
    {
      name: 'links through a redirect into another version: one summary per version, on its `version` key, with examples (not the link to this very page in the other version)',
      files: {
        'docs.json': config([{ source: '/latest/:slug*', destination: '/:slug*' }]),
        ...pages,
        'v3/index.mdx': page(
          'See [the latest](/latest/guides/setup), [chat](/latest/api/endpoint/chat), [setup](/latest/guides/setup#setup) and [again](/latest/guides/setup).',
        ),
        'v3/guides/setup.mdx': page(
          'The [latest version of this guide](/latest/guides/setup) is not counted: it is this page in another version.',
        ),
      },
      errors: [
        {
          file: 'docs.json',
          line: 24,
          column: 9,
          messageId: 'throughRedirects',
          message:
            '4 links from pages of version `v3` reach pages of version `v4` through redirects, which this rule does not report one by one: `/latest/guides/setup` in `v3/index.mdx:6` (to `guides/setup`), `/latest/api/endpoint/chat` in `v3/index.mdx:6` (to `api/endpoint/chat`), `/latest/guides/setup#setup` in `v3/index.mdx:6` (to `guides/setup`) and 1 more; link to this version’s pages where the reader should stay in it',
        },
      ],
    },
    {
      name: 'a version titled `v3.4.4` whose pages are in `v3/`: its folder read from the pages it lists',
      files: {
        'docs.json': JSON.stringify({
          theme: 'mint',
          name: 'Acme',
          colors: { primary: '#15803D' },
          navigation: {
            versions: [
              { version: 'v4.1.0', pages: ['index', 'guides/setup'] },
              { version: 'v3.4.4', pages: ['v3/index', 'v3/guides/setup'] },
            ],
          },
        }),
        'guides/setup.mdx': page('## Setup'),
        'v3/index.mdx': page('See [setup](/guides/setup) and [the v3 one](/v3/guides/setup).'),
        'v3/guides/setup.mdx': page('## Setup'),
      },
      errors: [
        {
          file: 'v3/index.mdx',
          line: 6,
          column: 5,
          messageId: 'leaves',
          message:
            "link `/guides/setup` leaves version `v3.4.4`: it lands on `guides/setup`, a page of version `v4.1.0`; this version's page is `/v3/guides/setup`",
          suggestions: [
            {
              desc: 'Link to `/v3/guides/setup`',
              output: page('See [setup](/v3/guides/setup) and [the v3 one](/v3/guides/setup).'),
            },
          ],
        },
      ],
    },
    {
      name: 'a v3 page links to unversioned paths that land on v4 pages',
      files: {
        'docs.json': config(),
        ...pages,
        'v3/index.mdx': page(
          'See [setup](/guides/setup#setup), [chat](/api/endpoint/chat) and <Card href="../guides/setup" title="Setup" />.',
        ),
      },
      errors: [
        {
          file: 'v3/index.mdx',
          line: 6,
          column: 5,
          severity: 'warning',
          messageId: 'leaves',
          message:
            "link `/guides/setup#setup` leaves version `v3`: it lands on `guides/setup`, a page of version `v4`; this version's page is `/v3/guides/setup`",
          suggestions: [
            {
              desc: 'Link to `/v3/guides/setup#setup`',
              output: page(
                'See [setup](/v3/guides/setup#setup), [chat](/api/endpoint/chat) and <Card href="../guides/setup" title="Setup" />.',
              ),
            },
          ],
        },
        {
          file: 'v3/index.mdx',
          line: 6,
          column: 35,
          messageId: 'leaves',
          data: {
            link: 'link',
            url: '/api/endpoint/chat',
            own: '`v3`',
            route: 'api/endpoint/chat',
            lands: '`v4`',
            mine: 'api/v3-endpoint/chat',
          },
          suggestions: [
            {
              desc: 'Link to `/api/v3-endpoint/chat`',
              output: page(
                'See [setup](/guides/setup#setup), [chat](/api/v3-endpoint/chat) and <Card href="../guides/setup" title="Setup" />.',
              ),
            },
          ],
        },
        {
          file: 'v3/index.mdx',
          line: 6,
          column: 72,
          messageId: 'leaves',
          data: {
            link: '<Card href>',
            url: '../guides/setup',
            own: '`v3`',
            route: 'guides/setup',
            lands: '`v4`',
            mine: 'v3/guides/setup',
          },
          suggestions: [
            {
              desc: 'Link to `/v3/guides/setup`',
              output: page(
                'See [setup](/guides/setup#setup), [chat](/api/endpoint/chat) and <Card href="/v3/guides/setup" title="Setup" />.',
              ),
            },
          ],
        },
      ],
    },
  ],
});
