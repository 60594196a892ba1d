import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { parseTree, type Node, type ParseError } from 'jsonc-parser';
import { isMap, isSeq, parseDocument, type Document } from 'yaml';
import { jsonNestingOverflow, LineIndex, MAX_JSON_DEPTH } from '../core/text.js';
import { ConfigFileError } from './config-file.js';
import { didYouMean } from '../core/suggest.js';
import { packageRoot } from '../core/package.js';
import { allRules, findRule } from './registry.js';
import { parseSeverity, type RuleSetting } from './settings.js';

export const PRESETS = ['doclint:recommended', 'doclint:strict'] as const;

/** A configuration file as written, after validation. */
export interface RcConfig {
  /** Absolute path of the file, or undefined for the built-in defaults. */
  file?: string;
  extends: string[];
  rules: Record<string, RuleSetting>;
  /** gitignore-style patterns, relative to the folder of the file. */
  ignores: string[];
}

/** Where each JSON pointer of the file's value was written, for error positions. */
type Locator = (segments: Array<string | number>, on?: 'key' | 'value') => number;

function jsonValue(node: Node): unknown {
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const prop of node.children ?? []) {
        const [k, v] = prop.children ?? [];
        if (k && v) Object.defineProperty(out, String(k.value), { value: jsonValue(v), enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
    case 'array':
      return (node.children ?? []).map(jsonValue);
    default:
      return node.value;
  }
}

function parseJson(file: string, text: string, lines: LineIndex): { value: unknown; locate: Locator } {
  const tooDeep = jsonNestingOverflow(text, MAX_JSON_DEPTH);
  if (tooDeep !== -1) {
    // The JSON parser is recursive: refuse before it can overflow the stack.
    const at = lines.position(tooDeep);
    throw new ConfigFileError(file, at.line, at.column, `the configuration is nested more than ${MAX_JSON_DEPTH} levels deep`);
  }
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length || !tree) {
    const at = lines.position(errors[0]?.offset ?? 0);
    throw new ConfigFileError(file, at.line, at.column, 'the configuration is not valid JSON');
  }
  const locate: Locator = (segments, on = 'key') => {
    let node: Node | undefined = tree;
    let offset = tree.offset;
    for (const segment of segments) {
      if (!node) break;
      if (node.type === 'object') {
        const prop: Node | undefined = node.children?.find((p) => p.children?.[0]?.value === segment);
        offset = prop?.children?.[0]?.offset ?? offset;
        node = prop?.children?.[1];
        if (node && (on === 'value' || segment !== segments[segments.length - 1])) offset = node.offset;
      } else if (node.type === 'array') {
        node = node.children?.[Number(segment)];
        offset = node?.offset ?? offset;
      } else break;
    }
    return offset;
  };
  return { value: jsonValue(tree), locate };
}

