import path from 'node:path';
import { compiledOnce, defineRule, isGeneratedFile, SNIPPET_EXTENSIONS, type SiteModel } from '../src/rule-kit/index.js';
import ignore, { type Ignore } from 'ignore';

interface Options {
  /** gitignore-style patterns of snippet files (site-relative) that may stay unused. */
  ignore?: string[];
}

/** The snippet folders of the platform: `snippets/` and `_snippets/` at the root. */
const SNIPPET_FOLDER = /^_?snippets\//i;

const skipOf = compiledOnce<Options, Ignore>((options) => ignore().add(Array.isArray(options?.ignore) ? options.ignore.map(String) : []));

/** Files of the snippet folders that can be imported. */
function snippetFiles(site: SiteModel): string[] {
  return [...site.files].filter((f) => SNIPPET_FOLDER.test(f) && SNIPPET_EXTENSIONS.includes(path.posix.extname(f).toLowerCase())).sort();
}

/**
 * True when some file imports the snippet: by its path, or by its path without the extension
 * (an import the platform cannot resolve, which site-import-missing reports: the snippet is
 * meant to be used).
 */
async function imported(site: SiteModel, relative: string): Promise<boolean> {
  if ((await site.importers(relative)).length > 0) return true;
  const bare = relative.slice(0, relative.length - path.posix.extname(relative).length);
  return (await site.importers(bare)).length > 0;
}

/**
 * A file of a snippet folder that nothing imports or includes: it is never published (a snippet
 * is not a page), so it is dead text, often an older copy of what a page now says. Generated files
 * (in a `generated` folder, or marked by a comment at their top) are left alone: the script that
 * writes them decides what they hold, and deleting one by hand lasts until its next run.
 */
export default defineRule<Options>({
  meta: {
    id: 'site-unused-snippet',
    kind: 'site',
    description: 'Every file in `snippets/` (or `_snippets/`) is imported or included by some page or snippet.',
    severity: 'info',
    optionsSchema: {
      type: 'object',
      properties: {
        ignore: { type: 'array', items: { type: 'string' }, description: 'gitignore-style patterns of snippet files that may stay unused' },
      },
      additionalProperties: false,
    },
    messages: {
      unused:
        "snippet `/{{path}}` is not imported or included by any page or snippet, so it is never shown: import it where it belongs (`import X from '/{{path}}'`) or delete it",
    },
  },
  async check(context) {
    const { site } = context;
    const skip = skipOf(context.options);
    const unused: string[] = [];
    for (const f of snippetFiles(site)) {
      if (context.inScope(site.absolute(f)) && !skip.ignores(f) && !(await imported(site, f))) unused.push(f);
    }
    if (unused.length === 0) return;
    // `<Snippet file="…">`, the legacy inclusion by name.
    const included = site.includedSnippetNames();
    for (const relative of unused) {
      const lower = relative.toLowerCase();
      const inFolder = lower.replace(SNIPPET_FOLDER, '');
      if (included.has(lower) || included.has(inFolder)) continue;
      const read = site.readText(relative);
      if (isGeneratedFile(relative, read.ok ? read.text : undefined)) continue;
      const endColumn = read.ok ? (read.text.replace(/^\ufeff/, '').split(/\r?\n|\r/, 1)[0] ?? '').length + 1 : 1;
      context.report({
        messageId: 'unused',
        data: { path: relative },
        at: { file: site.absolute(relative), line: 1, column: 1, endLine: 1, endColumn },
      });
    }
  },
});
