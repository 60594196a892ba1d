/**
 * The rule kit: everything a rule may use. A rule file imports this module and nothing else of
 * doclint. A plugin gets the published part (./public.ts, `import … from 'doclint'`): the rule API,
 * the types of everything the contexts give, the tree helpers and a few link and JSON helpers.
 *
 * Built-in rules also use the names below, which are not published, for these reasons (the same
 * groups as in docs/writing-rules.md; test/meta/rule-kit.test.ts lists each name a rule uses and
 * fails on one not listed there):
 *
 * - platform data: what the platform renders and how (its components and their attributes, icon
 *   libraries, heading slugs and anchors, which files it publishes, redirect patterns). It follows
 *   each platform version doclint tracks (src/platform/), so publishing it would make every
 *   platform update a breaking change of the API; a plugin sees its effect in the site model
 *   (routes, page facts, icons) instead.
 * - family helpers: what a family of built-in rules shares so that its rules agree with each other
 *   (the agent-readiness rules' reading and sizing of llms.txt, pages and tabs; the translation
 *   rules' pairing of languages; code fences; the icon rules' `pro` option). Their shape follows
 *   those rules' options and messages and changes with them.
 * - heuristics: what built-in findings are tuned with (name suggestions for the platform's
 *   vocabularies, what a code block holds, how a value or a scope is described); they change
 *   whenever a message is improved.
 * - another package: `ignorePatterns` is the `ignore` package; a plugin depends on it itself.
 * - the engine's side: `withMessages`, `resolveReport` and `indexTree` are how the engine and the
 *   RuleTester run a rule, not what a rule calls.
 */
export * from './public.js';
export { resolveReport, withMessages } from './rule.js';
export { indexTree } from '../mdx/tree-index.js';
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
export { isPattern, pathPattern } from '../site/redirects.js';
export { isAgentInstructionFile, resolveImport, SNIPPET_EXTENSIONS } from '../platform/files.js';
export { isGeneratedFile } from '../core/generated-marker.js';
export { cleanHeadingId, componentSlug } from '../platform/slug.js';
export { accordionIdClashes, isBlockElement, isCanvasMode, type AccordionIdClash } from '../platform/anchors.js';
export { MAX_REDIRECT_HOPS, SCOPED_LLMS } from '../model/targets.js';
export { anchorIn, decodeFragment, IdSet, ownIds, quickIds, shownIds } from './page-ids.js';
export { fieldAnchorVerdict, isFieldAnchor, type FieldAnchorVerdict, type OperationFields } from '../openapi/fields.js';
export { pageOperationFields } from '../model/api-fields.js';
export {
  CALLOUT_COMPONENTS,
  COMMON_ATTRIBUTES,
  COMPONENT_ATTRIBUTES,
  PARAM_LOCATIONS,
  PLATFORM_COMPONENTS,
  PLATFORM_COMPONENT_SET,
} from '../platform/components.js';
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
export { PRO_ICON_OPTIONS_SCHEMA, PRO_ICON_PROBLEM, reportsProIcons, type ProIconOptions } from './icons.js';
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
export { classifyCodeContent, type CodeContent } from '../pages/code-content.js';
export { describeValue } from '../schema/paths.js';
export {
  isOwnMetadataKey,
  misspeltFrontmatterField,
  PLATFORM_FRONTMATTER_KEYS,
  REDIRECT_LIKE_KEY,
} from '../platform/frontmatter-keys.js';
