/**
 * The part of the rule kit that doclint publishes (`import { defineRule } from 'doclint'`, see
 * src/api/index.ts): the rule API, its types and the tree helpers. The rule kit
 * (src/rule-kit/index.ts) exports all of it, and the helpers only built-in rules use.
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
  type PageSpelling,
  type PageRule,
  type ProblemMeta,
  type Report,
  type ReportDescriptor,
  type ReportRelated,
  type ReportSuggestion,
  type Rule,
  type RuleKind,
  type RuleMeta,
  type RemovedPage,
  type SiteChange,
  type SiteContext,
  type SiteIcons,
  type SiteRule,
  type SpellingDictionary,
  type DeferredWords,
  type SiteVocabulary,
  type SpellingContext,
} from './rule.js';
export type { IconLibrary } from '../platform/icons.js';
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
