import path from 'node:path';
import type { Place, Span } from '../core/diagnostic.js';
import { isObject } from '../core/json.js';
import {
  openapiSources,
  resolveSpecPath,
  specsMatchingName,
  type LoadedSpec,
  type SchemaProblem,
  type SpecFailure,
  type SpecResult,
  type SpecSource,
} from '../openapi/loader.js';
import type { Operation } from '../openapi/operations.js';
import { describeReference, parseEndpointReference, type EndpointReference } from '../openapi/reference.js';
import type { NavEntry } from '../site/navigation.js';
import type { LintPass, SiteParts } from './site-parts.js';

export interface EndpointAnalysisOptions {
  /**
   * Also validate each spec in use against the OpenAPI 3.x schema with the OpenAPI library
   * (default false: the library compiles its schema on every call, 100-400 ms per spec).
   */
  schema?: boolean;
}

/** Where something is named: a JSON pointer of docs.json, or a place in a page (its front matter). */
export type NamedAt = { pointer: string } | Place;

/** Why a spec, as written somewhere, cannot be used. */
export type UnusableSpec =
  /** No file of the site matches the path (`message` says why; `suggestion` is a close spec path). */
  | { kind: 'not-found'; written: string; message: string; suggestion?: string }
  /** The file is missing, unreadable, does not parse or is not OpenAPI 3.x. */
  | { kind: 'unloadable'; written: string; failure: SpecFailure }
  /** The spec loads but fails OpenAPI validation (only when schema validation is asked for). */
  | { kind: 'invalid'; written: string; spec: LoadedSpec; problems: SchemaProblem[] };

/** One spec an `openapi` value names. */
export interface SpecSourceUse {
  /** Where it is written in docs.json. */
  pointer: string;
  source: SpecSource;
  /** Set when the spec cannot be used. */
  unusable?: UnusableSpec;
}

/** An `openapi` value of docs.json (the navigation's, an entry's own spec, `api.openapi`) and what it names. */
export interface SpecUse {
  pointer: string;
  value: unknown;
  /** The value names no spec: it is no path or URL, list of them, or object with `source`. */
  malformed: boolean;
  sources: SpecSourceUse[];
  /** Its local specs that load (and pass validation when asked). */
  loaded: LoadedSpec[];
  /** The URLs of its remote specs (never fetched). */
  remote: string[];
  /** Some source cannot be used, or the value is malformed. */
  unusable: boolean;
}

/** What an endpoint reference comes to. */
export type ReferenceResolution =
  /** The operation exists (the first spec in scope that has it). */
  | { kind: 'resolved'; spec: LoadedSpec; op: Operation }
  /** A navigation entry with no `openapi` in scope (`apiOpenapi`: docs.json sets `api.openapi`). */
  | { kind: 'no-spec-in-scope'; apiOpenapi: boolean }
  /** Front matter `openapi:` that is no endpoint reference. */
  | { kind: 'not-a-reference' }
  /** A navigation entry whose spec cannot be used (said where the spec is named). */
  | { kind: 'spec-unusable' }
  /** A front matter reference whose named spec cannot be used. */
  | { kind: 'spec-failed'; unusable: UnusableSpec }
  /** Its spec is remote (never fetched): it is not checked. */
  | { kind: 'remote' }
  /** Not in the local specs, but the value also names a remote spec that may have it. */
  | { kind: 'maybe-remote' }
  /** Front matter naming no spec, in a site with no spec. */
  | { kind: 'no-spec' }
  /**
   * No such operation in `candidates`; `named` is the spec the reference names, as written, and
   * the spec files whose path contains it when it is part of a path.
   */
  | { kind: 'not-found'; candidates: LoadedSpec[]; named?: { written: string; matching?: string[] } };

