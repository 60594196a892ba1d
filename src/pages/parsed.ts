import type { Root } from 'mdast';
import type { Span } from '../core/diagnostic.js';
import type { LineIndex } from '../core/text.js';
import type { TreeIndex } from '../mdx/tree-index.js';
import type { DirectiveFact } from './directives.js';
import type { FrontmatterInfo } from './frontmatter.js';
import type { SyntaxProblem } from './syntax.js';

/** A page as the page pass parsed it, once: what every page rule's context (src/rule-kit) holds. */
export interface ParsedPage {
  /** Absolute path. */
  file: string;
  /** Site-relative path, with forward slashes, when the page is linted as part of a site. */
  relative?: string;
  /** The text that was parsed: the file's text without a leading BOM, `{#id}` blanked out (same length). */
  text: string;
  lines: LineIndex;
  tree: Root;
  /** Every node the rules care about, collected in one walk. */
  index: TreeIndex;
  frontmatter: FrontmatterInfo;
  /** A snippet: included into pages, so no front-matter requirements and no "must be inside" checks. */
  isSnippet: boolean;
  /** Custom heading ids (`## Title {#id}`) by 1-based line. */
  headingIds: Map<number, string>;
  /** Set when the page did not parse (only rules with `runOnSyntaxError` run then). */
  syntaxError?: SyntaxProblem;
  /** Set when the file's bytes are not all UTF-8: where the first bad ones are. */
  invalidUtf8?: SyntaxProblem;
  /** Set when the file could not be read as a page at all (too large, binary, unreadable). */
  unreadable?: SyntaxProblem & { problem?: string };
  /** The page's inline `doclint-…` directives. */
  directives: readonly DirectiveFact[];
}

export interface PageInput {
  /** Absolute path of the page. */
  file: string;
  /** Site-relative path, with forward slashes, when the page is linted as part of a site. */
  relative?: string;
  text: string;
  /** Snippets: no front-matter requirements, no "must be inside" checks. */
  isSnippet: boolean;
  /**
   * Offset in `text` of the first character decoded from bytes that are not UTF-8 (see
   * `invalidUtf8Offset`), when the reader found some: reported by page-mdx-syntax.
   */
  invalidUtf8?: number;
  /**
   * The file could not be read or checked as a page (too large, binary, unreadable, took too
   * long): only reported, at `at` (default: the start of the file).
   */
  unreadable?: { message: string; problem?: string; at?: Span };
}
