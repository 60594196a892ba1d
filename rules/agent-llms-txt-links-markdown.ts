import {
  count,
  customLlmsTxt,
  defineRule,
  HOSTS_OPTION,
  llmsAt,
  llmsSiteHosts,
  readLlmsTxt,
  siteLinkPath,
} from '../src/rule-kit/index.js';

interface Options {
  hosts?: string[];
}

/**
 * Links of a custom llms.txt to the site's pages end in `.md`, the markdown the platform serves
 * for every page — the spec's `llms-txt-links-markdown` (fail: none of them do).
 */
export default defineRule<Options>({
  meta: {
    id: 'agent-llms-txt-links-markdown',
    kind: 'site',
    description: 'Links of a custom llms.txt to the site\u2019s pages point at their markdown (`/page.md`).',
    severity: 'warning',
    spec: 'llms-txt-links-markdown',
    optionsSchema: {
      type: 'object',
      properties: {
        hosts: HOSTS_OPTION,
      },
      additionalProperties: false,
    },
    messages: {
      one: 'the one page link of llms.txt does not point at markdown (`{{url}}`): agents then fetch the HTML pages; end each page link in `.md` (`{{markdown}}`), which the platform serves for every page',
      none: 'none of the {{count}} page links of llms.txt points at markdown (`{{url}}` …): agents then fetch the HTML pages; end each page link in `.md` (`{{markdown}}`), which the platform serves for every page',
    },
  },
  async check(context) {
    const { site } = context;
    const served = await customLlmsTxt(site, context.inScope, (file) => context.frontmatterFacts(file));
    if (!served) return;
    const listed = readLlmsTxt(served.text).links;
    const hosts = llmsSiteHosts(site, await site.generated(), listed, context.options?.hosts);
    const pages = listed.filter((link) => {
      const p = siteLinkPath(link.url, hosts);
      // Links to pages: files with another extension (a spec, an image) are what they are.
      return p !== undefined && !/\.(?!mdx?$)[a-z0-9]+$/i.test(p);
    });
    if (!pages.length || pages.some((link) => /\.md$/i.test(link.url.split('#')[0]!.split('?')[0]!))) return;
    const first = pages[0]!;
    context.report({
      messageId: pages.length === 1 ? 'one' : 'none',
      data: {
        count: count(pages.length),
        url: first.url,
        markdown: `${first.url.split('#')[0]!.replace(/\/$/, '')}.md`,
      },
      at: llmsAt(served, first),
    });
  },
});
