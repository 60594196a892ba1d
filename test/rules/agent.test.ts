// The agent-readiness rules at each level of their spec check: pass (no finding), warn (a note,
// problem `warn`) and fail (a warning), each with its exact finding.
import { ruleTester, runRule } from '../helpers/rule-tester.js';
import { SITE_FRONT, siteRuleTester } from '../helpers/site-rule-tester.js';

const config = (extra: Record<string, unknown> = {}, pages: string[] = ['index']) =>
  JSON.stringify({
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Test',
    description: 'How to use Test.',
    colors: { primary: '#0A7A5E' },
    navigation: { groups: [{ group: 'Start', pages }] },
    ...extra,
  });
const page = (title: string, body = 'Text.\n') => `---\ntitle: ${title}\ndescription: About ${title}.\n---\n\n${body}`;
const LLMS = '# Test\n\n> How to use Test.\n\n## Start\n\n';

siteRuleTester('agent-llms-txt-valid', {
  valid: [
    { name: 'generated, with a description', files: { 'docs.json': config() } },
    { name: "generated, without a description: the platform's structure, not the site's to fix", files: {} },
    {
      name: 'custom, structured',
      files: { 'docs.json': config(), 'llms.txt': `${LLMS}- [Quickstart](/index.md): start\n` },
    },
    {
      name: 'custom, items with tags before the description: `- [name](url) [Scope]: description`',
      files: {
        'docs.json': config(),
        'llms.txt': `${LLMS}- [Quickstart](https://test.dev/index.md) [Guide]: start\n- [API](/index.md) [API] [v2]\n`,
      },
    },
  ],
  invalid: [
    {
      name: 'warn: custom, links in prose',
      files: { 'docs.json': config(), 'llms.txt': 'Docs of Test: see [the quickstart](/index.md).\n' },
      errors: [
        {
          file: 'llms.txt',
          line: 1,
          column: 1,
          severity: 'info',
          message:
            'llms.txt has links but not the structure agents parse: it lacks a `# Title` as its first line, a `> summary` line, `## Section` headings, links written as list items, `- [name](url): description`; add them',
        },
      ],
    },
    {
      name: 'warn: tagged items are list items; only the sections are missing',
      files: {
        'docs.json': config(),
        'llms.txt': '# Test\n\n> How to use Test.\n\n- [Quickstart](/index.md) [Guide]: start\n',
      },
      errors: [
        {
          file: 'llms.txt',
          line: 1,
          column: 1,
          severity: 'info',
          messageId: 'lacksOne',
          data: { missing: '`## Section` headings' },
        },
      ],
    },
    {
      name: 'fail: custom, no link',
      files: { 'docs.json': config(), 'llms.txt': '# Test\n\nNothing here yet.\n' },
      errors: [
        {
          file: 'llms.txt',
          line: 1,
          column: 1,
          severity: 'warning',
          messageId: 'noLinks',
        },
      ],
    },
  ],
});

/** A site whose generated llms.txt is past 100,000 characters: 200 pages under guides/, 150 under api/, each with a long description. */
const bigSite = (): Record<string, string> => {
  const files: Record<string, string> = {};
  const routes: string[] = ['index'];
  files['index.mdx'] = page('Home');
  for (const [folder, n] of [
    ['guides', 200],
    ['api', 150],
  ] as const)
    for (let i = 0; i < n; i++) {
      routes.push(`${folder}/p${i}`);
      files[`${folder}/p${i}.mdx`] = `---\ntitle: Page ${i}\ndescription: ${'word '.repeat(58)}end\n---\n\nText.\n`;
    }
  files['docs.json'] = config({}, routes);
  return files;
};

