import {
  count,
  customLlmsTxt,
  defineRule,
  HOSTS_OPTION,
  llmsAt,
  llmsSiteHosts,
  readLlmsTxt,
  resolveSitePath,
  siteLinkPath,
} from '../src/rule-kit/index.js';

interface Options {
  hosts?: string[];
}

/**
 * Every link of a custom llms.txt to the site lands on a page, a file or a generated endpoint page
 * (redirects honoured) — the spec's `llms-txt-links-resolve`. The generated file lists only pages
 * that exist. Links to other sites are not fetched.
 */
export default defineRule<Options>({
  meta: {
    id: 'agent-llms-txt-links-resolve',
    kind: 'site',
    description: 'Every link of a custom llms.txt to the site leads to a page or file (redirects honoured).',
    severity: 'warning',
    spec: 'llms-txt-links-resolve',
    problems: {
      warn: {
        severity: 'info',
        description: 'a broken link when more than 90% of the links resolve (the spec\u2019s warn level)',
      },
    },
    optionsSchema: {
      type: 'object',
      properties: {
        hosts: HOSTS_OPTION,
      },
      additionalProperties: false,
    },
    messages: {
      broken:
        "llms.txt links to `{{url}}`, which is no page or file of the site (`{{route}}`; {{resolved}} of {{links}} links resolve): agents that follow it hit a 404; point it at the page's route or remove the line",
    },
  },
  async check(context) {
    const { site } = context;
    const served = await customLlmsTxt(site, context.inScope, (file) => context.frontmatterFacts(file));
    if (!served) return;
    const generated = await site.generated();
    const listed = readLlmsTxt(served.text).links;
    const hosts = llmsSiteHosts(site, generated, listed, context.options?.hosts);
    const links = listed.flatMap((link) => {
      const p = siteLinkPath(link.url, hosts);
      return p === undefined ? [] : [{ link, path: p }];
    });
    if (!links.length) return;
    const broken = links.filter(({ path }) => resolveSitePath(site, generated, path) === undefined);
    if (!broken.length) return;
    const share = (links.length - broken.length) / links.length;
    const level = share > 0.9 ? 'warn' : undefined;
    for (const { link, path } of broken) {
      context.report({
        messageId: 'broken',
        data: {
          url: link.url,
          route: `/${path.replace(/\.md$/i, '')}`,
          resolved: count(links.length - broken.length),
          links: count(links.length),
        },
        at: llmsAt(served, link),
        problem: level,
      });
    }
  },
});
