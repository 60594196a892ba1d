import type { VFile } from 'vfile';
import type { LineIndex } from '../core/text.js';
import type { FrontmatterInfo } from './frontmatter.js';
import type { SyntaxProblem } from './syntax.js';

/**
 * What lintPage knows about the page before any rule runs, handed to the rules on the VFile
 * (`file.data.doclint`), so that no rule re-reads the text or re-parses the front matter.
 */
export interface PageContext {
  /** The text that was parsed: the file's text without a leading BOM, `{#id}` blanked out. */
  text: string;
  lines: LineIndex;
  isSnippet: boolean;
  /** Custom heading ids (`## Title {#id}`) by 1-based line. */
  headingIds: Map<number, string>;
  frontmatter: FrontmatterInfo;
  /** Set when the page did not parse; the tree then holds only what could be read. */
  syntaxError?: SyntaxProblem;
  /** Set when the file's bytes are not all UTF-8: where the first bad ones are. */
  invalidUtf8?: SyntaxProblem;
}

declare module 'vfile' {
  interface DataMap {
    doclint: PageContext;
  }
}

export function pageContext(file: VFile): PageContext {
  const context = file.data.doclint;
  if (!context) throw new Error('doclint page rules run only through lintPage()');
  return context;
}
