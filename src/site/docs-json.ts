import { realpath } from 'node:fs/promises';
import { readTextSafe, realRoot } from '../core/safe-read.js';
import path from 'node:path';
import type { Node } from 'jsonc-parser';
import type { Place } from '../core/diagnostic.js';
import { LineIndex, MAX_JSON_DEPTH } from '../core/text.js';
import { isObject, pointerSegment, setOwn } from '../core/json.js';
import { isInside } from '../core/paths.js';
import { UserError } from '../core/errors.js';
import { parseJsonFile, type JsonProblem, type ParsedJson, type SourceFile } from './json-file.js';

/** Where a value of the resolved configuration was written. Offsets are into `file`'s text. */
export interface Location {
  file: string;
  start: number;
  end: number;
  /** The property name's range, when the value is a property of an object. */
  keyStart?: number;
  keyEnd?: number;
}

/**
 * docs.json with its `$ref` files resolved into one value, plus a map from each JSON pointer of
 * that value (`/navigation/groups/0/pages/1`, the form ajv's `instancePath` uses) back to the file
 * and range where it was written.
 */
export class DocsJson {
  readonly files = new Map<string, SourceFile>();
  /** Syntax and `$ref` problems of the files (reported by the docs.json rules that run when docs.json does not parse: `meta.independentOfConfig`). */
  readonly diagnostics: JsonProblem[] = [];
  private readonly locationMap = new Map<string, Location>();
  /** Builds the location map on first use (a run whose docs.json has no finding never needs it). */
  private pendingLocations: (() => void) | undefined;
  /** The resolved value; undefined when docs.json could not be parsed at all. */
  value: unknown = undefined;

  constructor(
    readonly rootFile: string,
    readonly siteRoot: string,
  ) {}

  /** Where each JSON pointer of the value was written. */
  get locations(): Map<string, Location> {
    const pending = this.pendingLocations;
    if (pending) {
      this.pendingLocations = undefined;
      pending();
    }
    return this.locationMap;
  }

  /** @internal loadDocsJson hands over the walk that fills `locations`. */
  deferLocations(build: () => void): void {
    this.pendingLocations = build;
  }

  locate(pointer: string): Location | undefined {
    let p = pointer;
    const locations = this.locations;
    for (;;) {
      const loc = locations.get(p);
      if (loc) return loc;
      if (p === '') return undefined;
      p = p.slice(0, p.lastIndexOf('/'));
    }
  }

  /** Where the value (or, with `on: 'key'`, the property name) a pointer names was written. */
  placeOf(pointer: string, on: 'key' | 'value' = 'value'): Place {
    const loc = this.locate(pointer);
    const file = loc?.file ?? this.rootFile;
    const source = this.files.get(file);
    let start = 0;
    let end = 0;
    if (loc) {
      const useKey = on === 'key' && loc.keyStart !== undefined;
      start = useKey ? loc.keyStart! : loc.start;
      end = useKey ? loc.keyEnd! : loc.end;
    }
    const range = source ? source.lines.range(start, end) : { line: 1, column: 1, endLine: 1, endColumn: 1 };
    return { file, ...range };
  }
}

export { pointerSegment } from '../core/json.js';
export { parseJsonFile, type JsonProblem, type SourceFile } from './json-file.js';

const MAX_DEPTH = MAX_JSON_DEPTH;

/** Reads a file's text; the language server passes one that prefers unsaved editor buffers. */
export type TextReader = (file: string) => Promise<string>;

/** Largest docs.json (or `$ref` file) read. */
export const MAX_CONFIG_BYTES = 16 * 1024 * 1024;

/**
 * The reader of a site's configuration files: regular files inside the site root only (symbolic
 * links resolved), at most MAX_CONFIG_BYTES, editor buffers first. A refusal rejects with the
 * reason's code (ENOENT, EOUTSIDE, ENOTFILE, ETOOBIG, …) and a message that quotes nothing of the file.
 */
export function siteTextReader(siteRoot: string, overlays?: ReadonlyMap<string, string | Buffer>): TextReader {
  let root: string | undefined;
  return async (file) => {
    const overlay = overlays?.get(file);
    if (overlay !== undefined) {
      const bytes = typeof overlay === 'string' ? Buffer.byteLength(overlay, 'utf8') : overlay.length;
      if (bytes > MAX_CONFIG_BYTES) throw Object.assign(new Error('the file is too large'), { code: 'ETOOBIG' });
      return typeof overlay === 'string' ? overlay : overlay.toString('utf8');
    }
    root ??= realRoot(siteRoot);
    const read = readTextSafe(file, { root, maxBytes: MAX_CONFIG_BYTES });
    if (read.ok) return read.text;
    throw Object.assign(new Error(read.message), { code: read.code });
  };
}