siteRuleTester('agent-llms-txt-size', {
  valid: [
    {
      name: 'pass: under the warn threshold',
      files: { 'docs.json': config(), 'llms.txt': `${LLMS}- [Q](/index.md)\n` },
      options: { warn: 100, fail: 200 },
    },
    {
      name: 'pass: a generated index past 100,000 characters is served as a root index of /_llms/ indexes, which is short',
      files: bigSite(),
    },
  ],
  invalid: [
    {
      name: 'warn: between the thresholds',
      files: { 'docs.json': config(), 'llms.txt': `${LLMS}- [Quickstart](/index.md): ${'x'.repeat(80)}\n` },
      options: { warn: 100, fail: 200 },
      errors: [
        {
          file: 'llms.txt',
          line: 1,
          column: 1,
          severity: 'info',
          message:
            'llms.txt is 146 characters, over 100: some agents truncate it; split it into a root index under 50,000 characters that links to one llms.txt per section',
        },
      ],
    },
    {
      name: 'fail: a custom llms.txt past 100,000 characters is served whole',
      files: { 'docs.json': config(), 'llms.txt': `${LLMS}- [Quickstart](/index.md): ${'x'.repeat(100_000)}\n` },
      errors: [
        {
          file: 'llms.txt',
          line: 1,
          column: 1,
          severity: 'warning',
          messageId: 'customFail',
          data: { size: '100,066', limit: '100,000' },
        },
      ],
    },
    {
      name: 'warn: the root index of a split generated index, measured itself',
      files: bigSite(),
      options: { warn: 100, fail: 100_000 },
      errors: [
        {
          file: 'docs.json',
          line: 1,
          column: 138,
          severity: 'info',
          messageId: 'splitWarn',
          message:
            'the llms.txt the platform serves is the root index of its generated index (112,931 characters, split into 2 indexes under /_llms/), and is 159 characters itself, over 100: some agents truncate it; move pages at the root of the site into folders, or write a custom llms.txt',
        },
      ],
    },
    {
      name: 'fail: generated, over the fail threshold',
      files: { 'docs.json': config() },
      options: { warn: 10, fail: 20 },
      errors: [
        {
          file: 'docs.json',
          line: 1,
          column: 138,
          severity: 'warning',
          messageId: 'generatedFail',
          data: { size: '84', limit: '20' },
        },
      ],
    },
  ],
});

const E = (file: string, line: number, column: number, severity: 'info' | 'warning', message = '') => ({
  file,
  line,
  column,
  severity,
  message,
});

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

siteRuleTester('agent-llms-txt-links-markdown', {
  valid: [
    { name: 'pass: .md links', files: { 'docs.json': config(), 'llms.txt': `${LLMS}- [Q](/index.md)\n` } },
    {
      name: 'pass: most are .md',
      files: { 'docs.json': config(), 'llms.txt': `${LLMS}- [Q](/index.md)\n- [R](/index)\n` },
    },
    { name: 'pass: generated', files: { 'docs.json': config() } },
  ],
  invalid: [
    {
      name: 'fail: no page link is markdown',
      files: { 'docs.json': config(), 'llms.txt': `${LLMS}- [Spec](/openapi.json)\n- [Q](/index#start)\n` },
      errors: [
        E(
          'llms.txt',
          8,
          3,
          'warning',
          'the one page link of llms.txt does not point at markdown (`/index#start`): agents then fetch the HTML pages; end each page link in `.md` (`/index.md`), which the platform serves for every page',
        ),
      ],
    },
    {
      name: 'fail: none of two page links is markdown',
      files: { 'docs.json': config(), 'llms.txt': `${LLMS}- [Q](/index/)\n- [R](/index#start)\n` },
      errors: [
        {
          file: 'llms.txt',
          line: 7,
          column: 3,
          severity: 'warning',
          messageId: 'none',
          data: { count: '2', url: '/index/', markdown: '/index.md' },
        },
      ],
    },
  ],
});

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

siteRuleTester('agent-llms-txt-code-fence', {
  valid: [
    {
      name: 'pass: closed',
      files: { 'docs.json': config(), 'llms.txt': `${LLMS}\`\`\`bash\nnpm i\n\`\`\`\n- [Q](/index.md)\n` },
    },
  ],
  invalid: [
    {
      name: 'fail: never closed',
      files: { 'docs.json': config(), 'llms.txt': `${LLMS}\`\`\`\`bash\nnpm i\n\`\`\`\n- [Q](/index.md)\n` },
      errors: [
        E(
          'llms.txt',
          7,
          1,
          'warning',
          'code block opened with ```` at line 7 of llms.txt is never closed: agents read the rest of the file as code; close it with a line of ````',
        ),
      ],
    },
    {
      name: 'fail: closed by the fence of a block inside',
      files: {
        'docs.json': config(),
        'llms.txt': `${LLMS}\`\`\`markdown\n\`\`\`bash\nnpm i\n\`\`\`\n\`\`\`\n- [Q](/index.md)\n`,
      },
      errors: [
        {
          file: 'llms.txt',
          line: 7,
          column: 1,
          severity: 'warning',
          messageId: 'closedByInner',
          data: { fence: '```', line: 7, closedAt: 10, innerFence: '```', innerLine: 8, longer: '````' },
          related: ['llms.txt:10:1 the block really closes here'],
        },
        {
          file: 'llms.txt',
          line: 11,
          column: 1,
          severity: 'warning',
          messageId: 'unclosed',
          data: { fence: '```', line: 11 },
        },
      ],
    },
  ],
});

