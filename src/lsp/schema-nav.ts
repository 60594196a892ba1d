import { isObject } from '../core/json.js';
/**
 * Walking the JSON Schema of docs.json along a JSON path (`['navigation', 'groups', 0, 'pages']`),
 * for hover and completion. Local `$ref`s are followed (keywords beside a `$ref` win, as in
 * draft 2019+), `anyOf`/`oneOf`/`allOf` branches are expanded, and when a union has several object
 * branches the value written in the file picks the branches that fit it.
 */
export type JsonSchema = Record<string, unknown>;
export type JsonPath = Array<string | number>;

const MAX_DEPTH = 32;

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function schemaTypes(schema: JsonSchema): string[] {
  const t = schema.type;
  if (typeof t === 'string') return [t];
  if (Array.isArray(t)) return t.filter((x): x is string => typeof x === 'string');
  if (isObject(schema.properties) || schema.additionalProperties !== undefined || Array.isArray(schema.required))
    return ['object'];
  if (schema.items !== undefined) return ['array'];
  if (Array.isArray(schema.enum)) return [...new Set(schema.enum.map(typeOf))];
  if (schema.const !== undefined) return [typeOf(schema.const)];
  return [];
}

export class SchemaNavigator {
  constructor(private readonly root: JsonSchema) {}

  /** The schema a local `$ref` (`#/$defs/group`) names. */
  deref(ref: string): JsonSchema | undefined {
    if (!ref.startsWith('#')) return undefined;
    let current: unknown = this.root;
    for (const raw of ref.slice(1).split('/').filter(Boolean)) {
      const segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      if (!isObject(current)) return undefined;
      current = current[segment];
    }
    return isObject(current) ? current : undefined;
  }

  /** The schema with its `$ref` chain followed (sibling keywords kept over the target's). */
  follow(schema: unknown, depth = 0): JsonSchema | undefined {
    if (!isObject(schema)) return undefined;
    if (typeof schema.$ref !== 'string' || depth > MAX_DEPTH) return schema;
    const target = this.follow(this.deref(schema.$ref), depth + 1);
    const { $ref: _ignored, ...rest } = schema;
    return target ? { ...target, ...rest } : rest;
  }

  /** Every concrete alternative of a schema: `$ref`s followed, unions expanded, `allOf` merged. */
  branches(schema: unknown, depth = 0): JsonSchema[] {
    const s = this.follow(schema);
    if (!s || depth > MAX_DEPTH) return [];
    const { anyOf, oneOf, allOf, ...base } = s;
    let out: JsonSchema[] = [base];
    if (Array.isArray(allOf)) {
      for (const part of allOf) {
        const parts = this.branches(part, depth + 1);
        out = out.flatMap((o) => parts.map((p) => merge(o, p)));
      }
    }
    const alternatives = [...(Array.isArray(anyOf) ? anyOf : []), ...(Array.isArray(oneOf) ? oneOf : [])];
    if (alternatives.length) {
      const expanded = alternatives.flatMap((a) => this.branches(a, depth + 1));
      // The union's own description describes the value as a whole; a branch's is more precise.
      out = out.flatMap((o) => expanded.map((e) => merge(o, e)));
    }
    return out;
  }

  /**
   * The branches that fit a value: the right type, and for objects the required keys present and
   * (with `additionalProperties: false`) no key the branch does not know. Falls back to all
   * branches when none fits (the file is being edited).
   */
  fitting(branches: JsonSchema[], value: unknown): JsonSchema[] {
    if (value === undefined) return branches;
    const type = typeOf(value);
    const typed = branches.filter((b) => {
      const types = schemaTypes(b);
      return types.length === 0 || types.includes(type) || (type === 'integer' && types.includes('number'));
    });
    if (typed.length <= 1 || !isObject(value)) return typed.length ? typed : branches;
    const keys = Object.keys(value);
    const scored = typed.map((b) => {
      const props = isObject(b.properties) ? b.properties : {};
      const required = Array.isArray(b.required) ? (b.required as string[]) : [];
      const missing = required.filter((r) => !keys.includes(r)).length;
      const unknown = b.additionalProperties === false ? keys.filter((k) => !(k in props)).length : 0;
      return { b, score: missing * 100 + unknown };
    });
    const best = Math.min(...scored.map((s) => s.score));
    return scored.filter((s) => s.score === best).map((s) => s.b);
  }

