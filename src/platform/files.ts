import path from 'node:path';

/*
 * Which files of a docs repository the platform publishes, and as what (read from @mintlify/common
 * 1.0.1176: `DEFAULT_MINT_IGNORES`, `getFileCategory`, `isImportedAsSnippet`; test/platform/
 * compares these with the platform's own).
 */

/** Ignored whatever `.mintignore` says (gitignore patterns: a name without `/` matches at any depth). */
export const DEFAULT_IGNORES: readonly string[] = [
  '.git',
  '.github',
  '.claude',
  '.agents',
  '.idea',
  '.vscode',
  '.cursor',
  '.mintlify/**',
  '!.mintlify/**/',
  '!.mintlify/skills/**',
  '!.mintlify/**/*.json',
  '!.mintlify/**/*.yaml',
  '!.mintlify/**/*.yml',
  'node_modules',
  'README.md',
  'LICENSE.md',
  'CHANGELOG.md',
  'CONTRIBUTING.md',
];

/** `.md` files with these names (any folder, any case) are never pages. */
const EXCLUDED_MD_NAMES = new Set(['readme', 'license', 'contributing', 'contribute']);

/**
 * Instruction files for coding agents, by name (any folder, any case). The platform has no rule
 * for them: outside the folders it ignores (`.claude/`, `.agents/`, `.cursor/`, `.github/`…), each
 * is published as a page unless `.mintignore` lists it.
 */
const AGENT_INSTRUCTION_NAMES = new Set(['agents.md', 'agent.md', 'claude.md', 'claude.local.md', 'gemini.md']);

/** Whether a path (site-relative or absolute, either separator) names an instruction file for coding agents. */
export function isAgentInstructionFile(file: string): boolean {
  return AGENT_INSTRUCTION_NAMES.has((file.split(/[\\/]/).pop() ?? '').toLowerCase());
}

/** Files a page can import (`import X from '/snippets/x.mdx'`). */
export const SNIPPET_EXTENSIONS: readonly string[] = ['.mdx', '.jsx', '.tsx', '.md'];

/** Files the platform generates and serves itself, whatever the repository holds. */
export const GENERATED_FILES: readonly string[] = ['llms.txt', 'robots.txt', 'sitemap.xml', 'llms-full.txt'];

export type FileCategory = 'page' | 'snippet' | 'config' | 'generated' | 'other';

/**
 * What a site-relative path is to the platform. `imported` holds the lowercased, root-relative
 * paths (`/guides/part.mdx`) that some file imports: an imported `.mdx`/`.md` is a snippet, not a
 * page. Files under `snippets/` or `_snippets/` at the root are snippets; `.jsx`/`.tsx` are
 * snippets anywhere; `README.md`, `LICENSE.md`, `CONTRIBUTING.md`, `CONTRIBUTE.md` are nothing.
 */
export function categorize(relative: string, imported: ReadonlySet<string>): FileCategory {
  const lower = relative.toLowerCase().replace(/^\/+/, '');
  const parsed = path.posix.parse(lower);
  if (parsed.base === 'docs.json' || parsed.base === 'mint.json' || parsed.base === '.mintignore') return 'config';
  if (GENERATED_FILES.includes(parsed.base)) return 'generated';
  if (lower === 'skill.md' || (lower.startsWith('.mintlify/skills/') && parsed.base === 'skill.md')) return 'other';
  const ext = parsed.ext;
  if ((lower.startsWith('snippets/') || lower.startsWith('_snippets/')) && SNIPPET_EXTENSIONS.includes(ext))
    return 'snippet';
  if (ext === '.jsx' || ext === '.tsx') return 'snippet';
  if (ext === '.md' && EXCLUDED_MD_NAMES.has(parsed.name)) return 'other';
  if (ext === '.mdx' || ext === '.md') return imported.has(`/${lower}`) ? 'snippet' : 'page';
  return 'other';
}

/** `.mdx` and `.md`: files that can be pages or snippets (the others a page can import are code). */
export function isMarkdownFile(relative: string): boolean {
  const ext = path.posix.extname(relative).toLowerCase();
  return ext === '.mdx' || ext === '.md';
}

