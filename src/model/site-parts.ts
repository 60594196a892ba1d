import type { PageFacts } from '../pages/facts.js';
import type { DocsJson } from '../site/docs-json.js';
import type { NavigationModel } from '../site/navigation.js';
import type { PageEntry } from '../site/site.js';
import type { SiteSpecs } from '../site/specs.js';

/** What one lint pass gives the analyses that read pages: their facts, and which files are wanted. */
export interface LintPass {
  facts(file: string): Promise<PageFacts | undefined>;
  inScope(file: string): boolean;
}

/**
 * What the site model's analyses (generated pages, OpenAPI use, endpoint references) read of the
 * site: the model (site-model.ts) is one, and builds them on first use.
 */
export interface SiteParts {
  readonly root: string;
  readonly config: DocsJson;
  /** Every page and snippet, by site-relative path. */
  readonly pages: Map<string, PageEntry>;
  readonly navigation: NavigationModel;
  readonly specs: SiteSpecs;
}
