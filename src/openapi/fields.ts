import { didYouMean } from '../core/suggest.js';
import { isObject, resolveInternal, type Operation } from './operations.js';

/*
 * The fields an endpoint page shows, and the anchors the platform gives them. Each parameter, body
 * field and response field of the page has an anchor (the platform's docs, "Parameter anchor
 * links": `#<parameter-name>`, and for a nested field the path of its parents); links on real sites
 * write them `#body-location-country` (the body field `location.country`), `#body-wallet-transaction-name`
 * (`wallet_transaction.name`): a section word, then the field's path, each name as a slug. The
 * renderer that makes them is not part of the platform's published packages: the section words
 * and the slug are matched loosely (below), and the fields are read from the spec in full.
 */

/** The fields of one operation: parameters by name, body and response fields by path. */
export interface OperationFields {
  parameters: string[];
  body: string[][];
  response: string[][];
  /** Fields of a recursive schema, whose fields repeat below them without end: any path under them is taken. */
  open: { body: string[][]; response: string[][] };
  /** Some part could not be read whole (an external `$ref`, a schema past the bounds): no field is known missing. */
  incomplete: boolean;
}

/** Schemas deeper than this are not read (their fields are then unknown). */
const MAX_DEPTH = 12;
/** Fields read per operation at most. */
const MAX_FIELDS = 5_000;

/** Schemas visited per operation at most (`allOf` of `allOf`s…). */
const MAX_VISITS = 50_000;

interface Walk {
  document: unknown;
  out: string[][];
  open: string[][];
  incomplete: boolean;
  visits: number;
}

/** A value, through its internal `$ref`s (an external or dangling one: undefined, and the walk incomplete). */
function deref(walk: Walk, value: unknown, seen: Set<string>, parents?: string[]): unknown {
  let node = value;
  for (let hops = 0; isObject(node) && typeof node.$ref === 'string'; hops++) {
    const ref = node.$ref;
    if (!ref.startsWith('#') || hops > 20) {
      walk.incomplete = true;
      return undefined;
    }
    if (seen.has(ref)) {
      // A recursive schema: its fields are listed above, and repeat under this one.
      if (parents?.length) walk.open.push(parents);
      return undefined;
    }
    seen.add(ref);
    node = resolveInternal(walk.document, ref);
    if (node === undefined) walk.incomplete = true;
  }
  return node;
}

function schemaFields(walk: Walk, schema: unknown, parents: string[], seen: Set<string>): void {
  if (walk.out.length >= MAX_FIELDS || parents.length > MAX_DEPTH || ++walk.visits > MAX_VISITS) {
    walk.incomplete = true;
    return;
  }
  const node = deref(walk, schema, new Set(seen), parents);
  if (!isObject(node)) return;
  const inner = new Set(seen);
  if (isObject(schema) && typeof schema.$ref === 'string') inner.add(schema.$ref);
  if (isObject(node.properties))
    for (const [name, child] of Object.entries(node.properties)) {
      walk.out.push([...parents, name]);
      schemaFields(walk, child, [...parents, name], inner);
    }
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const list = node[key];
    if (Array.isArray(list)) for (const branch of list) schemaFields(walk, branch, parents, inner);
  }
  if (node.items !== undefined) schemaFields(walk, node.items, parents, inner);
}

/** The schemas of a request body or a response (each media type's), through `$ref`s. */
function contentSchemas(walk: Walk, value: unknown): unknown[] {
  const node = deref(walk, value, new Set());
  if (!isObject(node) || !isObject(node.content)) return [];
  return Object.values(node.content).flatMap((media) => (isObject(media) && media.schema ? [media.schema] : []));
}

