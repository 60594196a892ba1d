/*
 * The elements a page can use without importing them: the platform's allowlist (read from
 * @mintlify/common 1.0.1176, `allowedComponents`; test/platform/ compares it with the platform's
 * own). A block-level element that is not on it, not exported by the page and not imported from a
 * snippet is removed from the page, with everything inside it, without a word.
 */

/** Components (capitalised names, dotted ones included), in the platform's order. */
export const PLATFORM_COMPONENTS: readonly string[] = [
  'ApiPlayground',
  'Accordion',
  'AccordionGroup',
  'Badge',
  'Callout',
  'CodeGroup',
  'CodeBlock',
  'Color',
  'Color.Row',
  'Color.Item',
  'CustomCode',
  'CustomComponent',
  'DynamicCustomComponent',
  'Danger',
  'Tile',
  'Tree',
  'Tree.Folder',
  'Tree.File',
  'FileTree',
  'SnippetGroup',
  'Panel',
  'RequestExample',
  'ResponseExample',
  'Param',
  'ParamField',
  'Prompt',
  'Card',
  'CardGroup',
  'Columns',
  'Column',
  'Expandable',
  'Frame',
  'GitHub',
  'GitHub.Repo',
  'Github',
  'Github.Repo',
  'Heading',
  'Info',
  'Icon',
  'MDX',
  'Link',
  'MDXContentController',
  'ResponseField',
  'Warning',
  'Note',
  'Tip',
  'Check',
  'Tabs',
  'Tab',
  'Tooltip',
  'Latex',
  'Step',
  'Steps',
  'Update',
  'ZoomImage',
  'OptimizedVideo',
  'Mermaid',
  'Variation',
  'Visibility',
  'View',
];

/**
 * Names the platform rewrites before it checks the allowlist: `<Example>` becomes `<Frame>`, and
 * the legacy `<Snippet file="…">` is replaced by the snippet it names.
 */
export const PLATFORM_COMPONENT_ALIASES: readonly string[] = ['Example', 'Snippet'];

/** HTML and SVG elements on the allowlist (others, such as `<details>` or `<circle>`, are removed when they stand as blocks). */
export const PLATFORM_HTML_ELEMENTS: readonly string[] = [
  'a',
  'b',
  'br',
  'button',
  'clipPath',
  'col',
  'colgroup',
  'defs',
  'div',
  'form',
  'g',
  'h1',
  'h2',
  'h3',
  'h4',
  'head',
  'hr',
  'iframe',
  'img',
  'input',
  'label',
  'li',
  'link',
  'ol',
  'p',
  'path',
  'picture',
  'rect',
  'script',
  'section',
  'source',
  'span',
  'sub',
  'sup',
  'svg',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tr',
  'ul',
  'video',
  'code',
  'kbd',
  'pre',
  'zapier-zap-templates',
];

export const PLATFORM_COMPONENT_SET: ReadonlySet<string> = new Set([
  ...PLATFORM_COMPONENTS,
  ...PLATFORM_COMPONENT_ALIASES,
]);

/** Attributes any component accepts (React-level props). */
export const COMMON_ATTRIBUTES: readonly string[] = ['id', 'className', 'style', 'key'];

/** The callouts: the kind of callout is the component's name (`<Warning>`), not an attribute. */
export const CALLOUT_COMPONENTS: readonly string[] = ['Note', 'Tip', 'Info', 'Warning', 'Danger', 'Check'];

const CALLOUT_ATTRIBUTES = ['icon', 'iconType', 'color'];

/**
 * Attributes of the components whose attributes are checked, a name not listed being reported
 * with a did-you-mean. Read from the platform's own code (the component attributes of its editor,
 * `@mintlify/cli` 4.2.941 `bin/vendor/converter.js`: `CALLOUT_ATTRS`, `BADGE_ATTRS`,
 * `CODE_BLOCK_ATTRS`…, which keeps any other attribute apart as an extra) and its component
 * reference (§2.6), for the attributes the editor edits as content (`title` of `<Card>`).
 * Components whose attributes are not known (`Panel`, `CodeGroup`, `RequestExample`) are not
 * listed, so any attribute passes there.
 */
export const COMPONENT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  ...Object.fromEntries(CALLOUT_COMPONENTS.map((name) => [name, CALLOUT_ATTRIBUTES])),
  Callout: ['type', ...CALLOUT_ATTRIBUTES],
  Badge: ['color', 'size', 'shape', 'stroke', 'disabled', 'icon', 'iconType'],
  Icon: ['icon', 'iconType', 'color', 'size', 'name', 'src'],
  CodeBlock: [
    'language',
    'lang',
    'filename',
    'filenameSyntax',
    'expandable',
    'icon',
    'lines',
    'wrap',
    'highlight',
    'focus',
    'add',
    'remove',
    'twoslash',
    'nocopy',
  ],
  Prompt: ['description', 'icon', 'iconType', 'actions'],
  Mermaid: ['chart', 'placement', 'actions'],
  Visibility: ['for'],
  Tile: ['href', 'title', 'description'],
  View: ['title', 'icon', 'iconType'],
  GitHub: ['repo', 'variant'],
  'Tree.Folder': ['name', 'defaultOpen', 'openable', 'highlight'],
  'Tree.File': ['name', 'highlight'],
  Card: ['title', 'icon', 'iconType', 'href', 'color', 'horizontal', 'img', 'cta', 'arrow', 'type'],
  CardGroup: ['cols'],
  Columns: ['cols'],
  Steps: ['titleSize'],
  Step: ['title', 'icon', 'iconType', 'stepNumber', 'titleSize', 'noAnchor', 'isLast'],
  Tabs: ['defaultTabIndex', 'sync', 'borderBottom'],
  Tab: ['title', 'icon', 'iconType'],
  AccordionGroup: [],
  Accordion: ['title', 'description', 'defaultOpen', 'icon', 'iconType'],
  Expandable: ['title', 'defaultOpen'],
  ParamField: [
    'path',
    'body',
    'query',
    'header',
    'type',
    'required',
    'default',
    'deprecated',
    'placeholder',
    'initialValue',
    'pre',
    'post',
    'hidden',
  ],
  ResponseField: ['name', 'type', 'required', 'default', 'deprecated', 'pre', 'post', 'hidden'],
  Update: ['label', 'description', 'tags', 'rss'],
  Tooltip: ['tip', 'headline', 'cta', 'href'],
  Frame: ['caption', 'hint'],
};

export const PARAM_LOCATIONS: readonly string[] = ['path', 'body', 'query', 'header'];
