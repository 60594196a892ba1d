// site-redirect: a redirect to a folder of pages (with or without an index page), as the platform serves it.
import { siteRuleTester, SITE_FRONT } from '../helpers/site-rule-tester.js';

const config = (redirects: Array<{ source: string; destination: string }>) =>
  JSON.stringify(
    {
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#15803D' },
      navigation: { groups: [{ group: 'Start', pages: ['index', 'guides/setup'] }] },
      redirects,
    },
    null,
    2,
  );

siteRuleTester('site-redirect', {
  valid: [
    {
      name: 'a folder of pages with no index page: the platform sends it to its first page',
      files: {
        'docs.json': config([{ source: '/start', destination: '/guides' }]),
        'index.mdx': SITE_FRONT,
        'guides/setup.mdx': SITE_FRONT,
      },
    },
  ],
  invalid: [
    {
      name: 'a folder that holds no page (images only) leads nowhere, though the platform’s link checker takes any folder',
      files: {
        'docs.json': config([{ source: '/logos', destination: '/images' }]),
        'index.mdx': SITE_FRONT,
        'guides/setup.mdx': SITE_FRONT,
        'images/logo.png': 'png',
      },
      errors: [
        {
          file: 'docs.json',
          line: 21,
          column: 22,
          severity: 'error',
          messageId: 'missing',
          message: 'redirect `/logos` → `/images` leads nowhere: no page or file at `images` in the site',
        },
      ],
    },
  ],
});
