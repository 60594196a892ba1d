/**
 * doclint's public API (`import { defineRule, RuleTester } from 'doclint'`): what a plugin's rules
 * are written and tested with. A rule is the same object the command line's `plugins` load
 * (src/engine/doclintrc.ts): `meta` and `check(context)`. This module holds none of the command
 * line; the RuleTester loads the engine on its first case.
 */
export {
  compiledOnce,
  defineRule,
  fillMessage,
  normalisePhrase,
  ruleUrl,
  toLineEnd,
  type At,
  type ConfigContext,
  type ConfigRule,
  type MessageData,
  type MessageReport,
  type PageContext,
  type PageRule,
  type ProblemMeta,
  type Report,
  type ReportDescriptor,
  type ReportRelated,
  type ReportSuggestion,
  type Rule,
  type RuleKind,
  type RuleMeta,
  type SiteContext,
  type SiteRule,
} from '../rule-kit/rule.js';
// Reading the page's tree (MDX elements, their attributes, positions).
export {
  attribute,
  expressionKind,
  hasSpread,
  insideElement,
  isComponentName,
  isJsx,
  nameSpan,
  nearestComponent,
  spanOf,
  staticString,
  textOf,
  type ExpressionKind,
} from '../mdx/nodes.js';
export type { JsxElement, Located, TreeIndex } from '../mdx/tree-index.js';
export { LineIndex } from '../core/text.js';
export { didYouMean } from '../core/suggest.js';
export type { Fix, Place, Severity, Span } from '../core/diagnostic.js';
export type { FrontmatterField, FrontmatterInfo } from '../pages/frontmatter.js';
export type { FrontmatterFacts } from '../pages/frontmatter-facts.js';
export type { HeadingFact, ImportFact, LinkFact, PageFacts } from '../pages/facts.js';
export type { LintPass, SiteModel } from '../model/site-model.js';
export type { PageEntry } from '../site/site.js';
export type { DocsJson } from '../site/docs-json.js';
export type { NavElement, NavEntry, NavigationModel } from '../site/navigation.js';
export type { Redirect, RedirectTable } from '../site/redirects.js';
export {
  DEFAULT_DOCS_JSON,
  PAGE_FILE,
  RuleTester,
  SITE_FRONT,
  type ExpectedError,
  type PageCase,
  type PageInvalidCase,
  type PageTests,
  type SiteCase,
  type SiteInvalidCase,
  type SiteTests,
} from './rule-tester.js';
