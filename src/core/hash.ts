import { createHash } from 'node:crypto';

/** The hash that keys a content (a page's bytes, docs.json's text) in the cache. */
export function contentHash(text: string | Uint8Array): string {
  return createHash('sha1').update(text).digest('hex');
}
