import { operationFields, type OperationFields } from '../openapi/fields.js';
import { frontMatterOperation } from './endpoint-references.js';
import type { SiteParts } from './site-parts.js';

/** Per site state: the fields of each page's operation, read once. */
const memo = new WeakMap<SiteParts, Map<string, Promise<OperationFields | undefined>>>();

/**
 * The fields of the operation an API page documents (front matter `openapi:`), when its spec is a
 * local file of the site that has the operation; undefined when they cannot be known (a remote
 * spec, a reference that does not resolve — reported by the rules about references).
 */
export function pageOperationFields(
  site: SiteParts,
  file: string,
  openapi: string,
): Promise<OperationFields | undefined> {
  let byPage = memo.get(site);
  if (!byPage) memo.set(site, (byPage = new Map()));
  const key = `${file}\n${openapi}`;
  let found = byPage.get(key);
  if (!found) {
    found = frontMatterOperation(site, file, openapi).then(
      (resolved) => resolved && operationFields(resolved.spec.index.document, resolved.op),
      () => undefined,
    );
    byPage.set(key, found);
  }
  return found;
}
