// Instruction files for coding agents (AGENTS.md, CLAUDE.md…): the platform publishes them as pages
// unless .mintignore lists them, so site-orphan-page reports each once, and the page rules that
// would ask to complete them as pages leave them alone.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { SiteSession } from '../../src/engine/session.js';
import { resolveSettings, type RuleSetting } from '../../src/config/settings.js';
import { builtinRegistry } from '../../src/config/registry.js';
import { SITE_FRONT, siteRuleTester } from '../helpers/site-rule-tester.js';
import { MINIMAL_CONFIG, tmpSite } from '../helpers/tmp-site.js';

const AGENTS = '# Instructions for agents\n\nRun `npm test` before you commit.\n';
const CLAUDE = '---\nnoindex: true\n---\n\n# CLAUDE.md\n\nSee AGENTS.md.\n';
const agentFile = (file: string, route: string) =>
  `\`${file}\` is an instruction file for coding agents, yet the platform publishes it as the page \`/${route}\`: add \`/${file}\` to \`.mintignore\` so that it stays out of the site`;

siteRuleTester('site-orphan-page', {
  valid: [
    {
      name: 'listed in .mintignore',
      files: { 'AGENTS.md': AGENTS, 'guides/CLAUDE.md': CLAUDE, '.mintignore': '/AGENTS.md\nCLAUDE.md\n' },
    },
    {
      name: 'in a folder the platform ignores (.claude/, .github/)',
      files: { '.claude/CLAUDE.md': CLAUDE, '.github/AGENTS.md': AGENTS },
    },
    {
      name: 'in the navigation: published on purpose',
      files: {
        'docs.json': JSON.stringify({
          theme: 'mint',
          name: 'T',
          colors: { primary: '#0A7A5E' },
          navigation: { groups: [{ group: 'Start', pages: ['index', 'AGENTS'] }] },
        }),
        'AGENTS.md': AGENTS,
      },
    },
    { name: 'the ignore option', files: { 'AGENTS.md': AGENTS }, options: { ignore: ['AGENTS.md'] } },
    {
      name: 'linked from a listed page (by its route, relatively, as a Card): reachable, so unlisted on purpose',
      files: {
        'index.mdx':
          '---\ntitle: Home\n---\n\nStart from [the template](/templates/rfc-template) or [the checklist](./guides/checklist.mdx#steps).\n\n<Card title="Style" href="/style">Style</Card>\n',
        'templates/rfc-template.mdx': '---\ntitle: RFC template\n---\n',
        'guides/checklist.mdx': '---\ntitle: Checklist\n---\n',
        'style.mdx': '---\ntitle: Style\n---\n',
      },
    },
    {
      name: "a navbar link and a page's link on the site's own host (seo.metatags.canonical) reach their pages",
      files: {
        'docs.json': JSON.stringify({
          theme: 'mint',
          name: 'T',
          colors: { primary: '#0A7A5E' },
          seo: { metatags: { canonical: 'https://example.com/docs' } },
          navbar: { links: [{ label: 'Support', href: 'https://example.com/docs/contact-support' }] },
          navigation: { pages: ['index'] },
        }),
        'index.mdx': '---\ntitle: Home\n---\n\nSee [the status page](https://example.com/docs/status).\n',
        'contact-support.mdx': '---\ntitle: Support\n---\n',
        'status.mdx': '---\ntitle: Status\n---\n',
      },
    },
    {
      name: 'other names are pages like any other: hidden on purpose',
      files: { 'agents-guide.mdx': '---\ntitle: Agents\nhidden: true\n---\n' },
    },
  ],
  invalid: [
    {
      name: 'a folder most of whose pages are orphans (five at least): one finding, on its first, for the shallowest such folder',
      files: {
        'docs.json': JSON.stringify({
          theme: 'mint',
          name: 'T',
          colors: { primary: '#0A7A5E' },
          navigation: { pages: ['index', 'v1/index'] },
        }),
        'v1/index.mdx': '---\ntitle: V1\n---\n',
        ...Object.fromEntries(['a', 'b', 'c'].map((n) => [`v1/guides/${n}.mdx`, '---\ntitle: Old\n---\n'])),
        ...Object.fromEntries(['d', 'e'].map((n) => [`v1/api/${n}.mdx`, '---\ntitle: Old\n---\n'])),
        'drafts/one.mdx': '---\ntitle: Draft\n---\n',
      },
      errors: [
        {
          file: 'drafts/one.mdx',
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 4,
          messageId: 'unlisted',
          data: { route: 'drafts/one', indexing: 'absent (the default, "navigable")' },
        },
        {
          file: 'v1/api/d.mdx',
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 4,
          message:
            '5 of the 6 pages under `v1/` are not in the navigation (`v1/api/d`, …): with `seo.indexing` absent (the default, "navigable"), the platform leaves them out of search, the sitemap, llms.txt and AI context; if they are kept out on purpose (an old version, drafts), list `/v1/` in `.mintignore` to unpublish them or in this rule\'s `ignore` option, else add them to the navigation in docs.json',
        },
      ],
    },
    {
      name: 'linked only from another unlisted page, or from a listed page through an external URL: still unlisted',
      files: {
        'index.mdx': '---\ntitle: Home\n---\n\nSee [the old page](https://example.com/old).\n',
        'old.mdx': '---\ntitle: Old\n---\n\nSee [the older page](/older).\n',
        'older.mdx': '---\ntitle: Older\n---\n',
      },
      errors: [
        {
          file: 'old.mdx',
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 4,
          messageId: 'unlisted',
          data: { route: 'old', indexing: 'absent (the default, "navigable")' },
        },
        {
          file: 'older.mdx',
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 4,
          messageId: 'unlisted',
          data: { route: 'older', indexing: 'absent (the default, "navigable")' },
        },
      ],
    },
    {
      name: 'at the root and in a folder, any case, with or without front matter (noindex or hidden does not unpublish them)',
      files: {
        'AGENTS.md': AGENTS,
        'CLAUDE.md': CLAUDE,
        'docs/gemini.md': '---\nhidden: true\n---\nUse the style guide.\n',
      },
      errors: [
        { file: 'AGENTS.md', line: 1, column: 1, endLine: 1, endColumn: 26, message: agentFile('AGENTS.md', 'AGENTS') },
        {
          file: 'CLAUDE.md',
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 4,
          messageId: 'agentFile',
          data: { path: 'CLAUDE.md', route: 'CLAUDE' },
        },
        {
          file: 'docs/gemini.md',
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 4,
          messageId: 'agentFile',
          data: { path: 'docs/gemini.md', route: 'docs/gemini' },
        },
      ],
    },
    {
      name: 'with seo.indexing "all" it is indexed too: still a warning',
      files: {
        'docs.json': JSON.stringify({
          theme: 'mint',
          name: 'T',
          colors: { primary: '#0A7A5E' },
          seo: { indexing: 'all' },
          navigation: { pages: ['index'] },
        }),
        'AGENTS.md': AGENTS,
      },
      errors: [
        {
          file: 'AGENTS.md',
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 26,
          severity: 'warning',
          message: agentFile('AGENTS.md', 'AGENTS'),
        },
      ],
    },
  ],
});

