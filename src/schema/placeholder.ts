import { childPointer, displayPath } from './paths.js';

/**
 * Placeholders copied from setup guides and never replaced: "<API_KEY>", "YOUR_MEASUREMENT_ID",
 * "G-XXXXXXX", "phc_...", "TODO", "REPLACE_ME", "{{ GA_ID }}". A site with one of these builds,
 * but the integration silently sends nothing (or sends to nobody's account).
 */
const PLACEHOLDER_PATTERNS: RegExp[] = [
  /<[^<>]+>/, // <API_KEY>, https://<your-host>
  /\{\{[^}]*\}\}|\$\{[^}]*\}/, // {{ GA_ID }}, ${POSTHOG_KEY}: templates are not filled in docs.json
  /(?:^|[^a-z])your[\s_-]/i, // YOUR_MEASUREMENT_ID, your-api-key
  /^(?:[A-Za-z]{1,4}[-_])?[xX*]{3,}(?:[-_][xX*]+)*$/, // G-XXXXXXX, phc_XXXX, xxxx-xxxx, ****
  /^(?:\.{3}|…)|(?:\.{3}|…)$/, // phc_..., abc…
  /\b(?:todo|tbd|fixme)\b/i,
  /^(?:replace|change)[\s_-]?(?:me|this|it)$/i, // REPLACE_ME, CHANGEME
  /^(?:insert|enter|paste|add)[\s_-]+(?:the|an?|key|id|token|value|here)\b/i, // "insert key here"
  /^(?:placeholder|required|dummy|sample|example|none|null|undefined)$/i,
  /^[A-Z]+(?:_[A-Z]+)*_(?:ID|KEY|TOKEN|URL|HOST|DOMAIN|SECRET)$/, // MEASUREMENT_ID, API_KEY
];

/** True when an integration value is evidently a placeholder rather than a real key or ID. */
export function isPlaceholder(value: string): boolean {
  const v = value.trim();
  return PLACEHOLDER_PATTERNS.some((re) => re.test(v));
}

const FIELD_LABELS: Record<string, string> = {
  'adobe.launchUrl': 'Adobe launch URL',
  'gtm.tagId': 'Tag Manager container ID',
  'hotjar.hjid': 'Hotjar site ID',
  'hotjar.hjsv': 'Hotjar script version',
  'pirsch.id': 'Pirsch site ID',
  'plausible.domain': 'Plausible domain',
  'plausible.server': 'Plausible server',
  'segment.key': 'Segment write key',
  'cookies.key': 'cookie key',
  'cookies.value': 'cookie value',
};

const WORDS: Record<string, string> = { id: 'ID', api: 'API', url: 'URL', cdn: 'CDN' };

/** "measurementId" → "measurement ID", "publicApiKey" → "public API key". */
export function fieldLabel(provider: string, field: string): string {
  const known = Object.hasOwn(FIELD_LABELS, `${provider}.${field}`) ? FIELD_LABELS[`${provider}.${field}`] : undefined;
  if (known) return known;
  return field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/\s+/)
    .map((w) => (Object.hasOwn(WORDS, w.toLowerCase()) ? WORDS[w.toLowerCase()]! : w.toLowerCase()))
    .join(' ');
}

/** Integration fields that are choices rather than values the site owner pastes in. */
export const NOT_PASTED = new Set(['mixpanel.region', 'transcend.analyticsPurpose']);

/** An integration value that is empty or looks like a placeholder (see `isPlaceholder`). */
export interface PlaceholderValue {
  /** JSON pointer of the value (`/integrations/ga4/measurementId`). */
  pointer: string;
  /** How a writer reads where it is (`integrations.ga4.measurementId`). */
  path: string;
  provider: string;
  field: string;
  value: string;
  /** The value is empty (or blank) rather than a placeholder. */
  empty: boolean;
  /** What the field holds, for a message ("measurement ID"; see `fieldLabel`). */
  label: string;
}

/** The string values of `integrations` that are empty or look like placeholders, in the order written (choices excepted, see `NOT_PASTED`). */
export function integrationPlaceholders(root: unknown): PlaceholderValue[] {
  const found: PlaceholderValue[] = [];
  const integrations = (root as Record<string, unknown> | null)?.integrations;
  if (integrations === null || typeof integrations !== 'object' || Array.isArray(integrations)) return found;
  for (const [provider, settings] of Object.entries(integrations)) {
    if (settings === null || typeof settings !== 'object' || Array.isArray(settings)) continue;
    for (const [field, value] of Object.entries(settings)) {
      if (typeof value !== 'string' || NOT_PASTED.has(`${provider}.${field}`)) continue;
      const empty = value.trim() === '';
      if (!empty && !isPlaceholder(value)) continue;
      const pointer = childPointer(childPointer('/integrations', provider), field);
      found.push({ pointer, path: displayPath(root, pointer), provider, field, value, empty, label: fieldLabel(provider, field) });
    }
  }
  return found;
}