const REMOTE = /^[a-z][a-z0-9+.-]*:\/\//i;
/** What a `$ref` may pull in: a JSON file (the platform reads JSON only). */
const JSON_FILE = /\.json$/i;
/**
 * JSON files of a site that are not docs configuration: the manifests and settings of tools
 * (`package.json`, `tsconfig.json`…) and files named for credentials. A `$ref` never reads them:
 * their values would be quoted in findings, in every output format.
 */
const NOT_DOCS_JSON =
  /^(?:package(?:-lock)?|npm-shrinkwrap|composer|bower|lerna|nx|turbo|deno|biome|renovate|vercel|netlify|firebase|app|now|jsconfig|tsconfig(?:\..*)?|google-services|appsettings(?:\..*)?|local\.settings)\.json$|(?:credential|secret|service[-_]?account|token|private[-_]?key|api[-_]?key|auth)[^/]*\.json$|[-_.]key\.json$/i;

/**
 * Every file read: its text, its value when it is plain JSON (read with the native parser), and
 * its jsonc-parser tree, made only when positions are needed or the file is not plain JSON.
 */
interface Loaded {
  source: SourceFile;
  json: { value: unknown } | undefined;
  parsed?: ParsedJson;
}

/** The fast build's answer when the positioned path must run. */
const FAIL = Symbol('fail');

/** One load of docs.json: the files read, their trees, and the `$ref` walks over them. */
class DocsJsonLoader {
  readonly doc: DocsJson;
  private readonly pendingReads = new Map<string, Promise<Loaded | undefined>>();
  private readonly loaded = new Map<string, Loaded | undefined>();
  /** Why a file could not be read (`ENOENT`, `EACCES`…). */
  private readonly readErrors = new Map<string, string>();
  private readonly readReasons = new Map<string, string>();
  /** Syntax findings of the files: reported when the tree is first made, once per file. */
  private syntaxSink: JsonProblem[];
  // A path inside the root may still lead out of it through a symbolic link: compare real paths.
  private realRoot: Promise<string> | undefined;
  /**
   * First every file reachable through `$ref`s is read (concurrently) and checked for symbolic
   * links out of the root; then the value is built in one synchronous walk.
   */
  private readonly inside = new Map<string, boolean>();

  constructor(
    rootFile: string,
    private readonly siteRoot: string,
    private readonly read: TextReader,
  ) {
    this.doc = new DocsJson(rootFile, siteRoot);
    this.syntaxSink = this.doc.diagnostics;
  }

  /** Reads a file once (later calls share the read): its text and plain-JSON value, or why it cannot be read. */
  private load(file: string): Promise<Loaded | undefined> {
    let pending = this.pendingReads.get(file);
    if (!pending) {
      pending = this.read(file).then(
        (text) => {
          const source = sourceFile(file, text);
          this.doc.files.set(file, source);
          const entry: Loaded = { source, json: plainJson(text) };
          this.loaded.set(file, entry);
          return entry;
        },
        (error: NodeJS.ErrnoException) => {
          this.readErrors.set(file, error?.code ?? String(error));
          if (error?.message) this.readReasons.set(file, error.message);
          this.loaded.set(file, undefined);
          return undefined;
        },
      );
      this.pendingReads.set(file, pending);
    }
    return pending;
  }

  /** A file's jsonc-parser tree, made on first use; its syntax findings go to the sink of the time. */
  private treeOf(entry: Loaded): ParsedJson {
    return (entry.parsed ??= parseJsonFile(entry.source, this.syntaxSink));
  }

  /** Whether a path inside the root stays inside it through symbolic links (real paths compared). */
  private async staysInside(file: string): Promise<boolean> {
    this.realRoot ??= realpath(this.siteRoot).catch(() => this.siteRoot);
    const real = await realpath(file).catch(() => undefined);
    // A file that does not exist (or exists only in an editor buffer) is the reader's to answer.
    return real === undefined || isInside(await this.realRoot, real);
  }

