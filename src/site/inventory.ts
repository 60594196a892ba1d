import path from 'node:path';
import { readListedFile, readTextSafe, realRoot, type ReadSignature } from '../core/safe-read.js';
import { MintignoreLimitError, platformIgnores, type PathIgnores } from './mintignore.js';
import type { PageEntry, PendingImport } from './site.js';
import {
  canImport,
  categorize,
  importCandidates,
  importLines,
  isMarkdownFile,
  resolveImport,
  SNIPPET_TAG,
  snippetInclusions,
} from '../platform/files.js';
import { listFiles } from './walk.js';
import { createHash } from 'node:crypto';

/** The content hash of src/engine/page-reader.ts (bytes and their UTF-8 text hash alike). */
const contentHash = (content: string | Uint8Array) => createHash('sha1').update(content).digest('hex');

export const PAGE_EXTENSIONS = ['.mdx', '.md'];

export interface Inventory {
  pages: Map<string, PageEntry>;
  routes: Map<string, PageEntry>;
  files: Set<string>;
  /** Matcher for site-relative paths: true when the platform would ignore the file. */
  ignores: PathIgnores;
  /** By root-relative, lowercased path (`/snippets/a.mdx`), the files that import it. */
  importers: Map<string, string[]>;
  /**
   * Imports not settled yet, by the root-relative, lowercased path they may import: files whose
   * `import` lines do not complete their statements, which only an MDX parse settles, and whose
   * possible imports cannot make a page a snippet (snippet folders, `.jsx`, other files). They are
   * parsed when someone asks who imports such a path (`settleImporters`).
   */
  pendingImports: Map<string, PendingImport[]>;
  /**
   * By site-relative path, what the `<Snippet file>` elements of each file the listing read (or
   * knew unchanged) include (`snippetInclusions`); a file it did not read has no entry.
   */
  inclusions: Map<string, readonly string[]>;
}

export type { PendingImport } from './site.js';

/**
 * The files that import `key` (a root-relative, lowercased path), once the pending files that may
 * import it are settled.
 */
export async function settleImporters(
  inventory: Pick<Inventory, 'importers' | 'pendingImports'>,
  key: string,
): Promise<readonly string[]> {
  const pending = inventory.pendingImports.get(key);
  if (pending) {
    inventory.pendingImports.delete(key);
    for (const item of pending) await item.settle();
  }
  return inventory.importers.get(key) ?? [];
}

export interface InventoryOptions {
  /**
   * Keep the bytes of these files (site-relative paths), as read while looking for imports, in
   * `prefetched`: the page pass takes them instead of reading each file a second time. Asked of
   * every file read, with its size in bytes.
   */
  keep?: (relative: string, bytes: number) => boolean;
  prefetched?: Map<string, Buffer>;
  /** Import sources found by parsing earlier (`--cache`), by file and content hash: a warm run parses nothing. */
  importsMemo?: ImportsMemo;
  /** What earlier runs learnt of unchanged files: they are not read at all (nor kept). */
  fileMemo?: FileMemo;
}

/**
 * What earlier runs learnt of each file (`--cache`), trusted while the file is unchanged: its size,
 * modification and change times and inode are the same (see src/cache/cache.ts).
 */
export interface FileMemo {
  /** The content hash, import sources and snippet inclusions recorded for the file, when it is unchanged since. */
  unchanged(relative: string, file: string): { hash: string; sources: string[]; snippets?: string[] } | undefined;
  /** Records what was read of a file (`signature`: from the descriptor it was read through). */
  record(
    relative: string,
    signature: ReadSignature | undefined,
    hash: string,
    sources: string[],
    snippets: readonly string[],
  ): void;
}

/** Remembers what the MDX parse of a file found (null: it does not parse), by its content hash. */
export interface ImportsMemo {
  imports(relative: string, hash: string): string[] | null | undefined;
  setImports(relative: string, hash: string, sources: string[] | null): void;
}

