import { isObject } from '../core/json.js';
import { openapiSources, resolveSpecPath } from '../openapi/loader.js';
import type { SiteModel } from './model.js';

/** A URL slug as the platform makes them from an operation summary: `Delete a DLQ message` → `delete-a-dlq-message`. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

export interface GeneratedPages {
  /** Routes set with `x-mint.href` / `x-custom.href` (no leading `/`). */
  hrefs: Set<string>;
  /** Last URL segments of generated endpoint pages (slugs of summaries, or of `METHOD path`). */
  slugs: Set<string>;
}

/**
 * What the platform generates from the local specs the navigation (and `api.openapi`) uses: the
 * endpoint pages' URLs are not files, so links to them are told apart by their `href` override or
 * by the summary slug in their last segment. Remote specs are never fetched.
 */
export async function generatedPages(model: SiteModel): Promise<GeneratedPages> {
  const out: GeneratedPages = { hrefs: new Set(), slugs: new Set() };
  const specs = model.specs;
  const nav = model.navigation;
  const written = new Set<string>();
  for (const use of nav.openapi) for (const s of openapiSources(use.value, use.pointer)) written.add(s.written);
  for (const entry of nav.entries) if (entry.reference?.spec) written.add(entry.reference.spec);
  const value = model.config.value;
  const api = isObject(value) && isObject(value.api) ? value.api.openapi : undefined;
  for (const s of openapiSources(api, '/api/openapi')) written.add(s.written);
  for (const w of written) {
    const source = resolveSpecPath(model.root, w, specs.specFiles);
    if (source.kind !== 'local') continue;
    const spec = await specs.loader.load(source.file);
    if (!spec.ok) continue;
    for (const op of [...spec.index.endpoints, ...spec.index.webhooks]) {
      for (const name of ['x-mint', 'x-custom']) {
        const ext = op.operation[name];
        if (isObject(ext) && typeof ext.href === 'string') out.hrefs.add(ext.href.replace(/^\/+/, '').replace(/\/+$/, ''));
      }
      const title = op.summary ?? (typeof op.operation.operationId === 'string' ? op.operation.operationId : `${op.method} ${op.path}`);
      out.slugs.add(slugify(title));
    }
  }
  return out;
}
