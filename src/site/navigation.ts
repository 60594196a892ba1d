import { parseEndpointReference, type EndpointReference } from '../openapi/reference.js';
import { isObject, pointerSegment, valueAt } from '../core/json.js';
import type { DocsJson } from './docs-json.js';

/**
 * The navigation tree of docs.json, flattened: every page path, endpoint reference and webhook
 * reference with its JSON pointer (so findings land where the value was written, in a `$ref` file
 * when it lives there), the elements that enclose it and the OpenAPI spec in scope.
 *
 * Levels walked: `tabs`, `anchors`, `dropdowns`, `versions`, `languages`, `products`, `menu`
 * (items), `groups`, nested groups inside `pages`, and `global`; `pages` and a group's `root` at
 * any level.
 */

/** Keys whose value is an array of navigation elements, with the title key of those elements. */
const DIVISIONS: Record<string, NavElementKind> = {
  tabs: 'tab',
  anchors: 'anchor',
  dropdowns: 'dropdown',
  versions: 'version',
  languages: 'language',
  products: 'product',
  menu: 'item',
  groups: 'group',
};

export type NavElementKind =
  'root' | 'global' | 'tab' | 'anchor' | 'dropdown' | 'version' | 'language' | 'product' | 'item' | 'group';

/** Title key of each kind of element (`{"tab": "Guides"}`). */
const TITLE_KEY: Partial<Record<NavElementKind, string>> = {
  tab: 'tab',
  anchor: 'anchor',
  dropdown: 'dropdown',
  version: 'version',
  language: 'language',
  product: 'product',
  item: 'item',
  group: 'group',
};

/** One enclosing navigation element. */
export interface NavElement {
  kind: NavElementKind;
  title?: string;
  pointer: string;
  /** `default: true` on a version or language. */
  isDefault: boolean;
  /** Position among its siblings (the first version/language is the default when none says so). */
  index: number;
  hidden: boolean;
  /** `searchable: true` on a hidden element keeps its pages in search and AI context. */
  searchable: boolean;
}

export interface NavOpenApi {
  /** The `openapi` value as written: a path, a URL, a list, or `{source, directory}`. */
  value: unknown;
  pointer: string;
}

export interface NavEntry {
  kind: 'page' | 'endpoint' | 'webhook';
  /** The entry as written. */
  value: string;
  pointer: string;
  /** Pages: the route it names (leading `/` and a `.mdx`/`.md` extension dropped, as the platform tolerates). */
  route?: string;
  /** Endpoints and webhooks: the parsed reference. */
  reference?: EndpointReference;
  /** The nearest enclosing `openapi` (group, then tab, then any outer level). */
  openapi?: NavOpenApi;
  /**
   * The duplicate-detection scope: the innermost tab, anchor, dropdown, menu item, version,
   * language or product (or `global`, or the navigation root). Groups are not scopes.
   */
  scopePointer: string;
  /** Enclosing elements, outermost first (groups included). */
  chain: NavElement[];
  /** Titles of the enclosing elements, outermost first. */
  sectionTitles: string[];
  /** Some enclosing element has `hidden: true` (and no `searchable: true` below it). */
  hidden: boolean;
  /** A group's `root` page. */
  isRoot: boolean;
}

/** An `openapi` value somewhere in the navigation. */
export interface NavOpenApiUse extends NavOpenApi {
  scopePointer: string;
  chain: NavElement[];
  /** The element holding it lists no `pages`/`groups` of its own (the platform then generates every endpoint). */
  generatesAll: boolean;
}

/** An internal `href` of a navigation element (`"href": "/changelog"`); external links are skipped. */
export interface NavLink {
  href: string;
  pointer: string;
}

export interface NavigationModel {
  entries: NavEntry[];
  openapi: NavOpenApiUse[];
  links: NavLink[];
}

const memo = new WeakMap<DocsJson, NavigationModel>();

/** The whole model, built once per DocsJson. */
export function navigationModel(config: DocsJson): NavigationModel {
  let model = memo.get(config);
  if (!model) {
    model = buildModel(config);
    memo.set(config, model);
  }
  return model;
}

/** Every page, endpoint and webhook entry of the navigation, in navigation order. */
export function walkNavigation(config: DocsJson): NavEntry[] {
  return navigationModel(config).entries;
}

