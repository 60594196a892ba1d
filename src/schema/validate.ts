import { append, type Place } from '../core/diagnostic.js';
import { didYouMean } from '../core/suggest.js';
import { suggestName } from '../core/suggest-name.js';
import type { DocsJson } from '../site/docs-json.js';
import type { ErrorObject } from 'ajv/dist/2020.js';
import { unionPointers, type SchemaValidators } from './compile.js';
import { PATH_OR_URL_KINDS, type PathOrUrlKind, type UniqueBy } from './checks.js';
import { childPointer, describeValueAt, displayPath, isCredentialPointer, jsonType, typeList, valueAt } from './paths.js';
import { integrationPlaceholders, type PlaceholderValue } from './placeholder.js';
import { loadSchema, loadValidators, type JsonSchema } from './schema-file.js';

/*
 * docs.json validation: one ajv pass over the resolved configuration, then every ajv error is
 * turned into a message a writer understands, positioned where the value (or key) was written,
 * even inside a `$ref` file.
 *
 * Unions (`anyOf`) are never reported as "must match a schema in anyOf". Instead the branch the
 * writer meant is picked from the value itself (its JSON type and, for objects, its name key such
 * as "group" or "tab"), the value is validated against that branch alone, and only those errors
 * are reported. The schema keeps every union as the only validating keyword at its location, so
 * all errors at or below a failing union belong to its branches.
 */

interface Engine {
  schema: JsonSchema;
  validators: SchemaValidators;
  /** Pointer of each union of the schema, by the JSON text of its branch list (errors carry a copy). */
  unions: Map<string, string>;
}

function createEngine(schema: JsonSchema, validators: SchemaValidators): Engine {
  const unions = new Map<string, string>();
  for (const pointer of unionPointers(schema)) {
    const key = JSON.stringify(valueAt(schema, pointer));
    if (!unions.has(key)) unions.set(key, pointer);
  }
  return { schema, validators, unions };
}

let defaultEngine: Engine | undefined;

/** Loads (or compiles) the validators on first use; later calls reuse them. */
function getDefaultEngine(): Engine {
  if (!defaultEngine) {
    const loaded = loadSchema();
    defaultEngine = createEngine(loaded.schema, loadValidators(loaded));
  }
  return defaultEngine;
}

/** Where the validators in use came from: the build's precompiled module or a run-time compile. */
export function validatorOrigin(): SchemaValidators['origin'] {
  return getDefaultEngine().validators.origin;
}

/** Where a value (or key) of docs.json is, as the validation describes it. */
export interface Pointed {
  /** JSON pointer of the value, or of the key's value for a key (`/navigation/tabs/0/tabb`). */
  pointer: string;
  /** `value`: the value's range; `key`: the property name, else the opening brace of the object. */
  on: 'value' | 'key';
  /** Where it was written (in docs.json or a `$ref` file). */
  place: Place;
}

/** A value or key the platform rejects, described for a writer. */
export interface SchemaError extends Pointed {
  /** What is wrong and what to do (`navigation.tabs[0] is missing "tab"`). */
  message: string;
}

/** Why the platform does not know a key where it is written. */
export type UnknownKeyReason =
  /** `openapi` or `asyncapi` directly in `navigation`. */
  | 'api-in-navigation'
  /** `variations` with a theme other than willow (`theme` holds the theme). */
  | 'variations-without-willow'
  /** An old-format navigation key (`tabs`, `anchors`, `pages`…) at the top level. */
  | 'navigation-at-top-level'
  /** A navigation entry's name key in an entry of another kind (`"tab"` inside a group; `array` says where it goes). */
  | 'navigation-level'
  /** Any other key the platform does not know (`closest` may name the key meant). */
  | 'unknown';

/** A key the platform does not know, and ignores. */
export interface UnknownKey extends Pointed {
  on: 'key';
  key: string;
  /** How a writer reads the object that holds it (`navigation.tabs[0]`); undefined at the top level. */
  owner: string | undefined;
  reason: UnknownKeyReason;
  /** `variations-without-willow`: the configured theme. */
  theme?: unknown;
  /** `navigation-level`: the array such an entry belongs in (`groups`). */
  array?: string;
  /** `unknown`: the known key of that object it is closest to, if any. */
  closest?: string;
  /** `closest` is already a key of the object. */
  closestPresent?: boolean;
  /** Offsets of the key's name in its file, when it is written at the pointer itself (a rename can replace it). */
  nameRange?: [number, number];
}