/** One endpoint reference of the navigation or of a page's front matter, resolved. */
export interface EndpointReferenceUse {
  from: 'navigation' | 'front-matter';
  at: NamedAt;
  /** The reference as written. */
  written: string;
  /** Parsed; undefined when the front matter value is no reference. */
  ref?: EndpointReference;
  /** `GET /users/{id}`, `webhook orderUpdated`: the reference as a message shows it. */
  described: string;
  /** Navigation entries: the `openapi` value in scope. */
  use?: SpecUse;
  /** A spec named by part of a path that several specs with the operation share (the platform takes the first). */
  ambiguous?: { written: string; specs: LoadedSpec[] };
  resolution: ReferenceResolution;
}

/** The endpoint references of the site and the specs they use, as one lint pass sees them. */
export interface EndpointReferences {
  /** The `openapi` values of docs.json that were needed, in the order met. */
  uses: SpecUse[];
  /** Endpoint references of the navigation (when docs.json is in scope) and of the front matter of the pages in scope. */
  references: EndpointReferenceUse[];
  /** Each local spec loaded by a name (not by discovery), once. */
  specs: LoadedSpec[];
}

/**
 * The endpoint references of the navigation and of the front matter of the pages in scope, each
 * resolved against the specs in scope, and the `openapi` values those specs are named by. Specs
 * are loaded once each, by the site model's loader.
 */
export async function endpointReferences(
  site: SiteParts,
  pass: LintPass,
  options: EndpointAnalysisOptions = {},
): Promise<EndpointReferences> {
  const analysis = new Analysis(site, options.schema === true);
  // The navigation and api.openapi are about docs.json: a run that does not lint it reads them
  // only when a page's front matter needs their specs.
  if ([...site.config.files.keys()].some((f) => pass.inScope(f))) {
    await analysis.navigation();
    await analysis.api();
  }
  // Only pages in scope: the findings are in the page, and reading the others would parse them all.
  const pages = [...site.pages.values()].filter((p) => !p.isSnippet && pass.inScope(p.file));
  const factsList = await Promise.all(pages.map((p) => pass.facts(p.file).then((f) => [p, f] as const)));
  for (const [page, facts] of factsList) {
    const fm = facts?.openapi;
    if (fm && typeof fm.value === 'string') await analysis.frontMatter(page.file, fm.value, fm);
  }
  return { uses: [...analysis.uses.values()], references: analysis.references, specs: [...analysis.specs.values()] };
}

function findOperation(spec: LoadedSpec, ref: EndpointReference): Operation | undefined {
  return ref.kind === 'webhook' ? spec.index.findWebhook(ref.path) : spec.index.find(ref.method!, ref.path);
}

class Analysis {
  readonly uses = new Map<string, SpecUse>();
  readonly references: EndpointReferenceUse[] = [];
  readonly specs = new Map<string, LoadedSpec>();
  private readonly apiOpenapi: unknown;
  private navigationDone: Promise<void> | undefined;
  private apiDone: Promise<SpecUse | undefined> | undefined;

  constructor(
    private readonly site: SiteParts,
    private readonly validateSchema: boolean,
  ) {
    const config = site.config.value;
    this.apiOpenapi = isObject(config) && isObject(config.api) ? config.api.openapi : undefined;
  }

  private resolve(written: string): SpecSource {
    return resolveSpecPath(this.site.root, written, this.site.specs.specFiles);
  }

  /** Loads a local spec, and keeps it among the specs loaded by a name when it loads. */
  private async loadLocal(source: Extract<SpecSource, { kind: 'local' }>): Promise<SpecResult> {
    const result = await this.site.specs.loader.load(source.file);
    if (result.ok && !this.specs.has(result.file)) this.specs.set(result.file, result);
    return result;
  }

  /** Why a spec cannot be used, if it cannot. */
  private async unusable(source: SpecSource, result?: SpecResult): Promise<UnusableSpec | undefined> {
    if (source.kind === 'unresolved')
      return { kind: 'not-found', written: source.written, message: source.message, suggestion: source.suggestion };
    if (source.kind !== 'local' || !result) return undefined;
    if (!result.ok) return { kind: 'unloadable', written: source.written, failure: result };
    if (!this.validateSchema) return undefined;
    const problems = await this.site.specs.loader.validateSchema(result);
    return problems.length ? { kind: 'invalid', written: source.written, spec: result, problems } : undefined;
  }