const big = (n: number) => `${'word '.repeat(n / 5)}\n`;
siteRuleTester('agent-page-size', {
  valid: [
    {
      name: 'pass: front matter and imports are not counted',
      files: {
        'index.mdx': `---\ntitle: ${'T'.repeat(300)}\n---\nimport A from '/snippets/a.mdx';\n\n<A />\n`,
        'snippets/a.mdx': 'Short.\n',
      },
      options: { warn: 100, fail: 200 },
    },
  ],
  invalid: [
    {
      name: 'warn: a snippet pushes the page over',
      files: {
        'index.mdx': `${SITE_FRONT}import A from '/snippets/a.mdx';\n\n<A />\n`,
        'snippets/a.mdx': `import B from '/snippets/b.mdx';\n\n${big(60)}<B />\n`,
        'snippets/b.mdx': big(60),
      },
      options: { warn: 100, fail: 200 },
      errors: [
        E(
          'index.mdx',
          1,
          1,
          'info',
          'this page is 140 characters as served in markdown (10 of its own, the rest from imported snippets), over 100: some agents truncate it; split it into pages of one task or topic each',
        ),
      ],
    },
    {
      name: 'fail: over the fail threshold',
      files: { 'index.mdx': `${SITE_FRONT}${big(300)}` },
      options: { warn: 100, fail: 200 },
      errors: [
        {
          file: 'index.mdx',
          line: 1,
          column: 1,
          severity: 'warning',
          messageId: 'fail',
          data: { size: '303', limit: '200' },
        },
      ],
    },
    {
      name: 'import cycles count each file once',
      files: {
        'index.mdx': `${SITE_FRONT}import A from '/snippets/a.mdx';\n\n<A />\n`,
        'snippets/a.mdx': `import I from '/snippets/b.mdx';\n\n${big(60)}`,
        'snippets/b.mdx': `import A from '/snippets/a.mdx';\n\n${big(60)}`,
      },
      options: { warn: 100, fail: 200 },
      errors: [
        E(
          'index.mdx',
          1,
          1,
          'info',
          'this page is 136 characters as served in markdown (10 of its own, the rest from imported snippets), over 100: some agents truncate it; split it into pages of one task or topic each',
        ),
      ],
    },
    {
      name: 'a snippet imported once and used three times counts three times (a second import of it too)',
      files: {
        'index.mdx': `${SITE_FRONT}import A from '/snippets/a.mdx';\nimport Again from '/snippets/a.mdx';\n\n<A />\n\n<A />\n\n<Again />\n`,
        'snippets/a.mdx': big(40),
      },
      options: { warn: 100, fail: 200 },
      errors: [
        E(
          'index.mdx',
          1,
          1,
          'info',
          'this page is 151 characters as served in markdown (28 of its own, the rest from imported snippets), over 100: some agents truncate it; split it into pages of one task or topic each',
        ),
      ],
    },
  ],
});

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

const tabs = (size: number) => `<Tabs>\n  <Tab title="A">\n    ${'a'.repeat(size)}\n  </Tab>\n</Tabs>\n`;
ruleTester('agent-tabbed-content-size', {
  valid: [{ code: tabs(10), options: { warn: 100, fail: 200 } }],
  invalid: [
    {
      name: 'fail, at the largest',
      code: `${tabs(100)}\n<CodeGroup>\n\`\`\`bash a\n${'b'.repeat(150)}\n\`\`\`\n</CodeGroup>\n`,
      options: { warn: 100, fail: 200 },
      errors: [
        {
          line: 7,
          column: 1,
          endLine: 7,
          endColumn: 11,
          messageId: 'fail',
          data: { total: '335', components: '2 components', name: 'CodeGroup', largest: '189', limit: '200' },
        },
      ],
    },
  ],
});