/** Whether a file may hold `import` statements the platform follows (pages and snippets of any kind). */
export function canImport(relative: string): boolean {
  return SNIPPET_EXTENSIONS.includes(path.posix.extname(relative).toLowerCase());
}

const IMPORT_LINE = /import\s+(?:[\w$*{},\s]+?\s+from\s+)?['"]([^'"]+)['"]/g;
const FENCE = /^(`{3,}|~{3,})/;

/**
 * Every module name a parse of the file could find in its `import` statements, and more: each
 * quoted name after `from` or `import` anywhere in the file (code, prose and fenced code alike).
 * What the platform settles on (the parse's imports, or the sources of the `import` lines when
 * the file does not parse) is always among these and the `import` lines' own (`importLines`).
 */
export function importCandidates(text: string): string[] {
  return [...text.matchAll(QUOTED_SOURCE)].map((m) => m[2]!);
}

const QUOTED_SOURCE = /\b(?:from|import)\s*(['"])([^'"\n]+)\1/g;

/**
 * The sources of a file's `import` statements, as the platform collects them to tell snippets
 * from pages: lines that start with `import ` (or `import` and a tab) outside fenced code; and
 * whether a line did not complete its statement (`import {` over several lines). Then the
 * platform reads the whole file as MDX and takes the imports of its tree instead, or these lines'
 * sources when the file does not parse (src/site/inventory.ts does the same).
 */
export function importLines(text: string): { sources: string[]; incomplete: boolean } {
  const out: string[] = [];
  let incomplete = false;
  if (!/^import\s/m.test(text)) return { sources: out, incomplete };
  let fence: { char: string; length: number } | undefined;
  for (const line of text.split('\n')) {
    const run = FENCE.exec(line.trimStart())?.[1];
    if (fence !== undefined) {
      if (run !== undefined && run.charAt(0) === fence.char && run.length >= fence.length) fence = undefined;
      continue;
    }
    if (run !== undefined) {
      fence = { char: run.charAt(0), length: run.length };
      continue;
    }
    if (!line.startsWith('import ') && !line.startsWith('import\t')) continue;
    const before = out.length;
    for (const m of line.matchAll(IMPORT_LINE)) if (m[1]) out.push(m[1]);
    if (out.length === before) incomplete = true;
  }
  return { sources: out, incomplete };
}

/** `<Snippet file="name.mdx" />`, the legacy inclusion of a file of the snippet folder by its name. */
const SNIPPET_ELEMENT = /<Snippet\b[^>]*?\bfile\s*=\s*(?:"([^"]*)"|'([^']*)'|\{\s*["'`]([^"'`]*)["'`]\s*\})/g;

/** The tag `snippetInclusions` looks for: a file without it includes nothing (checked on the bytes). */
export const SNIPPET_TAG = '<Snippet';

/**
 * The names that `<Snippet file="…">` elements of a file's text include, lowercased, without a
 * leading `./` or `/`, each once (read from the text: an element in a code block counts too).
 */
export function snippetInclusions(text: string): string[] {
  if (!text.includes(SNIPPET_TAG)) return [];
  const names = new Set<string>();
  for (const m of text.matchAll(SNIPPET_ELEMENT)) {
    const name = (m[1] ?? m[2] ?? m[3] ?? '')
      .trim()
      .replace(/^\.?\/+/, '')
      .toLowerCase();
    if (name) names.add(name);
  }
  return [...names];
}

/** A local import source resolved to a root-relative path (`/snippets/a.mdx`) as the platform resolves it, or undefined for a package. */
export function resolveImport(source: string, importer: string): string | undefined {
  // A root path is normalised (a trailing `/` kept); a relative one resolved (a trailing `/` dropped).
  if (source.startsWith('/')) return path.posix.normalize(source);
  if (source.startsWith('./') || source.startsWith('../'))
    return path.posix.resolve('/', path.posix.dirname(importer), source);
  return undefined;
}
