import type { PathIgnores } from './mintignore.js';
import type { DocsJson } from './docs-json.js';

/** One page (or snippet) file of the site. */
export interface PageEntry {
  /** Absolute path. */
  file: string;
  /** Site-relative path with forward slashes, extension kept: `guides/intro.mdx`. */
  relative: string;
  /** The navigation path of the page: `guides/intro` (no extension). `index` pages keep `index`. */
  route: string;
  /**
   * A snippet, not a page, as the platform decides: under `snippets/` or `_snippets/` at the root,
   * or imported by another file.
   */
  isSnippet: boolean;
}

/**
 * The whole site, built once per run (and kept alive by the language server): the resolved
 * docs.json with positions, and the inventory of files that are not ignored.
 */
export interface Site {
  /** Absolute path of the folder holding docs.json. */
  root: string;
  config: DocsJson;
  /** Every page and snippet, by site-relative path (`guides/intro.mdx`). */
  pages: Map<string, PageEntry>;
  /** Pages by route (`guides/intro`), snippets excluded; `.mdx` wins over `.md`. */
  routes: Map<string, PageEntry>;
  /** Every non-ignored file of the site, site-relative with forward slashes (images, specs, …). */
  files: Set<string>;
  /** The platform's ignore rules (defaults + `.mintignore`) for site-relative paths. */
  ignores: PathIgnores;
  /** By root-relative, lowercased path (`/snippets/a.mdx`), the files that import it (as read when the site was listed). */
  importers?: Map<string, string[]>;
  /** Imports an MDX parse settles on demand (see `Inventory.pendingImports`). */
  pendingImports?: Map<string, PendingImport[]>;
  /** What each file's `<Snippet file>` elements include, as read when the site was listed (see `Inventory.inclusions`). */
  inclusions?: Map<string, readonly string[]>;
}

/** A file whose imports an MDX parse must settle (see `Inventory.pendingImports`). */
export interface PendingImport {
  settle(): Promise<void>;
}
