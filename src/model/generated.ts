import path from 'node:path';
import { append } from '../core/diagnostic.js';
import { isObject } from '../core/json.js';
import { openapiSources, resolveSpecPath } from '../openapi/loader.js';
import type { Operation, OperationIndex } from '../openapi/operations.js';
import type { EndpointReference } from '../openapi/reference.js';
import type { NavEntry } from '../site/navigation.js';
import { endpointFilename } from '../platform/slug.js';
import { graphqlConfig, graphqlPages, graphqlRoutes } from '../platform/graphql.js';
import { readTextSafe, realRoot } from '../core/safe-read.js';
import type { SiteParts } from './site-parts.js';

/*
 * The endpoint pages the platform generates from OpenAPI specs (read from the platform's prebuild
 * and scraping packages of mint 4.2.941; test/platform/ compares the filename function): each
 * operation of a spec that the navigation uses becomes the page
 *
 *   <directory>/<first tag>/<summary>          (`api-reference/task-management/get-tasks-document-payload`)
 *
 * where `directory` is the `directory` of the `openapi` object in docs.json (inherited by nested
 * navigation, `api-reference` by default), each part made a filename by `endpointFilename`, and the
 * summary replaced by `<method>-<path>` (endpoints) or the webhook's name when it has none. An
 * operation with `x-mint.href` lives there instead. A second operation with the same URL in the same
 * tag group gets `-1`, `-2`… Operations with `x-excluded: true` get no page.
 */

export const DEFAULT_DIRECTORY = 'api-reference';

export interface GeneratedPages {
  /** Routes of generated pages, lowercased, without a leading `/` (`api-reference/users/list-users`). */
  routes: Set<string>;
  /**
   * Folders of generated pages whose list is not known here (a GraphQL tab whose schema is remote or
   * cannot be read), lowercased, without a leading `/`: any route under them may be a page.
   */
  unknownFolders?: string[];
}

/** One `openapi` value of the navigation: its spec files, and where their pages go. */
export interface Generation {
  written: string;
  directory: string;
}

/** The specs an `openapi` value names and the folder of their pages. */
export function generationsOf(value: unknown, inherited: string | undefined): Generation[] {
  const directoryOf = (v: unknown): string | undefined =>
    isObject(v) && typeof v.directory === 'string' ? v.directory : undefined;
  if (Array.isArray(value)) return value.flatMap((v) => generationsOf(v, inherited));
  const dir = directoryOf(value) ?? inherited ?? DEFAULT_DIRECTORY;
  return openapiSources(value, '').map((s) => ({ written: s.written, directory: dir }));
}

/** The route of an operation's page, before uniqueness: undefined when it has none. */
export function endpointRoute(op: Operation, directory: string): string | undefined {
  if (op.excluded) return undefined;
  const xMint = op.operation['x-mint'];
  if (isObject(xMint) && typeof xMint.href === 'string' && xMint.href.trim() !== '') {
    const parsed = path.posix.parse(xMint.href.replace(/^\/+/, ''));
    return path.posix.join(parsed.dir, parsed.name);
  }
  const title =
    endpointFilename(op.summary) ??
    (op.kind === 'webhook' ? endpointFilename(op.path) : `${op.method}-${endpointFilename(op.path) ?? ''}`);
  if (title === undefined) return undefined;
  const tags = op.operation.tags;
  const tag = Array.isArray(tags) && typeof tags[0] === 'string' ? tags[0] : undefined;
  return path.posix.join(directory, endpointFilename(tag) ?? '', title);
}

/**
 * An endpoint the navigation names one by one (`"GET /users"`, `"spec.yaml POST /users"`): its
 * reference, the spec it reads (as written: its own, else the nearest `openapi` around it) and
 * the folder its page goes to.
 */
export function namedEndpoint(
  entry: NavEntry,
): { ref: EndpointReference; written: string; directory: string } | undefined {
  const ref = entry.reference;
  if (!ref) return undefined;
  const around = entry.openapi ? generationsOf(entry.openapi.value, undefined)[0] : undefined;
  const written = ref.spec ?? around?.written;
  return written === undefined ? undefined : { ref, written, directory: around?.directory ?? DEFAULT_DIRECTORY };
}

/** The operation a reference names in a spec: a webhook by name, an endpoint by method and path. */
export function referencedOperation(index: OperationIndex, ref: EndpointReference): Operation | undefined {
  return ref.kind === 'webhook' || ref.method === undefined
    ? index.findWebhook(ref.path)
    : index.find(ref.method, ref.path);
}