/**
 * What the validation of docs.json against the platform's schema found, as data: each rule of
 * docs.json that reads it turns its part into findings. Each list is in the order it was found.
 */
export interface ConfigValidation {
  /** Values and keys the platform rejects. */
  errors: SchemaError[];
  /** Keys the platform ignores. */
  unknownKeys: UnknownKey[];
  /** Integration values that are empty or look like placeholders (`integrationPlaceholders`), each with where it was written. */
  placeholders: Array<PlaceholderValue & { place: Place }>;
}

/** A description before it has a place. */
type Described = Omit<SchemaError, 'place'> | (Omit<UnknownKey, 'place' | 'nameRange'> & { unknownKey: true });

/**
 * Checks the resolved docs.json against the platform schema: the errors, the unknown keys and the
 * placeholder values, as data (see `ConfigValidation`). Malformed JSON is not reported here:
 * `loadDocsJson` puts those problems in `doc.diagnostics`, and when nothing could be parsed
 * (`doc.value` undefined) there is nothing to validate.
 */
export function validateConfig(doc: DocsJson): ConfigValidation {
  return runValidation(getDefaultEngine(), doc);
}

/** A validator bound to given schema validators (tests compare precompiled and run-time ones). */
export function createConfigValidator(validators: SchemaValidators): (doc: DocsJson) => ConfigValidation {
  const engine = createEngine(loadSchema().schema, validators);
  return (doc) => runValidation(engine, doc);
}

function runValidation(c: Engine, doc: DocsJson): ConfigValidation {
  const out: ConfigValidation = { errors: [], unknownKeys: [], placeholders: [] };
  if (doc.value === undefined) return out;
  const root = doc.value;
  const main = c.validators.main;
  const errors = main(root) ? [] : (main.errors ?? []).filter((e) => !willowVariations(e, root));
  const described = resolveUnions(c, errors, '').map((error) => describeError(error, root));
  const unknownKeys = described.filter((d) => 'unknownKey' in d);
  append(unknownKeys, prototypeKeys(root, new Set(unknownKeys.map((k) => k.pointer))));
  for (const d of described) if (!('unknownKey' in d)) out.errors.push({ ...d, place: placeOf(doc, d.pointer, d.on) });
  for (const { unknownKey: _, ...k } of unknownKeys) {
    const loc = doc.locations.get(k.pointer);
    const nameRange: [number, number] | undefined = loc?.keyStart !== undefined && loc.keyEnd !== undefined ? [loc.keyStart, loc.keyEnd] : undefined;
    out.unknownKeys.push({ ...k, place: placeOf(doc, k.pointer, 'key'), ...(nameRange ? { nameRange } : {}) });
  }
  for (const p of integrationPlaceholders(root)) out.placeholders.push({ ...p, place: placeOf(doc, p.pointer, 'value') });
  return out;
}

/** Names of Object.prototype members: ajv tracks evaluated properties in plain objects, so such keys look evaluated (ajv#2664). */
const PROTOTYPE_KEYS = new Set(Object.getOwnPropertyNames(Object.prototype));

/** Keys named like Object.prototype members, wherever they are: unknown keys that ajv does not always report. */
function prototypeKeys(root: unknown, reported: Set<string>): Array<Extract<Described, { unknownKey: true }>> {
  const found: Array<Extract<Described, { unknownKey: true }>> = [];
  const walk = (value: unknown, pointer: string): void => {
    if (value === null || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      const at = childPointer(pointer, key);
      if (!Array.isArray(value) && PROTOTYPE_KEYS.has(key) && !reported.has(at)) {
        found.push({ unknownKey: true, pointer: at, on: 'key', key, owner: pointer === '' ? undefined : displayPath(root, pointer), reason: 'unknown' });
      }
      walk(child, at);
    }
  };
  walk(root, '');
  return found;
}

/**
 * With theme "willow", `variations` is known; when it is invalid, its own errors say so, and the
 * root's `unevaluatedProperties` must not call it unknown as well.
 */
