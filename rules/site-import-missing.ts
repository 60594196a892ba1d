import path from 'node:path';
import {
  defineRule,
  didYouMeanPath,
  resolveImport,
  SNIPPET_EXTENSIONS,
  type ImportFact,
  type PageEntry,
  type SiteModel,
} from '../src/rule-kit/index.js';

/** Packages the platform provides to every page. */
const HOST_PROVIDED = new Set(['react', 'react-dom']);

const MESSAGES = {
  package:
    "`import … from '{{source}}'`: the platform resolves only files of the site (`/snippets/…`, `./…`), so it drops this import and what it names is undefined",
  outside: "`import … from '{{source}}'` points outside the site",
  notSnippet: "`import … from '{{source}}'`: the platform imports only .mdx, .md, .jsx and .tsx files",
  noExtension: "`import … from '{{source}}'` names no file: write the extension, `/{{file}}`",
  otherCase: "`import … from '{{source}}'` names no file: the file is `/{{file}}` (the case differs)",
  ignored: "`import … from '{{source}}'`: `{{file}}` is excluded by .mintignore, so the platform cannot import it",
  missing: "`import … from '{{source}}'` names no file of the site",
  missingClose: "`import … from '{{source}}'` names no file of the site; did you mean `/{{file}}`?",
};

interface Problem {
  problem?: 'package';
  messageId: keyof typeof MESSAGES;
  /** The file the message names, if any. */
  file?: string;
}

/** What is wrong with one `import` of a page or snippet, if anything. */
function checkImport(
  site: SiteModel,
  page: PageEntry,
  fact: ImportFact,
  candidates: () => string[],
): Problem | undefined {
  const source = fact.source;
  const resolved = resolveImport(source, page.relative);
  if (resolved === undefined) {
    const name = source.startsWith('@') ? source.split('/').slice(0, 2).join('/') : source.split('/')[0]!;
    if (HOST_PROVIDED.has(name)) return undefined;
    return { problem: 'package', messageId: 'package' };
  }
  const relative = resolved.replace(/^\/+/, '');
  if (relative.startsWith('..')) return { messageId: 'outside' };
  const ext = path.posix.extname(relative).toLowerCase();
  if (site.files.has(relative)) {
    if (!SNIPPET_EXTENSIONS.includes(ext)) {
      return { messageId: 'notSnippet' };
    }
    return undefined;
  }
  // The platform looks the path up exactly: the extension must be written, the case must match.
  const withExt = SNIPPET_EXTENSIONS.map((e) => relative + e).find((f) => site.files.has(f));
  if (withExt) return { messageId: 'noExtension', file: withExt };
  const lower = relative.toLowerCase();
  const otherCase = candidates().find((f) => f.toLowerCase() === lower);
  if (otherCase) return { messageId: 'otherCase', file: otherCase };
  const ignored = site.isIgnored(relative) && site.existsOnDisk(relative);
  if (ignored) return { messageId: 'ignored', file: relative };
  const close = didYouMeanPath(relative, candidates());
  return close ? { messageId: 'missingClose', file: close } : { messageId: 'missing' };
}

/**
 * `import` statements of pages and snippets must name files of the site: the platform drops an
 * import it cannot resolve (with a build warning), and the components it named are then removed
 * from the page or break it. Reported once, at the import, not at every use of what it names.
 */
export default defineRule({
  meta: {
    id: 'site-import-missing',
    kind: 'site',
    description: 'Every `import` of a page or snippet names an existing file of the site (with its extension).',
    severity: 'error',
    reportsRemovedTargets: true,
    problems: {
      package: {
        severity: 'warning',
        description: 'an import of a package (`lodash`): the platform resolves only files of the site',
      },
    },
    readsFacts: ['imports', 'syntaxError'],
    messages: MESSAGES,
  },
  async check(context) {
    const { site } = context;
    let candidates: string[] | undefined;
    const list = () =>
      (candidates ??= [...site.files].filter((f) => SNIPPET_EXTENSIONS.includes(path.posix.extname(f).toLowerCase())));
    for (const page of site.pages.values()) {
      if (!context.inScope(page.file)) continue;
      const facts = await context.facts(page.file);
      if (!facts) continue;
      for (const fact of facts.imports) {
        const found = checkImport(site, page, fact, list);
        if (found)
          context.report({
            messageId: found.messageId,
            data: { source: fact.source, ...(found.file !== undefined && { file: found.file }) },
            problem: found.problem,
            at: {
              file: page.file,
              line: fact.line,
              column: fact.column,
              endLine: fact.endLine,
              endColumn: fact.endColumn,
            },
          });
      }
    }
  },
});
