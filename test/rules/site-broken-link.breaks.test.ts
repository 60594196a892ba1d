import { siteRuleTester, SITE_FRONT } from '../helpers/site-rule-tester.js';

const config = (extra: Record<string, unknown> = {}, pages: string[] = ['index', 'guides/intro']) =>
  JSON.stringify(
    {
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#15803D' },
      navigation: { groups: [{ group: 'Start', pages }] },
      ...extra,
    },
    null,
    2,
  );
const intro = `${SITE_FRONT}## First steps\n`;

siteRuleTester('site-broken-link', {
  valid: [
    {
      name: '`..` above the root stops at the root, as in the browser; a `/#anchor` the home page has',
      files: {
        'docs.json': config(),
        'guides/intro.mdx': `${intro}\nSee [home](../../index#start), ![logo](../../../logo.png) and [start](/#start).\n`,
        'logo.png': 'png',
      },
    },
    {
      name: 'a protocol-relative URL with a host name; a path with spaces that exists',
      files: {
        'docs.json': config(),
        'guides/intro.mdx': `${intro}\n<a href="//cdn.example.com/x.js">cdn</a> and ![shot](<../images/my shot.png>).\n`,
        'images/my shot.png': 'png',
      },
    },
    {
      name: 'field anchors of an API page (front matter `openapi`), from other pages and from the page itself',
      files: {
        'docs.json': config({}, ['index', 'guides/intro', 'api/chat']),
        'api/chat.mdx':
          '---\nopenapi: POST /chat\n---\n\nThe [messages](#body-messages) are sent in order; see [limit](#parameter-limit).\n',
        'guides/intro.mdx': `${intro}\nSee [messages](/api/chat#body-messages) and [limit](/api/chat#parameter-limit).\n`,
      },
    },
    {
      name: 'the reference pages of GraphQL tabs: queries, mutations and types of a local schema; any page under a remote one',
      files: {
        'docs.json': config({}, ['index', 'guides/intro']).replace(
          '"navigation": {',
          '"navigation": { "tabs": [{ "tab": "GraphQL", "graphql": "schema.graphql" }, { "tab": "Remote", "graphql": { "source": "https://api.acme.dev/schema.graphql", "directory": "remote" } }],',
        ),
        'schema.graphql':
          'type Query { users: [User!]! }\ntype Mutation { createUser(name: String): User }\ntype User { id: ID! }\n',
        'guides/intro.mdx': `${intro}\n[users](/graphql-reference/queries/users), [create](/graphql-reference/mutations/createUser), [User](/graphql-reference/types/User), [any](/remote/types/Order).\n`,
      },
    },
    {
      name: 'docs.json hrefs that work: a page, an anchor of it, the home page, an external URL',
      files: {
        'docs.json': config({
          navbar: {
            links: [{ label: 'Guide', href: '/guides/intro#first-steps' }],
            primary: { type: 'button', label: 'Go', href: 'https://acme.dev' },
          },
          footer: { links: [{ header: 'Docs', items: [{ label: 'Home', href: '/' }] }] },
        }),
        'guides/intro.mdx': intro,
      },
    },
  ],
  invalid: [
    {
      name: 'a GraphQL reference page the schema does not generate',
      files: {
        'docs.json': config({}, ['index', 'guides/intro']).replace(
          '"navigation": {',
          '"navigation": { "tabs": [{ "tab": "GraphQL", "graphql": "schema.graphql" }],',
        ),
        'schema.graphql': 'type Query { users: [User!]! }\ntype User { id: ID! }\n',
        'guides/intro.mdx': `${intro}\n[orders](/graphql-reference/queries/orders).\n`,
      },
      errors: [
        {
          file: 'guides/intro.mdx',
          line: 8,
          column: 1,
          message:
            'link `/graphql-reference/queries/orders` is broken: no page or file at `graphql-reference/queries/orders` in the site',
        },
      ],
    },
    {
      name: '`/#anchor` is on the home page, not this page',
      files: {
        'docs.json': config(),
        'guides/intro.mdx': `${intro}\nSee [first steps](/#first-steps) and [nothing](/#nowhere).\n`,
      },
      errors: [
        {
          file: 'guides/intro.mdx',
          line: 8,
          column: 5,
          severity: 'warning',
          messageId: 'anchorHere',
          message:
            'anchor `#first-steps` in `/` matches no heading or id of the home page (`index`); this page has it: write `#first-steps`',
        },
        {
          file: 'guides/intro.mdx',
          line: 8,
          column: 38,
          severity: 'warning',
          messageId: 'anchor',
          message: 'anchor `#nowhere` in `/` matches no heading or id of the home page (`index`)',
        },
      ],
    },
    {
      name: 'an href with spaces is a relative path; a protocol-relative URL whose host is a folder name; `..` clamped at the root',
      files: {
        'docs.json': config(),
        'guides/intro.mdx': `${intro}\n<a href="Retrieval conceptual docs">docs</a>, [how-to](//docs/how_to/setup) and [up](../../missing).\n`,
      },
      errors: [
        {
          file: 'guides/intro.mdx',
          line: 8,
          column: 4,
          severity: 'error',
          messageId: 'noPage',
          message:
            '<a href> `Retrieval conceptual docs` is broken: no page or file at `guides/Retrieval conceptual docs` in the site',
        },
        {
          file: 'guides/intro.mdx',
          line: 8,
          column: 47,
          severity: 'error',
          messageId: 'protocolRelative',
          message:
            'link `//docs/how_to/setup` is a protocol-relative URL: the browser reads `docs` as a host name, not a folder of this site; write `/docs/how_to/setup`',
        },
        {
          file: 'guides/intro.mdx',
          line: 8,
          column: 81,
          severity: 'error',
          messageId: 'noPage',
          data: { label: 'link', url: '../../missing', route: 'missing', untried: '', more: '' },
        },
      ],
    },
    {
      name: 'broken hrefs of the navigation, the navbar and the footer, reported in docs.json',
      files: {
        'docs.json': JSON.stringify(
          {
            theme: 'mint',
            name: 'Acme',
            colors: { primary: '#15803D' },
            navbar: { links: [{ label: 'Guide', href: '/guides/intro#last-steps' }] },
            navigation: {
              global: { anchors: [{ anchor: 'Blog', href: '/blog' }] },
              groups: [{ group: 'Start', pages: ['index', 'guides/intro'] }],
            },
            footer: { links: [{ header: 'Docs', items: [{ label: 'Setup', href: '//docs/setup' }] }] },
          },
          null,
          2,
        ),
        'guides/intro.mdx': intro,
      },
      errors: [
        {
          file: 'docs.json',
          line: 20,
          column: 19,
          severity: 'error',
          messageId: 'noPage',
          data: { label: 'navigation link', url: '/blog', route: 'blog', untried: '', more: '' },
        },
        {
          file: 'docs.json',
          line: 11,
          column: 17,
          severity: 'warning',
          messageId: 'anchorClose',
          message:
            'anchor `#last-steps` in `/guides/intro` matches no heading or id of `guides/intro`; did you mean `#first-steps`?',
        },
        {
          file: 'docs.json',
          line: 41,
          column: 21,
          severity: 'error',
          messageId: 'protocolRelative',
          data: { label: 'footer link', url: '//docs/setup', host: 'docs', path: 'docs/setup', more: '' },
        },
      ],
    },
  ],
});