const tab = (title: string, headings: string[]) =>
  `  <Tab title="${title}">\n${headings.map((h) => `    ## ${h}\n    Text.\n`).join('')}  </Tab>\n`;
ruleTester('agent-section-header-quality', {
  valid: [
    {
      name: 'pass: headings name the variant',
      code: `<Tabs>\n${tab('npm', ['Install with npm', 'Configure for npm'])}${tab('yarn', ['Install with yarn', 'Configure for yarn'])}</Tabs>\n`,
    },
    {
      name: 'pass: 1 of 6 repeats (under 25%)',
      code: `<Tabs>\n${tab('npm', ['Install with npm', 'Configure for npm', 'Notes'])}${tab('yarn', ['Install with yarn', 'Configure for yarn', 'Notes'])}</Tabs>\n`,
      options: { warn: 0.34 },
    },
    {
      name: 'too few headings to judge',
      code: `<Tabs>\n${tab('npm', ['Install'])}${tab('yarn', ['Install'])}</Tabs>\n`,
    },
  ],
  invalid: [
    {
      name: 'fail: every heading repeats',
      code: `<Tabs>\n${tab('npm', ['Install', 'Configure'])}${tab('yarn', ['Install', 'Configure'])}</Tabs>\n`,
      errors: [
        {
          line: 3,
          column: 5,
          endLine: 3,
          endColumn: 15,
          messageId: 'repeated',
          data: { repeated: 4, total: 4, percent: 100, names: '“Install”, “Configure”' },
          related: ['page.mdx:9:5 “Install” again', 'page.mdx:11:5 “Configure” again'],
        },
      ],
    },
    {
      name: 'fail: a second group repeats the first',
      code: `<Tabs>\n${tab('npm', ['Install with npm'])}${tab('yarn', ['Install with yarn'])}</Tabs>\n\n<Tabs>\n${tab('npm', ['Install with npm'])}${tab('yarn', ['Install with yarn'])}</Tabs>\n`,
      errors: [
        {
          line: 12,
          column: 1,
          endLine: 12,
          endColumn: 2,
          message:
            'the tabs at line 12 repeat the headings of the tabs at line 1, variant for variant: serialized for an agent, the page has two identical outlines; name what each group is about in its headings',
        },
      ],
    },
  ],
});

// The warn level of the page rules is a note (the problem `warn`), which ruleTester does not take.
describe('warn level of the page rules', () => {
  const found = (id: string, code: string, options?: unknown) =>
    runRule(id, code, options).map((d) => ({
      line: d.line,
      column: d.column,
      endColumn: d.endColumn,
      severity: d.severity,
      problem: d.problem,
      message: d.message,
    }));
  test('agent-tabbed-content-size', () => {
    expect(found('agent-tabbed-content-size', `Intro.\n\n${tabs(100)}`, { warn: 100, fail: 200 })).toEqual([
      {
        line: 3,
        column: 1,
        endColumn: 6,
        severity: 'info',
        problem: 'warn',
        message:
          'the tabbed content of this page is 146 characters in 1 component (this <Tabs>: 146), over 100: agents get every tab one after another and some truncate the page; move variants to pages of their own or trim repeated content',
      },
    ]);
  });
  test('agent-section-header-quality', () => {
    const code = `<Tabs>\n${tab('npm', ['Install', 'Configure for npm', 'Run with npm'])}${tab('yarn', ['Install', 'Configure for yarn', 'Run with yarn'])}</Tabs>\n`;
    expect(found('agent-section-header-quality', code)).toEqual([
      {
        line: 3,
        column: 5,
        endColumn: 15,
        severity: 'info',
        problem: 'warn',
        message:
          '2 of the 6 headings in tabs on this page (33%) repeat in another tab of the same group (“Install”): an agent reading the page gets the same heading several times and cannot tell which variant it is in; name the variant in each heading (“Install with npm”)',
      },
    ]);
  });
});