/** Page path as the platform reads it: leading `/` and a trailing `.mdx`/`.md` are tolerated. */
export function pageRoute(value: string): string {
  let route = value.trim().replace(/^\/+/, '');
  route = route.replace(/\.(mdx|md)$/i, '');
  if (route.length > 1 && route.endsWith('/')) route = route.slice(0, -1);
  return route;
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

function buildModel(config: DocsJson): NavigationModel {
  const model: NavigationModel = { entries: [], openapi: [], links: [] };
  const root = isObject(config.value) ? config.value.navigation : undefined;
  if (!isObject(root)) return model;

  interface Context {
    chain: NavElement[];
    scopePointer: string;
    openapi?: NavOpenApi;
    hidden: boolean;
    /** Inside a tab that has `graphql` (its reference pages are generated from a GraphQL schema). */
    graphql?: boolean;
  }

  const addPage = (value: string, pointer: string, ctx: Context, isRoot: boolean) => {
    const base = {
      value,
      pointer,
      openapi: ctx.openapi,
      scopePointer: ctx.scopePointer,
      chain: ctx.chain,
      sectionTitles: ctx.chain.map((e) => e.title).filter((t): t is string => t !== undefined),
      hidden: ctx.hidden,
      isRoot,
    };
    let reference = isRoot ? undefined : parseEndpointReference(value);
    // `QUERY users` in a GraphQL tab with no OpenAPI spec names no endpoint: the platform's endpoint
    // references take OpenAPI 3.0's methods, without QUERY, so it is a page path to it.
    if (reference?.kind === 'endpoint' && reference.method === 'query' && ctx.graphql && !ctx.openapi)
      reference = undefined;
    if (reference) model.entries.push({ ...base, kind: reference.kind, reference });
    else model.entries.push({ ...base, kind: 'page', route: pageRoute(value) });
  };

  const visitPages = (pages: unknown[], pointer: string, ctx: Context) => {
    pages.forEach((item, i) => {
      const p = `${pointer}/${i}`;
      if (typeof item === 'string') addPage(item, p, ctx, false);
      else if (isObject(item)) visitElement(item, p, 'group', i, ctx);
    });
  };

  const visitElement = (
    node: Record<string, unknown>,
    pointer: string,
    kind: NavElementKind,
    index: number,
    outer: Context,
  ) => {
    const titleKey = TITLE_KEY[kind];
    const title = titleKey && typeof node[titleKey] === 'string' ? (node[titleKey] as string) : undefined;
    const element: NavElement = {
      kind,
      title,
      pointer,
      isDefault: node.default === true,
      index,
      hidden: node.hidden === true,
      searchable: node.searchable === true,
    };
    const isScope = kind !== 'group';
    const hidden = node.hidden === true ? node.searchable !== true : outer.hidden && node.searchable !== true;
    const ctx: Context = {
      chain: kind === 'root' ? outer.chain : [...outer.chain, element],
      scopePointer: isScope ? pointer : outer.scopePointer,
      openapi: outer.openapi,
      hidden,
      graphql: outer.graphql || (kind === 'tab' && node.graphql !== undefined),
    };
    if (node.openapi !== undefined) {
      ctx.openapi = { value: node.openapi, pointer: `${pointer}/openapi` };
      const hasChildren = Array.isArray(node.pages) || Object.keys(DIVISIONS).some((k) => Array.isArray(node[k]));
      model.openapi.push({
        ...ctx.openapi,
        scopePointer: ctx.scopePointer,
        chain: ctx.chain,
        generatesAll: !hasChildren,
      });
    }
    if (typeof node.href === 'string' && !EXTERNAL.test(node.href))
      model.links.push({ href: node.href, pointer: `${pointer}/href` });
    if (typeof node.root === 'string') addPage(node.root, `${pointer}/root`, ctx, true);
    for (const key of Object.keys(node)) {
      const value = node[key];
      const p = `${pointer}/${pointerSegment(key)}`;
      if (key === 'pages' && Array.isArray(value)) visitPages(value, p, ctx);
      else if (key === 'global' && isObject(value)) visitElement(value, p, 'global', 0, ctx);
      else if (Object.hasOwn(DIVISIONS, key) && Array.isArray(value)) {
        value.forEach((child, i) => {
          if (isObject(child)) visitElement(child, `${p}/${i}`, DIVISIONS[key]!, i, ctx);
        });
      }
    }
  };

  visitElement(root, '/navigation', 'root', 0, { chain: [], scopePointer: '/navigation', hidden: false });
  return model;
}

/**
 * True when every language and version enclosing the entry is the default one (`default: true`,
 * else the first of its list): llms.txt lists only those.
 */
export function isDefaultVariant(config: DocsJson, chain: NavElement[]): boolean {
  return chain.every((element) => {
    if (element.kind !== 'language' && element.kind !== 'version') return true;
    const siblings = valueAt(config.value, element.pointer.slice(0, element.pointer.lastIndexOf('/')));
    if (!Array.isArray(siblings)) return true;
    const explicit = siblings.findIndex((s) => isObject(s) && s.default === true);
    return element.index === Math.max(explicit, 0);
  });
}
