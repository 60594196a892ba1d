import type { Node } from 'unist';
import {
  accordionIdClashes,
  attribute,
  CALLOUT_COMPONENTS,
  COMMON_ATTRIBUTES,
  COMPONENT_ATTRIBUTES,
  compiledOnce,
  defineRule,
  suggestName,
  expressionKind,
  hasSpread,
  insideElement,
  nameSpan,
  PARAM_LOCATIONS,
  spanOf,
  staticString,
  type JsxElement,
  type MessageData,
  type PageContext,
} from '../src/rule-kit/index.js';

export interface Options {
  /**
   * More attributes to require, by component, on top of the built-in ones: e.g.
   * `{ "Update": ["description"], "Expandable": ["title"] }`.
   */
  required?: Record<string, string[]>;
}

/**
 * Attributes a component cannot do without. Optional on the platform, and left out on purpose by
 * real sites, so not asked for here (a site can require them with the `required` option):
 * `description` of `<Update>` and `title` of `<Expandable>` (most changelogs have no description),
 * `name` of `<ResponseField>` (a field that describes the return value as a whole; it renders
 * without an anchor), `title` of `<Step>` (a numbered step of content only), and `type` of
 * `<ParamField>` and `<ResponseField>` outside API pages (the component renders without it).
 */
const REQUIRED: Record<string, readonly string[]> = {
  Tab: ['title'],
  Accordion: ['title'],
  Update: ['label'],
  Tooltip: ['tip'],
};

/**
 * Required on a page with `api` front matter only: the platform builds the page's endpoint (its API
 * playground) from the fields, and leaves out a field without a `type`.
 */
const API_PAGE_REQUIRED: Record<string, readonly string[]> = { ParamField: ['type'], ResponseField: ['type'] };

/** Attributes that look meaningful but are not: what to write instead. */
const HINTS: Record<string, string> = {
  optional: 'fields are optional unless marked `required`; remove `optional`',
};

/** Attributes that look meaningful on one component but are not: what to write instead. */
const COMPONENT_HINTS: Record<string, Record<string, string>> = Object.fromEntries(
  CALLOUT_COMPONENTS.map((name) => [
    name,
    {
      type: `the kind of callout is its name: write \`<Info>\`, \`<Warning>\`, \`<Tip>\`… (or \`<Callout type="…">\`) and remove \`type\``,
    },
  ]),
);
for (const name of ['ParamField', 'ResponseField'])
  COMPONENT_HINTS[name] = {
    optional:
      'fields are optional unless marked `required`, and `optional={false}` does not change that: write `required` to mark the field required',
  };

/**
 * `optional` on a field, bare or `{true}`: it states what the platform does anyway (a field is
 * optional unless marked `required`), so the page shows what its writer meant; not reported.
 */
function statesOptionalDefault(name: string, attr: { name: string; value?: unknown }): boolean {
  if (attr.name !== 'optional' || !(name === 'ParamField' || name === 'ResponseField')) return false;
  const value = attr.value as string | { value?: string } | null | undefined;
  if (value === null || value === undefined) return true;
  return (typeof value === 'string' ? value : value.value)?.trim() === 'true';
}

/** Components that only make sense inside a given parent (skipped in snippets, which are included). */
const PARENT: Record<string, string> = { Step: 'Steps', Tab: 'Tabs' };

const NUMBER_ATTRIBUTES: Record<string, readonly string[]> = { CardGroup: ['cols'], Columns: ['cols'] };
const STRING_ATTRIBUTES: Record<string, readonly string[]> = { Card: ['href', 'title', 'icon'] };

const known: Record<string, Set<string>> = Object.fromEntries(
  Object.entries(COMPONENT_ATTRIBUTES).map(([name, list]) => [name, new Set([...list, ...COMMON_ATTRIBUTES])]),
);