/** The platform's ignore rules: its defaults and the site's `.mintignore` (gitignore semantics). */
export async function loadIgnores(root: string): Promise<PathIgnores> {
  // Only a regular file inside the site (not a symbolic link out of it) is read.
  const file = path.join(root, '.mintignore');
  const read = readTextSafe(file, { root: realRoot(root), maxBytes: MAX_MINTIGNORE_BYTES });
  if (!read.ok && read.reason !== 'missing') throw unreadableIgnores(file, read);
  return platformIgnores(read.ok ? read.text : undefined, file);
}

/** Largest `.mintignore` read (some 100,000 lines). */
const MAX_MINTIGNORE_BYTES = 1024 * 1024;

/**
 * A `.mintignore` that exists but cannot be read stops the run: linting without the site's ignore
 * rules would report on files the platform never builds.
 */
function unreadableIgnores(
  file: string,
  read: { reason: string; size?: number; message: string },
): MintignoreLimitError {
  if (read.reason === 'too-large')
    return new MintignoreLimitError(
      file,
      `${read.message}: name folders (\`drafts/\`) or use one wildcard for many files (\`*.draft.mdx\`)`,
    );
  return new MintignoreLimitError(
    file,
    `${read.message}. Without it doclint would lint files the platform ignores: make .mintignore a regular file inside the site, or remove it`,
  );
}

/** `.mdx` and `.md` files: pages or snippets. */
export function isPageFile(relative: string): boolean {
  return isMarkdownFile(relative);
}

export function pageEntry(
  root: string,
  relative: string,
  isSnippet = categorize(relative, NO_IMPORTS) === 'snippet',
): PageEntry {
  return {
    file: path.join(root, relative),
    relative,
    route: relative.replace(/\.(mdx|md)$/i, ''),
    isSnippet,
  };
}

const NO_IMPORTS: ReadonlySet<string> = new Set();

/** Largest file read to find its imports (the largest page that is linted: src/engine/page-reader.ts). */
const MAX_SCANNED_BYTES = 8 * 1024 * 1024;

const IMPORT = Buffer.from('import');
const NONE: readonly string[] = Object.freeze([]);
const LINE_IMPORT = Buffer.from('\nimport');

/** True when a line of the file starts with `import` (as `importLines` needs), without decoding it ("important" is common prose). */
function hasImportLine(buffer: Buffer): boolean {
  return buffer.subarray(0, IMPORT.length).equals(IMPORT) || buffer.includes(LINE_IMPORT);
}

/**
 * What the site's files import: by root-relative, lowercased path (`/snippets/a.mdx`), the files
 * that import it. A page that another file imports is a snippet to the platform. A file whose
 * bytes hold no `import` at all is not decoded; the MDX parser is loaded only for a file whose
 * `import` line does not complete its statement.
 */
/** True when importing `key` (a root-relative, lowercased path) can make a file a snippet that would otherwise be a page. */
function decidesCategory(key: string): boolean {
  const rel = key.replace(/^\/+/, '');
  return isMarkdownFile(rel) && categorize(rel, NO_IMPORTS) === 'page';
}

interface ScanItem {
  rel: string;
  text: string;
  /** The sources of its complete `import` lines: what stands when the file does not parse. */
  sources: string[];
  hash: string;
  signature?: ReadSignature;
  snippets: readonly string[];
}

