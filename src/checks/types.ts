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
   * For a page whose facts are not at hand: the anchors its heading lines and `id` attributes
   * suggest, read without parsing (a superset of its real anchors). Undefined when the facts are
   * at hand anyway, or the page cannot be read; then ask `facts`.
   */
  anchors?(file: string): Promise<string[] | undefined>;
  /** Options the user configured for this rule (undefined when none). */
  options: unknown;
  /** Files whose findings are wanted (the engine filters findings with it too); absent = all. */
  inScope?: (file: string) => boolean;
}

export interface SiteCheck {
  meta: RuleMeta;
  /**
   * Checks run only when docs.json parsed (navigation, redirects and specs come from it), unless
   * they say they stand without it.
   */
  independentOfConfig?: boolean;
  /**
   * The page facts the check reads, when it reads nothing else of a page: with a cache, a whole
   * run reuses its findings while docs.json, the file list, the other files and these facts of
   * every page are unchanged. Leave it out when the check reads page files itself.
   */
  readsFacts?: ReadonlyArray<keyof PageFacts>;
  /** Every finding of the check is in docs.json or its `$ref` files: not run when none of them is in scope. */
  reportsInConfigOnly?: boolean;
  run(context: SiteCheckContext): Promise<Diagnostic[]>;
}