function parseYaml(file: string, text: string, lines: LineIndex): { value: unknown; locate: Locator } {
  // maxAliasCount bounds alias expansion (no "billion laughs").
  // A lone CR ends a line, but not to the YAML parser: make it a LF (same length, same offsets).
  const doc: Document = parseDocument(text.replace(/\r(?!\n)/g, '\n'), { uniqueKeys: true });
  const error = doc.errors[0];
  if (error) {
    const overflow = /call stack/i.test(error.message);
    // Where the stack ran out depends on the stack: point at the first bracket past the depth limit.
    const deep = overflow ? jsonNestingOverflow(text, MAX_JSON_DEPTH) : -1;
    const at = lines.position(deep !== -1 ? deep : error.pos[0]);
    const reason = overflow ? 'it is nested too deeply to be read' : error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    throw new ConfigFileError(file, at.line, at.column, `the configuration is not valid YAML: ${reason}`);
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (e) {
    const reason = /alias count/i.test((e as Error).message) ? 'its aliases expand to too many values (an alias bomb)' : (e as Error).message;
    throw new ConfigFileError(file, 1, 1, `the configuration cannot be read: ${reason}`);
  }
  const locate: Locator = (segments, on = 'key') => {
    let node: unknown = doc.contents;
    let offset = (doc.contents as { range?: number[] } | null)?.range?.[0] ?? 0;
    for (const segment of segments) {
      if (isMap(node)) {
        const pair = node.items.find((p) => (p.key as { value?: unknown })?.value === segment);
        offset = (pair?.key as { range?: number[] })?.range?.[0] ?? offset;
        node = pair?.value;
        if (node && (on === 'value' || segment !== segments[segments.length - 1])) offset = (node as { range?: number[] }).range?.[0] ?? offset;
      } else if (isSeq(node)) {
        node = node.items[Number(segment)];
        offset = (node as { range?: number[] })?.range?.[0] ?? offset;
      } else break;
    }
    return offset;
  };
  return { value, locate };
}

let rcValidator: ValidateFunction | undefined;
const optionValidators = new Map<string, ValidateFunction>();
let ajv: Ajv | undefined;

function getAjv(): Ajv {
  return (ajv ??= new Ajv({ allErrors: false, strict: false, verbose: true }));
}

async function rcSchema(): Promise<object> {
  return JSON.parse(await readFile(path.join(packageRoot(), 'schema/doclintrc.schema.json'), 'utf8')) as object;
}

function pointerSegments(instancePath: string): string[] {
  return instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function describe(error: ErrorObject): string {
  const where = error.instancePath ? pointerSegments(error.instancePath).join('.') : 'the configuration';
  switch (error.keyword) {
    case 'additionalProperties':
      return `unknown key "${(error.params as { additionalProperty: string }).additionalProperty}" in ${where}; expected one of ${Object.keys((error.parentSchema as { properties?: object })?.properties ?? {}).join(', ')}`;
    case 'enum':
      return `${where} must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return `${where} ${error.message ?? 'is invalid'}`;
  }
}

/** Reads and validates one configuration file (JSON or YAML). Throws ConfigFileError. */
export async function loadRcFile(file: string): Promise<RcConfig> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ConfigFileError(file, 1, 1, `cannot read the configuration (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  // Editors on Windows may save a byte order mark: not part of the JSON (a space keeps the offsets).
  if (text.charCodeAt(0) === 0xfeff) text = ` ${text.slice(1)}`;
  const lines = new LineIndex(text);
  const { value, locate } = /\.ya?ml$/i.test(file) ? parseYaml(file, text, lines) : parseJson(file, text, lines);
  const fail = (segments: Array<string | number>, reason: string, on: 'key' | 'value' = 'key'): never => {
    const at = lines.position(locate(segments, on));
    throw new ConfigFileError(file, at.line, at.column, reason);
  };
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail([], 'the configuration must be an object');
  const config = value as { extends?: unknown; rules?: Record<string, unknown>; ignores?: unknown };

  // Unknown rule ids first: the message can suggest the nearest one.
  for (const id of Object.keys(config.rules && typeof config.rules === 'object' ? config.rules : {})) {
    if (!findRule(id)) {
      const guess = didYouMean(id, allRules().map((r) => r.id));
      fail(['rules', id], `unknown rule "${id}"${guess ? `; did you mean "${guess}"?` : ''}`);
    }
  }
  rcValidator ??= getAjv().compile(await rcSchema());
  if (!rcValidator(value)) {
    const error = rcValidator.errors![0]!;
    const segments = pointerSegments(error.instancePath);
    const unknownKey = error.keyword === 'additionalProperties';
    if (unknownKey) segments.push((error.params as { additionalProperty: string }).additionalProperty);
    fail(segments, describe(error), unknownKey ? 'key' : 'value');
  }

  const rules: Record<string, RuleSetting> = {};
  for (const [id, raw] of Object.entries(config.rules ?? {})) {
    const [severityValue, options] = Array.isArray(raw) ? raw : [raw, undefined];
    const severity = parseSeverity(String(severityValue));
    if (!severity) fail(['rules', id], `rules.${id}: severity must be "off", "info", "warn" or "error" (got ${JSON.stringify(severityValue)})`);
    const meta = findRule(id)!;
    if (options !== undefined) {
      if (!meta.optionsSchema) fail(['rules', id, 1], `rule "${id}" takes no options`, 'value');
      let validate = optionValidators.get(id);
      if (!validate) optionValidators.set(id, (validate = getAjv().compile(meta.optionsSchema!)));
      if (!validate(options)) {
        const error = validate.errors![0]!;
        const segments: Array<string | number> = ['rules', id, 1, ...pointerSegments(error.instancePath)];
        const unknownKey = error.keyword === 'additionalProperties';
        if (unknownKey) segments.push((error.params as { additionalProperty: string }).additionalProperty);
        fail(segments, `rules.${id} options: ${describe(error)}`, unknownKey ? 'key' : 'value');
      }
    }
    rules[id] = { severity, options };
  }
  const extendsList = config.extends === undefined ? [] : Array.isArray(config.extends) ? (config.extends as string[]) : [config.extends as string];
  return { file, extends: extendsList, rules, ignores: (config.ignores as string[] | undefined) ?? [] };
}

/** The rules of a preset: recommended = each rule at its default; strict = every warning an error. */
export function presetRules(name: string): Record<string, RuleSetting> {
  if (name === 'doclint:strict') {
    return Object.fromEntries(allRules().filter((r) => r.severity === 'warning').map((r) => [r.id, { severity: 'error' as const }]));
  }
  return {};
}