async function importersOf(
  root: string,
  candidates: string[],
  options: InventoryOptions,
): Promise<Pick<Inventory, 'importers' | 'pendingImports' | 'inclusions'>> {
  const { keep, prefetched, importsMemo, fileMemo } = options;
  const importers = new Map<string, string[]>();
  const pendingImports = new Map<string, PendingImport[]>();
  const inclusions = new Map<string, readonly string[]>();
  const real = realRoot(root);
  const add = (rel: string, sources: string[]) => {
    for (const source of sources) {
      const resolved = resolveImport(source, rel)?.toLowerCase();
      if (resolved === undefined) continue;
      const list = importers.get(resolved);
      if (!list) importers.set(resolved, [rel]);
      else if (!list.includes(rel)) list.push(rel);
    }
  };
  const settled = (item: ScanItem, sources: string[]) => {
    fileMemo?.record(item.rel, item.signature, item.hash, sources, item.snippets);
    add(item.rel, sources);
  };
  let parser: Promise<typeof import('../pages/parse.js')> | undefined;
  const parse = async (item: ScanItem) => {
    const { parsedImportSources } = await (parser ??= import('../pages/parse.js'));
    const parsed = parsedImportSources(item.text, item.rel);
    importsMemo?.setImports(item.rel, item.hash, parsed ?? null);
    settled(item, parsed ?? item.sources);
  };
  const now: ScanItem[] = [];
  for (const rel of candidates) {
    const file = path.join(root, rel);
    const known = fileMemo?.unchanged(rel, file);
    if (known) {
      add(rel, known.sources);
      inclusions.set(rel, known.snippets ?? NONE);
      continue;
    }
    const read = readListedFile(file, { root: real, maxBytes: MAX_SCANNED_BYTES });
    if (!read.ok) continue;
    if (prefetched && keep?.(rel, read.buffer.length)) prefetched.set(rel, read.buffer);
    const hash = fileMemo ? contentHash(read.buffer) : '';
    const importing = hasImportLine(read.buffer);
    const text = importing || read.buffer.includes(SNIPPET_TAG) ? read.buffer.toString('utf8') : '';
    const snippets = text ? snippetInclusions(text) : NONE;
    inclusions.set(rel, snippets);
    if (!importing) {
      fileMemo?.record(rel, read.signature, hash, [], snippets);
      continue;
    }
    const { sources, incomplete } = importLines(text);
    if (!incomplete) {
      fileMemo?.record(rel, read.signature, hash, sources, snippets);
      add(rel, sources);
      continue;
    }
    const item: ScanItem = {
      rel,
      text,
      sources,
      hash: hash || contentHash(read.buffer),
      signature: read.signature,
      snippets,
    };
    const remembered = importsMemo?.imports(rel, item.hash);
    if (remembered !== undefined) {
      settled(item, remembered ?? sources);
      continue;
    }
    // The parse settles on its own imports, or on the import lines' sources when the file does not
    // parse: a file both could differ on. Parsed now when what it imports may make a page a
    // snippet; else when someone asks who imports one of the paths it may import.
    const keys = new Set(
      [...sources, ...importCandidates(text)]
        .map((source) => resolveImport(source, rel)?.toLowerCase())
        .filter((key): key is string => key !== undefined),
    );
    if ([...keys].some(decidesCategory)) {
      now.push(item);
      continue;
    }
    if (keys.size === 0) {
      // Nothing it could import is a file of the site: nothing to settle.
      fileMemo?.record(rel, read.signature, item.hash, sources, snippets);
      continue;
    }
    let done: Promise<void> | undefined;
    const pending: PendingImport = { settle: () => (done ??= parse(item)) };
    for (const key of keys) {
      const list = pendingImports.get(key);
      if (list) list.push(pending);
      else pendingImports.set(key, [pending]);
    }
  }
  for (const item of now) await parse(item);
  return { importers, pendingImports, inclusions };
}

/**
 * Lists the site's files once (no symbolic links followed, so no loops and nothing outside the
 * root), leaving out what the platform ignores, and tells pages from snippets as the platform does
 * (including pages that another file imports).
 */
export async function loadInventory(root: string, options: InventoryOptions = {}): Promise<Inventory> {
  const ignores = await loadIgnores(root);
  const files = new Set<string>();
  const pages = new Map<string, PageEntry>();
  const routes = new Map<string, PageEntry>();
  const kept = listFiles(root).filter((relative) => !ignores.ignores(relative));
  const { importers, pendingImports, inclusions } = await importersOf(root, kept.filter(canImport), options);
  const imported = new Set(importers.keys());
  for (const relative of kept) {
    files.add(relative);
    const category = categorize(relative, imported);
    if (category !== 'page' && category !== 'snippet') continue;
    if (!isMarkdownFile(relative)) continue;
    const entry = pageEntry(root, relative, category === 'snippet');
    pages.set(relative, entry);
    if (entry.isSnippet) continue;
    const existing = routes.get(entry.route);
    if (!existing || (existing.relative.endsWith('.md') && relative.endsWith('.mdx'))) routes.set(entry.route, entry);
  }
  return { pages, routes, files, ignores, importers, pendingImports, inclusions };
}