function willowVariations(e: ErrorObject, root: unknown): boolean {
  return (
    e.keyword === 'unevaluatedProperties' &&
    e.instancePath === '' &&
    (e.params as { unevaluatedProperty?: string }).unevaluatedProperty === 'variations' &&
    (root as Record<string, unknown>).theme === 'willow'
  );
}

// ---------------------------------------------------------------------------------------------
// Unions

/** ajv's error with its instance path made absolute (sub-validations run on a part of the value). */
type AbsoluteError = ErrorObject & { absolutePath: string };

function unionPointerOf(c: Engine, e: ErrorObject): string | undefined {
  return e.keyword === 'anyOf' || e.keyword === 'oneOf' ? c.unions.get(JSON.stringify(e.schema)) : undefined;
}

function resolveUnions(c: Engine, errors: ErrorObject[], prefix: string): AbsoluteError[] {
  const unions = errors.filter((e) => unionPointerOf(c, e) !== undefined).sort((a, b) => a.instancePath.length - b.instancePath.length);
  // The outermost failing unions claim every error at or below them.
  const claimedPaths = new Set<string>();
  const claimed: ErrorObject[] = [];
  for (const u of unions) {
    if (claimedAncestor(claimedPaths, u.instancePath) === undefined) {
      claimedPaths.add(u.instancePath);
      claimed.push(u);
    }
  }
  const out: AbsoluteError[] = [];
  for (const e of errors) {
    if (e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'if') continue;
    // The name checks of `propertyNames` repeat what its own error says.
    if ((e as ErrorObject & { propertyName?: string }).propertyName !== undefined) continue;
    if (claimedPaths.size > 0 && claimedAncestor(claimedPaths, e.instancePath) !== undefined) continue;
    out.push({ ...e, absolutePath: prefix + e.instancePath });
  }
  for (const u of claimed) {
    const branches = u.schema as unknown[];
    const data = u.data;
    const absolute = prefix + u.instancePath;
    const index = pickBranch(c.schema, branches, data);
    if (index === undefined) {
      const types = branches.flatMap((b) => branchTypes(c.schema, b));
      out.push({
        ...u,
        keyword: 'type',
        params: { type: types },
        absolutePath: absolute,
      });
      continue;
    }
    const validator = c.validators.branch(`${unionPointerOf(c, u)}/${index}`);
    if (validator(data)) continue;
    append(out, resolveUnions(c, [...(validator.errors ?? [])], absolute));
  }
  return out;
}

/** The pointer itself or its nearest ancestor that is in `paths`. */
function claimedAncestor(paths: Set<string>, pointer: string): string | undefined {
  let p = pointer;
  for (;;) {
    if (paths.has(p)) return p;
    if (p === '') return undefined;
    p = p.slice(0, p.lastIndexOf('/'));
  }
}

/** Follows local `$ref`s ("#/$defs/group") to the schema object they name. */
function deref(root: JsonSchema, node: unknown): Record<string, unknown> {
  let current = node as Record<string, unknown>;
  for (let i = 0; i < 10 && current && typeof current.$ref === 'string' && current.$ref.startsWith('#'); i++) {
    current = valueAt(root, decodeURI(current.$ref.slice(1))) as Record<string, unknown>;
  }
  return current ?? {};
}

/** JSON types a branch accepts (from `type`, `const` or `enum`). */
function branchTypes(root: JsonSchema, branch: unknown): string[] {
  const s = deref(root, branch);
  if (typeof s.type === 'string') return [s.type];
  if (Array.isArray(s.type)) return s.type as string[];
  if ('const' in s) return [jsonType(s.const)];
  if (Array.isArray(s.enum)) return [...new Set((s.enum as unknown[]).map(jsonType))];
  if (Array.isArray(s.anyOf)) return (s.anyOf as unknown[]).flatMap((b) => branchTypes(root, b));
  if (s.properties || s.required) return ['object'];
  if (s.items) return ['array'];
  return [];
}

function typeMatches(types: string[], value: unknown): boolean {
  const t = jsonType(value);
  return types.length === 0 || types.includes(t) || (t === 'integer' && types.includes('number'));
}

/**
 * The branch the writer meant: among branches of the value's JSON type, an object goes to the
 * branch whose required name key it has ("group", "tab", ...), then the one that knows most of its keys.
 */
