import { defineRule, isObject } from '../src/rule-kit/index.js';

/*
 * Two `redirects` entries with the same `source`: the platform uses the first that matches, so
 * every later one is dead — and when the destinations differ, the one the writer added last (most
 * often the intended one) is the one that never applies. Sources are compared as written, less a
 * trailing slash (`/old/` and `/old` are one path). The same holds for a redirect from a plain
 * path that an earlier source with parameters or wildcards already matches (`/build/:slug*`
 * before `/build/special`): it is shadowed. A later source with parameters of its own is not
 * compared (whether one pattern covers another is not decided here).
 */

const normalise = (source: string) => (source.length > 1 && source.endsWith('/') ? source.slice(0, -1) : source);

export default defineRule({
  meta: {
    id: 'config-redirect-duplicate',
    kind: 'config',
    description:
      'Each redirect source is listed once, and no earlier wildcard matches it first: the platform uses the first redirect that matches, so a later one never applies.',
    severity: 'warning',
    messages: {
      sameDestination: 'redirect from `{{source}}` is listed twice, to the same destination; remove this one',
      otherDestination:
        'redirect from `{{source}}` to `{{destination}}` never applies: an earlier redirect from the same source goes to `{{earlier}}`; keep the one you mean and remove the other',
      sameSource:
        'redirect from `{{source}}` never applies: an earlier redirect has the same source; keep the one you mean and remove the other',
      shadowed:
        'redirect from `{{source}}` to `{{destination}}` never applies: the earlier redirect from `{{earlier}}` matches `{{source}}` first and sends it to `{{sent}}`; move this redirect above that one, or remove it',
      shadowedSame:
        'redirect from `{{source}}` is never used: the earlier redirect from `{{earlier}}` matches `{{source}}` first and sends it to the same destination; remove this one',
    },
  },
  check(context) {
    const redirects = isObject(context.config.value) ? context.config.value.redirects : undefined;
    if (!Array.isArray(redirects)) return;
    const first = new Map<string, { index: number; destination: unknown }>();
    redirects.forEach((entry: unknown, index) => {
      if (!isObject(entry) || typeof entry.source !== 'string') return;
      const key = normalise(entry.source);
      const earlier = first.get(key);
      if (!earlier) {
        first.set(key, { index, destination: entry.destination });
        return;
      }
      const same = earlier.destination === entry.destination;
      // A destination that is not a string (config-schema reports it) is not quoted as one.
      const paths = typeof entry.destination === 'string' && typeof earlier.destination === 'string';
      context.report({
        ...(same
          ? { messageId: 'sameDestination', data: { source: entry.source } }
          : paths
            ? {
                messageId: 'otherDestination',
                data: {
                  source: entry.source,
                  destination: String(entry.destination),
                  earlier: String(earlier.destination),
                },
              }
            : { messageId: 'sameSource', data: { source: entry.source } }),
        at: { pointer: `/redirects/${index}/source`, on: 'value' },
        related: [
          {
            message: 'first redirect from this source',
            at: { pointer: `/redirects/${earlier.index}/source`, on: 'value' },
          },
        ],
      });
    });
    // Plain sources that an earlier pattern matches first.
    const table = context.site.redirects;
    for (const redirect of table.list) {
      if (redirect.names.length > 0) continue;
      const found = table.find(redirect.source);
      if (!found || found.redirect.names.length === 0 || table.gaveUp(redirect.source)) continue;
      const trim = (d: string) => d.trim().replace(/(.)\/+$/, '$1');
      const data = {
        source: redirect.source,
        destination: redirect.destination,
        earlier: found.redirect.source,
        sent: found.destination,
      };
      context.report({
        ...(trim(found.destination) === trim(redirect.destination)
          ? { messageId: 'shadowedSame', data }
          : { messageId: 'shadowed', data }),
        at: { pointer: `${redirect.pointer}/source`, on: 'value' },
        related: [
          {
            message: 'the earlier redirect that matches first',
            at: { pointer: `${found.redirect.pointer}/source`, on: 'value' },
          },
        ],
      });
    }
  },
});
