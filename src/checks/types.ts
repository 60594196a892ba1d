import type { Diagnostic } from '../core/diagnostic.js';
import type { RuleMeta } from '../core/rule.js';
import type { PageFacts } from '../pages/facts.js';
import type { Site } from '../site/site.js';

/** What a site check sees: the site model and, lazily, each page's facts (parsed at most once). */
export interface SiteCheckContext {
  site: Site;
  /** Facts of a page by absolute path; parses the page on first request, then memoised. */
  facts(file: string): Promise<PageFacts | undefined>;
  /** Options the user configured for this rule (undefined when none). */
  options: unknown;
}

export interface SiteCheck {
  meta: RuleMeta;
  run(context: SiteCheckContext): Promise<Diagnostic[]>;
}