function pickBranch(root: JsonSchema, branches: unknown[], value: unknown): number | undefined {
  let best: number | undefined;
  let bestScore = -Infinity;
  branches.forEach((branch, i) => {
    if (!typeMatches(branchTypes(root, branch), value)) return;
    let score = 0;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const s = deref(root, branch);
      const keys = Object.keys(value);
      const props = (s.properties ?? {}) as Record<string, unknown>;
      const required = (s.required ?? []) as string[];
      score = 100 * required.filter((k) => keys.includes(k)).length + keys.filter((k) => k in props).length;
    }
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
  });
  return best;
}

// ---------------------------------------------------------------------------------------------
// Messages

/** The name key of each navigation level and the array such entries go in. */
const LEVEL_ARRAYS: Partial<Record<string, string>> = {
  group: 'groups',
  tab: 'tabs',
  anchor: 'anchors',
  dropdown: 'dropdowns',
  version: 'versions',
  language: 'languages',
  product: 'products',
  item: 'menu',
};

/** A schema error of ajv, described for a writer: where, what is wrong, and what to do. */
function describeError(e: AbsoluteError, root: unknown): Described {
  const pointer = e.absolutePath;
  const where = displayPath(root, pointer);
  const data = e.data;
  const params = e.params as Record<string, unknown>;
  const parent = (e.parentSchema ?? {}) as Record<string, unknown>;
  const schemaError = (message: string, on: SchemaError['on'] = 'value'): Described => ({ pointer, on, message });
  const c: ErrorContext = { e, root, pointer, where, data, params, parent, schemaError };

  switch (e.keyword) {
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return describeUnknownKey(c);
    case 'required':
      return describeRequired(c);
    case 'type': {
      const types = Array.isArray(params.type) ? (params.type as string[]) : String(params.type).split(',');
      return schemaError(`${where} must be ${typeList(types)} (got ${describeValueAt(data, pointer)})`);
    }
    case 'enum': {
      const allowed = (params.allowedValues ?? []) as unknown[];
      const list =
        allowed.length <= 12
          ? `one of ${allowed.map(String).join(', ')}`
          : `one of the ${allowed.length} supported values, such as ${allowed.slice(0, 6).map(String).join(', ')}`;
      const suggestion = typeof data === 'string' ? didYouMean(data, allowed.map(String)) : undefined;
      return schemaError(`${where} must be ${list} (got ${describeValueAt(data, pointer)})${suggestion ? `; did you mean "${suggestion}"?` : ''}`);
    }
    case 'const':
      return schemaError(`${where} must be ${JSON.stringify(params.allowedValue)} (got ${describeValueAt(data, pointer)})`);
    case 'pattern': {
      const text = typeof parent.patternErrorMessage === 'string' ? parent.patternErrorMessage : `must match the pattern ${String(params.pattern)}`;
      return schemaError(`${where} ${text} (got ${describeValueAt(data, pointer)})`);
    }
    case 'format':
      if (params.format === 'uri') return schemaError(`${where} must be a full URL such as "https://example.com/path" (got ${describeValueAt(data, pointer)})`);
      return schemaError(`${where} must be a valid ${String(params.format)} (got ${describeValueAt(data, pointer)})`);
    case 'minLength': {
      const limit = Number(params.limit);
      if (limit === 1) return schemaError(`${where} must not be empty`);
      const length = typeof data === 'string' ? data.length : 0;
      const got = isCredentialPointer(pointer) ? `${length} characters` : `${describeValueAt(data, pointer)}, ${length} characters`;
      return schemaError(`${where} must be at least ${limit} characters long (got ${got})`);
    }
    case 'maxLength':
      return schemaError(`${where} must be at most ${String(params.limit)} characters long`);
    case 'maxItems':
      return schemaError(`${where} must have at most ${String(params.limit)} items (got ${Array.isArray(data) ? data.length : 0})`);
    case 'minItems':
      return schemaError(`${where} must have at least ${String(params.limit)} item${params.limit === 1 ? '' : 's'}`);
    case 'minProperties':
      return schemaError(`${where} must not be empty`);
    case 'pathOrUrl': {
      const kind = String(params.kind) as PathOrUrlKind;
      if (typeof data === 'string' && data.trim() === '' && (kind === 'spec-source' || kind === 'https-source'))
        return schemaError(`${where} must not be empty`);
      const what = kind === 'url' ? 'a full URL such as "https://example.com/path"' : (PATH_OR_URL_KINDS[kind] ?? 'a valid path or URL');
      return schemaError(`${where} must be ${what} (got ${describeValueAt(data, pointer)})`);
    }
    case 'uniqueBy':
      return describeUniqueBy(c);
    case 'requiredAnyOf': {
      const keys = (params.keys ?? []) as string[];
      const present = data !== null && typeof data === 'object' ? Object.keys(data as object) : [];
      const misspelt = present.map((k) => [k, didYouMean(k, keys)] as const).find(([k, m]) => m !== undefined && m !== k);
      const hint = misspelt ? `; did you mean "${misspelt[1]}" instead of "${misspelt[0]}"?` : '';
      return schemaError(`${where} must have one of ${keys.map((k) => `"${k}"`).join(', ')}${hint}`, 'key');
    }
    case 'not':
      return describeNotAllowed(c);
    case 'propertyNames':
      return describeExclusiveKey(c);
    case 'dependentRequired': {
      const property = String(params.property);
      const missing = String(params.missingProperty);
      if (property === 'source' && missing === 'format')
        return schemaError(`${where} has a "source" but no "format"; a self-hosted font needs its format ("woff" or "woff2")`, 'key');
      return schemaError(`${where} has "${property}" but is missing "${missing}"`, 'key');
    }
    default:
      return schemaError(`${where} ${e.message ?? 'is not valid'}`);
  }
}

