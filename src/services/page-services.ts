import type { PageSpelling } from '../rule-kit/rule.js';

/** What a run's spelling check gives each page (src/services/spelling/load.ts), when a spelling rule is on. */
export interface SpellingResources {
  /** The spelling a page gets (undefined: the rule does not run, the library is missing). */
  forPage(file: string): PageSpelling | undefined;
}
