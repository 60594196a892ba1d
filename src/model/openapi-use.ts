import { isObject } from '../core/json.js';
import { endpointRoute, generationsOf, namedEndpoint, referencedOperation, type Generation } from './generated.js';
import type { LintPass, SiteParts } from './site-parts.js';
import { openapiSources, resolveSpecPath, type LoadedSpec } from '../openapi/loader.js';
import type { Operation } from '../openapi/operations.js';
import { parseEndpointReference } from '../openapi/reference.js';
import { readableSchemaProblems, type ReadableSchemaProblem } from '../openapi/schema-problems.js';

/** An operation the platform makes a page of, and the navigation scope its page is listed in. */
export interface GeneratedOperation {
  spec: LoadedSpec;
  op: Operation;
  /** JSON pointer of the navigation scope (tab, group, …) the page is listed in. */
  scope: string;
  /** The page's route, lowercased (`api-reference/users/list-users`). */
  route: string;
  /** `GET /users`, or ``webhook `order.created` ``: the operation as a message names it. */
  label: string;
}

/** A spec file the site uses, with what the OpenAPI library finds wrong with it. */
export interface SpecInUse {
  spec: LoadedSpec;
  /** Its problems against the OpenAPI 3.x schema, readable, in the library's order (none above the size limit). */
  schemaProblems: ReadableSchemaProblem[];
}

/** The OpenAPI files the site uses and the operations it generates pages for, as one lint pass sees them. */
export interface OpenapiUse {
  /** Each local spec in use that loads, whose file is in the pass's scope, by file name. */
  specs: SpecInUse[];
  /**
   * Every operation with a generated page, in the order docs.json lists them (an operation listed
   * twice is here twice; its spec may be out of the pass's scope).
   */
  generated: GeneratedOperation[];
  /** The same, each operation once (the first time it is listed). */
  operations: GeneratedOperation[];
}

/**
 * Loads and validates the specs docs.json names, which `openapiUse` validates whatever the pages
 * say: a whole-site run starts it while worker threads parse the pages (the main thread is idle
 * then), so that the validation, the slowest part of the site rules, is done when they run. The
 * loader keeps each result; a failure here is found again by the rules.
 */
export async function prepareOpenapi(site: SiteParts): Promise<void> {
  const specs = site.specs;
  const validated = new Set<string>();
  for (const { written } of namedSpecs(site)) {
    const source = resolveSpecPath(site.root, written, specs.specFiles);
    if (source.kind !== 'local') continue;
    const result = await specs.loader.load(source.file);
    if (!result.ok || validated.has(result.file)) continue;
    validated.add(result.file);
    await specs.loader.validateSchema(result);
  }
}

/**
 * The specs docs.json names, as written, in order: each `openapi` of the navigation (its sources,
 * then, when it generates every operation, each generation with the navigation scope its pages
 * go to), then `api.openapi`.
 */
function* namedSpecs(site: SiteParts): Generator<{ written: string; generation?: Generation; scope?: string }> {
  for (const use of site.navigation.openapi) {
    for (const { written } of openapiSources(use.value, use.pointer)) yield { written };
    if (!use.generatesAll) continue;
    for (const g of generationsOf(use.value, undefined))
      yield { written: g.written, generation: g, scope: use.scopePointer };
  }
  const config = site.config.value;
  if (isObject(config) && isObject(config.api))
    for (const { written } of openapiSources(config.api.openapi, '/api/openapi')) yield { written };
}

/**
 * The specs the site uses (docs.json `openapi` at every level, `api.openapi`, specs named in
 * endpoint references and in the front matter of the pages in scope), each validated in full,
 * and the operations the site generates pages for. A spec that does not load is left out.
 */
export async function openapiUse(site: SiteParts, pass: LintPass): Promise<OpenapiUse> {
  const specs = site.specs;
  const inUse = new Map<string, LoadedSpec>();
  const load = async (written: string): Promise<LoadedSpec | undefined> => {
    const source = resolveSpecPath(site.root, written, specs.specFiles);
    if (source.kind !== 'local') return undefined;
    const result = await specs.loader.load(source.file);
    if (!result.ok) return undefined;
    inUse.set(result.file, result);
    return result;
  };

  const generated: GeneratedOperation[] = [];
  for (const { written, generation, scope } of namedSpecs(site)) {
    const spec = await load(written);
    if (!spec || !generation || scope === undefined) continue;
    for (const op of [...spec.index.endpoints, ...spec.index.webhooks]) {
      const route = endpointRoute(op, generation.directory);
      if (route !== undefined)
        generated.push({ spec, op, scope, route: route.toLowerCase(), label: operationLabel(op) });
    }
  }
  for (const entry of site.navigation.entries) {
    const named = namedEndpoint(entry);
    if (!named) continue;
    const spec = await load(named.written);
    const op = spec && referencedOperation(spec.index, named.ref);
    const route = op && endpointRoute(op, named.directory);
    if (spec && op && route !== undefined)
      generated.push({ spec, op, scope: entry.scopePointer, route: route.toLowerCase(), label: operationLabel(op) });
  }
  // Specs named first in the front matter of pages (`openapi: specs/api.yaml GET /users`).
  for (const page of site.pages.values()) {
    if (page.isSnippet || !pass.inScope(page.file)) continue;
    const fm = (await pass.facts(page.file))?.openapi;
    const ref = fm && typeof fm.value === 'string' ? parseEndpointReference(fm.value) : undefined;
    if (ref?.spec !== undefined) await load(ref.spec);
  }

  const used: SpecInUse[] = [];
  for (const spec of [...inUse.values()].sort((a, b) => (a.file < b.file ? -1 : 1))) {
    if (pass.inScope(spec.file))
      used.push({ spec, schemaProblems: readableSchemaProblems(spec, await specs.loader.validateSchema(spec)) });
  }
  return { specs: used, generated, operations: distinct(generated) };
}

function operationLabel(op: Operation): string {
  return op.kind === 'webhook' ? `webhook \`${op.path}\`` : `${op.method.toUpperCase()} ${op.path}`;
}

/** Each generated operation once, the first time it is listed. */
function distinct(generated: readonly GeneratedOperation[]): GeneratedOperation[] {
  const once = new Set<string>();
  return generated.filter((g) => {
    const id = `${g.spec.file}\0${g.op.pointer.join('/')}`;
    if (once.has(id)) return false;
    once.add(id);
    return true;
  });
}
