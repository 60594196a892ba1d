import {
  defineRule,
  didYouMeanPath,
  isPattern,
  MAX_REDIRECT_HOPS,
  pathPattern,
  resolveSitePath,
  type GeneratedPages,
  type Redirect,
  type SiteModel,
} from '../src/rule-kit/index.js';

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** A destination's path: no `#anchor`, no `?query`, no leading `/`, decoded. */
function pathOf(destination: string): string {
  const p = destination.trim().split('#')[0]!.split('?')[0]!.replace(/^\/+/, '');
  try {
    return decodeURI(p);
  } catch {
    return p;
  }
}

/** Destinations as a message lists them: `/a` → `/b`. */
const listed = (destinations: string[]): string => destinations.map((d) => `\`${d}\``).join(' → ');

/** A path a parameterised destination stands for: each parameter or wildcard one segment. */
function sample(pattern: string): string {
  return pattern.replace(/:[A-Za-z0-9_]+[*+?]?|\*/g, 'doclint-sample');
}

/** Where a path lands without following redirects: a page, a file, a generated page or a folder of pages. */
function landsDirectly(site: SiteModel, generated: GeneratedPages, p: string): boolean {
  return resolveSitePath(site, generated, p, MAX_REDIRECT_HOPS) !== undefined;
}

type Verdict =
  | { kind: 'ok' }
  | { kind: 'missing'; at: string; through: string[] }
  | { kind: 'loop'; through: string[] }
  | { kind: 'chain'; through: string[] };

/** Follows a static destination through the redirects until it lands, loops or leads nowhere. */
function follow(site: SiteModel, generated: GeneratedPages, redirect: Redirect): Verdict {
  const through: string[] = [];
  const visited = new Set<string>([`/${pathOf(redirect.source)}`]);
  let p = pathOf(redirect.destination);
  for (let hops = 0; ; hops++) {
    if (landsDirectly(site, generated, p)) return through.length ? { kind: 'chain', through } : { kind: 'ok' };
    const next = site.redirects.apply(`/${p}`);
    if (next === undefined) return { kind: 'missing', at: p, through };
    if (visited.has(`/${p}`) || hops >= MAX_REDIRECT_HOPS) return { kind: 'loop', through: [...through, next] };
    visited.add(`/${p}`);
    through.push(next);
    if (EXTERNAL.test(next)) return { kind: 'chain', through };
    p = pathOf(next);
  }
}

/**
 * docs.json `redirects`: every destination must lead somewhere — a page, a file, a generated
 * endpoint page — and not back to where it started; a destination that is itself redirected (a
 * chain) makes readers wait for two redirects and is a warning.
 */
export default defineRule({
  meta: {
    id: 'site-redirect',
    kind: 'site',
    description: 'Every docs.json redirect leads to an existing page or file, without loops or chains.',
    severity: 'error',
    reportsRemovedTargets: true,
    problems: {
      chain: {
        severity: 'warning',
        description: 'a redirect whose destination is redirected again (point it at the last destination)',
      },
    },
    reportsInConfigOnly: true,
    // `{{through}}` lists destinations, each in backquotes, joined by →.
    messages: {
      patternChain:
        'redirect `{{source}}` → `{{destination}}` is a chain: `{{destination}}` is redirected again, by `{{nextSource}}` → `{{nextDestination}}`; point this redirect at `{{nextDestination}}`',
      patternMissing:
        'redirect `{{source}}` → `{{destination}}`: no page or file of the site matches `{{destination}}`',
      loop: 'redirect `{{source}}` → `{{destination}}` loops: {{through}} never lands on a page',
      missing: 'redirect `{{source}}` → `{{destination}}` leads nowhere: no page or file at `{{path}}` in the site',
      missingClose:
        'redirect `{{source}}` → `{{destination}}` leads nowhere: no page or file at `{{path}}` in the site; did you mean `/{{close}}`?',
      missingThrough:
        'redirect `{{source}}` → `{{destination}}` leads nowhere (through {{through}}): no page or file at `{{path}}` in the site',
      missingThroughClose:
        'redirect `{{source}}` → `{{destination}}` leads nowhere (through {{through}}): no page or file at `{{path}}` in the site; did you mean `/{{close}}`?',
      chain:
        'redirect `{{source}}` → `{{destination}}` is a chain: `{{destination}}` is redirected again, to `{{last}}`; point this redirect at `{{last}}`',
      chainMany:
        'redirect `{{source}}` → `{{destination}}` is a chain: `{{destination}}` is redirected again ({{times}} more times), to `{{last}}`; point this redirect at `{{last}}`',
    },
  },
  async check(context) {
    const { site } = context;
    const generated = await site.generated();
    let routes: string[] | undefined;
    let everyPath: string[] | undefined;
    const suggest = (p: string) => didYouMeanPath(p, (routes ??= [...site.routes.keys(), ...generated.routes]));
    for (const redirect of site.redirects.list) {
      const destination = redirect.destination.trim();
      if (destination === '' || EXTERNAL.test(destination)) continue;
      const at = { pointer: `${redirect.pointer}/destination` };
      const redirectOf = { source: redirect.source, destination };
      if (isPattern(pathOf(destination))) {
        // A destination with parameters: some page must match it, directly or through one more
        // redirect (a chain).
        everyPath ??= [...site.routes.keys(), ...generated.routes, ...site.files].map((r) => `/${r}`);
        const paths = everyPath;
        const reaches = (pattern: string) => paths.some(pathPattern(`/${pathOf(pattern)}`));
        if (reaches(destination)) continue;
        const next = site.redirects.find(`/${sample(pathOf(destination))}`);
        const nextLands =
          next &&
          next.redirect !== redirect &&
          (EXTERNAL.test(next.redirect.destination) || reaches(next.redirect.destination));
        if (next && nextLands) {
          context.report({
            problem: 'chain',
            messageId: 'patternChain',
            data: { ...redirectOf, nextSource: next.redirect.source, nextDestination: next.redirect.destination },
            at,
          });
        } else context.report({ messageId: 'patternMissing', data: redirectOf, at });
        continue;
      }
      const verdict = follow(site, generated, redirect);
      if (verdict.kind === 'ok') continue;
      if (verdict.kind === 'loop') {
        context.report({
          messageId: 'loop',
          data: { ...redirectOf, through: listed([destination, ...verdict.through]) },
          at,
        });
      } else if (verdict.kind === 'missing') {
        const close = suggest(verdict.at);
        const data = { ...redirectOf, path: verdict.at, ...(close && { close }) };
        if (verdict.through.length) {
          context.report({
            messageId: close ? 'missingThroughClose' : 'missingThrough',
            data: { ...data, through: listed(verdict.through) },
            at,
          });
        } else context.report({ messageId: close ? 'missingClose' : 'missing', data, at });
      } else {
        const last = verdict.through[verdict.through.length - 1]!;
        context.report({
          problem: 'chain',
          ...(verdict.through.length > 1
            ? { messageId: 'chainMany', data: { ...redirectOf, times: verdict.through.length, last } }
            : { messageId: 'chain', data: { ...redirectOf, last } }),
          at,
        });
      }
    }
  },
});