  /** Where a `$ref` leads: a file inside the root, or why it is not followed. */
  private classify(
    file: string,
    target: string,
  ): { resolved: string } | { refused: 'url' | 'pointer' | 'outside' | 'hidden' | 'not-json' | 'not-docs' } {
    if (REMOTE.test(target) || target.startsWith('//')) return { refused: 'url' };
    if (target.startsWith('#')) return { refused: 'pointer' };
    const resolved = path.resolve(path.dirname(file), target.split('#')[0]!);
    if (!isInside(this.siteRoot, resolved)) return { refused: 'outside' };
    // As the platform reads them: JSON files of the site. Never a dot-file or a file in a dot-folder
    // or node_modules (`.env`, `.npmrc`, `.git/config`), which may hold secrets.
    if (
      path
        .relative(this.siteRoot, resolved)
        .split(path.sep)
        .some((segment) => segment.startsWith('.') || segment === 'node_modules')
    )
      return { refused: 'hidden' };
    if (!JSON_FILE.test(resolved)) return { refused: 'not-json' };
    if (NOT_DOCS_JSON.test(path.basename(resolved))) return { refused: 'not-docs' };
    return { resolved };
  }

  /** Reads a file and, concurrently, every file its `$ref`s reach that stays inside the root. */
  private async preload(file: string): Promise<void> {
    const entry = await this.load(file);
    if (!entry) return;
    let targets: string[];
    if (entry.json) {
      targets = refTargets(entry.json.value);
    } else {
      const parsed = this.treeOf(entry);
      targets = parsed.usable && parsed.tree ? refNodes(parsed.tree).map((n) => String(n.value)) : [];
    }
    await Promise.all(
      targets.map(async (target) => {
        const ref = this.classify(file, target);
        if (!('resolved' in ref) || this.inside.has(ref.resolved)) return;
        this.inside.set(ref.resolved, true);
        const ok = await this.staysInside(ref.resolved);
        this.inside.set(ref.resolved, ok);
        if (ok) await this.preload(ref.resolved);
      }),
    );
  }

  /**
   * The value from the native parser's results, when every file is plain JSON and every `$ref`
   * resolves: no positions are needed, so none are computed. `FAIL` sends the load down the
   * positioned path, which reports what is wrong.
   */
  private fastBuild(file: string, value: unknown, chain: string[], depth: number): unknown {
    // Deeper than the positioned parser accepts: let it report where.
    if (depth > MAX_DEPTH - 2) return FAIL;
    if (Array.isArray(value)) {
      const out: unknown[] = [];
      for (const item of value) {
        const built = this.fastBuild(file, item, chain, depth + 1);
        if (built === FAIL) return FAIL;
        out.push(built);
      }
      return out;
    }
    if (value === null || typeof value !== 'object') return value;
    const object = value as Record<string, unknown>;
    const keys = Object.keys(object);
    let out: Record<string, unknown> = {};
    const target = Object.hasOwn(object, '$ref') ? object.$ref : undefined;
    if (typeof target === 'string') {
      const ref = this.classify(file, target);
      if (!('resolved' in ref) || this.inside.get(ref.resolved) !== true || chain.includes(ref.resolved)) return FAIL;
      const entry = this.loaded.get(ref.resolved);
      if (!entry?.json) return FAIL;
      const resolved = this.fastBuild(ref.resolved, entry.json.value, [...chain, ref.resolved], 1);
      if (resolved === FAIL) return FAIL;
      if (keys.length === 1 || !isObject(resolved)) return resolved;
      out = { ...resolved };
    }
    for (const key of keys) {
      if (key === '$ref' && typeof target === 'string') continue;
      const built = this.fastBuild(file, object[key], chain, depth + 1);
      if (built === FAIL) return FAIL;
      setOwn(out, key, built);
    }
    return out;
  }

  /** A problem of a `$ref`, at its node. */
  private refError(file: string, node: Node, message: string): void {
    const source = this.doc.files.get(file)!;
    this.doc.diagnostics.push({
      file,
      ...source.lines.range(node.offset, node.offset + node.length),
      message,
    });
  }

