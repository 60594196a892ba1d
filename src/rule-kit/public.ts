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
  type ExternalCheckOptions,
  type ExternalLinkChecker,
  type ExternalLinkResult,
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
export { didYouMean, didYouMeanPath } from '../core/suggest.js';
// docs.json as data: a value's JSON pointer (a report's `at: { pointer }`), and the values of a key.
export { isObject, pointerSegment, stringsByKey } from '../core/json.js';
// Links: a link's path decoded, what a link is (for a message), and where a site path lands.
export { decodeLinkPath, describeLink } from './links.js';
export { resolveSitePath, type SiteTarget } from '../model/targets.js';
export type { Fix, Place, Severity, Span } from '../core/diagnostic.js';
export type { FrontmatterField, FrontmatterInfo } from '../pages/frontmatter.js';
export type { FrontmatterFacts } from '../pages/frontmatter-facts.js';
export type { HeadingFact, ImportFact, LinkFact, PageFacts } from '../pages/facts.js';
export type { LintPass, SiteModel } from '../model/site-model.js';
export type { PageEntry } from '../site/site.js';
export type { DocsJson } from '../site/docs-json.js';
export type { NavElement, NavEntry, NavigationModel } from '../site/navigation.js';
export type { Redirect, RedirectTable } from '../site/redirects.js';
// The types of what the site model's analyses return (site.generated(), configValidation(),
// openapiUse(), endpointReferences(), history()): named, so that a plugin can annotate them.
export type { GeneratedPages } from '../model/generated.js';
export type { GeneratedOperation, OpenapiUse } from '../model/openapi-use.js';
export type { EndpointReferenceUse, EndpointReferences, UnusableSpec } from '../model/endpoint-references.js';
export type { LoadedSpec } from '../openapi/loader.js';
export type { EndpointReference } from '../openapi/reference.js';
export type { ReadableSchemaProblem } from '../openapi/schema-problems.js';
export type { ConfigValidation, SchemaError, UnknownKey, UnknownKeyReason } from '../schema/validate.js';
export type { PlaceholderValue } from '../schema/placeholder.js';
export type { FileChange, SiteHistory } from '../site/history.js';