/** What every description of a schema error reads: where it is, the value there, the schema's words. */
interface ErrorContext {
  e: AbsoluteError;
  root: unknown;
  pointer: string;
  /** The pointer as a writer reads it (`navigation.tabs[0]`). */
  where: string;
  data: unknown;
  params: Record<string, unknown>;
  parent: Record<string, unknown>;
  schemaError(message: string, on?: SchemaError['on']): Described;
}

/** A key the schema does not know: a strict object's error, or an unknown key and why it is unknown there. */
function describeUnknownKey(c: ErrorContext): Described {
  const { root, pointer, where, data, params, parent } = c;

  const key = String(params.additionalProperty ?? params.unevaluatedProperty);
  const known = Object.keys((parent.properties ?? {}) as object);
  const suggestion = suggestName(key, known);
  const keyPointer = childPointer(pointer, key);
  if (pointer === '/integrations') {
    const hint = suggestion ? `did you mean "${suggestion}"?` : `supported providers are ${known.join(', ')}`;
    return { pointer: keyPointer, on: 'key', message: `unknown integration provider "${key}"; ${hint}` };
  }
  const scope = pointer === '' ? '' : ` in ${where}`;
  if (parent.unknownKeys === 'error') {
    // A strict object of the platform: it rejects the whole configuration for an unknown key here.
    const hint = suggestion ? `did you mean "${suggestion}"?` : known.length > 0 ? `allowed keys are ${known.join(', ')}` : 'remove it';
    return { pointer: keyPointer, on: 'key', message: `unknown key "${key}"${scope}, where the platform allows no other keys; ${hint}` };
  }
  const unknown = { unknownKey: true, pointer: keyPointer, on: 'key', key, owner: pointer === '' ? undefined : where } as const;
  if (pointer === '/navigation' && (key === 'openapi' || key === 'asyncapi')) return { ...unknown, reason: 'api-in-navigation' };
  if (pointer === '' && key === 'variations') return { ...unknown, reason: 'variations-without-willow', theme: (root as Record<string, unknown>).theme };
  // Old-format files had "anchors", "tabs"... at the top level; they now live in "navigation".
  if (pointer === '' && Object.values(LEVEL_ARRAYS).concat('pages', 'global').includes(key)) return { ...unknown, reason: 'navigation-at-top-level' };
  const level = Object.hasOwn(LEVEL_ARRAYS, key) ? LEVEL_ARRAYS[key] : undefined;
  // A navigation entry of another kind ("tab" inside a group): where it goes.
  if (level !== undefined) return { ...unknown, reason: 'navigation-level', array: level };
  if (!suggestion) return { ...unknown, reason: 'unknown' };
  // Whether a key is there, without listing the object's keys for each of its unknown keys.
  const present = data !== null && typeof data === 'object' && Object.prototype.propertyIsEnumerable.call(data, suggestion);
  return { ...unknown, reason: 'unknown', closest: suggestion, closestPresent: present };

}

