import type { NavElement, NavEntry } from './navigation.js';

/*
 * `navigation.languages`: which pages each language lists, and how a page of the default language
 * is matched in another one. A language's pages sit in a folder named after it, wherever the
 * navigation puts that folder: `fr/guides/setup` beside `guides/setup`, `v1/fr/guides/setup`
 * beside `v1/guides/setup` (versions holding languages), `fr/v1/guides/setup` beside
 * `v1/guides/setup` (languages holding versions). A translated page is paired with its source in
 * the same version: the languages of one version are one set.
 */

/** One language of a `languages` array (within one version when versions and languages nest), with the page routes it lists. */
export interface NavLanguage {
  element: NavElement;
  /** Its code (`fr`). */
  code: string;
  routes: string[];
  /** The folder its pages are in (`fr`, `v1/fr`), or '' (pages not in a folder of its own). */
  folder: string;
  /** The path before its language folder (`v1`), or '' at the root. */
  prefix: string;
  /** The name of its language folder (`fr`, `pt-BR`), or undefined when its pages are in none. */
  segment?: string;
}

/** The languages of one `languages` array (within one version): the default one (`default: true`, else the first) and the others. */
export interface LanguageSet {
  main: NavLanguage;
  others: NavLanguage[];
  /** The version these languages are in, when versions hold languages or languages hold versions. */
  version?: { title: string; element: NavElement };
  /**
   * Sets that split one site's languages by version carry the same family: a language missing from
   * one of them lacks that whole version.
   */
  family?: string;
}

/** Folder names the platform's language codes are also written as. */
const ALIASES: Record<string, string[]> = { zh: ['cn'], cn: ['zh'], ja: ['jp'], jp: ['ja'] };

/** The folder names that stand for a language code (`pt-BR` → `pt-br`, `pt`), lower-cased. */
function folderNames(code: string): Set<string> {
  const lower = code.toLowerCase();
  const primary = lower.split(/[-_]/)[0] ?? lower;
  return new Set([lower, primary, ...(Object.hasOwn(ALIASES, primary) ? ALIASES[primary]! : [])]);
}

/** The most frequent value, or undefined; ties go to the first met. */
function mode<T>(values: Iterable<T>): { value: T; count: number } | undefined {
  const counts = new Map<T, number>();
  let best: { value: T; count: number } | undefined;
  for (const value of values) {
    const count = (counts.get(value) ?? 0) + 1;
    counts.set(value, count);
    if (!best || count > best.count) best = { value, count };
  }
  return best;
}

/** Where a language's folder is: the segment named after its code that most of its routes have, and the path before it. */
function locate(code: string, routes: readonly string[]): { folder: string; prefix: string; segment?: string } {
  if (!code || !routes.length) return { folder: '', prefix: '' };
  const names = folderNames(code);
  const found = routes.flatMap((route) => {
    const segments = route.split('/');
    const at = segments.findIndex((s) => names.has(s.toLowerCase()));
    return at < 0 ? [] : [JSON.stringify([segments.slice(0, at).join('/'), segments[at]])];
  });
  const best = mode(found);
  if (!best || best.count * 2 <= routes.length) return { folder: '', prefix: '' };
  const [prefix, segment] = JSON.parse(best.value) as [string, string];
  return { folder: prefix ? `${prefix}/${segment}` : segment, prefix, segment };
}

/** Each `languages` array of the navigation that has two languages or more, split by version when the two nest. */
export function languageSets(entries: readonly NavEntry[]): LanguageSet[] {
  interface Unit {
    element: NavElement;
    routes: string[];
  }
  interface Group {
    version?: { title: string; element: NavElement };
    family?: string;
    units: Map<string, Unit>;
  }
  const groups = new Map<string, Group>();
  for (const entry of entries) {
    if (entry.kind !== 'page' || entry.route === undefined) continue;
    const at = entry.chain.findIndex((e) => e.kind === 'language');
    const element = entry.chain[at];
    if (!element) continue;
    const array = element.pointer.replace(/\/\d+$/, '');
    // Versions inside the language split it by version title; a version outside it has its own array.
    const inner = entry.chain.slice(at + 1).find((e) => e.kind === 'version');
    const outer = [...entry.chain.slice(0, at)].reverse().find((e) => e.kind === 'version');
    const version = inner ?? outer;
    const key = inner ? `${array}\u0000${inner.title ?? inner.index}` : array;
    let group = groups.get(key);
    if (!group) {
      const family = inner
        ? array
        : outer
          ? outer.pointer.replace(/\/\d+$/, '') + `\u0000${array.slice(outer.pointer.length)}`
          : undefined;
      group = {
        units: new Map(),
        ...(version ? { version: { title: version.title ?? String(version.index + 1), element: version } } : {}),
        ...(family ? { family } : {}),
      };
      groups.set(key, group);
    }
    let unit = group.units.get(element.pointer);
    if (!unit) group.units.set(element.pointer, (unit = { element, routes: [] }));
    unit.routes.push(entry.route);
  }
  const out: LanguageSet[] = [];
  for (const group of groups.values()) {
    const list = [...group.units.values()]
      .sort((a, b) => a.element.index - b.element.index)
      .map(({ element, routes }) => ({
        element,
        code: element.title ?? '',
        routes,
        ...locate(element.title ?? '', routes),
      }));
    const main = list.find((l) => l.element.isDefault) ?? list[0];
    if (!main) continue;
    const set: LanguageSet = { main, others: list.filter((l) => l !== main) };
    if (group.version) set.version = group.version;
    if (group.family) set.family = group.family;
    if (list.length > 1 || group.family) out.push(set);
  }
  return out;
}

