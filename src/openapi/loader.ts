import path from 'node:path';
import { didYouMean } from '../core/suggest.js';
import { isInside, toPosix } from '../core/paths.js';
import { parseSpecText, type SpecDocument, type TextRange } from './document.js';
import { withCompiledSchemasReused } from './compiled-schemas.js';
import { isObject, OperationIndex } from './operations.js';

/** Reads a spec file's text, or says why it cannot (`code`: ENOENT, EOUTSIDE, ETOOBIG, …). */
export type SpecReader = (file: string) => { ok: true; text: string } | { ok: false; code: string; message: string };

export type SpecFailureReason = 'missing' | 'unreadable' | 'outside-root' | 'unparsable' | 'not-openapi' | 'not-3x';

export interface SpecFailure {
  ok: false;
  /** Absolute path. */
  file: string;
  reason: SpecFailureReason;
  /** Why, for a docs writer (no file name: the caller names the spec). */
  message: string;
  /** Where in the spec file, when the problem has a position (syntax errors, a bad `openapi` field). */
  range?: TextRange;
  text?: string;
}

export interface LoadedSpec {
  ok: true;
  file: string;
  document: SpecDocument;
  /** The `openapi` field (`3.0.3`, `3.1.0`, …). */
  version: string;
  index: OperationIndex;
  /** Milliseconds spent reading and parsing. */
  loadMs: number;
}

export type SpecResult = LoadedSpec | SpecFailure;

/** One problem the OpenAPI library found in a spec, positioned when it names a location. */
export interface SchemaProblem {
  message: string;
  /** JSON pointer inside the spec (`/paths/~1users/get`), when the library gives one. */
  pointer?: string;
  range?: TextRange;
}

/** Schema validation is skipped above this size (it would dominate the run); the rest still runs. */
export const MAX_SCHEMA_VALIDATION_BYTES = 8 * 1024 * 1024;

/**
 * Loads OpenAPI specs of one site: each file is read and parsed once per run (the cache holds the
 * promise), only inside the site root, never from a URL. `$ref`s are not fetched: the platform
 * follows internal references only, and so does the operation index.
 */
export class SpecLoader {
  private readonly cache = new Map<string, Promise<SpecResult>>();
  private readonly schemaCache = new Map<string, Promise<SchemaProblem[]>>();
  /** Milliseconds per spec file (load + parse, and schema validation when it ran). */
  readonly timings = new Map<string, { loadMs: number; validateMs?: number }>();

  /**
   * `reader` reads a file inside the site (the session's reader: regular files only, inside the
   * root, size-bounded, editor buffers first).
   */
  constructor(
    readonly root: string,
    private readonly reader: SpecReader,
  ) {}

  load(file: string): Promise<SpecResult> {
    const abs = path.resolve(file);
    let pending = this.cache.get(abs);
    if (!pending) {
      pending = this.read(abs);
      this.cache.set(abs, pending);
    }
    return pending;
  }

  /** Results loaded so far (for reports and benchmarks). */
  async loaded(): Promise<SpecResult[]> {
    return Promise.all(this.cache.values());
  }

