import type { PageRule } from '../src/pages/rule.js';
import pageCodeLanguage, { meta as pageCodeLanguageMeta } from './page-code-language.js';
import pageComponentAttributes, { meta as pageComponentAttributesMeta } from './page-component-attributes.js';
import pageFrontmatter, { meta as pageFrontmatterMeta } from './page-frontmatter.js';
import pageHeadingIncrement, { meta as pageHeadingIncrementMeta } from './page-heading-increment.js';
import pageImageAlt, { meta as pageImageAltMeta } from './page-image-alt.js';
import pageImageFrame, { meta as pageImageFrameMeta } from './page-image-frame.js';
import pageLinkText, { meta as pageLinkTextMeta } from './page-link-text.js';
import pageMdxSyntax, { meta as pageMdxSyntaxMeta } from './page-mdx-syntax.js';
import pageNoBodyH1, { meta as pageNoBodyH1Meta } from './page-no-body-h1.js';
import pageTerminology, { meta as pageTerminologyMeta } from './page-terminology.js';
import pageUnknownComponent, { meta as pageUnknownComponentMeta } from './page-unknown-component.js';

/** Every page rule, in the order they run on a page's tree. */
export const pageRules: PageRule[] = [
  { meta: pageMdxSyntaxMeta, plugin: pageMdxSyntax },
  { meta: pageFrontmatterMeta, plugin: pageFrontmatter },
  { meta: pageNoBodyH1Meta, plugin: pageNoBodyH1 },
  { meta: pageHeadingIncrementMeta, plugin: pageHeadingIncrement },
  { meta: pageCodeLanguageMeta, plugin: pageCodeLanguage },
  { meta: pageImageFrameMeta, plugin: pageImageFrame },
  { meta: pageImageAltMeta, plugin: pageImageAlt },
  { meta: pageLinkTextMeta, plugin: pageLinkText },
  { meta: pageTerminologyMeta, plugin: pageTerminology },
  { meta: pageUnknownComponentMeta, plugin: pageUnknownComponent },
  { meta: pageComponentAttributesMeta, plugin: pageComponentAttributes },
];
