import { siteRuleTester } from '../helpers/site-rule-tester.js';

const page = (title: string) => `---\ntitle: ${title}\ndescription: A page.\n---\n\n## Body\n`;
const nav = (navigation: unknown) =>
  JSON.stringify({ theme: 'mint', name: 'Acme', colors: { primary: '#15803D' }, navigation }, null, 2);

siteRuleTester('nav-duplicate-title', {
  valid: [
    {
      name: 'the same title in two tabs (two scopes)',
      files: {
        'docs.json': nav({
          tabs: [
            { tab: 'Cloud', groups: [{ group: 'A', pages: ['index', 'a'] }] },
            { tab: 'Self-hosted', groups: [{ group: 'B', pages: ['b'] }] },
          ],
        }),
        'a.mdx': page('Overview'),
        'b.mdx': page('Overview'),
      },
    },
    {
      name: "the same page listed twice is nav-duplicate-page's",
      files: {
        'docs.json': nav({
          groups: [
            { group: 'A', pages: ['index', 'a'] },
            { group: 'B', pages: ['a'] },
          ],
        }),
        'a.mdx': page('Overview'),
      },
    },
    {
      name: 'pages without a title, and navigation entries without a page',
      files: {
        'docs.json': nav({ groups: [{ group: 'A', pages: ['index', 'a', 'b', 'missing'] }] }),
        'a.mdx': '## No front matter\n',
        'b.mdx': '## None here either\n',
      },
    },
    {
      name: 'otherGroups: false: two groups of one scope may share a title',
      options: { otherGroups: false },
      files: {
        'docs.json': nav({
          groups: [
            { group: 'Sources', pages: ['index', 'sources/couchbase'] },
            { group: 'Destinations', pages: ['destinations/couchbase'] },
          ],
        }),
        'sources/couchbase.mdx': page('Couchbase'),
        'destinations/couchbase.mdx': page('Couchbase'),
      },
    },
  ],
  invalid: [
    {
      name: 'otherGroups: false: two pages of one group are still reported',
      options: { otherGroups: false },
      files: {
        'docs.json': nav({
          groups: [
            { group: 'Cloud', pages: ['index', 'cloud/overview', 'cloud/setup'] },
            { group: 'Self-hosted', pages: ['self-hosted/overview'] },
          ],
        }),
        'cloud/overview.mdx': page('Overview'),
        'cloud/setup.mdx': page('Overview'),
        'self-hosted/overview.mdx': page('Overview'),
      },
      errors: [
        {
          file: 'docs.json',
          line: 14,
          column: 11,
          severity: 'warning',
          message:
            '`cloud/setup` has the same title as `cloud/overview` in group "Cloud": "Overview"; give each page a title that says what it covers (search results and llms.txt list pages by title)',
          related: ['docs.json:13:11 `cloud/overview` has that title'],
        },
      ],
    },
    {
      name: 'two pages called Overview in one group: a warning',
      files: {
        'docs.json': nav({ groups: [{ group: 'Cloud', pages: ['index', 'cloud/overview', 'cloud/setup'] }] }),
        'cloud/overview.mdx': page('Overview'),
        'cloud/setup.mdx': page('OVERVIEW'),
      },
      errors: [
        {
          file: 'docs.json',
          line: 14,
          column: 11,
          severity: 'warning',
          message:
            '`cloud/setup` has the same title as `cloud/overview` in group "Cloud": "OVERVIEW"; give each page a title that says what it covers (search results and llms.txt list pages by title)',
          related: ['docs.json:13:11 `cloud/overview` has that title'],
        },
      ],
    },
    {
      name: 'in two groups of one scope (groups are not scopes), case and spaces aside: a note',
      files: {
        'docs.json': nav({
          groups: [
            { group: 'Cloud', pages: ['index', 'cloud/overview'] },
            { group: 'Self-hosted', pages: ['self-hosted/overview'] },
          ],
        }),
        'cloud/overview.mdx': page('Overview'),
        'self-hosted/overview.mdx': page('overview '),
      },
      errors: [
        {
          file: 'docs.json',
          line: 19,
          column: 11,
          endLine: 19,
          endColumn: 33,
          severity: 'info',
          messageId: 'sameTitle',
          data: { page: 'self-hosted/overview', earlier: 'cloud/overview', where: 'the navigation', title: 'overview' },
          related: ['docs.json:13:11 `cloud/overview` has that title'],
        },
      ],
    },
  ],
});