  /** The positioned walk over jsonc-parser trees: the value, every location, and every `$ref` problem. */
  private build(file: string, node: Node, pointer: string, key: Node | undefined, chain: string[]): unknown {
    this.doc.locations.set(pointer, {
      file,
      start: node.offset,
      end: node.offset + node.length,
      keyStart: key?.offset,
      keyEnd: key ? key.offset + key.length : undefined,
    });
    switch (node.type) {
      case 'object': {
        const props = node.children ?? [];
        const refProp = props.find(isRefProperty);
        let out: Record<string, unknown> = {};
        if (refProp) {
          const resolved = this.resolveRef(file, refProp.children![1]!, pointer, key, chain);
          if (resolved !== undefined) {
            // A $ref to a non-object stands for that value; sibling keys are ignored, as the platform does.
            if (props.length === 1 || !isObject(resolved)) return resolved;
            out = { ...resolved };
          }
        }
        for (const prop of props) {
          const [k, v] = prop.children ?? [];
          if (!k || !v || prop === refProp) continue;
          const name = String(k.value);
          setOwn(out, name, this.build(file, v, `${pointer}/${pointerSegment(name)}`, k, chain));
        }
        return out;
      }
      case 'array': {
        const items = node.children ?? [];
        const out: unknown[] = [];
        for (let i = 0; i < items.length; i++)
          out.push(this.build(file, items[i]!, `${pointer}/${i}`, undefined, chain));
        return out;
      }
      default:
        return node.value;
    }
  }

  /** A `$ref` to a file that is not there: what to do, and where the path was looked for when it is not obvious. */
  private notFound(file: string, target: string, resolved: string): string {
    const shown = (f: string) => path.relative(this.siteRoot, f).split(path.sep).join('/');
    const from = shown(resolved) === target ? '' : ` (${shown(resolved)} from the site root)`;
    return `"$ref" file not found: ${target}${from}; create the file, or fix the path (relative to the folder of ${shown(file)})`;
  }

  /** The value a `$ref` stands for (its file walked in place), or undefined with a finding. */
  private resolveRef(file: string, refNode: Node, pointer: string, key: Node | undefined, chain: string[]): unknown {
    const target = String(refNode.value);
    const ref = this.classify(file, target);
    if ('refused' in ref) {
      const message = {
        url: `"$ref" to a URL (${target}) is not followed; doclint never fetches remote files`,
        pointer: `"$ref" to a JSON pointer (${target}) is not supported in docs.json; point at a file`,
        outside: `"$ref" points outside the site root (${target}); doclint only reads files inside the site`,
        hidden: `"$ref" points at a hidden file or folder, or into node_modules (${target}); it is not read: $ref files are the site's own .json files`,
        'not-json': `"$ref" points at a file that is not a .json file (${target}); it is not read: $ref files are the site's own .json files`,
        'not-docs': `"$ref" points at a file that is not docs configuration (${target}): a tool's settings or a file named for credentials is not read; move the part of docs.json into a file of its own`,
      }[ref.refused];
      this.refError(file, refNode, message);
      return undefined;
    }
    const { resolved } = ref;
    if (this.inside.get(resolved) === false) {
      this.refError(
        file,
        refNode,
        `"$ref" points outside the site root through a symbolic link (${target}); doclint only reads files inside the site`,
      );
      return undefined;
    }
    if (chain.includes(resolved)) {
      this.refError(
        file,
        refNode,
        `"$ref" cycle: ${[...chain, resolved].map((f) => path.relative(this.siteRoot, f)).join(' -> ')}; remove the "$ref" that leads back`,
      );
      return undefined;
    }
    const entry = this.loaded.get(resolved);
    if (!entry) {
      const code = this.readErrors.get(resolved);
      const missing = code === undefined || code === 'ENOENT' || code === 'ENOTDIR';
      this.refError(
        file,
        refNode,
        missing
          ? this.notFound(file, target, resolved)
          : `"$ref" file cannot be read (${code}): ${target}; make it a regular file the linter can read (check its permissions)`,
      );
      return undefined;
    }
    const parsed = this.treeOf(entry);
    if (!parsed.usable || !parsed.tree) return undefined;
    // Values inside the referenced file are located in that file; the ref itself stays at the pointer.
    const saved = this.doc.locations.get(pointer);
    const value = this.build(resolved, parsed.tree, pointer, undefined, [...chain, resolved]);
    if (saved)
      this.doc.locations.set(pointer, {
        ...saved,
        keyStart: key?.offset ?? saved.keyStart,
        keyEnd: key ? key.offset + key.length : saved.keyEnd,
      });
    return value;
  }

