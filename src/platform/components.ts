/**
 * The components a page can use without importing them (platform reference §2.6, plus the other
 * built-ins the platform ships), and the attributes each documented component accepts.
 */
export const PLATFORM_COMPONENTS: readonly string[] = [
  // §2.6
  'Note',
  'Tip',
  'Warning',
  'Info',
  'Check',
  'CodeGroup',
  'RequestExample',
  'ResponseExample',
  'Steps',
  'Step',
  'Tabs',
  'Tab',
  'AccordionGroup',
  'Accordion',
  'Card',
  'CardGroup',
  'ParamField',
  'ResponseField',
  'Expandable',
  'Frame',
  'Tooltip',
  'Update',
  // other built-ins
  'Danger',
  'Callout',
  'Icon',
  'Badge',
  'Columns',
  'Column',
  'Snippet',
  'Tile',
  'Tree',
  'FileTree',
  'Tree.Folder',
  'Tree.File',
  'Panel',
  'View',
  'Visibility',
  'Latex',
  'Mermaid',
  'Color',
  'Color.Item',
  'Color.Row',
  'Prompt',
  'GitHub.Repo',
];

export const PLATFORM_COMPONENT_SET: ReadonlySet<string> = new Set(PLATFORM_COMPONENTS);

/** Attributes any component accepts (React-level props). */
export const COMMON_ATTRIBUTES: readonly string[] = ['id', 'className', 'style', 'key'];

/**
 * Attributes of the components whose attributes are checked (§2.6 and the platform's component
 * reference). A name not listed here is reported with a did-you-mean.
 */
export const COMPONENT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  Card: ['title', 'icon', 'iconType', 'href', 'color', 'horizontal', 'img', 'cta', 'arrow', 'type'],
  CardGroup: ['cols'],
  Columns: ['cols'],
  Steps: ['titleSize'],
  Step: ['title', 'icon', 'iconType', 'stepNumber', 'titleSize', 'noAnchor'],
  Tabs: ['defaultTabIndex', 'sync', 'borderBottom'],
  Tab: ['title', 'icon', 'iconType'],
  AccordionGroup: [],
  Accordion: ['title', 'description', 'defaultOpen', 'icon', 'iconType'],
  Expandable: ['title', 'defaultOpen'],
  ParamField: ['path', 'body', 'query', 'header', 'type', 'required', 'default', 'deprecated', 'placeholder', 'initialValue', 'pre', 'post', 'hidden'],
  ResponseField: ['name', 'type', 'required', 'default', 'deprecated', 'pre', 'post', 'hidden'],
  Update: ['label', 'description', 'tags', 'rss'],
  Tooltip: ['tip', 'headline', 'cta', 'href'],
  Frame: ['caption', 'hint'],
};

export const PARAM_LOCATIONS: readonly string[] = ['path', 'body', 'query', 'header'];