const MESSAGES = {
  missing: '`<{{name}}>` needs a `{{attr}}` attribute',
  missingApi:
    '`<{{name}}>` needs a `{{attr}}` attribute: on a page with `api` front matter, the platform leaves a field without one out of the API playground',
  empty: '`{{attr}}` of `<{{name}}>` is empty',
  noLocation: '`<ParamField>` needs one location attribute: `path`, `body`, `query` or `header`',
  manyLocations: '`<ParamField>` has {{locations}}: keep exactly one location attribute',
  notNumber: '`{{attr}}` of `<{{name}}>` must be a number of columns, such as `{{attr}}={2}`',
  notString: '`{{attr}}` of `<{{name}}>` must be a string: write `{{attr}}="…"`',
  parent: '`<{{name}}>` must be inside `<{{parent}}>`',
  unknownHint: 'unknown attribute `{{attr}}` on `<{{name}}>`: {{hint}}',
  unknownClose: 'unknown attribute `{{attr}}` on `<{{name}}>`: did you mean `{{suggestion}}`?',
  unknown: 'unknown attribute `{{attr}}` on `<{{name}}>`: it has no effect ({{name}} takes {{known}})',
  cardDescriptionNoBody:
    '`description` of a `<Card>` with no body is not shown at all: the card shows its title and its body only; move the text into the body (`<Card title="…">text</Card>`)',
  cardDescription:
    '`description` of `<Card>` is not shown: the card shows its title and its body only; move the text into the body',
  duplicateId:
    'two `<Accordion>`s of this `<AccordionGroup>` have the id `{{id}}` (the first on line {{line}}): a deep link reaches only the first; give each its own id',
  duplicateTitle:
    'two `<Accordion>`s of this `<AccordionGroup>` have the title "{{title}}" (the first on line {{line}}): readers and deep links cannot tell them apart; give each its own title',
  pageId:
    '`<Accordion title="{{title}}">` has the id `{{id}}`, as does the accordion on line {{line}}: the platform warns at build that deep links and assistive technology may reach the wrong one; give it an `id` of its own',
};

type Message = { messageId: keyof typeof MESSAGES; data?: MessageData };

function isEmpty(element: JsxElement, name: string): 'missing' | 'empty' | undefined {
  const attr = attribute(element, name);
  if (!attr) return 'missing';
  const value = staticString(attr);
  return value !== undefined && value.trim() === '' ? 'empty' : undefined;
}

/** A page whose endpoint the platform builds from its fields: `api` front matter (a string). */
function isApiPage(context: PageContext<Options>): boolean {
  return typeof context.frontmatter.data?.api === 'string';
}

type Report = (
  message: Message,
  at: ReturnType<typeof spanOf>,
  rename?: { range: [number, number]; text: string },
) => void;

function checkElement(
  context: PageContext<Options>,
  element: JsxElement,
  ancestors: readonly Node[],
  apiPage: boolean,
): void {
  const { isSnippet, options } = context;
  const report: Report = (message, at, rename) =>
    context.report({
      ...message,
      at,
      suggestions: rename ? [{ desc: `Rename the attribute to \`${rename.text}\``, fix: rename }] : undefined,
    });
  const name = element.name!;
  const where = nameSpan(element);
  if (!hasSpread(element)) {
    checkRequired(element, options, apiPage, report);
    if (name === 'ParamField') checkParamLocation(element, report);
  }
  checkValueTypes(element, report);
  // Parent.
  const parent = PARENT[name];
  if (parent && !isSnippet && !insideElement(ancestors, parent)) {
    report({ messageId: 'parent', data: { name, parent } }, where);
  }
  checkUnknown(element, report);
}

/** Required attributes: the configured ones, and on API pages the ones the page needs. */
function checkRequired(element: JsxElement, options: Options | undefined, apiPage: boolean, report: Report): void {
  const name = element.name!;
  const where = nameSpan(element);
  const configured = requiredOf(options).get(name) ?? [];
  const forApi = apiPage ? (API_PAGE_REQUIRED[name] ?? []).filter((a) => !configured.includes(a)) : [];
  for (const attr of [...configured, ...forApi]) {
    const problem = isEmpty(element, attr);
    if (problem === 'missing')
      report({ messageId: forApi.includes(attr) ? 'missingApi' : 'missing', data: { name, attr } }, where);
    else if (problem === 'empty')
      report({ messageId: 'empty', data: { name, attr } }, spanOf(attribute(element, attr)) ?? where);
  }
}

