import { sameNameMisspelt } from '../core/suggest.js';
import { suggestName } from '../core/suggest-name.js';

/**
 * The front-matter fields the platform reads (@mintlify/models 4.2.941: the fields of
 * `PageMetaTags` and `NATIVE_METADATA_TAG_KEYS_SET`). A key with a colon (`og:image`,
 * `twitter:card`, `article:author`) is a meta tag of the page's HTML and always passes.
 */
const FIELDS: readonly string[] = [
  'title',
  'description',
  'sidebarTitle',
  'href',
  'url',
  'canonical',
  'keywords',
  'noindex',
  'robots',
  'rss',
  'api',
  'openapi',
  'asyncapi',
  'openapi-schema',
  'graphql',
  'sdk',
  'contentType',
  'authMethod',
  'auth',
  'version',
  'mode',
  'icon',
  'iconType',
  'tag',
  'hideApiMarker',
  'searchable',
  'hidden',
  'isPublic',
  'public',
  'boost',
  'playground',
  'timestamp',
  'groups',
  'hideFooterPagination',
  'authors',
  'lastUpdatedDate',
  'createdDate',
  'deprecated',
  'related',
  'contextual',
];

/** The front-matter fields the platform reads. */
export const PLATFORM_FRONTMATTER_KEYS: ReadonlySet<string> = new Set(FIELDS);

/** Keys that look like a redirect of the page (which front matter cannot do). */
export const REDIRECT_LIKE_KEY =
  /^(?:redirect(?:s|ed)?(?:[_-]?(?:to|from|url|uri|path))?|redirect[_-]?(?:to|from)|moved[_-]?to|aliases|alias|permanent[_-]?redirect)$/i;

/** The platform field a key misspells (`sidebar_title` → `sidebarTitle`), word for word; undefined for a name of its own. */
export function misspeltFrontmatterField(key: string): string | undefined {
  const closest =
    suggestName(key, PLATFORM_FRONTMATTER_KEYS) ??
    [...PLATFORM_FRONTMATTER_KEYS].find((k) => k.toLowerCase() === key.replace(/[_-]/g, '').toLowerCase());
  return closest !== undefined && sameNameMisspelt(key, closest) ? closest : undefined;
}

/**
 * Whether the rule notes a key as the team's own metadata (`language`, `weight`): not a platform
 * field, a meta tag, a `redirect`-like key or a misspelt field (those are warnings). `doclint init`
 * lists in `allow` such keys that many pages set.
 */
export function isOwnMetadataKey(key: string): boolean {
  return (
    !PLATFORM_FRONTMATTER_KEYS.has(key) &&
    !key.includes(':') &&
    !REDIRECT_LIKE_KEY.test(key) &&
    misspeltFrontmatterField(key) === undefined
  );
}
