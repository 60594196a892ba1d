// site-external-link through the RuleTester: each case states what its URLs answer (`external`), so
// no request is sent; the checker itself (HEAD, GET, retries, the cache, private addresses) is
// tested against local servers in test/engine/external-links.test.ts.
import { SITE_FRONT, siteRuleTester } from '../helpers/site-rule-tester.js';

const GUIDE = 'https://docs.acme.dev/guides/setup';
const REMOVED = 'https://docs.acme.dev/guides/removed-page';
const page = (body: string) => ({ 'index.mdx': `${SITE_FRONT}${body}` });

siteRuleTester('site-external-link', {
  valid: [
    {
      name: 'docs/rules page, correct example: a URL that answers, a localhost URL (not checked)',
      files: page(`Read the [guide](${GUIDE}). The local server answers at <http://localhost:3000> (not checked).\n`),
    },
    {
      name: 'documentation domains, templates and ignored URLs are not asked',
      files: page(
        `See [an example](https://example.com/broken), [a template](https://{host}/v1) and [status](https://status.acme.dev/now).\n`,
      ),
      options: { ignore: ['https://status.acme.dev'] },
      external: {
        'https://example.com/broken': { status: 'broken', detail: 'HTTP 404 (Not Found)' },
        'https://status.acme.dev/now': { status: 'broken', detail: 'HTTP 404 (Not Found)' },
      },
    },
  ],
  invalid: [
    {
      name: 'docs/rules page, incorrect example: a 404 and a host that does not exist',
      files: page(`Read the [old guide](${REMOVED}) and the [API](https://api.acme.invalid/v1).\n`),
      external: {
        [REMOVED]: { status: 'broken', detail: 'HTTP 404 (Not Found)' },
        'https://api.acme.invalid/v1': { status: 'broken', detail: 'host not found' },
      },
      errors: [
        {
          file: 'index.mdx',
          line: 6,
          column: 10,
          endLine: 6,
          endColumn: 64,
          severity: 'error',
          message: 'link `https://docs.acme.dev/guides/removed-page` is broken: HTTP 404 (Not Found); fix or remove it',
        },
        {
          file: 'index.mdx',
          line: 6,
          column: 73,
          endLine: 6,
          endColumn: 107,
          severity: 'error',
          message: 'link `https://api.acme.invalid/v1` is broken: host not found; fix or remove it',
        },
      ],
    },
    {
      name: 'a timeout is a warning, another 4xx a warning, a redirect a note',
      files: page(
        `[slow](https://slow.acme.dev/a), [login](https://app.acme.dev/settings) and [moved](https://acme.dev/old).\n`,
      ),
      external: {
        'https://slow.acme.dev/a': { status: 'unreachable', detail: 'timed out after 10 s' },
        'https://app.acme.dev/settings': { status: 'rejected', detail: 'HTTP 401 (Unauthorized)' },
        'https://acme.dev/old': { status: 'ok', detail: 'HTTP 200 (OK)', redirectedTo: 'https://acme.dev/new' },
      },
      errors: [
        {
          file: 'index.mdx',
          line: 6,
          column: 1,
          endLine: 6,
          endColumn: 32,
          severity: 'warning',
          message:
            'link `https://slow.acme.dev/a` could not be checked: timed out after 10 s; it may work later (or list it in `ignore`)',
        },
        {
          file: 'index.mdx',
          line: 6,
          column: 34,
          endLine: 6,
          endColumn: 72,
          severity: 'warning',
          message:
            'link `https://app.acme.dev/settings` answered HTTP 401 (Unauthorized); check it in a browser, or list the status in `accept`',
        },
        {
          file: 'index.mdx',
          line: 6,
          column: 77,
          endLine: 6,
          endColumn: 106,
          severity: 'info',
          message: 'link `https://acme.dev/old` redirects to `https://acme.dev/new`; link to it directly',
        },
      ],
    },
    {
      name: 'docs.json: a navbar link',
      files: {
        'docs.json': JSON.stringify(
          {
            theme: 'mint',
            name: 'Test',
            colors: { primary: '#0A7A5E' },
            navbar: { links: [{ label: 'Blog', href: 'https://blog.acme.dev/' }] },
            navigation: { pages: ['index'] },
          },
          null,
          2,
        ),
      },
      external: { 'https://blog.acme.dev/': { status: 'broken', detail: 'HTTP 410 (Gone)' } },
      errors: [
        {
          file: 'docs.json',
          line: 11,
          column: 17,
          endLine: 11,
          endColumn: 41,
          severity: 'error',
          message: 'navbar link `https://blog.acme.dev/` is broken: HTTP 410 (Gone); fix or remove it',
        },
      ],
    },
  ],
});