/** A ParamField names exactly one location. */
function checkParamLocation(element: JsxElement, report: Report): void {
  const where = nameSpan(element);
  const locations = PARAM_LOCATIONS.filter((l) => attribute(element, l));
  if (locations.length === 0) {
    report({ messageId: 'noLocation' }, where);
  } else if (locations.length > 1) {
    report(
      { messageId: 'manyLocations', data: { locations: locations.map((l) => `\`${l}\``).join(' and ') } },
      spanOf(attribute(element, locations[1]!)) ?? where,
    );
  }
}

const NOT_A_NUMBER = new Set(['string', 'boolean', 'null', 'object', 'array', undefined]);
const NOT_A_STRING = new Set(['number', 'boolean', 'null', 'object', 'array', undefined]);

/** Types of values: numbers where the component computes with them, strings where it shows them. */
function checkValueTypes(element: JsxElement, report: Report): void {
  const name = element.name!;
  const where = nameSpan(element);
  for (const attrName of NUMBER_ATTRIBUTES[name] ?? []) {
    const attr = attribute(element, attrName);
    if (!attr) continue;
    const kind = expressionKind(attr);
    const literal = staticString(attr);
    // A string of digits works: the component builds its grid's class name from the value.
    if (kind === 'string' && literal !== undefined && /^\d+$/.test(literal.trim())) continue;
    if (NOT_A_NUMBER.has(kind))
      report({ messageId: 'notNumber', data: { name, attr: attrName } }, spanOf(attr) ?? where);
  }
  for (const attrName of STRING_ATTRIBUTES[name] ?? []) {
    const attr = attribute(element, attrName);
    if (!attr) continue;
    if (NOT_A_STRING.has(expressionKind(attr)))
      report({ messageId: 'notString', data: { name, attr: attrName } }, spanOf(attr) ?? where);
  }
}

/** Attributes the component does not take. */
function checkUnknown(element: JsxElement, report: Report): void {
  const name = element.name!;
  const where = nameSpan(element);
  const allowed = known[name];
  if (!allowed) return;
  for (const attr of element.attributes) {
    if (attr.type !== 'mdxJsxAttribute') continue;
    const attrName = attr.name;
    if (allowed.has(attrName) || attrName.startsWith('data-') || attrName.startsWith('aria-') || attrName.includes(':'))
      continue;
    if (statesOptionalDefault(name, attr)) continue;
    // The most frequent one: a card's text written as an attribute, as other components take it.
    if (name === 'Card' && attrName === 'description') {
      const body = element.children.some(
        (child) => child.type !== 'text' || (child as { value?: string }).value?.trim(),
      );
      report({ messageId: body ? 'cardDescription' : 'cardDescriptionNoBody' }, spanOf(attr) ?? where);
      continue;
    }
    const suggestion = suggestName(attrName, allowed);
    const hint = COMPONENT_HINTS[name]?.[attrName] ?? HINTS[attrName];
    report(
      hint
        ? { messageId: 'unknownHint', data: { name, attr: attrName, hint } }
        : suggestion
          ? { messageId: 'unknownClose', data: { name, attr: attrName, suggestion } }
          : {
              messageId: 'unknown',
              data: {
                name,
                attr: attrName,
                known: [...COMPONENT_ATTRIBUTES[name]!].map((a) => `\`${a}\``).join(', ') || 'no attributes',
              },
            },
      spanOf(attr) ?? where,
      // The fix renames a misspelt attribute when the intended one is not there already.
      !hint && suggestion && !attribute(element, suggestion) && attr.position?.start.offset !== undefined
        ? { range: [attr.position.start.offset, attr.position.start.offset + attrName.length], text: suggestion }
        : undefined,
    );
  }
}

/** Built-in required attributes plus the configured ones, once per options object. */
const requiredOf = compiledOnce<Options, Map<string, string[]>>((options) => {
  const map = new Map<string, string[]>(Object.entries(REQUIRED).map(([k, v]) => [k, [...v]]));
  const extra = options?.required && typeof options.required === 'object' ? options.required : {};
  for (const [component, attrs] of Object.entries(extra)) {
    if (!Array.isArray(attrs)) continue;
    map.set(component, [...new Set([...(map.get(component) ?? []), ...attrs.map(String)])]);
  }
  return map;
});

