import { suggestName } from '../core/suggest-name.js';
import { FONTAWESOME_FREE, FONTAWESOME_PRO, ICON_SET_VERSIONS, LUCIDE, TABLER } from './icon-data.js';

/*
 * The icon sets the platform renders icons from (`icons.library` of docs.json: Font Awesome by
 * default, Lucide or Tabler), and what it does with an icon value. Read from the platform's code
 * (`@mintlify/models` `iconLibraries` and `iconTypes`, `@mintlify/validation` `iconSchema`): an
 * icon is a name from the site's library, a URL or a path to an image file, or (in a page) SVG in
 * an expression; a name is drawn from the library's file of that name, so a name the library does
 * not have renders nothing. Font Awesome names are served from the Pro set, under the platform's
 * licence (its own default navigation uses Pro icons): a Pro name renders on the platform, and
 * only there. The names come from the npm packages of the three sets (src/platform/icon-data.ts,
 * written by `npm run gen`).
 */

export type IconLibrary = 'fontawesome' | 'lucide' | 'tabler';

export const ICON_LIBRARIES: readonly IconLibrary[] = ['fontawesome', 'lucide', 'tabler'];

/** The library when docs.json names none. */
export const DEFAULT_ICON_LIBRARY: IconLibrary = 'fontawesome';

export const ICON_LIBRARY_NAMES: Readonly<Record<IconLibrary, string>> = {
  fontawesome: 'Font Awesome',
  lucide: 'Lucide',
  tabler: 'Tabler',
};

export { ICON_SET_VERSIONS };

/** The site's icon library, for rules that check icon names (`iconVerdict`, `suggestIcon`). */
export interface SiteIcons {
  /**
   * docs.json `icons.library` (Font Awesome when it names none); undefined when it names a library
   * the platform does not know, or docs.json could not be read (names are then not checked).
   */
  library: IconLibrary | undefined;
  /** Whether docs.json names the library (otherwise it is the platform's default). */
  declared: boolean;
}

/** The icon library of a site from its docs.json (its resolved value; undefined when it did not parse). */
export function siteIcons(config: unknown): SiteIcons {
  if (config === undefined || config === null || typeof config !== 'object')
    return { library: undefined, declared: false };
  const icons = (config as { icons?: unknown }).icons;
  const named = icons !== null && typeof icons === 'object' ? (icons as { library?: unknown }).library : undefined;
  if (named === undefined) return { library: DEFAULT_ICON_LIBRARY, declared: false };
  return { library: iconLibraryOf(named), declared: true };
}

/** The Font Awesome styles an `iconType` (or a `style` in docs.json) may name. */
export const FONT_AWESOME_STYLES: readonly string[] = [
  'brands',
  'duotone',
  'light',
  'regular',
  'sharp-duotone-solid',
  'sharp-light',
  'sharp-regular',
  'sharp-solid',
  'sharp-thin',
  'solid',
  'thin',
];

/** Names longer than this are no icon name (the longest is 40 characters): no suggestion is looked for. */
const LONGEST_NAME = 64;

function decode(coded: string): Set<string> {
  const names = new Set<string>();
  let previous = '';
  for (const entry of coded.split(' ')) {
    const name = previous.slice(0, parseInt(entry.charAt(0), 36)) + entry.slice(1);
    names.add(name);
    previous = name;
  }
  return names;
}

let sets:
  | { free: Set<string>; pro: Set<string>; lucide: Set<string>; tabler: Set<string>; fontawesome: Set<string> }
  | undefined;

/** The name sets, decoded on first use (once per thread). */
function iconSets() {
  if (!sets) {
    const free = decode(FONTAWESOME_FREE);
    const pro = decode(FONTAWESOME_PRO);
    sets = { free, pro, fontawesome: new Set([...free, ...pro]), lucide: decode(LUCIDE), tabler: decode(TABLER) };
  }
  return sets;
}

/** Every name of a library (Font Awesome: Free and Pro). */
export function iconNames(library: IconLibrary): ReadonlySet<string> {
  return iconSets()[library];
}

/** A Font Awesome name of the Pro set only. */
export function isFontAwesomePro(name: string): boolean {
  return iconSets().pro.has(name);
}

/** A library name as docs.json writes it, or undefined for anything else. */
export function iconLibraryOf(value: unknown): IconLibrary | undefined {
  return typeof value === 'string' && (ICON_LIBRARIES as readonly string[]).includes(value)
    ? (value as IconLibrary)
    : undefined;
}