const join = (...parts: string[]) => parts.filter((p) => p !== '').join('/');
const under = (route: string, folder: string) => folder === '' || route === folder || route.startsWith(`${folder}/`);
const rest = (route: string, folder: string) => (folder === '' ? route : route.slice(folder.length + 1));

/**
 * A default-language route's counterpart in another language, or undefined when the two cannot be
 * told apart by folder (the same folder, or none) or the route is outside the default's folder.
 */
export function counterpartRoute(route: string, main: NavLanguage, other: NavLanguage): string | undefined {
  if (main.segment === undefined && other.segment === undefined) return undefined;
  if (main.folder === other.folder) return undefined;
  // The route without its language folder (`v1/en/setup` → `v1/setup`).
  let neutral = route;
  if (main.segment !== undefined) {
    if (!under(route, main.folder)) return undefined;
    neutral = join(main.prefix, rest(route, main.folder));
  }
  if (other.segment === undefined) return neutral;
  if (!under(neutral, other.prefix)) return undefined;
  return join(other.folder, rest(neutral, other.prefix));
}

/** The languages of sets whose pages cannot be paired with the default language's: none is in a folder of its own, or none of the default's pages maps to a page path. */
export function unpairedLanguages(sets: readonly LanguageSet[]): { language: NavLanguage; set: LanguageSet }[] {
  const out: { language: NavLanguage; set: LanguageSet }[] = [];
  for (const set of sets) {
    for (const language of set.others) {
      if (!set.main.routes.some((route) => counterpartRoute(route, set.main, language) !== undefined))
        out.push({ language, set });
    }
  }
  // Languages holding versions titled differently in each language: no version has two languages to pair.
  const families = new Map<string, LanguageSet[]>();
  for (const set of sets)
    if (set.family !== undefined) families.set(set.family, [...(families.get(set.family) ?? []), set]);
  for (const list of families.values()) {
    if (list.some((set) => set.others.length > 0)) continue;
    const first = list[0]!;
    for (const set of list) if (set.main.code !== first.main.code) out.push({ language: set.main, set: first });
  }
  return out;
}

/** For sets split by version: each language (by code) that the site has but a version lacks, with that version's set. */
export function languagesMissingFromVersions(
  sets: readonly LanguageSet[],
): { code: string; set: LanguageSet; elsewhere: NavLanguage }[] {
  const families = new Map<string, LanguageSet[]>();
  for (const set of sets) {
    if (set.family === undefined) continue;
    let list = families.get(set.family);
    if (!list) families.set(set.family, (list = []));
    list.push(set);
  }
  const out: { code: string; set: LanguageSet; elsewhere: NavLanguage }[] = [];
  for (const list of families.values()) {
    // Versions titled differently in each language pair nothing: no version lacks a language then.
    if (list.length < 2 || !list.some((set) => set.others.length > 0)) continue;
    const codes = new Map<string, NavLanguage>();
    for (const set of list)
      for (const language of [set.main, ...set.others])
        if (language.code && !codes.has(language.code)) codes.set(language.code, language);
    for (const set of list) {
      const has = new Set([set.main, ...set.others].map((l) => l.code));
      for (const [code, elsewhere] of codes) if (!has.has(code)) out.push({ code, set, elsewhere });
    }
  }
  return out;
}

/** A note for languages whose pages cannot be paired: the codes it names (a few, then a count) and where it is reported. */
export function unpairedNote(
  sets: readonly LanguageSet[],
): { data: { languages: string; default: string }; pointer: string } | undefined {
  const unpaired = unpairedLanguages(sets);
  const first = unpaired[0];
  if (!first) return undefined;
  const codes = [...new Set(unpaired.map(({ language }) => language.code || `#${language.element.index + 1}`))];
  const languages =
    codes
      .slice(0, 4)
      .map((c) => `\`${c}\``)
      .join(', ') + (codes.length > 4 ? ` and ${codes.length - 4} more` : '');
  return { data: { languages, default: first.set.main.code }, pointer: `${first.language.element.pointer}/language` };
}

/** Where a version that lacks a language is reported: its `languages` key when versions hold languages, else the language's own key. */
export function missingLanguagePointer(set: LanguageSet, elsewhere: NavLanguage): string {
  const version = set.version?.element.pointer;
  if (version !== undefined && set.main.element.pointer.startsWith(`${version}/`))
    return set.main.element.pointer.replace(/\/\d+$/, '');
  return `${elsewhere.element.pointer}/language`;
}