/** Routes of the pages one spec generates into one folder: later pages of a tag group with a taken URL get `-1`, `-2`… */
function specRoutes(ops: Operation[], directory: string, out: Set<string>): void {
  // A set per group, and per URL the suffix to try next (the taken ones stay taken): a spec of
  // 100,000 operations in one group, or with one summary, was 5·10⁹ comparisons.
  const groups = new Map<string, Set<string>>();
  const nextSuffix = new Map<string, number>();
  for (const op of ops) {
    const base = endpointRoute(op, directory);
    if (base === undefined) continue;
    const tags = op.operation.tags;
    const group = Array.isArray(tags) && typeof tags[0] === 'string' ? tags[0] : '';
    const taken = groups.get(group) ?? new Set<string>();
    groups.set(group, taken);
    const key = `${group}\0${base}`;
    let n = nextSuffix.get(key) ?? 0;
    let route = n === 0 ? base : `${base}-${n}`;
    while (taken.has(route)) route = `${base}-${++n}`;
    nextSuffix.set(key, n);
    route = route.toLowerCase();
    // Hidden pages exist but are not in the group, so they take no URL from the next one.
    if (!op.hidden) taken.add(route);
    out.add(route.replace(/^\/+/, ''));
  }
}

/**
 * The endpoint pages the local specs of the navigation (and `api.openapi`) generate: their URLs are
 * not files, and links to them are links to pages. Remote specs are never fetched.
 */
export async function generatedPages(model: SiteParts): Promise<GeneratedPages> {
  const out: GeneratedPages = { routes: new Set() };
  const nav = model.navigation;
  const generations: Generation[] = [];
  for (const use of nav.openapi) append(generations, generationsOf(use.value, undefined));
  const value = model.config.value;
  const api = isObject(value) && isObject(value.api) ? value.api.openapi : undefined;
  append(generations, generationsOf(api, undefined));

  const load = async (written: string) => {
    const source = resolveSpecPath(model.root, written, model.specs.specFiles);
    if (source.kind !== 'local') return undefined;
    const spec = await model.specs.loader.load(source.file);
    return spec.ok ? spec.index : undefined;
  };
  for (const g of generations) {
    const index = await load(g.written);
    if (index) specRoutes([...index.endpoints, ...index.webhooks], g.directory, out.routes);
  }
  // Endpoints named one by one in `pages` (`"GET /users"`, `"spec.yaml POST /users"`): one page each,
  // in the folder of the nearest `openapi` around them.
  for (const entry of nav.entries) {
    const named = namedEndpoint(entry);
    if (!named) continue;
    const index = await load(named.written);
    const op = index && referencedOperation(index, named.ref);
    const route = op && endpointRoute(op, named.directory);
    if (route !== undefined) out.routes.add(route.toLowerCase().replace(/^\/+/, ''));
  }
  graphqlTabs(model, out);
  return out;
}

/** The largest GraphQL schema read (the platform's own limit is of the same order). */
const MAX_GRAPHQL_BYTES = 10 * 1024 * 1024;

/** The pages of the GraphQL tabs of the navigation (see src/platform/graphql.ts). */
function graphqlTabs(model: SiteParts, out: GeneratedPages): void {
  const root = realRoot(model.root);
  const visit = (value: unknown, depth: number): void => {
    if (depth > 64) return;
    if (Array.isArray(value)) {
      for (const v of value) visit(v, depth + 1);
      return;
    }
    if (!isObject(value)) return;
    const config = 'tab' in value ? graphqlConfig(value.graphql) : undefined;
    if (config) {
      const directory = config.directory.toLowerCase();
      if (/^[a-z][a-z0-9+.-]*:/i.test(config.source)) (out.unknownFolders ??= []).push(directory);
      else {
        const read = readTextSafe(path.join(model.root, config.source.replace(/^\.?\/+/, '')), {
          root,
          maxBytes: MAX_GRAPHQL_BYTES,
        });
        if (!read.ok) (out.unknownFolders ??= []).push(directory);
        else
          for (const route of graphqlRoutes(graphqlPages(read.text), config.directory))
            out.routes.add(route.toLowerCase());
      }
    }
    for (const v of Object.values(value)) visit(v, depth + 1);
  };
  const value = model.config.value;
  visit(isObject(value) ? value.navigation : undefined, 0);
}