/**
 * An icon value that is no name but an image: a URL (`https://…`, `//…`, `data:`), a path (with a
 * `/`), or a file name with an image extension. The platform shows those as images: never checked.
 */
export function isIconImage(value: string): boolean {
  const v = value.trim();
  return (
    /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(v) ||
    v.includes('/') ||
    v.includes('\\') ||
    /\.(?:svg|png|jpe?g|gif|webp|avif|ico|bmp)(?:[?#].*)?$/i.test(v)
  );
}

/** What the platform makes of an icon name in a library. */
export type IconVerdict =
  /** A name of the library (Font Awesome: of its Free set). */
  | { kind: 'known' }
  /** A Font Awesome name of the Pro set only: renders on the platform, under its licence. */
  | { kind: 'pro' }
  /** A Font Awesome class (`fa-house`, `fa-solid fa-house`): the name is `name` (and the style `style`). */
  | { kind: 'class'; name: string; style?: string }
  /** Not a name of the library; `elsewhere`: the other libraries that have it. */
  | { kind: 'unknown'; elsewhere: IconLibrary[] };

const FA_STYLE_CLASSES: Readonly<Record<string, string | undefined>> = {
  fa: undefined,
  fas: 'solid',
  far: 'regular',
  fal: 'light',
  fat: 'thin',
  fad: 'duotone',
  fab: 'brands',
  'fa-solid': 'solid',
  'fa-regular': 'regular',
  'fa-light': 'light',
  'fa-thin': 'thin',
  'fa-duotone': 'duotone',
  'fa-brands': 'brands',
  'fa-sharp': undefined,
};

/** `fa-house`, `fas fa-house`, `fa-solid fa-house`: the icon name and style a Font Awesome class names, if it does. */
function fontAwesomeClass(value: string): { name: string; style?: string } | undefined {
  const parts = value.trim().split(/\s+/);
  let style: string | undefined;
  let name: string | undefined;
  for (const part of parts) {
    if (part in FA_STYLE_CLASSES) {
      style = FA_STYLE_CLASSES[part] ?? style;
      continue;
    }
    if (!part.startsWith('fa-') || name !== undefined) return undefined;
    name = part.slice(3);
  }
  if (name === undefined || !iconSets().fontawesome.has(name)) return undefined;
  return style ? { name, style } : { name };
}

/** What the platform makes of `name` on a site whose library is `library`. */
export function iconVerdict(name: string, library: IconLibrary): IconVerdict {
  const set = iconSets();
  if (library === 'fontawesome') {
    if (set.free.has(name)) return { kind: 'known' };
    if (set.pro.has(name)) return { kind: 'pro' };
    const asClass = fontAwesomeClass(name);
    if (asClass) return { kind: 'class', ...asClass };
  } else if (set[library].has(name)) {
    return { kind: 'known' };
  }
  return { kind: 'unknown', elsewhere: ICON_LIBRARIES.filter((l) => l !== library && set[l].has(name)) };
}

const suggestions = new Map<string, string | null>();

/**
 * Edits per character a misspelling may have (at most 3 in a name of 12): icon names are short
 * words joined by dashes, and a looser bound pairs other words (`cursor-click` is not `user-clock`).
 */
const TYPO_RATIO = 0.25;

/**
 * The name of `library` that `name` most likely meant, or undefined: the name in lower case or
 * without a trailing `-2`-style number (Lucide's `trash-2` is Font Awesome's `trash`), else, for a
 * misspelling (`typo`: the name is no other library's either), the closest by edit distance (within
 * TYPO_RATIO) that
 * does not swap a word for its opposite (`arrow-left` is not a typo of `arrow-right`). A name of
 * another library is a word, not a typo: the closest spelling is another icon (`settings` is not
 * `skating`), and the libraries' own search words pair too few names well to guess from. Remembered
 * per name (the same answer on every page and thread).
 */
export function suggestIcon(name: string, library: IconLibrary, typo = true): string | undefined {
  if (name.length > LONGEST_NAME) return undefined;
  const key = `${library}\n${typo ? 'typo' : 'word'}\n${name}`;
  const known = suggestions.get(key);
  if (known !== undefined) return known ?? undefined;
  const names = iconNames(library);
  const lower = name
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
  const plain = lower.replace(/-\d+$/, '');
  const found =
    [lower, plain].find((n) => n !== name && names.has(n)) ??
    (typo ? suggestName(lower, names, TYPO_RATIO) : undefined);
  suggestions.set(key, found ?? null);
  return found;
}