const BUILT_IN = new Set([
  ...Object.keys(REQUIRED),
  ...Object.keys(COMPONENT_ATTRIBUTES),
  ...Object.keys(NUMBER_ATTRIBUTES),
  ...Object.keys(STRING_ATTRIBUTES),
]);

export default defineRule<Options>({
  meta: {
    id: 'page-component-attributes',
    kind: 'page',
    description: 'Platform components get the attributes they need, of the right type, in the right parent.',
    severity: 'warning',
    hasSuggestions: true,
    fixNote:
      'Renaming a misspelt attribute to the known one it is closest to is a guess: offered as a suggestion, never applied by `--fix` alone, and not offered when the closest name is another word (`defaultClosed` is not `defaultOpen`) or is already there.',
    optionsSchema: {
      type: 'object',
      properties: {
        required: {
          type: 'object',
          description: 'More attributes to require, by component name (added to the built-in ones).',
          additionalProperties: { type: 'array', items: { type: 'string', minLength: 1 } },
        },
      },
      additionalProperties: false,
    },
    messages: MESSAGES,
  },
  check(context) {
    const required = requiredOf(context.options);
    const apiPage = isApiPage(context);
    for (const { node, ancestors } of context.index.jsx) {
      if (node.name && (BUILT_IN.has(node.name) || required.has(node.name)))
        checkElement(context, node, ancestors, apiPage);
    }
    const reported = duplicateAccordions(context);
    for (const { node, id, first } of accordionIdClashes(context.index)) {
      if (reported.has(node) || hasSpread(node)) continue;
      const idAttr = attribute(node, 'id');
      context.report({
        messageId: 'pageId',
        data: { title: String(attribute(node, 'title')?.value ?? ''), id, line: first.position?.start.line ?? 0 },
        at:
          (idAttr && typeof idAttr.value === 'string' && idAttr.value
            ? spanOf(idAttr)
            : spanOf(attribute(node, 'title'))) ?? nameSpan(node),
      });
    }
  },
});

/**
 * Two `<Accordion>`s of one `<AccordionGroup>` with the same title (case and spacing aside), or
 * with the same `id`: a reader sees two rows alike (the platform's counter gives titles alike ids
 * of their own, `faq` and `faq-1`; two explicit ids alike it warns about at build). Titles that
 * differ but make the same slug (`Setup: Advanced`, `Setup-Advanced`, titles in Japanese around
 * one English word) are told apart by that counter: not reported. Reported on the later one; the
 * accordions reported are returned. Anywhere else on the page, accordions alike are reported only
 * when their ids clash as the platform's build warning has it (`accordionIdClashes`): the same
 * title in two sections ("Response" under each endpoint) is deliberate, and its ids differ.
 */
function duplicateAccordions(context: PageContext<Options>): Set<Node> {
  const reported = new Set<Node>();
  const groups = new Map<Node, Map<string, { title: string; line: number }>>();
  for (const { node, ancestors } of context.index.jsx) {
    if (node.name !== 'Accordion' || hasSpread(node)) continue;
    const group = [...ancestors]
      .reverse()
      .find((a) => (a as JsxElement).name === 'AccordionGroup' || (a as JsxElement).name === 'Accordion');
    if (!group || (group as JsxElement).name !== 'AccordionGroup') continue;
    const titleAttr = attribute(node, 'title');
    const title = titleAttr ? staticString(titleAttr) : undefined;
    const idAttr = attribute(node, 'id');
    const id = idAttr ? staticString(idAttr) : undefined;
    if (idAttr && id === undefined) continue;
    const key = id ? `#${id}` : title?.trim() ? title.trim().replace(/\s+/g, ' ').toLowerCase() : undefined;
    if (key === undefined) continue;
    let seen = groups.get(group);
    if (!seen) groups.set(group, (seen = new Map()));
    const first = seen.get(key);
    const line = node.position?.start.line ?? 0;
    if (!first) {
      seen.set(key, { title: title ?? '', line });
      continue;
    }
    reported.add(node);
    context.report({
      ...(id
        ? { messageId: 'duplicateId', data: { id, line: first.line } }
        : { messageId: 'duplicateTitle', data: { title: title!.trim(), line: first.line } }),
      at: (id ? spanOf(idAttr) : spanOf(titleAttr)) ?? nameSpan(node),
    });
  }
  return reported;
}
