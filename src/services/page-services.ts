import type { PageSpelling } from '../rule-kit/rule.js';

/** What a run's spelling check gives each page (src/services/spelling/load.ts), when a spelling rule is on. */
export interface SpellingResources {
  /** The spelling a page gets (undefined: the rule does not run, the library is missing). */
  forPage(file: string): PageSpelling | undefined;
  /**
   * True when the words are checked after the page pass, for the whole site at once: a page's
   * spelling then has no dictionary, and the rule defers its words (they go in the page's facts).
   */
  defers?: boolean;
}