/** The fields of an operation of `document` (parameters of its path item too). */
export function operationFields(document: unknown, op: Operation): OperationFields {
  const walk: Walk = { document, out: [], open: [], incomplete: false, visits: 0 };
  const parameters: string[] = [];
  const item = resolvePointer(document, op.pointer.slice(0, -1));
  for (const owner of [item, op.operation]) {
    const list = isObject(owner) ? owner.parameters : undefined;
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const param = deref(walk, raw, new Set());
      if (isObject(param) && typeof param.name === 'string') parameters.push(param.name);
    }
  }
  for (const schema of contentSchemas(walk, op.operation.requestBody)) schemaFields(walk, schema, [], new Set());
  const body = walk.out;
  const openBody = walk.open;
  walk.out = [];
  walk.open = [];
  const responses = op.operation.responses;
  if (isObject(responses))
    for (const response of Object.values(responses))
      for (const schema of contentSchemas(walk, response)) schemaFields(walk, schema, [], new Set());
  return {
    parameters,
    body,
    response: walk.out,
    open: { body: openBody, response: walk.open },
    incomplete: walk.incomplete,
  };
}

function resolvePointer(document: unknown, segments: string[]): unknown {
  let node = document;
  for (const s of segments) {
    if (!isObject(node) || !Object.hasOwn(node, s)) return undefined;
    node = node[s];
  }
  return node;
}

/**
 * A name as a slug of an anchor: camelCase split (`perPage` is `per-page`), lower case, every run
 * of other characters one `-` (`wallet_transaction` is `wallet-transaction`).
 */
export function fieldSlug(name: string): string {
  return name
    .replace(/([\p{Ll}\d])(\p{Lu})/gu, '$1-$2')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** The section words of field anchors, and the fields each may name. */
const SECTIONS: Record<string, Array<'parameters' | 'body' | 'response'>> = {
  body: ['body'],
  request: ['body'],
  response: ['response'],
  path: ['parameters'],
  query: ['parameters'],
  header: ['parameters'],
  cookie: ['parameters'],
  parameter: ['parameters'],
  param: ['parameters', 'body', 'response'],
};

const SECTION_NAMES = { parameters: 'parameters', body: 'request body fields', response: 'response fields' } as const;

const FIELD_ANCHOR = /^(body|request|response|path|query|header|cookie|parameter|param)-(.+)$/i;

/** Whether an anchor has the form of a field anchor (`#body-…`, `#query-…`, `#response-…`). */
export function isFieldAnchor(anchor: string): boolean {
  return FIELD_ANCHOR.test(anchor);
}

export type FieldAnchorVerdict =
  /** Not of a field anchor's form, or the fields are not all known: left to the page's other ids. */
  | { kind: 'unknown' }
  | { kind: 'field' }
  /** No field of the operation has it; `close` is the anchor of the closest field, in the link's form. */
  | { kind: 'missing'; section: string; close?: string };

const candidateLists = new WeakMap<OperationFields, Map<string, string[]>>();

/** What an anchor names among an operation's fields. */
export function fieldAnchorVerdict(fields: OperationFields, anchor: string): FieldAnchorVerdict {
  const m = FIELD_ANCHOR.exec(anchor);
  if (!m || fields.incomplete) return { kind: 'unknown' };
  const word = m[1]!;
  const sections = SECTIONS[word.toLowerCase()]!;
  const wanted = fieldSlug(m[2]!);
  const slugs = (section: 'parameters' | 'body' | 'response'): string[] =>
    section === 'parameters'
      ? fields.parameters.map(fieldSlug)
      : fields[section].map((p) => p.map(fieldSlug).join('-'));
  let lists = candidateLists.get(fields);
  if (!lists) candidateLists.set(fields, (lists = new Map()));
  let candidates = lists.get(word);
  if (!candidates) {
    candidates = [...new Set(sections.flatMap(slugs))].map((s) => `${word}-${s}`);
    lists.set(word, candidates);
  }
  if (candidates.some((c) => c.slice(word.length + 1) === wanted)) return { kind: 'field' };
  const open = sections.flatMap((s) => (s === 'parameters' ? [] : fields.open[s]));
  if (open.some((p) => wanted.startsWith(`${p.map(fieldSlug).join('-')}-`))) return { kind: 'field' };
  const section = sections.length > 1 ? 'fields' : SECTION_NAMES[sections[0]!];
  const close = didYouMean(`${word}-${wanted}`, candidates);
  return { kind: 'missing', section, ...(close && { close }) };
}