  /** The schema of one child (a property name or an array index) of a concrete branch. */
  child(branch: JsonSchema, segment: string | number): unknown {
    if (typeof segment === 'number') {
      if (Array.isArray(branch.prefixItems) && segment < branch.prefixItems.length) return branch.prefixItems[segment];
      return isObject(branch.items) ? branch.items : undefined;
    }
    const props = isObject(branch.properties) ? branch.properties : {};
    if (Object.hasOwn(props, segment)) return props[segment];
    if (isObject(branch.patternProperties)) {
      for (const [pattern, schema] of Object.entries(branch.patternProperties)) {
        try {
          if (new RegExp(pattern, 'u').test(segment)) return schema;
        } catch {
          // not a pattern JavaScript reads: skip it
        }
      }
    }
    return isObject(branch.additionalProperties) ? branch.additionalProperties : undefined;
  }

  /**
   * The schemas (as written, before `$ref`s are followed) that describe the value at `path`, given
   * the whole document's value (`document`) to choose between union branches.
   */
  at(path: JsonPath, document: unknown): unknown[] {
    let current: unknown[] = [this.root];
    let value: unknown = document;
    for (const segment of path) {
      const parents = current.flatMap((s) => this.fitting(this.branches(s), value));
      const next: unknown[] = [];
      for (const parent of parents) {
        const c = this.child(parent, segment);
        if (c !== undefined && !next.includes(c)) next.push(c);
      }
      if (next.length === 0) return [];
      current = next;
      value = childValue(value, segment);
    }
    return current;
  }

  /** The description of a schema: its own, else the one its `$ref` leads to. */
  description(schema: unknown, depth = 0): string | undefined {
    if (!isObject(schema) || depth > MAX_DEPTH) return undefined;
    if (typeof schema.description === 'string') return schema.description;
    if (typeof schema.$ref === 'string') return this.description(this.deref(schema.$ref), depth + 1);
    return undefined;
  }

  /** The types a schema allows, in order (`string`, `object`, …). */
  types(schema: unknown): string[] {
    const out: string[] = [];
    for (const b of this.branches(schema)) for (const t of schemaTypes(b)) if (!out.includes(t)) out.push(t);
    return out;
  }

  /** The allowed values of a schema with an `enum` or `const`, in order. */
  values(schema: unknown): unknown[] {
    const out: unknown[] = [];
    for (const b of this.branches(schema)) {
      if (Array.isArray(b.enum)) for (const v of b.enum) if (!out.includes(v)) out.push(v);
      if (b.const !== undefined && !out.includes(b.const)) out.push(b.const);
    }
    return out;
  }

  /** The properties an object at `path` may have, with their schemas (first branch wins). */
  properties(path: JsonPath, document: unknown): Map<string, unknown> {
    const out = new Map<string, unknown>();
    const value = valueAt(document, path);
    for (const schema of this.at(path, document)) {
      for (const branch of this.fitting(this.branches(schema), value)) {
        if (!isObject(branch.properties)) continue;
        for (const [key, prop] of Object.entries(branch.properties)) if (!out.has(key)) out.set(key, prop);
      }
    }
    return out;
  }
}

function merge(a: JsonSchema, b: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...a, ...b };
  if (isObject(a.properties) && isObject(b.properties)) out.properties = { ...a.properties, ...b.properties };
  if (Array.isArray(a.required) && Array.isArray(b.required))
    out.required = [...new Set([...a.required, ...b.required])];
  return out;
}

function childValue(value: unknown, segment: string | number): unknown {
  if (Array.isArray(value) && typeof segment === 'number') return value[segment];
  if (isObject(value) && typeof segment === 'string' && Object.hasOwn(value, segment)) return value[segment];
  return undefined;
}

export function valueAt(document: unknown, path: JsonPath): unknown {
  let value = document;
  for (const segment of path) value = childValue(value, segment);
  return value;
}

/** A JSON path as a writer reads it: `navigation.groups[0].pages`. */
export function displayJsonPath(path: JsonPath): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(segment)) out += (out ? '.' : '') + segment;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}
