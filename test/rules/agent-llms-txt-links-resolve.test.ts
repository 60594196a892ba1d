// agent-llms-txt-links-resolve: the levels of its agent-readiness check, pass (no finding), warn (a note: problem
// `warn`) and fail (a warning), each with its exact finding.
import { config, page, LLMS, E } from '../helpers/agent-site.js';
import { siteRuleTester } from '../helpers/site-rule-tester.js';

siteRuleTester('agent-llms-txt-links-resolve', {
  valid: [
    {
      name: 'pass: pages, files and redirects',
      files: {
        'docs.json': config({ redirects: [{ source: '/old', destination: '/index' }] }),
        'llms.txt': `${LLMS}- [Q](/index.md)\n- [Old](/old)\n- [Logo](/logo.png)\n- [Other](https://example.org/x)\n`,
        'logo.png': 'png',
      },
    },
  ],
  invalid: [
    {
      name: "the platform's scoped indexes (`/_llms/<segment>.md`) exist for the first segments of the site's pages only",
      files: {
        'docs.json': config({}, ['index', 'guides/one']),
        'guides/one.mdx': page('One'),
        'llms.txt': `${LLMS}- [Guides](/_llms/guides.md)\n- [Nothing](/_llms/nothing.md)\n`,
      },
      errors: [
        E(
          'llms.txt',
          8,
          3,
          'warning',
          "llms.txt links to `/_llms/nothing.md`, which is no page or file of the site (`/_llms/nothing`; 1 of 2 links resolve): agents that follow it hit a 404; point it at the page's route or remove the line",
        ),
      ],
    },
    {
      name: "fail: links under the canonical address are the site's (its base path dropped)",
      files: {
        'docs.json': config({ seo: { metatags: { canonical: 'https://test.dev/docs' } } }),
        'llms.txt': `${LLMS}- [Q](https://test.dev/docs/index.md)\n- [Gone](https://test.dev/docs/gone.md)\n- [Blog](https://test.dev/blog)\n`,
      },
      errors: [
        E(
          'llms.txt',
          8,
          3,
          'warning',
          "llms.txt links to `https://test.dev/docs/gone.md`, which is no page or file of the site (`/gone`; 1 of 2 links resolve): agents that follow it hit a 404; point it at the page's route or remove the line",
        ),
      ],
    },
    {
      name: "fail: docs.json names no host, so a host whose links land on the site's pages is the site's: its other links are checked",
      files: {
        'docs.json': config({}, ['index', 'a']),
        'a.mdx': page('A'),
        'llms.txt': `${LLMS}- [Q](https://docs.test.dev/index.md)\n- [A](https://docs.test.dev/a.md) [Guide]: a\n- [Gone](https://docs.test.dev/gone.md)\n- [Repo](https://github.com/acme/test)\n`,
      },
      errors: [
        {
          file: 'llms.txt',
          line: 9,
          column: 3,
          endLine: 9,
          endColumn: 40,
          severity: 'warning',
          messageId: 'broken',
          data: { url: 'https://docs.test.dev/gone.md', route: '/gone', resolved: '2', links: '3' },
        },
      ],
    },
    {
      name: 'warn: one broken link of more than ten',
      files: { 'docs.json': config(), 'llms.txt': `${LLMS}${'- [Q](/index.md)\n'.repeat(10)}- [Gone](/gone.md)\n` },
      errors: [
        {
          file: 'llms.txt',
          line: 17,
          column: 3,
          severity: 'info',
          messageId: 'broken',
          data: { url: '/gone.md', route: '/gone', resolved: '10', links: '11' },
        },
      ],
    },
    {
      name: "fail: broken links, and a link on the site's own host",
      files: {
        'docs.json': config(),
        'llms.txt': `${LLMS}- [Q](/index.md)\n- [Gone](https://docs.test.dev/gone.md): gone\n`,
      },
      options: { hosts: ['docs.test.dev'] },
      errors: [
        {
          file: 'llms.txt',
          line: 8,
          column: 3,
          severity: 'warning',
          messageId: 'broken',
          data: { url: 'https://docs.test.dev/gone.md', route: '/gone', resolved: '1', links: '2' },
        },
      ],
    },
  ],
});