test('an instruction file for agents gets the one finding of site-orphan-page: no front-matter or h1 findings', async () => {
  const root = tmpSite({
    'docs.json': MINIMAL_CONFIG,
    'index.mdx': `${SITE_FRONT}## Start\n`,
    'AGENTS.md': AGENTS,
    'CLAUDE.md': CLAUDE,
    'orphan.md': AGENTS,
  });
  try {
    const on = ['site-orphan-page', 'page-frontmatter-required', 'page-no-body-h1'];
    const rules: Record<string, RuleSetting> = {};
    for (const id of builtinRegistry().ids()) rules[id] = on.includes(id) ? {} : { severity: 'off' };
    const session = await SiteSession.open(root, resolveSettings(rules));
    const { diagnostics } = await session.lint(() => true, { whole: true });
    session.close();
    expect(diagnostics.map((d) => `${path.relative(root, d.file)}:${d.line}:${d.column} ${d.ruleId}`).sort()).toEqual([
      'AGENTS.md:1:1 site-orphan-page',
      'CLAUDE.md:1:1 site-orphan-page',
      // Any other page without front matter, outside the navigation, with an h1: three findings.
      'orphan.md:1:1 page-frontmatter-required',
      'orphan.md:1:1 page-no-body-h1',
      'orphan.md:1:1 site-orphan-page',
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
