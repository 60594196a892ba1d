/**
 * What the page pass leaves behind for site checks and the cache, so that no site check ever
 * re-parses a page. Everything here is plain JSON (cacheable). Positions are 1-based.
 */
import type { Span } from '../core/diagnostic.js';
import type { DirectiveFact } from './directives.js';

export type { DirectiveFact, Span };

export interface HeadingFact extends Span {
  depth: number;
  text: string;
  /** The anchor as the platform renders it (`{#custom-id}` when given); `''` when it gets none (levels 5–6, `mode: custom`). */
  id: string;
}

export interface LinkFact extends Span {
  url: string;
  /** markdown `[]()`, markdown image `![]()`, or a JSX attribute such as `<Card href>` / `<img src>`. */
  kind: 'link' | 'image' | 'jsx';
  /** For `jsx`: the element and attribute, e.g. `Card` / `href`. */
  element?: string;
  attribute?: string;
  /** Where the URL is written in the page (offsets), when it is written as it reads: what a suggestion rewrites. */
  urlRange?: [number, number];
}

/** An `import … from 'source'` statement: where the source string is. */
export interface ImportFact extends Span {
  source: string;
  /**
   * For an `import` statement: how many JSX elements of the page name one of the bindings it
   * brings in (`<A />`, `<A.B />`); each is where the platform expands the file (absent for
   * `export … from` and in facts cached by older versions).
   */
  uses?: number;
}

export interface PageFacts {
  /** Parsed front matter (undefined when absent or unparsable). */
  /** Top-level front-matter fields with text, number or boolean values (nested values are left out). */
  frontmatter?: Record<string, string | number | boolean | null>;
  title?: string;
  description?: string;
  /** Front matter `hidden: true`. */
  hidden: boolean;
  /** Front matter `openapi:` value, with its position in the file. */
  openapi?: { value: string } & Span;
  headings: HeadingFact[];
  /** The page's other anchors: JSX headings, `<Update>`, `<Step>`, `<Accordion>`, `<Tab>`, `<ParamField>`… and explicit ids. */
  ids: string[];
  links: LinkFact[];
  directives: DirectiveFact[];
  imports: ImportFact[];
  /** True when the page failed to parse; facts are then as far as they could be read. */
  syntaxError: boolean;
  /**
   * Characters of the page as served in markdown, without the snippets it imports: the text less
   * its front matter and its `import`/`export` blocks (absent in facts cached by older versions).
   */
  servedChars?: number;
  /** What a spelling rule handed over of the page, to be checked with the site's other pages (see `PageSpelling.defer`). */
  spelling?: SpellingFact;
}

/** A page's words as a spelling rule handed them over (plain data; see `DeferredWords` in the rule kit). */
export interface SpellingFact {
  ruleId: string;
  /** The page's language (its language folder's code, else the site's default). */
  language: string;
  /** Characters of a byte-order mark before the text (fix offsets count from the start of the file). */
  bom: number;
  words: string[];
  names: string[];
  data: unknown;
}

export function emptyFacts(): PageFacts {
  return { hidden: false, headings: [], ids: [], links: [], directives: [], imports: [], syntaxError: false };
}
