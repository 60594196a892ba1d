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

/** A path a parameterised destination stands for: each parameter or wildcard one segment. */
function sample(pattern: string): string {
  return pattern.replace(/:[A-Za-z0-9_]+[*+?]?|\*/g, 'doclint-sample');
}

/** Where a path lands without following redirects: a page, a file, a generated page or a folder of pages. */
function landsDirectly(site: SiteModel, generated: GeneratedPages, p: string): boolean {
  return resolveSitePath(site, generated, p, MAX_REDIRECT_HOPS) !== undefined;
}

type Verdict = { kind: 'ok' } | { kind: 'missing'; at: string; through: string[] } | { kind: 'loop'; through: string[] } | { kind: 'chain'; through: string[] };

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
      chain: { severity: 'warning', description: 'a redirect whose destination is redirected again (point it at the last destination)' },
    },
    reportsInConfigOnly: true,
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
      const arrow = `redirect \`${redirect.source}\` → \`${destination}\``;
      if (isPattern(pathOf(destination))) {
        // A destination with parameters: some page must match it, directly or through one more
        // redirect (a chain).
        everyPath ??= [...site.routes.keys(), ...generated.routes, ...site.files].map((r) => `/${r}`);
        const paths = everyPath;
        const reaches = (pattern: string) => paths.some(pathPattern(`/${pathOf(pattern)}`));
        if (reaches(destination)) continue;
        const next = site.redirects.find(`/${sample(pathOf(destination))}`);
        const nextLands = next && next.redirect !== redirect && (EXTERNAL.test(next.redirect.destination) || reaches(next.redirect.destination));
        if (next && nextLands) {
          context.report({
            problem: 'chain',
            message: `${arrow} is a chain: \`${destination}\` is redirected again, by \`${next.redirect.source}\` → \`${next.redirect.destination}\`; point this redirect at \`${next.redirect.destination}\``,
            at,
          });
        } else context.report({ message: `${arrow}: no page or file of the site matches \`${destination}\``, at });
        continue;
      }
      const verdict = follow(site, generated, redirect);
      if (verdict.kind === 'ok') continue;
      if (verdict.kind === 'loop') {
        context.report({ message: `${arrow} loops: ${[destination, ...verdict.through].map((d) => `\`${d}\``).join(' → ')} never lands on a page`, at });
      } else if (verdict.kind === 'missing') {
        const via = verdict.through.length ? ` (through ${verdict.through.map((d) => `\`${d}\``).join(' → ')})` : '';
        const close = suggest(verdict.at);
        context.report({
          message: `${arrow} leads nowhere${via}: no page or file at \`${verdict.at}\` in the site${close ? `; did you mean \`/${close}\`?` : ''}`,
          at,
        });
      } else {
        const last = verdict.through[verdict.through.length - 1]!;
        context.report({
          problem: 'chain',
          message: `${arrow} is a chain: \`${destination}\` is redirected again${verdict.through.length > 1 ? ` (${verdict.through.length} more times)` : ''}, to \`${last}\`; point this redirect at \`${last}\``,
          at,
        });
      }
    }
  },
});
