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
    .replace(/(?<![a-zA-Z\d])([a-zA-Z\d]+)-([ts])(-|$)/g, '$1$2$3')
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

/**
 * The id the platform gives a deep-linkable element whose id came out empty (a heading of
 * punctuation, `{#!}`, an accordion titled with an emoji): its text lowercased, whitespace runs
 * made `-`, percent-encoded — not slugged (`API v2.0` → `api-v2.0`, `.` → `.`).
 */
export function unicodeId(text: string): string {
  return encodeURIComponent(wellFormed(text).toLowerCase().trim().replace(/\s+/g, '-'));
}

/** The slug without its trailing `-1`, `-2-3`, … (a linear scan from the end). */
function withoutNumberSuffix(slug: string): string {
  let end = slug.length;
  for (;;) {
    let i = end;
    while (i > 0 && slug.charCodeAt(i - 1) >= 48 && slug.charCodeAt(i - 1) <= 57) i--;
    if (i === end || i === 0 || slug[i - 1] !== '-') break;
    end = i - 1;
  }
  return slug.slice(0, end);
}

/** Step 4: the library's `slugifyWithCounter` rule over raw slugs. */
export function slugCounter(): (slug: string) => string {
  const occurrences = new Map<string, number>();
  return (slug) => {
    if (!slug) return '';
    const lower = slug.toLowerCase();
    const numberless = occurrences.get(withoutNumberSuffix(lower)) ?? 0;
    const counter = occurrences.get(lower);
    occurrences.set(lower, typeof counter === 'number' ? counter + 1 : 1);
    const next = occurrences.get(lower) ?? 2;
    return next >= 2 || numberless > 2 ? `${slug}-${next}` : slug;
  };
}

const EMOJI =
  /\p{Emoji_Modifier}|\p{Emoji_Modifier_Base}|\p{Emoji_Presentation}|\p{Extended_Pictographic}|\u200D|\uFE0E|\uFE0F/gu;

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

/**
 * The table of contents' pass, page-wide, shared by headings, steps and updates: the first use of
 * an id stands; the nth use becomes `id-n` (or the next free `id-m`), and that id is taken too.
 */
export function uniqueIds(): (id: string) => string {
  const seen = new Map<string, number>();
  return (id) => {
    const n = seen.get(id) ?? 0;
    seen.set(id, n + 1);
    if (n === 0) return id;
    let suffix = n + 1;
    while (seen.has(`${id}-${suffix}`)) suffix++;
    seen.set(`${id}-${suffix}`, 1);
    return `${id}-${suffix}`;
  };
}

/**
 * The id a markdown heading shows, from its (smart-punctuated) title: the counted slug, cleaned
 * (or the plain slug when cleaning leaves nothing) and made unique by `unique` (not for headings
 * outside the table of contents, which pass none), cleaned again as the page renders it. A
 * heading whose slug is empty still takes its turn in the pass and shows its text, encoded.
 */
export function markdownHeadingId(
  title: string,
  count: (slug: string) => string,
  unique: ((id: string) => string) | undefined,
): string {
  const counted = count(rawHeadingSlug(title));
  if (!counted) {
    unique?.('');
    return unique ? cleanHeadingId(unicodeId(title)) : '';
  }
  const key = cleanHeadingId(counted) || rawHeadingSlug(title);
  return cleanHeadingId(unique ? unique(key) : cleanHeadingId(counted));
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

/** The id a component title makes before the counter (`<Accordion title>`, `<View title>`): the library's slug, the first `:` a dash. */
export function componentSlug(title: string): string {
  return library(title.replace(':', '-'), false);
}

/**
 * Ids of `<Accordion title>` and `<View title>`: the library's slug of the title (transliterated:
 * `Über` → `ueber`, `&` → `and`), the first `:` made a dash; later uses of a slug get `-1`, `-2`…
 */
export function componentIdCounter(): (title: string) => string {
  const counts = new Map<string, number>();
  return (title) => {
    const base = componentSlug(title);
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
