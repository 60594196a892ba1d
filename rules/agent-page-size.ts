import {
  count,
  defineRule,
  resolveImport,
  sizeLevel,
  SIZE_LEVELS,
  type SizeOptions,
  type PageFacts,
  type SiteContext,
} from '../src/rule-kit/index.js';

type Options = SizeOptions;

/** Deepest chain of snippet imports followed (the platform stops earlier). */
const MAX_DEPTH = 16;

/**
 * Characters of each page as the platform serves it in markdown (`/page.md`): the page with the
 * snippets it imports expanded where they are used (a snippet used three times counts three
 * times), front matter and `import`/`export` blocks stripped — the spec's `page-size-markdown`. Measured from the page facts of the one parse; each snippet's expanded
 * size is computed once per run.
 */
export default defineRule<Options>({
  meta: {
    id: 'agent-page-size',
    kind: 'site',
    description:
      'Each page, as served in markdown with its snippets expanded, stays under 50,000 characters (agents truncate it past that).',
    severity: 'warning',
    spec: 'page-size-markdown',
    readsFacts: ['servedChars', 'imports', 'syntaxError'],
    problems: SIZE_LEVELS.problems,
    optionsSchema: SIZE_LEVELS.optionsSchema,
    messages: {
      warn: 'this page is {{size}} characters as served in markdown, over {{limit}}: some agents truncate it; split it into pages of one task or topic each',
      fail: 'this page is {{size}} characters as served in markdown, over {{limit}}: most agents truncate it and miss what comes last; split it into pages of one task or topic each',
      warnWithSnippets:
        'this page is {{size}} characters as served in markdown ({{own}} of its own, the rest from imported snippets), over {{limit}}: some agents truncate it; split it into pages of one task or topic each',
      failWithSnippets:
        'this page is {{size}} characters as served in markdown ({{own}} of its own, the rest from imported snippets), over {{limit}}: most agents truncate it and miss what comes last; split it into pages of one task or topic each',
    },
  },
  async check(context) {
    const { site } = context;
    const warn = context.options?.warn ?? SIZE_LEVELS.defaults.warn;
    const fail = context.options?.fail ?? SIZE_LEVELS.defaults.fail;
    const expanded = new Map<string, Promise<number>>();
    /** A file's served characters with its imports expanded, once per file (a cycle counts nothing twice). */
    const size = (relative: string, depth: number, seen: ReadonlySet<string>): Promise<number> => {
      let pending = expanded.get(relative);
      if (!pending) {
        pending = measure(context, relative, depth, seen, size);
        expanded.set(relative, pending);
      }
      return pending;
    };
    for (const page of site.pages.values()) {
      if (page.isSnippet || !context.inScope(page.file)) continue;
      const facts = await context.facts(page.file);
      // A page that does not parse is not served at all (page-mdx-syntax says why).
      if (facts?.servedChars === undefined || facts.syntaxError) continue;
      const chars = await size(page.relative, 0, new Set([page.relative]));
      const level = sizeLevel(chars, warn, fail);
      if (level === 'pass') continue;
      const own = facts.servedChars;
      context.report({
        messageId: `${level === 'fail' ? 'fail' : 'warn'}${chars > own ? 'WithSnippets' : ''}`,
        data: { size: count(chars), own: count(own), limit: count(level === 'fail' ? fail : warn) },
        at: { file: page.file, line: 1, column: 1, endLine: 1, endColumn: 1 },
        problem: level === 'warn' ? 'warn' : undefined,
      });
    }
  },
});

type Size = (relative: string, depth: number, seen: ReadonlySet<string>) => Promise<number>;

async function measure(
  context: SiteContext<Options>,
  relative: string,
  depth: number,
  seen: ReadonlySet<string>,
  size: Size,
): Promise<number> {
  const page = context.site.pages.get(relative);
  if (!page) return 0;
  const facts: PageFacts | undefined = await context.facts(page.file);
  let chars = facts?.servedChars ?? 0;
  if (!facts || depth >= MAX_DEPTH) return chars;
  // Each file imported, and how many times it is used (expanded); a file imported but used in no
  // element the page shows (passed on as a value, say) counts once.
  const uses = new Map<string, number>();
  for (const fact of facts.imports) {
    const target = resolveImport(fact.source, relative)?.replace(/^\/+/, '');
    if (!target || seen.has(target) || !context.site.pages.has(target)) continue;
    uses.set(target, (uses.get(target) ?? 0) + (fact.uses ?? 0));
  }
  for (const [target, times] of uses)
    chars += Math.max(1, times) * (await size(target, depth + 1, new Set([...seen, target])));
  return chars;
}
