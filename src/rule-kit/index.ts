/**
 * The rule kit: everything a rule may use, built-in or from a plugin. A rule file imports this
 * module (types and small helpers) and nothing else of doclint.
 */
export {
  compiledOnce,
  defineRule,
  fillMessage,
  normalisePhrase,
  resolveReport,
  ruleUrl,
  toLineEnd,
  type At,
  type ConfigContext,
  type ConfigRule,
  type ExternalCheckOptions,
  type ExternalLinkChecker,
  type ExternalLinkResult,
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
  type RemovedPage,
  type SiteChange,
  type SiteContext,
  type SiteRule,
  withMessages,
} from './rule.js';
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
export { indexTree, type JsxElement, type Located, type TreeIndex } from '../mdx/tree-index.js';
export { didYouMean, didYouMeanPath } from '../core/suggest.js';
export type { Fix, Place, Severity, Span } from '../core/diagnostic.js';
export type { FrontmatterField, FrontmatterInfo } from '../pages/frontmatter.js';
export type { FrontmatterFacts } from '../pages/frontmatter-facts.js';
export type { HeadingFact, ImportFact, LinkFact, PageFacts } from '../pages/facts.js';
export type { LintPass, SiteModel } from '../model/site-model.js';
export type { NavEntry, NavElement, NavigationModel } from '../site/navigation.js';
export type { GeneratedPages } from '../model/generated.js';
export type { Redirect, RedirectTable } from '../site/redirects.js';
export { isPattern, pathPattern } from '../site/redirects.js';
export { resolveImport, SNIPPET_EXTENSIONS } from '../platform/files.js';
export { cleanHeadingId, componentSlug } from '../platform/slug.js';
export { isBlockElement, isCanvasMode } from '../platform/anchors.js';
export { MAX_REDIRECT_HOPS, resolveSitePath, type SiteTarget } from '../model/targets.js';
export { LineIndex } from '../core/text.js';
export { decodeLinkPath, describeLink } from './links.js';
export type { PageEntry } from '../site/site.js';
export {
  CALLOUT_COMPONENTS,
  COMMON_ATTRIBUTES,
  COMPONENT_ATTRIBUTES,
  PARAM_LOCATIONS,
  PLATFORM_COMPONENTS,
  PLATFORM_COMPONENT_SET,
} from '../platform/components.js';
export { isObject, pointerSegment } from '../core/json.js';
export { suggestName, swapsOpposite } from '../core/suggest-name.js';
export { scopeName } from './navigation.js';
export { fenceProblems, markdownCodeBlocks, type FenceProblem } from '../pages/code-fences.js';
export {
  count,
  customLlmsTxt,
  HOSTS_OPTION,
  llmsAt,
  llmsTxtInScope,
  readLlmsTxt,
  servedLlmsTxt,
  siteHosts,
  siteLinkPath,
  type SiteHost,
  sizeLevel,
  SIZE_LEVELS,
  sizeOptionsSchema,
  type SizeOptions,
  type LlmsLink,
  type LlmsStructure,
  type ServedLlmsTxt,
} from '../agent/llms.js';
export { isDefaultVariant } from '../site/navigation.js';
export { default as ignorePatterns } from 'ignore';
export { outermostTabbed, tabGroups, TABBED_COMPONENTS, type TabGroup } from '../agent/tabs.js';
export { sameNameMisspelt } from '../core/suggest.js';
export { classifyCodeContent, type CodeContent } from '../pages/code-content.js';
export { describeValue } from '../schema/paths.js';
export type { ConfigValidation, SchemaError, UnknownKey, UnknownKeyReason } from '../schema/validate.js';
export type { PlaceholderValue } from '../schema/placeholder.js';
export type { EndpointReferenceUse, EndpointReferences, UnusableSpec } from '../model/endpoint-references.js';
export type { LoadedSpec } from '../openapi/loader.js';
export type { EndpointReference } from '../openapi/reference.js';
export type { ReadableSchemaProblem } from '../openapi/schema-problems.js';
export type { GeneratedOperation } from '../model/openapi-use.js';
