import path from 'node:path';
import { append, type Finding, type Related } from '../core/diagnostic.js';
import { isObject, type JsonObject } from '../core/json.js';
import { didYouMean } from '../core/suggest.js';
import { endpointRoute, generationsOf, namedEndpoint, referencedOperation, type Generation } from '../site/generated.js';
import type { LintPass, SiteModel } from '../site/model.js';
import { openapiSources, resolveSpecPath, SpecLoader, type LoadedSpec, type SchemaProblem } from './loader.js';
import { resolveInternal, type Operation } from './operations.js';
import { parseEndpointReference } from './reference.js';
import type { TextRange } from './document.js';

export const SCHEMA = 'openapi-schema';
export const REF = 'openapi-ref';
export const SUMMARY = 'openapi-operation-summary';
export const DESCRIPTION = 'openapi-operation-description';
export const OPERATION_ID = 'openapi-operation-id-duplicate';
export const PATH_PARAMETER = 'openapi-path-parameter';
export const DUPLICATE_SLUG = 'openapi-duplicate-slug';
/** openapi-ref's kind for a local `$ref` that points at nothing (the platform accepts the spec; the page lacks the part). */
export const MISSING_TARGET = 'missing-target';

/** At most this many schema findings per spec: past it, one more says how many were left out. */
export const MAX_SCHEMA_FINDINGS = 50;

/** An operation the platform makes a page of, and the navigation scope its page is listed in. */
interface GeneratedOperation {
  spec: LoadedSpec;
  op: Operation;
  scope: string;
  route: string;
}

/**
 * Loads and validates the specs docs.json names, which `analyseOpenapi` validates whatever the
 * pages say: a whole-site run starts it while worker threads parse the pages (the main thread is
 * idle then), so that the validation, the slowest part of the site rules, is done when they run.
 * The loader keeps each result; a failure here is found and reported again by the rules.
 */