  private async read(abs: string): Promise<SpecResult> {
    if (!isInside(this.root, abs)) {
      return {
        ok: false,
        file: abs,
        reason: 'outside-root',
        message: 'it is outside the site root; doclint only reads files inside the site',
      };
    }
    const started = performance.now();
    const read = this.reader(abs);
    if (!read.ok) {
      if (read.code === 'ENOENT' || read.code === 'ENOTDIR')
        return { ok: false, file: abs, reason: 'missing', message: 'the file does not exist' };
      if (read.code === 'EOUTSIDE')
        return {
          ok: false,
          file: abs,
          reason: 'outside-root',
          message: 'it is a symbolic link out of the site root; doclint only reads files inside the site',
        };
      return { ok: false, file: abs, reason: 'unreadable', message: read.message };
    }
    const text = read.text;
    const parsed = parseSpecText(abs, text);
    if (!parsed.ok) {
      return { ok: false, file: abs, reason: 'unparsable', message: parsed.message, range: parsed.range, text };
    }
    const document = parsed.document;
    const value = document.value;
    const loadMs = performance.now() - started;
    this.timings.set(abs, { loadMs });
    const at = (key: string) => {
      const loc = document.locate([key]);
      return loc?.value;
    };
    if (!isObject(value)) {
      return {
        ok: false,
        file: abs,
        reason: 'not-openapi',
        message: 'it is not an OpenAPI document (the top level is not an object)',
        range: { start: 0, end: 1 },
        text,
      };
    }
    if (value.swagger !== undefined) {
      return {
        ok: false,
        file: abs,
        reason: 'not-3x',
        // The version as written when it is one (`"2.0"`); `swagger: {}` is still a Swagger document.
        message: `it is a Swagger ${typeof value.swagger === 'string' || typeof value.swagger === 'number' ? `${value.swagger} ` : ''}document; the platform only reads OpenAPI 3.0 and 3.1 (convert it to OpenAPI 3)`,
        range: at('swagger'),
        text,
      };
    }
    if (value.openapi === undefined) {
      return {
        ok: false,
        file: abs,
        reason: 'not-openapi',
        message: 'it is not an OpenAPI document (it has no `openapi` field)',
        range: { start: 0, end: 1 },
        text,
      };
    }
    const version = String(value.openapi);
    if (typeof value.openapi !== 'string' || !/^3\.\d+(\.\d+)?/.test(version)) {
      return {
        ok: false,
        file: abs,
        reason: 'not-3x',
        message: `its \`openapi\` version is ${JSON.stringify(value.openapi)}; the platform reads OpenAPI 3.x (a string such as "3.1.0")`,
        range: at('openapi'),
        text,
      };
    }
    return { ok: true, file: abs, document, version, index: new OperationIndex(value), loadMs };
  }

  /**
   * Validates a loaded spec against the OpenAPI 3.x schema with the OpenAPI library, once per
   * spec. The platform renders the endpoint pages of an invalid spec blank.
   */
  validateSchema(spec: LoadedSpec): Promise<SchemaProblem[]> {
    let pending = this.schemaCache.get(spec.file);
    if (!pending) {
      pending = (async () => {
        if (spec.document.text.length > MAX_SCHEMA_VALIDATION_BYTES) return [];
        const started = performance.now();
        let result: Awaited<ReturnType<(typeof import('@scalar/openapi-parser'))['validate']>>;
        try {
          // The library fills in defaults and resolves references in place: give it a copy (a JSON
          // round trip: plain objects of this realm, which its object checks expect).
          const { validate } = await import('@scalar/openapi-parser');
          const copy = JSON.parse(JSON.stringify(spec.document.value)) as Record<string, unknown>;
          // When its error formatter fails on a spec, the library prints the stack trace to the
          // console (and falls back to the plain errors): the work is synchronous, so its
          // console.error is silenced for exactly that call. The OpenAPI schema is compiled once
          // per run, not once per spec (src/openapi/compiled-schemas.ts).
          const consoleError = console.error;
          let pending: ReturnType<typeof validate>;
          console.error = () => {};
          try {
            pending = withCompiledSchemasReused(() => validate(copy));
          } finally {
            console.error = consoleError;
          }
          result = await pending;
        } catch (error) {
          return [{ message: `the OpenAPI validator failed: ${(error as Error).message}` }];
        } finally {
          const t = this.timings.get(spec.file);
          if (t) t.validateMs = performance.now() - started;
        }
        if (result.valid) return [];
        return (result.errors ?? []).map((e) => {
          const pointer =
            typeof e.path === 'string' ? e.path : Array.isArray(e.path) ? '/' + e.path.join('/') : undefined;
          const segments = pointer
            ? pointer
                .split('/')
                .slice(1)
                .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
            : undefined;
          const loc = segments ? spec.document.locate(segments) : undefined;
          return { message: e.message, pointer: pointer || undefined, range: loc?.key ?? loc?.value };
        });
      })();
      this.schemaCache.set(spec.file, pending);
    }
    return pending;
  }
}

/** Where an `openapi` value (or the spec named in an endpoint reference) points. */
export type SpecSource =
  | { kind: 'local'; written: string; file: string; relative: string }
  | { kind: 'remote'; written: string; url: string }
  | { kind: 'unresolved'; written: string; reason: SpecFailureReason; message: string; suggestion?: string };