  /** The specs an `openapi` value names (once per pointer). */
  private async useOf(value: unknown, pointer: string): Promise<SpecUse> {
    let use = this.uses.get(pointer);
    if (use) return use;
    use = { pointer, value, malformed: false, sources: [], loaded: [], remote: [], unusable: false };
    this.uses.set(pointer, use);
    const named = openapiSources(value, pointer);
    if (!named.length) use.malformed = use.unusable = true;
    for (const { written, pointer: p } of named) {
      const source = this.resolve(written);
      const sourceUse: SpecSourceUse = { pointer: p, source };
      use.sources.push(sourceUse);
      if (source.kind === 'remote') {
        use.remote.push(source.url);
        continue;
      }
      const result = source.kind === 'local' ? await this.loadLocal(source) : undefined;
      sourceUse.unusable = await this.unusable(source, result);
      if (sourceUse.unusable) use.unusable = true;
      else if (result?.ok) use.loaded.push(result);
    }
    return use;
  }

  /** The navigation's `openapi` values, then its endpoint and webhook entries (once). */
  navigation(): Promise<void> {
    return (this.navigationDone ??= this.readNavigation());
  }

  private async readNavigation(): Promise<void> {
    const nav = this.site.navigation;
    for (const o of nav.openapi) await this.useOf(o.value, o.pointer);
    for (const entry of nav.entries) if (entry.kind !== 'page') await this.navigationEntry(entry);
  }

  private async navigationEntry(entry: NavEntry): Promise<void> {
    const ref = entry.reference!;
    const base = {
      from: 'navigation' as const,
      at: { pointer: entry.pointer },
      written: entry.value,
      ref,
      described: describeReference(ref),
    };
    let use: SpecUse;
    if (ref.spec !== undefined) use = await this.useOf(ref.spec, entry.pointer);
    else if (entry.openapi) use = await this.useOf(entry.openapi.value, entry.openapi.pointer);
    else {
      this.references.push({
        ...base,
        resolution: { kind: 'no-spec-in-scope', apiOpenapi: this.apiOpenapi !== undefined },
      });
      return;
    }
    this.references.push({ ...base, use, resolution: this.resolveEntry(ref, use) });
  }

  private resolveEntry(ref: EndpointReference, use: SpecUse): ReferenceResolution {
    if (use.remote.length && !use.loaded.length) return { kind: 'remote' };
    if (use.unusable || !use.loaded.length) return { kind: 'spec-unusable' };
    for (const spec of use.loaded) {
      const op = findOperation(spec, ref);
      if (op) return { kind: 'resolved', spec, op };
    }
    if (use.remote.length > 0) return { kind: 'maybe-remote' };
    return { kind: 'not-found', candidates: use.loaded };
  }

  /** The top-level `api.openapi` (once): front matter resolves against its specs. */
  api(): Promise<SpecUse | undefined> {
    return (this.apiDone ??=
      this.apiOpenapi !== undefined ? this.useOf(this.apiOpenapi, '/api/openapi') : Promise.resolve(undefined));
  }

