import type { Diagnostic } from '../core/diagnostic.js';
import type { RuleMeta } from '../core/rule.js';
import type { PageFacts } from '../pages/facts.js';
import type { Site } from '../site/site.js';

/** What a site check sees: the site model and, lazily, each page's facts (parsed at most once). */
export interface SiteCheckContext {
  site: Site;
  /** Facts of a page by absolute path; parses the page on first request, then memoised. */
  facts(file: string): Promise<PageFacts | undefined>;
  /**
   * True when findings in this file are wanted (a whole-site run wants all; a pre-commit run of a
   * few files wants only those). Checks may skip work for files out of scope; the engine filters
   * findings by scope in any case.
   */
  inScope(file: string): boolean;
  /** Options the user configured for this rule (undefined when none). */
  options: unknown;
}

export interface SiteCheck {
  meta: RuleMeta;
  run(context: SiteCheckContext): Promise<Diagnostic[]>;
}
