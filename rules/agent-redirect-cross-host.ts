import { defineRule, siteHosts } from '../src/rule-kit/index.js';

interface Options {
  hosts?: string[];
}

const ABSOLUTE = /^(?:[a-z][a-z0-9+.-]*:)?\/\/([^/?#:]*)/i;

/**
 * docs.json redirects whose destination is on another host: agents' fetchers often do not follow a
 * redirect that leaves the host they asked — the spec's `redirect-behavior` (warn level).
 */
export default defineRule<Options>({
  meta: {
    id: 'agent-redirect-cross-host',
    kind: 'site',
    description: 'No docs.json redirect sends readers to another host (agents may not follow cross-host redirects).',
    severity: 'info',
    // Most redirects to another host are deliberate moves: noise in a lint run; `doclint score` runs it.
    defaultOff: true,
    spec: 'redirect-behavior',
    reportsInConfigOnly: true,
    problems: {
      warn: {
        severity: 'info',
        description:
          'a redirect to another host (the spec\u2019s warn level; it has no fail level for docs.json redirects)',
      },
    },
    optionsSchema: {
      type: 'object',
      properties: {
        hosts: {
          type: 'array',
          items: { type: 'string' },
          description: 'The site\u2019s own hosts: redirects to them are not cross-host.',
        },
      },
      additionalProperties: false,
    },
    messages: {
      crossHost:
        'redirect `{{source}}` → `{{destination}}` leaves the site for {{host}}: agents that do not follow cross-host redirects get nothing at `{{source}}`; link to the new address directly, or keep a page here that links to it',
    },
  },
  check(context) {
    const own = new Set(siteHosts(context.site, context.options?.hosts).map((h) => h.host));
    for (const redirect of context.site.redirects.list) {
      const host = ABSOLUTE.exec(redirect.destination.trim())?.[1]?.toLowerCase();
      if (host === undefined || own.has(host)) continue;
      context.report({
        messageId: 'crossHost',
        data: { source: redirect.source, destination: redirect.destination.trim(), host: host || 'another host' },
        at: { pointer: `${redirect.pointer}/destination` },
        problem: 'warn',
      });
    }
  },
});
