import type { Root } from 'mdast';
import type { Processor } from 'unified';
import type { PageRule } from '../rule-kit/rule.js';

/*
 * What the configuration makes of the page rules: the plan the page pass runs on every page
 * (src/engine/lint-page.ts).
 */

/** One enabled page rule, under the id it runs as, with its options. */
export interface PlannedPageRule {
  id: string;
  rule: PageRule;
  options: unknown;
}

/** remark plugins (remark-lint rules and the like) run on the same tree, after doclint's rules. */
export interface RemarkPlugins {
  processor: Processor<Root, Root, Root>;
  /** The rule id a message of the plugins gets (from its `source` and `ruleId`). */
  ruleIdOf(message: { source?: string | null; ruleId?: string | null }): string;
}

/** What the page pass runs on every page: built once per configuration (in practice once per run). */
export interface PagePlan {
  rules: PlannedPageRule[];
  /** Every rule id of the run (for directives that name rules). */
  ruleIds: ReadonlySet<string>;
  remark?: RemarkPlugins;
}
