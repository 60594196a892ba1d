import type { NavElement, NavEntry } from './navigation.js';

/*
 * `navigation.languages`: which pages each language lists, and how a page of the default language
 * is matched in another one, by its path under that language's folder (`guides/setup` ↔
 * `fr/guides/setup`; `en/guides/setup` ↔ `fr/guides/setup`).
 */

/** One language of a `languages` array, with the page routes it lists. */
export interface NavLanguage {
  element: NavElement;
  /** Its code (`fr`). */
  code: string;
  routes: string[];
  /** The folder its pages are in (its code when most are), or '' (pages not in a folder of its own). */
  folder: string;
}

/** The languages of one `languages` array: the default one (`default: true`, else the first) and the others. */
export interface LanguageSet {
  main: NavLanguage;
  others: NavLanguage[];
}

function folderOf(code: string, routes: readonly string[]): string {
  if (!code) return '';
  const inFolder = routes.filter((r) => r === code || r.startsWith(`${code}/`)).length;
  return inFolder * 2 > routes.length ? code : '';
}

/** Each `languages` array of the navigation that has two languages or more. */
export function languageSets(entries: readonly NavEntry[]): LanguageSet[] {
  const arrays = new Map<string, Map<string, { element: NavElement; routes: string[] }>>();
  for (const entry of entries) {
    if (entry.kind !== 'page' || entry.route === undefined) continue;
    const element = entry.chain.find((e) => e.kind === 'language');
    if (!element) continue;
    const array = element.pointer.replace(/\/\d+$/, '');
    let languages = arrays.get(array);
    if (!languages) arrays.set(array, (languages = new Map()));
    let language = languages.get(element.pointer);
    if (!language) languages.set(element.pointer, (language = { element, routes: [] }));
    language.routes.push(entry.route);
  }
  const out: LanguageSet[] = [];
  for (const languages of arrays.values()) {
    const list = [...languages.values()]
      .sort((a, b) => a.element.index - b.element.index)
      .map(({ element, routes }) => ({ element, code: element.title ?? '', routes, folder: folderOf(element.title ?? '', routes) }));
    const main = list.find((l) => l.element.isDefault) ?? list[0];
    if (main && list.length > 1) out.push({ main, others: list.filter((l) => l !== main) });
  }
  return out;
}

/**
 * A default-language route's counterpart in another language, or undefined when the two cannot be
 * told apart by folder (the same folder, or none) or the route is outside the default's folder.
 */
export function counterpartRoute(route: string, main: NavLanguage, other: NavLanguage): string | undefined {
  const from = main.folder;
  const to = other.folder;
  if (from === to) return undefined;
  if (from && route !== from && !route.startsWith(`${from}/`)) return undefined;
  const rel = from ? route.slice(from.length + 1) : route;
  return to ? (rel ? `${to}/${rel}` : to) : rel;
}
