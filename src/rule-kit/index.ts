/**
 * The rule kit: everything a rule may use, built-in or from a plugin. A rule file imports this
 * module (types and small helpers) and nothing else of doclint.
 */
export * from './public.js';
export { resolveReport, withMessages } from './rule.js';
export { indexTree } from '../mdx/tree-index.js';
export { didYouMeanPath } from '../core/suggest.js';
export {
  counterpartRoute,
  languageSets,
  languagesMissingFromVersions,
  missingLanguagePointer,
  unpairedLanguages,
  unpairedNote,
  type LanguageSet,
  type NavLanguage,
} from '../site/languages.js';
export { frontmatterFieldPlaces } from '../pages/frontmatter-facts.js';
export type { FileChange, SiteHistory } from '../site/history.js';
export type { ExternalCheckOptions, ExternalLinkChecker, ExternalLinkResult } from './rule.js';
export type { GeneratedPages } from '../model/generated.js';
export { isPattern, pathPattern } from '../site/redirects.js';
export { isAgentInstructionFile, resolveImport, SNIPPET_EXTENSIONS } from '../platform/files.js';
export { isGeneratedFile } from '../core/generated-marker.js';
export { cleanHeadingId, componentSlug } from '../platform/slug.js';
export { accordionIdClashes, isBlockElement, isCanvasMode, type AccordionIdClash } from '../platform/anchors.js';
export { MAX_REDIRECT_HOPS, resolveSitePath, SCOPED_LLMS, type SiteTarget } from '../model/targets.js';
export { decodeLinkPath, describeLink } from './links.js';
export {
  CALLOUT_COMPONENTS,
  COMMON_ATTRIBUTES,
  COMPONENT_ATTRIBUTES,
  PARAM_LOCATIONS,
  PLATFORM_COMPONENTS,
  PLATFORM_COMPONENT_SET,
} from '../platform/components.js';
export { isObject, pointerSegment, stringsByKey } from '../core/json.js';
export { suggestName, swapsOpposite } from '../core/suggest-name.js';
export {
  DEFAULT_ICON_LIBRARY,
  FONT_AWESOME_STYLES,
  ICON_LIBRARY_NAMES,
  ICON_SET_VERSIONS,
  iconLibraryOf,
  iconVerdict,
  isFontAwesomePro,
  isIconImage,
  siteIcons,
  suggestIcon,
  type IconVerdict,
} from '../platform/icons.js';
export { duplicateTitles, scopeName, type DuplicateTitle } from './navigation.js';
export { fenceProblems, markdownCodeBlocks, type FenceProblem } from '../pages/code-fences.js';
export {
  count,
  customLlmsTxt,
  HOSTS_OPTION,
  llmsAt,
  llmsTxtInScope,
  readLlmsTxt,
  servedLlmsTxt,
  llmsSiteHosts,
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
export {
  isOwnMetadataKey,
  misspeltFrontmatterField,
  PLATFORM_FRONTMATTER_KEYS,
  REDIRECT_LIKE_KEY,
} from '../platform/frontmatter-keys.js';