export async function prepareOpenapi(site: SiteModel): Promise<void> {
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
function* namedSpecs(site: SiteModel): Generator<{ written: string; generation?: Generation; scope?: string }> {
  for (const use of site.navigation.openapi) {
    for (const { written } of openapiSources(use.value, use.pointer)) yield { written };
    if (!use.generatesAll) continue;
    for (const g of generationsOf(use.value, undefined)) yield { written: g.written, generation: g, scope: use.scopePointer };
  }
  const config = site.config.value;
  if (isObject(config) && isObject(config.api)) for (const { written } of openapiSources(config.api.openapi, '/api/openapi')) yield { written };
}

/**
 * Every finding of the `openapi-*` rules (one shared analysis; each rule reports its own id):
 * the specs the site uses (docs.json `openapi` at every level, `api.openapi`, specs named in
 * endpoint references and in the front matter of the pages in scope) are validated in full, and
 * the operations the site generates pages for are checked for what their pages need.
 */
export async function analyseOpenapi(site: SiteModel, pass: LintPass): Promise<Finding[]> {
  const out: Finding[] = [];
  const specs = site.specs;
  const inUse = new Map<string, LoadedSpec>();
  const load = async (written: string): Promise<LoadedSpec | undefined> => {
    const source = resolveSpecPath(site.root, written, specs.specFiles);
    if (source.kind !== 'local') return undefined;
    const result = await specs.loader.load(source.file);
    if (!result.ok) return undefined; // nav-openapi-invalid reports it
    inUse.set(result.file, result);
    return result;
  };

  const nav = site.navigation;
  const generated: GeneratedOperation[] = [];
  for (const { written, generation, scope } of namedSpecs(site)) {
    const spec = await load(written);
    if (!spec || !generation || scope === undefined) continue;
    for (const op of [...spec.index.endpoints, ...spec.index.webhooks]) {
      const route = endpointRoute(op, generation.directory);
      if (route !== undefined) generated.push({ spec, op, scope, route: route.toLowerCase() });
    }
  }
  for (const entry of nav.entries) {
    const named = namedEndpoint(entry);
    if (!named) continue;
    const spec = await load(named.written);
    const op = spec && referencedOperation(spec.index, named.ref);
    const route = op && endpointRoute(op, named.directory);
    if (spec && op && route !== undefined) generated.push({ spec, op, scope: entry.scopePointer, route: route.toLowerCase() });
  }
  // Specs named first in the front matter of pages (`openapi: specs/api.yaml GET /users`).
  for (const page of site.pages.values()) {
    if (page.isSnippet || !pass.inScope(page.file)) continue;
    const fm = (await pass.facts(page.file))?.openapi;
    const ref = fm && typeof fm.value === 'string' ? parseEndpointReference(fm.value) : undefined;
    if (ref?.spec !== undefined) await load(ref.spec);
  }

  for (const spec of [...inUse.values()].sort((a, b) => (a.file < b.file ? -1 : 1))) {
    if (!pass.inScope(spec.file)) continue;
    // Appended one by one: 140,000 findings spread into one call overflow the stack.
    append(out, checkRefs(spec));
    append(out, checkSchema(spec, await specs.loader.validateSchema(spec)));
  }
  checkOperations(generated, out, (file) => site.relative(file), pass);
  return out;
}

function finding(spec: LoadedSpec, range: TextRange, ruleId: string, message: string, problem?: string): Finding {
  return { file: spec.file, ...spec.document.lines.range(range.start, range.end), ruleId, message, ...(problem ? { problem } : {}) };
}

/** Where a finding about a value goes: its property name when it has one, else the value's first character. */
function rangeOf(spec: LoadedSpec, segments: ReadonlyArray<string | number>): TextRange {
  const loc = spec.document.locate(segments);
  if (!loc) return { start: 0, end: 1 };
  if (loc.key) return loc.key;
  const { start, end } = loc.value;
  const text = spec.document.text;
  const newline = text.indexOf('\n', start);
  return { start, end: newline !== -1 && newline < end ? Math.max(start + 1, newline) : end };
}

/** `paths["/users/{id}"].get.parameters[0]`: a place in a spec as a reader finds it. */
export function describeLocation(segments: ReadonlyArray<string | number>): string {
  if (!segments.length) return 'the document';
  let out = '';
  for (const s of segments) {
    if (typeof s === 'number' || /^\d+$/.test(s)) out += `[${s}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(s)) out += out ? `.${s}` : s;
    else out += `[${JSON.stringify(s)}]`;
  }
  return `\`${out}\``;
}

function pointerSegments(pointer: string | undefined): string[] {
  if (!pointer) return [];
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function valueAt(root: unknown, segments: ReadonlyArray<string>): unknown {
  let node = root;
  for (const s of segments) {
    if ((!isObject(node) && !Array.isArray(node)) || !Object.hasOwn(node, s)) return undefined;
    node = (node as Record<string, unknown>)[s];
  }
  return node;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value);
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${JSON.stringify(value)}`;
}

/** Messages of the validator that only say a combinator failed (the specific error is elsewhere). */
const GENERIC =
  /^(?:if )?must match "(?:else|then)" schema$|^must match exactly one schema in oneOf$|^must match a schema in anyOf$|^must have required property '\$ref'$|^propertyNames property name must be valid$/;
const LOCATIONS = new Set(['path', 'query', 'header', 'cookie']);

/**
 * The validator's problems, as findings: combinator noise dropped when a specific problem is at
 * or below it, the two relaxations the platform's copy of the schemas makes left out (an empty
 * `responses`, component names with spaces), references left to openapi-ref, and each message
 * rewritten to say what to change.
 */
function checkSchema(spec: LoadedSpec, problems: SchemaProblem[]): Finding[] {
  const root = spec.document.value;
  const kept: Array<{ segments: string[]; message: string; range: TextRange }> = [];
  const specific = problems.filter((p) => !GENERIC.test(p.message));
  const seen = new Set<string>();
  for (const p of problems) {
    const segments = pointerSegments(p.pointer);
    if (/external reference/i.test(p.message)) continue; // openapi-ref
    if (GENERIC.test(p.message) && specific.some((s) => (s.pointer ?? '').startsWith(p.pointer ?? '\0'))) continue;
    const message = p.message.replace(/^(?:type|enum|minProperties|maxProperties|propertyNames|format|pattern|const|minItems|minLength) (?=must )/, '');
    if (/must NOT have fewer than 1 properties/.test(message) && segments[segments.length - 1] === 'responses' && spec.version.startsWith('3.1')) continue;
    const name = /^Property "(.+)" must match pattern \^\[a-zA-Z0-9\._-\]\+\$$/.exec(message);
    if (name && spec.version.startsWith('3.1') && /^[a-zA-Z0-9._ -]+$/.test(name[1]!)) continue;
    if (/must be equal to one of the allowed values/.test(message) && segments[segments.length - 1] === 'in' && LOCATIONS.has(String(valueAt(root, segments))))
      continue;
    const key = `${p.pointer}\0${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(rewrite(spec, segments, message));
  }
  const out = kept.slice(0, MAX_SCHEMA_FINDINGS).map((k) => finding(spec, k.range, SCHEMA, k.message));
  if (kept.length > MAX_SCHEMA_FINDINGS) {
    out.push(
      finding(
        spec,
        { start: 0, end: 1 },
        SCHEMA,
        `and ${kept.length - MAX_SCHEMA_FINDINGS} more OpenAPI validation problems in this spec (the first ${MAX_SCHEMA_FINDINGS} are reported)`,
      ),
    );
  }
  return out;
}

function rewrite(spec: LoadedSpec, segments: string[], message: string): { segments: string[]; message: string; range: TextRange } {
  const where = describeLocation(segments);
  const value = valueAt(spec.document.value, segments);
  const version = spec.version.split('.').slice(0, 2).join('.');
  let m: RegExpExecArray | null;
  if ((m = /^must have required property '(.+)'$/.exec(message))) {
    return { segments, range: rangeOf(spec, segments), message: `${where} is missing the required field \`${m[1]}\`; add it (OpenAPI ${version} requires it)` };
  }
  if ((m = /^Property (.+) is not expected to be here$/.exec(message))) {
    const prop = m[1]!.replace(/^"(.*)"$/, '$1');
    const at = [...segments, prop];
    const siblings = isObject(value) ? Object.keys(value).filter((k) => k !== prop) : [];
    const close = didYouMean(
      prop,
      [
        'description',
        'summary',
        'required',
        'schema',
        'content',
        'parameters',
        'responses',
        'requestBody',
        'operationId',
        'tags',
        'deprecated',
        'example',
        'examples',
        'properties',
        'items',
        'type',
        'format',
        'enum',
        'default',
        'nullable',
        'security',
        'servers',
        'externalDocs',
        'callbacks',
        'headers',
        'style',
        'explode',
        'allowReserved',
        'name',
        'in',
      ].filter((k) => !siblings.includes(k)),
    );
    const hint = close ? `did you mean \`${close}\`? Otherwise remove it or` : 'remove it, or';
    return {
      segments: at,
      range: rangeOf(spec, at),
      message: `\`${prop}\` is not an OpenAPI ${version} field of ${where}; ${hint} name it \`x-${prop}\` to keep it as an extension`,
    };
  }
  if (/^must be equal to one of the allowed values$/.test(message)) {
    const last = segments[segments.length - 1];
    const allowed = last === 'in' ? ': use path, query, header or cookie' : '; see the OpenAPI specification for the values it takes';
    return { segments, range: rangeOf(spec, segments), message: `${where} cannot be ${describeValue(value)}${allowed}` };
  }
  if ((m = /^must be (string|number|integer|boolean|object|array|null)$/.exec(message))) {
    const article = m[1] === 'object' || m[1] === 'array' || m[1] === 'integer' ? 'an' : 'a';
    const type = m[1] === 'array' ? 'list' : m[1];
    return {
      segments,
      range: rangeOf(spec, segments),
      message: `${where} must be ${m[1] === 'null' ? 'null' : `${article} ${type}`}, not ${describeValue(value)}`,
    };
  }
  if (/^must NOT have fewer than 1 (items|properties)$/.test(message)) {
    return { segments, range: rangeOf(spec, segments), message: `${where} must not be empty; give it at least one entry or remove it` };
  }
  return {
    segments,
    range: rangeOf(spec, segments),
    message: `${where}: ${message.replace(/^Property "(.+)" must match pattern (.+)$/, 'the name "$1" must match $2')} (OpenAPI ${version} schema)`,
  };
}

/** Keys under which a `$ref` is data, not a reference (examples and extensions). */
function isDataKey(key: string): boolean {
  return key === 'example' || key === 'examples' || key === 'default' || key === 'enum' || key === 'const' || key.startsWith('x-');
}

/**
 * Every `$ref` of a spec: one to another file or a URL makes the platform refuse the whole spec
 * (it follows references inside the file only, so nothing is ever fetched); a local one must point
 * at something. Walks each object once (YAML aliases share theirs).
 */
function checkRefs(spec: LoadedSpec): Finding[] {
  const out: Finding[] = [];
  const root = spec.document.value;
  const visited = new WeakSet<object>();
  const candidates = new Map<string, string[]>();
  const siblingsOf = (ref: string): string[] => {
    const parent = ref.slice(0, ref.lastIndexOf('/'));
    let list = candidates.get(parent);
    if (!list) {
      const target = resolveInternal(root, parent);
      list = isObject(target) ? Object.keys(target).map((k) => `${parent}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`) : [];
      candidates.set(parent, list);
    }
    return list;
  };
  const stack: Array<{ node: unknown; segments: string[]; data: boolean }> = [{ node: root, segments: [], data: false }];
  while (stack.length) {
    const { node, segments, data } = stack.pop()!;
    if (!isObject(node) && !Array.isArray(node)) continue;
    if (visited.has(node)) continue;
    visited.add(node);
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push({ node: node[i], segments: [...segments, String(i)], data });
      continue;
    }
    const obj = node as JsonObject;
    const ref = obj.$ref;
    if (typeof ref === 'string') {
      const at = [...segments, '$ref'];
      const range = spec.document.locate(at)?.value ?? rangeOf(spec, at);
      if (!ref.startsWith('#')) {
        const file = ref.split('#')[0]!;
        const what = /^[a-z][a-z0-9+.-]*:/i.test(ref) ? 'a URL' : `the file \`${file}\``;
        out.push(
          finding(
            spec,
            range,
            REF,
            `\`$ref: ${ref}\` points at ${what}: the platform follows references inside the spec only and rejects a spec with any other (its pages are not built); copy the definition into this spec (under \`components\`) and point at it with \`#/components/…\``,
          ),
        );
      } else if (!data && resolveInternal(root, ref) === undefined) {
        const close = ref.includes('/') ? didYouMean(ref, siblingsOf(ref)) : undefined;
        const hint = close
          ? `; did you mean \`${close}\`?`
          : ref.startsWith('#/') || ref === '#'
            ? '; define it, or point at an existing part of the spec'
            : '; a local reference is written `#/components/…`';
        out.push(
          finding(
            spec,
            range,
            REF,
            `\`$ref: ${ref}\` points at nothing in this spec, so the part that uses it is missing from its pages${hint}`,
            MISSING_TARGET,
          ),
        );
      }
    }
    const keys = Object.keys(obj);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      if (key === '$ref') continue;
      stack.push({ node: obj[key], segments: [...segments, key], data: data || isDataKey(key) });
    }
  }
  return out;
}