const REMOTE = /^(?:[a-z][a-z0-9+.-]*:\/\/|\/\/)/i;
export const SPEC_EXTENSIONS = ['.json', '.yaml', '.yml'];

export function isRemoteSpec(written: string): boolean {
  return REMOTE.test(written.trim());
}

/**
 * Resolves a spec path as the platform does: relative to the site root (a leading `/` or `./` is
 * the root), with `.json`, `.yaml` and `.yml` tried when the name has no such extension, and a
 * bare name matched against the site's spec files by name (`v3-openapi` → `v3-openapi.yaml`).
 * `specFiles` are site-relative paths of the site's JSON/YAML files.
 */
export function resolveSpecPath(root: string, written: string, specFiles: Iterable<string>): SpecSource {
  const raw = written.trim();
  if (isRemoteSpec(raw)) return { kind: 'remote', written, url: raw };
  const cleaned = raw.replace(/^(\.\/)+/, '').replace(/^\/+/, '');
  const abs = path.resolve(root, cleaned);
  if (!isInside(root, abs)) {
    return {
      kind: 'unresolved',
      written,
      reason: 'outside-root',
      message: 'it is outside the site root; doclint only reads files inside the site',
    };
  }
  const relative = toPosix(path.relative(root, abs));
  const files = new Set(specFiles);
  if (files.has(relative)) return { kind: 'local', written, file: abs, relative };
  const ext = path.extname(relative).toLowerCase();
  if (!SPEC_EXTENSIONS.includes(ext)) {
    for (const candidate of SPEC_EXTENSIONS) {
      if (files.has(relative + candidate))
        return { kind: 'local', written, file: abs + candidate, relative: relative + candidate };
    }
    // A name without folder or extension: a spec anywhere in the site with that name.
    if (!relative.includes('/')) {
      const byName = [...files]
        .filter(
          (f) =>
            SPEC_EXTENSIONS.includes(path.extname(f).toLowerCase()) && path.basename(f, path.extname(f)) === relative,
        )
        .sort();
      if (byName.length) return { kind: 'local', written, file: path.join(root, byName[0]!), relative: byName[0]! };
    }
  }
  const candidates = [...files].filter((f) => SPEC_EXTENSIONS.includes(path.extname(f).toLowerCase()));
  return {
    kind: 'unresolved',
    written,
    reason: 'missing',
    message: 'the file does not exist',
    suggestion: closestPath(relative, candidates),
  };
}

/**
 * The spec files a page's `openapi: "<name> METHOD /path"` can mean when `<name>` is no file: as
 * the platform matches it (`getMatchingOpenApiFile`), a spec whose path contains the name
 * (`v2` in `api/v2/openapi.yaml`, `openapi/admin` in `openapi/admin.json`). Sorted.
 */
export function specsMatchingName(written: string, specFiles: Iterable<string>): string[] {
  const name = written
    .trim()
    .replace(/^(\.\/)+/, '')
    .replace(/^\/+/, '');
  if (name === '' || isRemoteSpec(name)) return [];
  return [...specFiles]
    .filter((f) => SPEC_EXTENSIONS.includes(path.extname(f).toLowerCase()) && f.includes(name))
    .sort();
}

function closestPath(relative: string, candidates: string[]): string | undefined {
  // Cheap, local suggestion: same name in another folder, or another extension of the same name.
  const name = path.basename(relative, path.extname(relative)).toLowerCase();
  const sameName = candidates.filter((c) => path.basename(c, path.extname(c)).toLowerCase() === name);
  if (sameName.length) return sameName.sort()[0];
  return didYouMean(relative, candidates);
}

/** The sources named by an `openapi` value: a path or URL, a list of them, or `{ source, directory }`. */
export function openapiSources(value: unknown, pointer: string): Array<{ written: string; pointer: string }> {
  if (typeof value === 'string') return [{ written: value, pointer }];
  if (Array.isArray(value)) return value.flatMap((v, i) => openapiSources(v, `${pointer}/${i}`));
  if (isObject(value) && typeof value.source === 'string')
    return [{ written: value.source, pointer: `${pointer}/source` }];
  return [];
}
