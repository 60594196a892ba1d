import librarySlugify from '@sindresorhus/slugify';

/*
 * Anchors as the platform makes them (read from @mintlify/common 1.0.1176, the version `mint`
 * 4.2.941 runs; test/platform/ compares these functions with the platform's own). Headings:
 *
 *   1. the heading's text (text and inline code under it), with smart punctuation (’ “ ” — …);
 *   2. lowercased, trimmed, whitespace runs → `-`, then `encodeURIComponent`;
 *   3. @sindresorhus/slugify on that (pure ASCII now): runs of characters other than [a-z0-9_] —
 *      and `%` and A–Z when the text had percent escapes — become `-`; `-s`/`-t` after a word
 *      joins it (`task-s` → `tasks`); repeated dashes collapse; dashes at the ends go;
 *   4. a page-wide counter: the second `overview` is `overview-2`;
 *   5. in the page, the id is decoded (`%2F` → `/`) and `? , ; : ! ' " ( ) [ ] { }` and emoji are
 *      removed; a second page-wide pass keeps ids unique.
 *
 * So `Dify.ai` → `dify-ai`, `/newtask` → `/newtask`, `BYOK (cloud + local)` → `byok-cloud-+-local`,
 * `What's new?` → `what’s-new`.
 */

/** Step 3 on an ASCII string: the library's rules, written out (the library's transliteration does nothing to ASCII). */
function asciiSlug(s: string, keepCase: boolean): string {
  const pattern = keepCase ? /[^a-zA-Z\d%_]+/g : /[^a-z\d_]+/g;
  return (keepCase ? s : s.toLowerCase())
    .replace(pattern, '-')
    .replace(/\\/g, '')
    .replace(/([a-zA-Z\d]+)-([ts])(-|$)/g, '$1$2$3')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
}

/** The text with lone surrogates replaced by U+FFFD (what `String.prototype.toWellFormed` does). */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** Steps 2 and 3: the raw id of a title, before the counter. */
export function rawHeadingSlug(title: string): string {
  // A lone surrogate cannot be encoded (the platform's build stops there); it reads as U+FFFD here.
  const encoded = encodeURIComponent(wellFormed(title).toLowerCase().trim().replace(/\s+/g, '-'));
  return asciiSlug(encoded, /%[0-9A-F]{2}/.test(encoded));
}

/** Step 4: the library's `slugifyWithCounter` rule over raw slugs. */
export function slugCounter(): (slug: string) => string {
  const occurrences = new Map<string, number>();
  return (slug) => {
    if (!slug) return '';
    const lower = slug.toLowerCase();
    const numberless = occurrences.get(lower.replace(/(?:-\d+?)+?$/, '')) ?? 0;
    const counter = occurrences.get(lower);
    occurrences.set(lower, typeof counter === 'number' ? counter + 1 : 1);
    const next = occurrences.get(lower) ?? 2;
    return next >= 2 || numberless > 2 ? `${slug}-${next}` : slug;
  };
}

const EMOJI = /\p{Emoji_Modifier}|\p{Emoji_Modifier_Base}|\p{Emoji_Presentation}|\p{Extended_Pictographic}|\u200D|\uFE0E|\uFE0F/gu;

/** Step 5: what an id looks like in the page (decoded; punctuation and emoji removed). Never throws. */
export function cleanHeadingId(id: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(id.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
  } catch {
    return id;
  }
  return decoded.replace(/[?,;:!'"()[\]{}]/g, '').replace(EMOJI, '');
}

/** The second page-wide pass: first use unchanged, later uses `-2`, `-3`… (skipping taken values). */
export function uniqueIds(): (id: string) => string {
  const taken = new Set<string>();
  return (id) => {
    if (!taken.has(id)) {
      taken.add(id);
      return id;
    }
    for (let n = 2; ; n++) {
      const candidate = `${id}-${n}`;
      if (!taken.has(candidate)) {
        taken.add(candidate);
        return candidate;
      }
    }
  };
}

/** A custom id (`## Title {#custom-id}`) as the platform normalises it: trimmed, `<>"&?,;:!'()[]{}` and emoji removed, spaces → `-`. */
export function normaliseCustomId(id: string): string {
  return id
    .trim()
    .replace(/[<>"&?,;:!'()[\]{}]/g, '')
    .replace(EMOJI, '')
    .replace(/\s+/g, '-');
}

const libraryCache = new Map<string, string>();

/** @sindresorhus/slugify (the platform's library) for component ids, memoised (it builds many patterns per call). */
function library(text: string, decamelize: boolean): string {
  const key = `${decamelize ? 1 : 0}\0${text}`;
  let out = libraryCache.get(key);
  if (out === undefined) {
    out = librarySlugify(text, { decamelize });
    if (libraryCache.size > 20000) libraryCache.clear();
    libraryCache.set(key, out);
  }
  return out;
}

/**
 * Ids of `<Accordion title>` and `<View title>`: the library's slug of the title (transliterated:
 * `Über` → `ueber`, `&` → `and`), the first `:` made a dash; later uses of a slug get `-1`, `-2`…
 */
export function componentIdCounter(): (title: string) => string {
  const counts = new Map<string, number>();
  return (title) => {
    const base = library(title.replace(':', '-'), false);
    const n = counts.get(base) ?? 0;
    counts.set(base, n + 1);
    return n === 0 ? base : `${base}-${n}`;
  };
}

/** The id of a `<ParamField>`/`<Param>`/`<ResponseField>`: `param-<name>` (then `_<n>` for the nth repeat), slugged with decamelizing. */
export function paramFieldId(name: string, count: number): string {
  return library(`param-${name}${count > 0 ? `_${count}` : ''}`, true);
}

/**
 * The filename part of a generated endpoint page's URL, as the platform makes it from a summary
 * (or a path, or a webhook name): spaces → `-`, each `{…}` → `-`, one leading and one trailing
 * `-` removed, `{}(),.'`, line breaks and `/` deleted, `--` → `-` (one pass), lowercased. Not the
 * heading slug: `& : ? % + #` and non-ASCII letters stay. Undefined for an empty text.
 */
export function endpointFilename(text: string | undefined): string | undefined {
  if (!text) return undefined;
  return text
    .replace(/ /g, '-')
    .replace(/\{.*?\}/g, '-')
    .replace(/^-/, '')
    .replace(/-$/, '')
    .replace(/[{}(),.'\n/]/g, '')
    .replace(/--/g, '-')
    .toLowerCase();
}