  /** A page's front matter `openapi:` value. */
  async frontMatter(file: string, value: string, span: Span): Promise<void> {
    const at: Place = { file, line: span.line, column: span.column, endLine: span.endLine, endColumn: span.endColumn };
    const ref = parseEndpointReference(value);
    if (!ref) {
      this.references.push({
        from: 'front-matter',
        at,
        written: value,
        described: value,
        resolution: { kind: 'not-a-reference' },
      });
      return;
    }
    const reference: EndpointReferenceUse = {
      from: 'front-matter',
      at,
      written: value,
      ref,
      described: describeReference(ref),
      resolution: { kind: 'no-spec' },
    };
    this.references.push(reference);
    const apiUse = await this.api();
    const specs = this.site.specs;
    let found: { candidates: LoadedSpec[]; remote: boolean; named?: { written: string; matching?: string[] } };
    if (
      ref.spec !== undefined &&
      this.resolve(ref.spec).kind === 'unresolved' &&
      specsMatchingName(ref.spec, specs.specFiles).length > 0
    ) {
      found = await this.partlyNamed(reference, ref, ref.spec);
    } else if (ref.spec !== undefined) {
      const source = this.resolve(ref.spec);
      if (source.kind === 'remote') {
        reference.resolution = { kind: 'remote' };
        return;
      }
      const result = source.kind === 'local' ? await this.loadLocal(source) : undefined;
      const unusable = await this.unusable(source, result);
      if (unusable) {
        reference.resolution = { kind: 'spec-failed', unusable };
        return;
      }
      found = { candidates: result?.ok ? [result] : [], remote: false, named: { written: ref.spec } };
    } else {
      found = await this.unnamed(apiUse);
    }
    const { candidates, remote, named } = found;
    const spec = candidates.find((s) => findOperation(s, ref));
    if (spec) reference.resolution = { kind: 'resolved', spec, op: findOperation(spec, ref)! };
    else if (remote || (!candidates.length && apiUse?.remote.length)) reference.resolution = { kind: 'remote' };
    else if (!candidates.length) reference.resolution = { kind: 'no-spec' };
    else reference.resolution = { kind: 'not-found', candidates, ...(named ? { named } : {}) };
  }

  /**
   * A spec named by part of a path, which the platform resolves by matching: the specs whose path
   * contains it, those with the operation first (the platform picks the first spec that has it).
   */
  private async partlyNamed(
    reference: EndpointReferenceUse,
    ref: EndpointReference,
    written: string,
  ): Promise<{ candidates: LoadedSpec[]; remote: boolean; named: { written: string; matching: string[] } }> {
    const matching = specsMatchingName(written, this.site.specs.specFiles);
    const loaded: LoadedSpec[] = [];
    for (const relPath of matching) {
      const result = await this.loadLocal({
        kind: 'local',
        written,
        file: path.join(this.site.root, relPath),
        relative: relPath,
      });
      if (result.ok) loaded.push(result);
    }
    const having = loaded.filter((spec) => findOperation(spec, ref));
    if (having.length > 1) reference.ambiguous = { written, specs: having };
    return { candidates: having.length ? having : loaded, remote: false, named: { written, matching } };
  }

  /** The specs a reference naming none resolves against, as the platform: api.openapi, then the navigation's, then every spec in the site. */
  private async unnamed(apiUse: SpecUse | undefined): Promise<{ candidates: LoadedSpec[]; remote: boolean }> {
    const candidates: LoadedSpec[] = [];
    const seen = new Set<string>();
    const add = (s: LoadedSpec) => {
      if (!seen.has(s.file)) {
        seen.add(s.file);
        candidates.push(s);
      }
    };
    let remote = false;
    if (apiUse) {
      apiUse.loaded.forEach(add);
      remote ||= apiUse.remote.length > 0;
    }
    await this.navigation();
    for (const use of this.uses.values()) use.loaded.forEach(add);
    for (const relPath of await this.site.specs.discovered()) {
      const result = await this.site.specs.loader.load(path.join(this.site.root, relPath));
      if (result.ok) add(result);
    }
    return { candidates, remote };
  }
}

/**
 * The operation a page's front matter `openapi:` names, when it is one of the site's local specs
 * (resolved as `endpointReferences` resolves it); undefined otherwise (remote, missing, no reference).
 */
export async function frontMatterOperation(
  site: SiteParts,
  file: string,
  value: string,
): Promise<{ spec: LoadedSpec; op: Operation } | undefined> {
  const analysis = new Analysis(site, false);
  await analysis.frontMatter(file, value, { line: 1, column: 1, endLine: 1, endColumn: 1 });
  const resolution = analysis.references[0]?.resolution;
  return resolution?.kind === 'resolved' ? { spec: resolution.spec, op: resolution.op } : undefined;
}
