/*
 * Checks of docs.json values that JSON Schema cannot express, written the way the platform's own
 * validator checks them: WHATWG URL parsing (`new URL`), its href and secure-URL rules, spec
 * sources that may be paths or http(s) URLs, keys that must be unique in a list.
 *
 * Each function is self-contained (no reference to anything outside its body): the build copies
 * its source into the precompiled validators (schema/docs.validator.cjs), where nothing else of
 * this module exists. Bump GENERATOR_VERSION in compile.ts when one of them changes.
 */

/** The kinds of `pathOrUrl`, and what a valid value is. */
export const PATH_OR_URL_KINDS = {
  url: 'a full URL (what `new URL()` parses)',
  href: 'a path starting with "/", an "#anchor", a "mailto:" link or a full URL',
  'secure-href': 'a path starting with "/", an "#anchor", a "mailto:" link or an https URL not ending in .svg, .exe or .zip',
  'secure-url': 'an https URL not ending in .svg, .exe or .zip',
  'https-url': 'an https URL',
  'cdn-url': 'an https URL without a query or fragment',
  'spec-source': 'a path in the site or an http(s) URL (spaces around it are ignored)',
  'https-source': 'a path in the site or an https URL (spaces around it are ignored)',
} as const;

export type PathOrUrlKind = keyof typeof PATH_OR_URL_KINDS;

/** True when `value` is valid as `kind` (see PATH_OR_URL_KINDS). */
export function checkPathOrUrl(kind: string, value: string): boolean {
  const canParse = (s: string): boolean => {
    try {
      new URL(s);
      return true;
    } catch {
      return false;
    }
  };
  // Trailing slashes and the fragment are dropped before the https checks, as the platform does.
  const normalize = (input: string): string => {
    let v = input;
    const hash = v.indexOf('#');
    if (hash > 0) v = v.slice(0, hash);
    try {
      const url = new URL(v);
      if (url.pathname !== '/' && url.pathname.endsWith('/')) {
        url.pathname = url.pathname.replace(/\/+$/, '');
        v = url.toString();
      }
    } catch {
      if (!v.startsWith('mailto:')) {
        const query = v.indexOf('?');
        if (query !== -1) {
          const pathPart = v.slice(0, query);
          v = (pathPart.length > 1 && pathPart.endsWith('/') ? pathPart.replace(/\/+$/, '') : pathPart) + v.slice(query);
        } else if (v.length > 1 && v.endsWith('/')) v = v.replace(/\/+$/, '');
      }
    }
    return v;
  };
  const safeHttps = (s: string): boolean => {
    try {
      const url = new URL(s);
      const file = decodeURIComponent(url.pathname).toLowerCase();
      return url.protocol === 'https:' && !['.svg', '.exe', '.zip'].some((ext) => file.endsWith(ext));
    } catch {
      return false;
    }
  };
  const protocolOf = (s: string): string => {
    try {
      return new URL(s).protocol;
    } catch {
      return '';
    }
  };
  switch (kind) {
    case 'url':
      return canParse(value);
    case 'href':
      return value.startsWith('/') || value.startsWith('#') || value.startsWith('mailto:') || canParse(value);
    case 'secure-href': {
      const v = normalize(value);
      if (v.startsWith('//')) return false;
      if (v.startsWith('/') || v.startsWith('mailto:') || v.startsWith('#')) return true;
      return safeHttps(v);
    }
    case 'secure-url':
      return canParse(value) && safeHttps(normalize(value));
    case 'https-url':
      return canParse(value) && value.startsWith('https://');
    case 'cdn-url': {
      if (!canParse(value) || !value.startsWith('https://')) return false;
      const url = new URL(value);
      return !url.search && !url.hash;
    }
    case 'spec-source': {
      const v = value.trim();
      if (v === '') return false;
      return !canParse(v) || ['http:', 'https:'].includes(protocolOf(v));
    }
    case 'https-source': {
      const v = value.trim();
      if (v === '') return false;
      return !canParse(v) || protocolOf(v) === 'https:';
    }
    default:
      return false;
  }
}

/** How `uniqueBy` compares the items of a list. */
export interface UniqueBy {
  /** Compare this property of object items. */
  property?: string;
  /** Compare string items (other items are never equal, as in a JavaScript Set of objects). */
  strings?: boolean;
  /** Compare string values with spaces around them removed. */
  trim?: boolean;
}

/** [first, repeat] indexes of the first item that repeats an earlier one, or null. */
export function firstRepeat(items: unknown[], by: UniqueBy): [number, number] | null {
  const seen = new Map<unknown, number>();
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    let key: unknown;
    if (by.strings) {
      if (typeof item !== 'string') continue;
      key = item;
    } else if (by.property !== undefined) {
      if (item === null || typeof item !== 'object' || Array.isArray(item) || !Object.hasOwn(item, by.property)) continue;
      key = (item as Record<string, unknown>)[by.property];
      if (typeof key !== 'string') continue;
    } else continue;
    if (by.trim && typeof key === 'string') key = key.trim();
    const earlier = seen.get(key);
    if (earlier !== undefined) return [earlier, i];
    seen.set(key, i);
  }
  return null;
}

/** True when the object has at least one of `keys`. */
export function hasAnyKey(value: Record<string, unknown>, keys: string[]): boolean {
  return keys.some((k) => Object.hasOwn(value, k));
}
