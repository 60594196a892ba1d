// agent-llms-txt-coverage: the levels of its agent-readiness check, pass (no finding), warn (a note: problem `warn`)
// and fail (a warning), each with its exact finding.
import { config, page, LLMS, E } from '../helpers/agent-site.js';
import { siteRuleTester } from '../helpers/site-rule-tester.js';

const two = {
  'docs.json': config({}, [
    'index',
    'a',
    'b',
    'c',
    'd',
    'e',
    'f',
    'g',
    'h',
    'i',
    'j',
    'k',
    'l',
    'm',
    'n',
    'o',
    'p',
    'q',
    'r',
    's',
  ]),
};
const pages20 = Object.fromEntries(
  ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p', 'q', 'r', 's'].map((p) => [
    `${p}.mdx`,
    page(p.toUpperCase()),
  ]),
);
const list = (routes: string[]) => `${LLMS}${routes.map((r) => `- [${r}](/${r}.md)\n`).join('')}`;
const all = ['index', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p', 'q', 'r', 's'];

siteRuleTester('agent-llms-txt-coverage', {
  valid: [
    { name: 'pass: generated lists every navigable page', files: { ...two, ...pages20 } },
    { name: 'pass: 19 of 20 (95%)', files: { ...two, ...pages20, 'llms.txt': list(all.slice(0, 19)) } },
    {
      name: 'pass: hidden, noindex and excluded pages are not counted',
      files: {
        ...two,
        ...pages20,
        'r.mdx': '---\ntitle: R\nhidden: true\n---\n',
        's.mdx': '---\ntitle: S\nnoindex: true\n---\n',
        'llms.txt': list(all.slice(0, 17)),
      },
      options: { exclude: ['q'] },
    },
    {
      name: "pass: absolute links on the canonical host count as the site's pages, with or without `www.`, tagged or not",
      files: {
        ...two,
        ...pages20,
        'docs.json': config({ seo: { metatags: { canonical: 'https://www.test.dev/docs' } } }, all),
        'llms.txt': `${LLMS}${all.map((r, i) => `- [${r}](https://${i % 2 ? 'www.' : ''}test.dev/docs/${r}.md) [Guide]: about ${r}\n`).join('')}`,
      },
    },
    {
      name: "pass: with no canonical address, a host whose links land on the site's pages is the site's (its base path found)",
      files: {
        ...two,
        ...pages20,
        'llms.txt': `${LLMS}${all.map((r) => `- [${r}](https://example.com/docs/${r}.md)\n`).join('')}`,
      },
    },
    { name: 'informational: pass 0', files: { ...two, ...pages20, 'llms.txt': list(['index']) }, options: { pass: 0 } },
    {
      name: 'pass: a scoped index the platform serves (`/_llms/guides.md`) covers the pages under that segment',
      files: {
        'docs.json': config({}, ['guides/one', 'guides/two', 'ref/x']),
        'guides/one.mdx': page('One'),
        'guides/two.mdx': page('Two'),
        'ref/x.mdx': page('X'),
        'llms.txt': `${LLMS}- [Guides](/_llms/guides.md)\n- [X](/ref/x.md)\n`,
      },
    },
    {
      name: 'pass: a root llms.txt of section indexes covers the pages they list (nested a level more; a loop read once)',
      files: {
        ...two,
        ...pages20,
        'llms.txt': `${LLMS}- [Guides](/guides/llms.txt): the guides\n- [Reference](/reference/llms.txt)\n`,
        'guides/llms.txt': `${list(all.slice(0, 10))}- [Root](/llms.txt)\n- [More](/guides/more/llms.txt)\n`,
        'guides/more/llms.txt': list(all.slice(10, 15)),
        'reference/llms.txt': list(all.slice(15)),
      },
    },
  ],
  invalid: [
    {
      name: 'a section index that does not exist covers nothing',
      files: {
        ...two,
        ...pages20,
        'llms.txt': `${LLMS}- [Guides](/guides/llms.txt)\n`,
        'reference/llms.txt': list(all),
      },
      errors: [
        {
          file: 'llms.txt',
          line: 1,
          column: 1,
          severity: 'warning',
          message:
            'llms.txt links to 0 of 20 navigable pages (0%, under 95%): agents that start from it never see /index, /a, /b, /c, /d and 15 more; add them to llms.txt, or exclude them with the `exclude` option',
        },
      ],
    },
    {
      name: 'warn: 17 of 20 (85%)',
      files: { ...two, ...pages20, 'llms.txt': list(all.slice(0, 17)) },
      errors: [
        E(
          'llms.txt',
          1,
          1,
          'info',
          'llms.txt links to 17 of 20 navigable pages (85%, under 95%): agents that start from it never see /q, /r, /s; add them to llms.txt, or exclude them with the `exclude` option',
        ),
      ],
    },
    {
      name: 'fail: 2 of 20',
      files: { ...two, ...pages20, 'llms.txt': list(all.slice(0, 2)) },
      errors: [
        {
          file: 'llms.txt',
          line: 1,
          column: 1,
          severity: 'warning',
          messageId: 'customMore',
          data: { linked: '2', navigable: '20', percent: 10, passAt: 95, listed: '/b, /c, /d, /e, /f', more: '13' },
        },
      ],
    },
    {
      name: "fail: links to another site are not the site's pages, even when their last segments are",
      files: {
        ...two,
        ...pages20,
        'llms.txt': `${LLMS}${all.map((r) => `- [${r}](https://github.com/acme/docs/blob/main/${r}.mdx)\n`).join('')}`,
      },
      errors: [
        {
          file: 'llms.txt',
          line: 1,
          column: 1,
          severity: 'warning',
          messageId: 'customMore',
          data: { linked: '0', navigable: '20', percent: 0, passAt: 95, listed: '/index, /a, /b, /c, /d', more: '15' },
        },
      ],
    },
  ],
});
