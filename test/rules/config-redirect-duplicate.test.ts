import { siteRuleTester } from '../helpers/site-rule-tester.js';

const config = (redirects: unknown[]) =>
  JSON.stringify(
    { theme: 'mint', name: 'Acme', colors: { primary: '#0A7A5E' }, navigation: { pages: ['index'] }, redirects },
    null,
    2,
  );

siteRuleTester('config-redirect-duplicate', {
  valid: [
    { name: 'no redirects', files: { 'docs.json': config([]) } },
    {
      name: 'different sources, the same destination',
      files: {
        'docs.json': config([
          { source: '/a', destination: '/index' },
          { source: '/b', destination: '/index' },
        ]),
      },
    },
    {
      name: 'entries that are not redirects are left to config-schema',
      files: { 'docs.json': config(['/a', { source: 3 }, { source: '/a' }]) },
    },
  ],
  invalid: [
    {
      name: 'the same source twice (a trailing slash does not count): the later one never applies',
      files: {
        'docs.json': config([
          { source: '/setup', destination: '/index' },
          { source: '/other', destination: '/index' },
          { source: '/setup/', destination: '/guides/install' },
          { source: '/other', destination: '/index' },
        ]),
      },
      errors: [
        {
          file: 'docs.json',
          line: 22,
          column: 17,
          endLine: 22,
          endColumn: 26,
          message:
            'redirect from `/setup/` to `/guides/install` never applies: an earlier redirect from the same source goes to `/index`; keep the one you mean and remove the other',
          related: ['docs.json:14:17 first redirect from this source'],
        },
        {
          file: 'docs.json',
          line: 26,
          column: 17,
          endLine: 26,
          endColumn: 25,
          messageId: 'sameDestination',
          data: { source: '/other' },
          related: ['docs.json:18:17 first redirect from this source'],
        },
      ],
    },
    {
      name: 'a destination that is not a string is not quoted as a path (config-schema reports its type)',
      files: {
        'docs.json': config([
          { source: '/', destination: '/' },
          { source: '/', destination: { k: ['/'] } },
        ]),
      },
      errors: [
        {
          file: 'docs.json',
          line: 18,
          column: 17,
          endLine: 18,
          endColumn: 20,
          messageId: 'sameSource',
          data: { source: '/' },
          related: ['docs.json:14:17 first redirect from this source'],
        },
      ],
    },
    {
      name: 'a plain source that an earlier pattern matches first (a parameter or a wildcard) never applies',
      files: {
        'docs.json': config([
          { source: '/build/:slug*', destination: '/guides/:slug*' },
          { source: '/build/special', destination: '/guides/special-case' },
          { source: '/build', destination: '/guides' },
          { source: '/docs/:page', destination: '/index' },
          { source: '/docs/a/b', destination: '/index' },
          { source: '/help/*', destination: '/index' },
          { source: '/help/x', destination: '/index' },
        ]),
      },
      errors: [
        {
          file: 'docs.json',
          line: 18,
          column: 17,
          endLine: 18,
          endColumn: 33,
          messageId: 'shadowed',
          message:
            'redirect from `/build/special` to `/guides/special-case` never applies: the earlier redirect from `/build/:slug*` matches `/build/special` first and sends it to `/guides/special`; move this redirect above that one, or remove it',
          related: ['docs.json:14:17 the earlier redirect that matches first'],
        },
        {
          file: 'docs.json',
          line: 22,
          column: 17,
          endLine: 22,
          endColumn: 25,
          messageId: 'shadowedSame',
          message:
            'redirect from `/build` is never used: the earlier redirect from `/build/:slug*` matches `/build` first and sends it to the same destination; remove this one',
          related: ['docs.json:14:17 the earlier redirect that matches first'],
        },
        {
          file: 'docs.json',
          line: 38,
          column: 17,
          endLine: 38,
          endColumn: 26,
          messageId: 'shadowedSame',
          data: { source: '/help/x', earlier: '/help/*' },
          related: ['docs.json:34:17 the earlier redirect that matches first'],
        },
      ],
    },
  ],
});