/** The path parameters an operation declares (the path item's, then its own), resolved through local `$ref`s. */
function declaredPathParameters(spec: LoadedSpec, op: Operation): Array<{ name: string; segments: string[] }> {
  const root = spec.document.value;
  const out = new Map<string, { name: string; segments: string[] }>();
  const itemSegments = op.pointer.slice(0, -1);
  for (const owner of [itemSegments, op.pointer]) {
    const list = valueAt(root, owner.concat('parameters'));
    if (!Array.isArray(list)) continue;
    list.forEach((raw, i) => {
      let param = raw;
      let segments = [...owner, 'parameters', String(i)];
      if (isObject(param) && typeof param.$ref === 'string' && param.$ref.startsWith('#/')) {
        const target = resolveInternal(root, param.$ref);
        if (isObject(target)) {
          segments = pointerSegments(param.$ref.slice(1));
          param = target;
        }
      }
      if (!isObject(param) || typeof param.name !== 'string') return;
      if (param.in === 'path') out.set(param.name, { name: param.name, segments });
      else out.delete(param.name); // an operation's own parameter of the same name replaces the path item's
    });
  }
  return [...out.values()];
}

function checkOperations(generated: GeneratedOperation[], out: Finding[], rel: (file: string) => string, pass: LintPass): void {
  const label = (op: Operation) => (op.kind === 'webhook' ? `webhook \`${op.path}\`` : `${op.method.toUpperCase()} ${op.path}`);
  const place = (spec: LoadedSpec, segments: ReadonlyArray<string>): Related | undefined => {
    const range = rangeOf(spec, segments);
    return { file: spec.file, ...spec.document.lines.range(range.start, range.end), message: '' };
  };
  const once = new Set<string>();
  const byOperationId = new Map<string, Map<string, GeneratedOperation>>();
  for (const g of generated) {
    const { spec, op } = g;
    const id = `${spec.file}\0${op.pointer.join('/')}`;
    if (once.has(id)) continue;
    once.add(id);
    if (!pass.inScope(spec.file)) continue;
    const methodKey = rangeOf(spec, op.pointer);
    const xMint = isObject(op.operation['x-mint']) ? op.operation['x-mint'] : undefined;
    const metadata = xMint && isObject(xMint.metadata) ? xMint.metadata : undefined;
    const has = (v: unknown) => typeof v === 'string' && v.trim() !== '';
    if (!has(op.summary) && !has(metadata?.title)) {
      out.push(
        finding(
          spec,
          methodKey,
          SUMMARY,
          `${label(op)} has no \`summary\`: its generated page is titled after its URL (\`${g.route.split('/').pop()}\`); add a \`summary\` of a few words (it becomes the page's title and URL)`,
        ),
      );
    }
    if (!has(op.description) && !has(metadata?.description)) {
      out.push(
        finding(
          spec,
          methodKey,
          DESCRIPTION,
          `${label(op)} has no \`description\`: its generated page has no introduction and no description for search and llms.txt; add a sentence or two on what it does`,
        ),
      );
    }
    if (typeof op.operation.operationId === 'string') {
      const ids = byOperationId.get(spec.file) ?? new Map<string, GeneratedOperation>();
      byOperationId.set(spec.file, ids);
      const first = ids.get(op.operation.operationId);
      if (first) {
        const at = rangeOf(spec, [...op.pointer, 'operationId']);
        const f = finding(
          spec,
          spec.document.locate([...op.pointer, 'operationId'])?.value ?? at,
          OPERATION_ID,
          `operationId "${op.operation.operationId}" of ${label(op)} is also the operationId of ${label(first.op)} (line ${spec.document.lines.position(rangeOf(spec, [...first.op.pointer, 'operationId']).start).line}); operationIds must be unique in a spec (the playground and API clients tell operations apart by it): rename one`,
        );
        f.related = [{ ...place(spec, [...first.op.pointer, 'operationId'])!, message: `first used by ${label(first.op)}` }];
        out.push(f);
      } else ids.set(op.operation.operationId, g);
    }
    if (op.kind === 'endpoint') {
      const inPath = [...op.path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]!);
      const declared = declaredPathParameters(spec, op);
      const undeclared = inPath.filter((name) => !declared.some((d) => d.name === name));
      const extra = declared.filter((d) => !inPath.includes(d.name));
      for (const name of undeclared) {
        const close =
          undeclared.length === 1 && extra.length === 1
            ? extra[0]!.name
            : didYouMean(
                name,
                declared.map((d) => d.name).filter((d) => !inPath.includes(d)),
              );
        out.push(
          finding(
            spec,
            methodKey,
            PATH_PARAMETER,
            `\`{${name}}\` in the path of ${label(op)} is not declared: its page shows no field for it and the playground sends it empty; ${close ? `rename the parameter \`${close}\` to \`${name}\`, or ` : ''}add a parameter with \`name: ${name}\`, \`in: path\` and \`required: true\``,
          ),
        );
      }
      for (const d of extra) {
        const at = [...d.segments, 'name'];
        const range = spec.document.locate(at)?.value ?? rangeOf(spec, d.segments);
        out.push(
          finding(
            spec,
            range,
            PATH_PARAMETER,
            `path parameter \`${d.name}\` of ${label(op)} is not in its path \`${op.path}\`: the playground has nowhere to put it; remove it, change it to \`in: query\`, or add \`{${d.name}}\` to the path`,
          ),
        );
      }
    }
  }
  // Two generated pages with one URL in one navigation scope.
  const byRoute = new Map<string, GeneratedOperation>();
  const reported = new Set<string>();
  for (const g of generated) {
    const key = `${g.scope}\0${g.route}`;
    const first = byRoute.get(key);
    if (!first) {
      byRoute.set(key, g);
      continue;
    }
    if (first.spec.file === g.spec.file && first.op.pointer.join('/') === g.op.pointer.join('/')) continue; // the same operation listed twice: nav-duplicate-page
    const id = `${g.spec.file}\0${g.op.pointer.join('/')}\0${g.route}`;
    if (reported.has(id) || !pass.inScope(g.spec.file)) continue;
    reported.add(id);
    const sameGroup = first.spec.file === g.spec.file;
    const firstLine = first.spec.document.lines.position(rangeOf(first.spec, first.op.pointer).start).line;
    const f = finding(
      g.spec,
      rangeOf(g.spec, g.op.pointer),
      DUPLICATE_SLUG,
      `${label(g.op)} gets the page URL \`/${g.route}\`, as ${label(first.op)} does (${sameGroup ? '' : `${rel(first.spec.file)}, `}line ${firstLine}): ${sameGroup ? `the platform numbers this one \`/${g.route}-1\`` : 'one page hides the other'}; give the operations different summaries, or set \`x-mint.href\``,
    );
    f.related = [{ ...place(first.spec, first.op.pointer)!, message: `${label(first.op)} gets the same URL` }];
    out.push(f);
  }
}

/**
 * The verdict of the `openapi-*` validation on one spec file's text, as `mint openapi-check` gives
 * one (scripts/differential-openapi.mjs compares them): the findings of openapi-schema and
 * openapi-ref, and why the file cannot be used at all (nav-openapi-invalid's part) when it cannot.
 */
export async function validateSpecText(file: string, text: string): Promise<{ unusable?: string; findings: Finding[] }> {
  const loader = new SpecLoader(path.dirname(file), () => ({ ok: true, text }));
  const result = await loader.load(file);
  if (!result.ok) return { unusable: result.message, findings: [] };
  return { findings: [...checkRefs(result), ...checkSchema(result, await loader.validateSchema(result))] };
}
