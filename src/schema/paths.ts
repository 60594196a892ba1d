/** JSON pointers (ajv `instancePath` form) and how they read in messages. */
import { parsePointer } from '../core/json.js';

export { childPointer, parsePointer, valueAt } from '../core/json.js';

const PLAIN_KEY = /^[A-Za-z0-9_$-]+$/;

/**
 * How a writer reads a pointer: `/navigation/groups/0/pages` → `navigation.groups[0].pages`;
 * keys that are not plain words are quoted: `seo.metatags["og:image"]`. The root is "docs.json".
 */
export function displayPath(root: unknown, pointer: string): string {
  let out = '';
  let current = root;
  for (const segment of parsePointer(pointer)) {
    if (Array.isArray(current)) {
      out += `[${segment}]`;
      current = current[Number(segment)];
    } else {
      out += PLAIN_KEY.test(segment) ? (out ? '.' : '') + segment : `[${JSON.stringify(segment)}]`;
      current = current !== null && typeof current === 'object' ? (current as Record<string, unknown>)[segment] : undefined;
    }
  }
  return out || 'docs.json';
}

/** Keys whose values are never quoted, wherever they are: they look like credentials (`apiKey`, `projectToken`, `client_secret`, `password`). */
const CREDENTIAL_KEY = /passw(?:or)?d|passphrase|secret|token|api[-_ ]?key|private[-_ ]?key|access[-_ ]?key|credential|bearer|session[-_ ]?id/i;
/** Keys that name a credential only as the key of the value itself (`auth` holds the settings of `api.mdx.auth`). */
const CREDENTIAL_LEAF = /^(?:auth|authorization|pass|pwd)$/i;

/** Whether a pointer goes through a key that looks like a credential. */
export function isCredentialPointer(pointer: string): boolean {
  const segments = parsePointer(pointer);
  return segments.some((segment) => CREDENTIAL_KEY.test(segment)) || CREDENTIAL_LEAF.test(segments[segments.length - 1] ?? '');
}

/** A value as quoted in a message at `pointer`: never the value of a key that looks like a credential. */
export function describeValueAt(value: unknown, pointer: string): string {
  return isCredentialPointer(pointer) ? 'a value not shown: its key names a credential' : describeValue(value);
}

/** A value as quoted in a message: strings in quotes (shortened), other types by kind. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? value.slice(0, 57) + '...' : value);
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}

export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

const ARTICLE: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

/** "a string", "a string or an object", "a string, an array or an object". */
export function typeList(types: string[]): string {
  const words = [...new Set(types)].map((t) => ARTICLE[t] ?? t);
  if (words.length <= 1) return words[0] ?? 'a valid value';
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}
