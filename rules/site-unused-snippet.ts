import path from 'node:path';
import {
  compiledOnce,
  defineRule,
  isGeneratedFile,
  isObject,
  SNIPPET_EXTENSIONS,
  type SiteModel,
} from '../src/rule-kit/index.js';
import ignore, { type Ignore } from 'ignore';

interface Options {
  /** gitignore-style patterns of snippet files (site-relative) that may stay unused. */
  ignore?: string[];
}

/** The snippet folders of the platform: `snippets/` and `_snippets/` at the root. */
const SNIPPET_FOLDER = /^_?snippets\//i;

/** Unused snippets in one folder from which they are reported as one finding (when they are most of it). */
const MIN_FOLDER_UNUSED = 5;

const skipOf = compiledOnce<Options, Ignore>((options) =>
  ignore().add(Array.isArray(options?.ignore) ? options.ignore.map(String) : []),
);

/** The language codes of docs.json's `navigation.languages` (`es`, `pt-BR`): snippet folders may hold a translated copy per language. */
function translationLanguages(site: SiteModel): string[] {
  const languages = (site.config.value as { navigation?: { languages?: unknown } } | undefined)?.navigation?.languages;
  if (!Array.isArray(languages)) return [];
  return languages.flatMap((l) =>
    isObject(l) && typeof l.language === 'string' && /^[\w-]+$/.test(l.language) ? [l.language] : [],
  );
}

/** The snippet a translated copy translates (`snippets/es/intro.mdx` → `snippets/intro.mdx`), when its first folder is a language of the site. */
function sourceOf(relative: string, languages: readonly string[]): string | undefined {
  const m = /^(_?snippets)\/([^/]+)\/(.+)$/i.exec(relative);
  return m && languages.some((l) => l.toLowerCase() === m[2]!.toLowerCase()) ? `${m[1]}/${m[3]}` : undefined;
}

/** Where the translated copies of a snippet would be, one per language (`snippets/intro.mdx` → `snippets/es/intro.mdx`). */
function translationsOf(relative: string, languages: readonly string[]): string[] {
  const m = /^(_?snippets)\/(.+)$/i.exec(relative);
  return m ? languages.map((l) => `${m[1]}/${l}/${m[2]}`) : [];
}

/** Files of the snippet folders that can be imported. */
function snippetFiles(site: SiteModel): string[] {
  return [...site.files]
    .filter((f) => SNIPPET_FOLDER.test(f) && SNIPPET_EXTENSIONS.includes(path.posix.extname(f).toLowerCase()))
    .sort();
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
 * writes them decides what they hold, and deleting one by hand lasts until its next run. The
 * translated copies of an unused snippet (`snippets/es/…`, a folder per language of docs.json)
 * are reported with it, in one finding on the snippet. Where most of a folder's snippets (five at
 * least) are unused, the folder is one finding, on its first unused snippet: such a folder is
 * usually written by a script (from a sample file, without a marker), and the finding says how to
 * leave it to the script.
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
        ignore: {
          type: 'array',
          items: { type: 'string' },
          description: 'gitignore-style patterns of snippet files that may stay unused',
        },
      },
      additionalProperties: false,
    },
    messages: {
      unused:
        "snippet `/{{path}}` is not imported or included by any page or snippet, so it is never shown: import it where it belongs (`import X from '/{{path}}'`) or delete it",
      unusedWithTranslation:
        "snippet `/{{path}}` is not imported or included by any page or snippet, nor is its translation `/{{copy}}`, so neither is ever shown: import them where they belong (`import X from '/{{path}}'`) or delete both",
      unusedFolder:
        "{{count}} of the {{total}} snippets in `/{{folder}}/` are not imported or included by any page or snippet (`/{{path}}`, …), so they are never shown: if a script writes them, leave the folder to it (add `{{folder}}/` to this rule's `ignore` option, or name the folder `generated`); otherwise import each where it belongs or delete it",
      unusedWithTranslations:
        "snippet `/{{path}}` is not imported or included by any page or snippet, nor are its {{count}} translations (`/{{copy}}`, …), so none of them is ever shown: import them where they belong (`import X from '/{{path}}'`) or delete it and its translations",
    },
  },
  async check(context) {
    const { site } = context;
    const skip = skipOf(context.options);
    const languages = translationLanguages(site);
    let included: Set<string> | undefined;
    const unusedMemo = new Map<string, Promise<boolean>>();
    /** Nothing imports or includes it, and no script writes it. */
    const unused = (relative: string): Promise<boolean> => {
      let pending = unusedMemo.get(relative);
      if (!pending) {
        pending = (async () => {
          if (skip.ignores(relative) || (await imported(site, relative))) return false;
          // `<Snippet file="…">`, the legacy inclusion by name.
          included ??= site.includedSnippetNames();
          const lower = relative.toLowerCase();
          if (included.has(lower) || included.has(lower.replace(SNIPPET_FOLDER, ''))) return false;
          const read = site.readText(relative);
          return !isGeneratedFile(relative, read.ok ? read.text : undefined);
        })();
        unusedMemo.set(relative, pending);
      }
      return pending;
    };
    const files = snippetFiles(site);
    const found: { relative: string; copies: string[] }[] = [];
    for (const relative of files) {
      if (!context.inScope(site.absolute(relative)) || !(await unused(relative))) continue;
      // A translation of an unused snippet is reported with it, on the snippet.
      const source = sourceOf(relative, languages);
      if (source !== undefined && site.files.has(source) && (await unused(source))) continue;
      const copies: string[] = [];
      for (const copy of translationsOf(relative, languages))
        if (site.files.has(copy) && (await unused(copy))) copies.push(copy);
      found.push({ relative, copies });
    }
    // A folder most of whose snippets are unused: one finding, on its first (a script may write them all).
    const perFolder = new Map<string, number>();
    for (const f of files) perFolder.set(path.posix.dirname(f), (perFolder.get(path.posix.dirname(f)) ?? 0) + 1);
    const unusedPerFolder = new Map<string, number>();
    for (const { relative } of found)
      unusedPerFolder.set(path.posix.dirname(relative), (unusedPerFolder.get(path.posix.dirname(relative)) ?? 0) + 1);
    const grouped = (folder: string) => {
      const count = unusedPerFolder.get(folder) ?? 0;
      return count >= MIN_FOLDER_UNUSED && count * 2 > (perFolder.get(folder) ?? 0);
    };
    const done = new Set<string>();
    for (const { relative, copies } of found) {
      const folder = path.posix.dirname(relative);
      const read = site.readText(relative);
      const endColumn = read.ok ? (read.text.replace(/^\ufeff/, '').split(/\r?\n|\r/, 1)[0] ?? '').length + 1 : 1;
      const at = { file: site.absolute(relative), line: 1, column: 1, endLine: 1, endColumn };
      if (grouped(folder)) {
        if (done.has(folder)) continue;
        done.add(folder);
        context.report({
          messageId: 'unusedFolder',
          data: { count: unusedPerFolder.get(folder)!, total: perFolder.get(folder)!, folder, path: relative },
          at,
        });
        continue;
      }
      context.report({
        messageId:
          copies.length === 0 ? 'unused' : copies.length === 1 ? 'unusedWithTranslation' : 'unusedWithTranslations',
        data: { path: relative, copy: copies[0] ?? '', count: copies.length },
        at,
      });
    }
  },
});