/** A required key is missing: with the key the writer may have misspelt, or a navigation level written in the wrong place. */
function describeRequired(c: ErrorContext): Described {
  const { where, data, params, parent, schemaError } = c;

  const missing = String(params.missingProperty);
  const known = Object.keys((parent.properties ?? {}) as object);
  const present = data !== null && typeof data === 'object' ? Object.keys(data as object) : [];
  const misspelt = present.find((k) => !known.includes(k) && didYouMean(k, known) === missing);
  const otherLevel = Object.hasOwn(LEVEL_ARRAYS, missing)
    ? present.find((k) => k !== missing && Object.hasOwn(LEVEL_ARRAYS, k) && !known.includes(k))
    : undefined;
  const hint = misspelt
    ? `; did you misspell it as "${misspelt}"?`
    : otherLevel
      ? `; it has "${otherLevel}", which belongs in a "${LEVEL_ARRAYS[otherLevel]}" array`
      : '';
  return schemaError(`${where} is missing "${missing}"${hint}`, 'key');

}

/** An item that repeats a value that must be unique in its array. */
function describeUniqueBy(c: ErrorContext): Described {
  const { e, root, pointer, params } = c;

  const by = e.schema as UniqueBy;
  const first = Number(params.first);
  const repeat = Number(params.repeat);
  const itemPointer = childPointer(pointer, repeat);
  const valuePointer = by.property !== undefined ? childPointer(itemPointer, by.property) : itemPointer;
  const value = valueAt(root, valuePointer);
  const what = by.property !== undefined ? `"${by.property}" ${describeValueAt(value, valuePointer)}` : describeValueAt(value, valuePointer);
  return {
    pointer: valuePointer,
    on: 'value',
    message: `${displayPath(root, itemPointer)} repeats the ${what} of ${displayPath(root, childPointer(pointer, first))}; each can appear only once`,
  };

}

/** A key the platform rejects wherever it is written here (`{"not": {}}`). */
function describeNotAllowed(c: ErrorContext): Described {
  const { root, pointer, parent } = c;

  // `{"not": {}}`: a key the platform rejects wherever it is written here.
  const key = pointer.slice(pointer.lastIndexOf('/') + 1);
  const owner = displayPath(root, pointer.slice(0, pointer.lastIndexOf('/')));
  const reason = typeof parent.description === 'string' ? ` ${parent.description.replace(/^Not supported[^:]*: ?/, '')}` : '';
  return { pointer, on: 'key', message: `"${key}" is not allowed in ${owner};${reason || ' remove it'}` };

}

/** A key that cannot go with another of the same entry (a tab with "graphql" or "sdk" holds nothing but groups). */
function describeExclusiveKey(c: ErrorContext): Described {
  const { e, pointer, where, params } = c;

  const key = String(params.propertyName);
  const trigger = /dependentSchemas\/([^/]+)\/propertyNames$/.exec(e.schemaPath)?.[1] ?? '';
  const allowed = ((e.schema as { enum?: string[] }).enum ?? []).filter((k) => k !== trigger);
  return {
    pointer: childPointer(pointer, key),
    on: 'key',
    message: `"${key}" cannot be used in ${where} together with "${trigger}"; such an entry may only have ${allowed.map((k) => `"${k}"`).join(', ')}`,
  };

}

// ---------------------------------------------------------------------------------------------
// Positions

/** Where a pointer's value (or key) was written; a key without a property name (array item, root, a value pulled in by "$ref") is at the opening brace. */
function placeOf(doc: DocsJson, pointer: string, on: Pointed['on']): Place {
  const loc = doc.locate(pointer);
  const file = loc?.file ?? doc.rootFile;
  const source = doc.files.get(file);
  let start = 0;
  let end = 0;
  if (loc) {
    if (on === 'key' && loc.keyStart !== undefined && loc.keyEnd !== undefined) {
      start = loc.keyStart;
      end = loc.keyEnd;
    } else if (on === 'key') {
      start = loc.start;
      end = loc.start + 1;
    } else {
      start = loc.start;
      end = loc.end;
    }
  }
  const range = source ? source.lines.range(start, end) : { line: 1, column: 1, endLine: 1, endColumn: 1 };
  return { file, ...range };
}
