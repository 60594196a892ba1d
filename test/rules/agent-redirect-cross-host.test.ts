// agent-redirect-cross-host: the levels of its agent-readiness check, pass (no finding), warn (a note: problem `warn`)
// and fail (a warning), each with its exact finding.
import { config, E } from '../helpers/agent-site.js';
import { siteRuleTester } from '../helpers/site-rule-tester.js';

siteRuleTester('agent-redirect-cross-host', {
  valid: [
    {
      name: "pass: the host of seo.metatags.canonical is the site's own",
      files: {
        'docs.json': config({
          seo: { metatags: { canonical: 'https://test.dev/docs' } },
          redirects: [{ source: '/blog', destination: 'https://test.dev/blog' }],
        }),
      },
    },
    {
      name: 'pass: same site, and an own host',
      files: {
        'docs.json': config({
          redirects: [
            { source: '/a', destination: '/index' },
            { source: '/b', destination: 'https://docs.test.dev/index' },
          ],
        }),
      },
      options: { hosts: ['docs.test.dev'] },
    },
  ],
  invalid: [
    {
      name: 'warn: another host',
      files: {
        'docs.json': JSON.stringify(
          { ...JSON.parse(config()), redirects: [{ source: '/blog', destination: 'https://blog.test.dev/' }] },
          null,
          2,
        ),
      },
      errors: [
        E(
          'docs.json',
          22,
          22,
          'info',
          'redirect `/blog` → `https://blog.test.dev/` leaves the site for blog.test.dev: agents that do not follow cross-host redirects get nothing at `/blog`; link to the new address directly, or keep a page here that links to it',
        ),
      ],
    },
  ],
});