  /** Reads `rootFile` and its `$ref` files, then builds the value (fast when all is plain JSON). */
  async run(rootFile: string): Promise<DocsJson> {
    const doc = this.doc;
    await this.preload(rootFile);
    // Files were read concurrently: list them in a stable order (docs.json first, then by path).
    const files = [...doc.files].sort(([a], [b]) =>
      a === rootFile ? -1 : b === rootFile ? 1 : a < b ? -1 : a > b ? 1 : 0,
    );
    doc.files.clear();
    for (const [file, source] of files) doc.files.set(file, source);
    const root = this.loaded.get(rootFile);
    if (!root) {
      throw new DocsJsonReadError(
        rootFile,
        this.readErrors.get(rootFile) ?? 'unknown error',
        this.readReasons.get(rootFile),
      );
    }
    const fast = root.json ? this.fastBuild(rootFile, root.json.value, [rootFile], 1) : FAIL;
    if (fast !== FAIL) {
      // Plain JSON throughout: positions wait until a finding asks for one. The positioned walk
      // finds nothing to report on such files; what it would say goes nowhere.
      doc.value = fast;
      doc.deferLocations(() => {
        this.syntaxSink = [];
        const parsed = this.treeOf(root);
        if (parsed.tree) this.build(rootFile, parsed.tree, '', undefined, [rootFile]);
      });
      return doc;
    }
    const parsed = this.treeOf(root);
    if (parsed.usable && parsed.tree) {
      doc.value = this.build(rootFile, parsed.tree, '', undefined, [rootFile]);
    }
    return doc;
  }
}

/**
 * Loads docs.json and every `{"$ref": "file.json"}` it uses. Refs resolve relative to the file that
 * holds them, must stay inside the site root, must not loop, and are never fetched from a URL.
 * Sibling keys of `$ref` are merged over the referenced object.
 */
export async function loadDocsJson(
  rootFile: string,
  siteRoot: string,
  read: TextReader = siteTextReader(siteRoot),
): Promise<DocsJson> {
  return new DocsJsonLoader(rootFile, siteRoot, read).run(rootFile);
}

/** The file's value when it is plain JSON (no BOM, comments, trailing commas or syntax errors). */
function plainJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/** One file of the configuration; its line index is made on first use. */
function sourceFile(file: string, text: string): SourceFile {
  let lines: LineIndex | undefined;
  return {
    path: file,
    text,
    get lines() {
      return (lines ??= new LineIndex(text));
    },
  };
}

/** The `$ref` strings of a plain JSON value (the ones `fastBuild` follows). */
function refTargets(value: unknown): string[] {
  const out: string[] = [];
  const stack = [value];
  while (stack.length) {
    const v = stack.pop();
    if (Array.isArray(v)) for (const item of v as unknown[]) stack.push(item);
    else if (v !== null && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (Object.hasOwn(o, '$ref') && typeof o.$ref === 'string') out.push(o.$ref);
      for (const key of Object.keys(o)) stack.push(o[key]);
    }
  }
  return out;
}

/** A `"$ref": "<string>"` property: the first one of an object is the one followed. */
function isRefProperty(p: Node): boolean {
  return p.children?.[0]?.value === '$ref' && p.children?.[1]?.type === 'string';
}

/** The `$ref` value nodes of a parsed file, one per object (the first `$ref` property). */
function refNodes(tree: Node): Node[] {
  const out: Node[] = [];
  const stack = [tree];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === 'object') {
      const ref = node.children?.find(isRefProperty);
      if (ref) out.push(ref.children![1]!);
      for (const prop of node.children ?? []) if (prop.children?.[1]) stack.push(prop.children[1]);
    } else if (node.type === 'array') {
      for (const child of node.children ?? []) stack.push(child);
    }
  }
  return out;
}

/** docs.json itself cannot be read (permissions, a folder of that name…): a failure of the run, not a finding. */
export class DocsJsonReadError extends UserError {
  constructor(
    readonly file: string,
    readonly code: string,
    /** Why, for the one-line error (never the file's content). */
    readonly reason = `the file cannot be read (${code})`,
  ) {
    super(`cannot read ${file}: ${reason}`);
  }

  /** A plain I/O error keeps its code; a refusal (outside the root, not a file, too large) says why. */
  override describe(cwd: string): string {
    const name = path.relative(cwd, this.file) || this.file;
    return this.reason === `the file cannot be read (${this.code})`
      ? `cannot read ${name} (${this.code})`
      : `cannot read ${name}: ${this.reason}`;
  }
}
