import {
  compiledOnce,
  count,
  defineRule,
  ignorePatterns,
  isDefaultVariant,
  llmsAt,
  readLlmsTxt,
  resolveSitePath,
  SCOPED_LLMS,
  servedLlmsTxt,
  llmsSiteHosts,
  siteLinkPath,
  llmsTxtInScope,
} from '../src/rule-kit/index.js';

interface Options {
  /** Share of navigable pages at or above which the file passes (0–1). */
  pass?: number;
  /** Share at or above which it is only a note; below, a warning. */
  warn?: number;
  /** Routes not counted (gitignore-style patterns: `changelog/**`, `legacy/`). */
  exclude?: string[];
  hosts?: string[];
}

const excluder = compiledOnce<Options, (route: string) => boolean>((options) => {
  const patterns = options?.exclude ?? [];
  if (!patterns.length) return () => false;
  const matcher = ignorePatterns().add(patterns);
  return (route) => matcher.ignores(route);
});

/** A link to an llms.txt of a section (`guides/llms.txt`). */
const NESTED = /(?:^|\/)llms\.txt$/;
/** How deep links to llms.txt files are followed, and how many files are read at most. */
const MAX_NESTED_DEPTH = 3;
const MAX_NESTED_FILES = 200;

/**
 * Share of the navigable pages (in the navigation of the default language and version, not
 * hidden, not `noindex`) that the served llms.txt links to — the spec's `llms-txt-coverage`.
 */
export default defineRule<Options>({
  meta: {
    id: 'agent-llms-txt-coverage',
    kind: 'site',
    description:
      'The served llms.txt links to at least 95% of the navigable pages (thresholds and exclusions configurable).',
    severity: 'warning',
    spec: 'llms-txt-coverage',
    problems: {
      warn: {
        severity: 'info',
        description: 'between 80% and 95% of the navigable pages (the spec\u2019s warn level)',
      },
    },
    optionsSchema: {
      type: 'object',
      properties: {
        pass: {
          type: 'number',
          minimum: 0,
          maximum: 1,
          description: 'Share of navigable pages from which the file passes (default 0.95; 0: never reported).',
        },
        warn: {
          type: 'number',
          minimum: 0,
          maximum: 1,
          description: 'Share from which a shortfall is a note rather than a warning (default 0.8).',
        },
        exclude: {
          type: 'array',
          items: { type: 'string' },
          description: 'Routes not counted, as gitignore-style patterns (`changelog/**`).',
        },
        hosts: {
          type: 'array',
          items: { type: 'string' },
          description: 'The site\u2019s own hosts: absolute links to them count like relative ones.',
        },
      },
      additionalProperties: false,
    },
    messages: {
      custom:
        'llms.txt links to {{linked}} of {{navigable}} navigable pages ({{percent}}%, under {{passAt}}%): agents that start from it never see {{listed}}; add them to llms.txt, or exclude them with the `exclude` option',
      customMore:
        'llms.txt links to {{linked}} of {{navigable}} navigable pages ({{percent}}%, under {{passAt}}%): agents that start from it never see {{listed}} and {{more}} more; add them to llms.txt, or exclude them with the `exclude` option',
      generated:
        'the generated llms.txt links to {{linked}} of {{navigable}} navigable pages ({{percent}}%, under {{passAt}}%): agents that start from it never see {{listed}}; they are hidden from it by their navigation or front matter, or exclude them with the `exclude` option',
      generatedMore:
        'the generated llms.txt links to {{linked}} of {{navigable}} navigable pages ({{percent}}%, under {{passAt}}%): agents that start from it never see {{listed}} and {{more}} more; they are hidden from it by their navigation or front matter, or exclude them with the `exclude` option',
    },
  },
  async check(context) {
    const { site } = context;
    const options = context.options ?? {};
    const passAt = options.pass ?? 0.95;
    const warnAt = Math.min(options.warn ?? 0.8, passAt);
    if (passAt === 0) return;
    if (!llmsTxtInScope(context.site, context.inScope)) return;
    const served = await servedLlmsTxt(site, (file) => context.frontmatterFacts(file));
    if (served.unreadable || (served.file && !context.inScope(served.file))) return;
    const excluded = excluder(context.options);
    const navigable = new Map<string, string>();
    for (const entry of site.navigation.entries) {
      if (entry.kind !== 'page' || entry.hidden || !entry.route || !isDefaultVariant(site.config, entry.chain))
        continue;
      const page = site.routes.get(entry.route);
      if (!page || navigable.has(page.route) || excluded(page.route)) continue;
      const facts = await context.frontmatterFacts(page.file);
      if (facts?.hidden || facts?.frontmatter?.noindex === true) continue;
      navigable.set(page.route, entry.pointer);
    }
    if (!navigable.size) return;
    const generated = await site.generated();
    const linked = new Set<string>();
    const links = readLlmsTxt(served.text).links;
    const hosts = llmsSiteHosts(site, generated, links, options.hosts);
    // A link to another llms.txt of the site (`/guides/llms.txt`) is followed: the pages it lists
    // are covered too (a root index of section indexes), a few levels deep, each file once.
    const seen = new Set<string>(['llms.txt']);
    const follow = (list: typeof links, depth: number) => {
      for (const link of list) {
        const p = siteLinkPath(link.url, hosts);
        if (p === undefined) continue;
        if (NESTED.test(p) && site.files.has(p)) {
          if (depth >= MAX_NESTED_DEPTH || seen.has(p) || seen.size > MAX_NESTED_FILES) continue;
          seen.add(p);
          const read = site.readText(p);
          if (read.ok) follow(readLlmsTxt(read.text.replace(/^\uFEFF/, '')).links, depth + 1);
          continue;
        }
        // A scoped index the platform serves (`/_llms/guides.md`) lists the pages under that segment.
        const scoped = SCOPED_LLMS.exec(p);
        if (scoped) {
          for (const route of navigable.keys()) if (route.startsWith(`${scoped[1]}/`)) linked.add(route);
          continue;
        }
        const target = resolveSitePath(site, generated, p);
        if (target?.page) linked.add(target.page.route);
      }
    };
    follow(links, 0);
    const missing = [...navigable.keys()].filter((route) => !linked.has(route));
    const share = (navigable.size - missing.length) / navigable.size;
    if (share >= passAt) return;
    const percent = Math.floor(share * 1000) / 10;
    const listed = missing
      .slice(0, 5)
      .map((r) => `/${r}`)
      .join(', ');
    context.report({
      messageId: `${served.custom ? 'custom' : 'generated'}${missing.length > 5 ? 'More' : ''}`,
      data: {
        linked: count(navigable.size - missing.length),
        navigable: count(navigable.size),
        percent,
        passAt: passAt * 100,
        listed,
        more: count(missing.length - 5),
      },
      at: llmsAt(served),
      problem: share >= warnAt ? 'warn' : undefined,
    });
  },
});
