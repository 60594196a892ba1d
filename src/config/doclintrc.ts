import path from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { parseTree, type Node, type ParseError } from 'jsonc-parser';
import { isMap, isSeq, type Document } from 'yaml';
import { parseYamlDocument, YamlLimitError, yamlToJS, type YamlLimits } from '../core/yaml.js';
import { jsonNestingOverflow, LineIndex, MAX_JSON_DEPTH } from '../core/text.js';
import { DoclintrcError } from './doclintrc-file.js';
import { checkBoundary, firstLine, importModule, loadPlugin, loadRemark, resolveModule } from './doclintrc-modules.js';
import { blankBom, parsePointer } from '../core/json.js';
import { didYouMean } from '../core/suggest.js';
import { expandBraces, GlobError } from '../core/glob.js';
import { packageRoot } from '../core/package.js';
import { builtinRegistry, type RuleRegistry } from './registry.js';
import { parseSeverity, type RuleSetting, type TimeLimits } from './settings.js';
import { readTextSafe } from '../core/safe-read.js';
import { append } from '../core/diagnostic.js';
import type { Rule } from '../rule-kit/rule.js';
import type { RemarkPlugins } from './page-plan.js';
import { readFileSync } from 'node:fs';
import { UserError } from '../core/errors.js';

export const PRESETS = ['doclint:recommended', 'doclint:strict'] as const;

/** A configuration file as written, after validation, with what it extends and the plugins it loads. */
export interface Doclintrc {
  /** Absolute path of the file. */
  file: string;
  extends: string[];
  /** The file's own rule settings. */
  rules: Record<string, RuleSetting>;
  /** Rule settings in the order they apply: presets and extended configurations first, the file's own last. */
  layers: Array<Record<string, RuleSetting>>;
  /** gitignore-style patterns, relative to the folder of the file. */
  ignores: string[];
  /** Rule settings for some files, in the order they apply (extended configurations' first). */
  overrides: RuleOverride[];
  /** The built-in rules and the plugins' rules. */
  registry: RuleRegistry;
  /** remark plugins to run on every page's tree. */
  remark?: RemarkPlugins;
  /** Identifies the plugins in use (part of the cache key): their specifiers and resolved files. */
  pluginsKey?: string;
  /** The file's own `timeLimits`, in seconds. */
  timeLimits?: TimeLimits;
  /** The configuration files read (this one and the JSON or YAML files it extends). */
  files: string[];
  /** True when the configuration loads modules (plugins, remark plugins, a shared configuration module). */
  loadsModules: boolean;
  /** With `modules: false`: what the configuration names that was not imported (`plugin "acme"`, `remark "remark-lint-x"`, `extends "./shared.mjs"`). */
  notLoaded: string[];
}

/** An entry of `overrides`: rule settings for the files its patterns match. */
export interface RuleOverride {
  /** The folder the patterns are relative to: the folder of the configuration file that has them. */
  base: string;
  /** Glob patterns (as ESLint's `files`, matched by src/core/glob.ts). */
  files: string[];
  rules: Record<string, RuleSetting>;
}

/** How a configuration is read: whether it may import code, and the folder nothing it names may leave. */
export interface DoclintrcOptions {
  /** False (`--no-plugins`): nothing is imported; plugins, remark plugins and JavaScript `extends` are left out (see `notLoaded`). */
  modules?: boolean;
  /**
   * The folder (the repository, or the site root outside one) that every file the configuration
   * extends or imports must be inside once symbolic links are resolved. None: not checked.
   */
  boundary?: string;
}

/** A shared configuration published as a module (imported, not read). */
const MODULE_FILE = /\.(?:c|m)?js$/i;

/** Largest configuration file read. */
const MAX_RC_BYTES = 1024 * 1024;
/** How deep `extends` may nest. */
const MAX_EXTENDS_DEPTH = 8;

/** Where each JSON pointer of the file's value was written, for error positions. */
type Locator = (segments: Array<string | number>, on?: 'key' | 'value') => number;

function jsonValue(node: Node): unknown {
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const prop of node.children ?? []) {
        const [k, v] = prop.children ?? [];
        if (k && v)
          Object.defineProperty(out, String(k.value), {
            value: jsonValue(v),
            enumerable: true,
            writable: true,
            configurable: true,
          });
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
    throw new DoclintrcError(
      file,
      at.line,
      at.column,
      `the configuration is nested more than ${MAX_JSON_DEPTH} levels deep`,
    );
  }
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length || !tree) {
    const at = lines.position(errors[0]?.offset ?? 0);
    throw new DoclintrcError(file, at.line, at.column, 'the configuration is not valid JSON');
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

/** What a YAML configuration may hold (the file is at most MAX_RC_BYTES). */
const RC_YAML_LIMITS: YamlLimits = {
  // maxAliasCount bounds alias expansion (no "billion laughs").
  maxAliasCount: 100,
  maxAnchorsAndAliases: 1_000,
  maxKeys: 100_000,
  maxMergedNodes: 0,
};

function parseYaml(file: string, text: string, lines: LineIndex): { value: unknown; locate: Locator } {
  // A lone CR ends a line, but not to the YAML parser: make it a LF (same length, same offsets).
  const doc: Document.Parsed = parseYamlDocument(text.replace(/\r(?!\n)/g, '\n'));
  const error = doc.errors[0];
  if (error) {
    const overflow = /call stack/i.test(error.message);
    // Where the stack ran out depends on the stack: point at the first bracket past the depth limit.
    const deep = overflow ? jsonNestingOverflow(text, MAX_JSON_DEPTH) : -1;
    const at = lines.position(deep !== -1 ? deep : error.pos[0]);
    const reason = overflow
      ? 'it is nested too deeply to be read'
      : error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    throw new DoclintrcError(file, at.line, at.column, `the configuration is not valid YAML: ${reason}`);
  }
  let value: unknown;
  try {
    value = yamlToJS(doc, RC_YAML_LIMITS);
  } catch (e) {
    if (e instanceof YamlLimitError) {
      const at = lines.position(e.offset);
      throw new DoclintrcError(file, at.line, at.column, `the configuration cannot be read: it ${e.message}`);
    }
    const reason = /alias count/i.test((e as Error).message)
      ? 'its aliases expand to too many values (an alias bomb)'
      : (e as Error).message;
    throw new DoclintrcError(file, 1, 1, `the configuration cannot be read: ${reason}`);
  }
  const locate: Locator = (segments, on = 'key') => {
    let node: unknown = doc.contents;
    let offset = (doc.contents as { range?: number[] } | null)?.range?.[0] ?? 0;
    for (const segment of segments) {
      if (isMap(node)) {
        const pair = node.items.find((p) => (p.key as { value?: unknown })?.value === segment);
        offset = (pair?.key as { range?: number[] })?.range?.[0] ?? offset;
        node = pair?.value;
        if (node && (on === 'value' || segment !== segments[segments.length - 1]))
          offset = (node as { range?: number[] }).range?.[0] ?? offset;
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
const optionValidators = new WeakMap<object, ValidateFunction>();
let ajv: Ajv | undefined;

function getAjv(): Ajv {
  return (ajv ??= new Ajv({ allErrors: false, strict: false, verbose: true }));
}

function rcSchema(): object {
  return JSON.parse(readFileSync(path.join(packageRoot(), 'schema/doclintrc.schema.json'), 'utf8')) as object;
}

function describe(error: ErrorObject): string {
  const where = error.instancePath ? parsePointer(error.instancePath).join('.') : 'the configuration';
  switch (error.keyword) {
    case 'additionalProperties':
      return `unknown key "${(error.params as { additionalProperty: string }).additionalProperty}" in ${where}; expected one of ${Object.keys((error.parentSchema as { properties?: object })?.properties ?? {}).join(', ')}`;
    case 'enum':
      return `${where} must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return `${where} ${error.message ?? 'is invalid'}`;
  }
}

interface ParsedRc {
  file: string;
  value: Record<string, unknown>;
  fail: (segments: Array<string | number>, reason: string, on?: 'key' | 'value') => never;
}

/** Reads and parses one configuration file (JSON or YAML) and checks its shape against the schema. */
function readRc(file: string): ParsedRc {
  const read = readTextSafe(file, { maxBytes: MAX_RC_BYTES });
  if (!read.ok) {
    const reason =
      read.reason === 'missing'
        ? 'the configuration file does not exist'
        : read.reason === 'unreadable'
          ? `cannot read the configuration (${read.code})`
          : `cannot read the configuration: ${read.message}`;
    throw new DoclintrcError(file, 1, 1, reason);
  }
  // Editors on Windows may save a byte order mark: not part of the JSON (a space keeps the offsets).
  const text = blankBom(read.text);
  const lines = new LineIndex(text);
  const { value, locate } = /\.ya?ml$/i.test(file) ? parseYaml(file, text, lines) : parseJson(file, text, lines);
  const fail = (segments: Array<string | number>, reason: string, on: 'key' | 'value' = 'key'): never => {
    const at = lines.position(locate(segments, on));
    throw new DoclintrcError(file, at.line, at.column, reason);
  };
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    fail([], 'the configuration must be an object');
  rcValidator ??= getAjv().compile(rcSchema());
  // Rule ids are checked against the rules (plugins included) below, with a did-you-mean.
  const shape: Record<string, unknown> = { ...(value as Record<string, unknown>), rules: {} };
  const overrides = (value as { overrides?: unknown }).overrides;
  if (Array.isArray(overrides))
    shape.overrides = overrides.map((o: unknown) =>
      o && typeof o === 'object' && !Array.isArray(o) && 'rules' in o ? { ...o, rules: {} } : o,
    );
  if (!rcValidator(shape)) {
    const error = rcValidator.errors![0]!;
    const segments: Array<string | number> = parsePointer(error.instancePath);
    const unknownKey = error.keyword === 'additionalProperties';
    if (unknownKey) segments.push((error.params as { additionalProperty: string }).additionalProperty);
    fail(segments, describe(error), unknownKey ? 'key' : 'value');
  }
  const rules = (value as { rules?: unknown }).rules;
  if (rules !== undefined && (rules === null || typeof rules !== 'object' || Array.isArray(rules)))
    fail(['rules'], 'rules must be an object of rule settings', 'value');
  let patterns = 0;
  for (const [i, entry] of ((overrides as Array<{ rules: unknown; files: string[] }> | undefined) ?? []).entries()) {
    if (entry.rules === null || typeof entry.rules !== 'object' || Array.isArray(entry.rules))
      fail(['overrides', i, 'rules'], `overrides[${i}].rules must be an object of rule settings`, 'value');
    for (const [k, pattern] of entry.files.entries()) {
      if (++patterns > MAX_OVERRIDE_PATTERNS) fail(['overrides', i, 'files', k], overridePatternsMessage(), 'value');
      if (pattern.length > MAX_PATTERN_CHARS)
        fail(
          ['overrides', i, 'files', k],
          `overrides[${i}].files[${k}] is ${pattern.length} characters long; a pattern may have at most ${MAX_PATTERN_CHARS}`,
          'value',
        );
      try {
        expandBraces(pattern);
      } catch (error) {
        if (!(error instanceof GlobError)) throw error;
        fail(
          ['overrides', i, 'files', k],
          `overrides[${i}].files[${k}] ${error.message} (its {…} alternatives); split it into fewer patterns`,
          'value',
        );
      }
    }
  }
  return { file, value: value as Record<string, unknown>, fail };
}

/** Patterns of `overrides[].files` read, in all (each one is matched against every file). */
export const MAX_OVERRIDE_PATTERNS = 1000;
/** Longest pattern of `overrides[].files`. */
export const MAX_PATTERN_CHARS = 500;

function overridePatternsMessage(): string {
  return `overrides name more than ${MAX_OVERRIDE_PATTERNS} file patterns in all; name folders (\`api/**\`) or use \`{a,b}\` rather than one pattern a file`;
}

/** The rules of a preset: recommended = each rule at its default; strict = every warning an error. */
export function presetRules(name: string, registry: RuleRegistry = builtinRegistry()): Record<string, RuleSetting> {
  if (name === 'doclint:strict') {
    return Object.fromEntries(
      registry
        .metas()
        .filter((r) => r.severity === 'warning')
        .map((r) => [r.id, { severity: 'error' as const }]),
    );
  }
  return {};
}

interface Collected {
  layers: Array<{ file: string; parsed: ParsedRc; rules: Record<string, unknown> } | { preset: string }>;
  overrides: Array<{ parsed: ParsedRc; index: number; files: string[]; rules: Record<string, unknown> }>;
  plugins: Array<[string, string, string]>;
  remark: Array<[string, unknown, string]>;
  ignores: string[];
  timeLimits?: TimeLimits;
  options: DoclintrcOptions;
  notLoaded: string[];
}

/** Walks `extends` depth first: presets and shared configurations before the file that names them. */
async function collect(file: string, out: Collected, chain: string[]): Promise<ParsedRc> {
  const parsed = readRc(file);
  const value = parsed.value as {
    extends?: unknown;
    plugins?: Record<string, string>;
    remark?: Record<string, unknown>;
    rules?: Record<string, unknown>;
    ignores?: string[];
    timeLimits?: TimeLimits;
    overrides?: Array<{ files: string[]; rules: Record<string, unknown> }>;
  };
  const list =
    value.extends === undefined
      ? []
      : Array.isArray(value.extends)
        ? (value.extends as string[])
        : [value.extends as string];
  for (const [i, name] of list.entries()) {
    if ((PRESETS as readonly string[]).includes(name)) {
      out.layers.push({ preset: name });
      continue;
    }
    if (name.startsWith('doclint:'))
      parsed.fail(
        Array.isArray(value.extends) ? ['extends', i] : ['extends'],
        `unknown preset "${name}"; use ${PRESETS.join(' or ')}, a package or a path`,
        'value',
      );
    if (out.options.modules === false && MODULE_FILE.test(name)) {
      out.notLoaded.push(`extends "${name}"`);
      continue;
    }
    let target: string;
    try {
      target = resolveModule(name, file);
    } catch {
      throw new UserError(`the shared configuration "${name}" (extended by ${file}) cannot be found`);
    }
    checkBoundary(target, `the shared configuration "${name}"`, file, out.options.boundary);
    if (out.options.modules === false && MODULE_FILE.test(target)) {
      out.notLoaded.push(`extends "${name}"`);
      continue;
    }
    if (chain.includes(target)) throw new UserError(`"extends" loops: ${[...chain, target].join(' -> ')}`);
    if (chain.length >= MAX_EXTENDS_DEPTH)
      throw new UserError(`"extends" is nested more than ${MAX_EXTENDS_DEPTH} levels deep (${file})`);
    if (MODULE_FILE.test(target)) {
      // A shared configuration published as a module: its default export is a configuration object.
      const config = await importModule(target).catch((error: Error) => {
        throw new UserError(`the shared configuration "${name}" cannot be loaded: ${firstLine(error)}`);
      });
      if (!config || typeof config !== 'object')
        throw new UserError(`the shared configuration "${name}" does not export a configuration object`);
      const inner = config as {
        rules?: Record<string, unknown>;
        plugins?: Record<string, string>;
        remark?: Record<string, unknown>;
      };
      for (const [prefix, spec] of Object.entries(inner.plugins ?? {})) out.plugins.push([prefix, spec, target]);
      for (const [pkg, setting] of Object.entries(inner.remark ?? {})) out.remark.push([pkg, setting, target]);
      out.layers.push({
        file: target,
        parsed: {
          file: target,
          value: inner as Record<string, unknown>,
          fail: (_s, reason) => {
            throw new DoclintrcError(target, 1, 1, reason);
          },
        },
        rules: inner.rules ?? {},
      });
      continue;
    }
    await collect(target, out, [...chain, target]);
  }
  if (out.options.modules === false) {
    for (const prefix of Object.keys(value.plugins ?? {})) out.notLoaded.push(`plugin "${prefix}"`);
    for (const pkg of Object.keys(value.remark ?? {})) out.notLoaded.push(`remark "${pkg}"`);
  } else {
    for (const [prefix, spec] of Object.entries(value.plugins ?? {})) out.plugins.push([prefix, spec, file]);
    for (const [pkg, setting] of Object.entries(value.remark ?? {})) out.remark.push([pkg, setting, file]);
  }
  out.layers.push({ file, parsed, rules: value.rules ?? {} });
  for (const [index, entry] of (value.overrides ?? []).entries()) {
    // The patterns of every configuration extended, in all.
    const before = out.overrides.reduce((n, o) => n + o.files.length, 0);
    if (before + entry.files.length > MAX_OVERRIDE_PATTERNS)
      parsed.fail(['overrides', index, 'files'], overridePatternsMessage(), 'value');
    out.overrides.push({ parsed, index, files: entry.files, rules: entry.rules });
  }
  if (chain.length === 1) append(out.ignores, value.ignores ?? []);
  if (chain.length === 1 && value.timeLimits) out.timeLimits = { ...value.timeLimits };
  return parsed;
}

/** Checks one layer's rule settings against the rules: ids (with a did-you-mean), severities, options. */
function checkRules(
  layer: { parsed: ParsedRc; rules: Record<string, unknown> },
  registry: RuleRegistry,
  /** Plugins were left out (`--no-plugins`): true for the ids of their rules (no built-in rule's), whose settings are dropped. */
  leftOut: (id: string) => boolean = () => false,
  /** Where the rules are in the file: `rules`, or `overrides[i].rules`. */
  at: Array<string | number> = [],
): Record<string, RuleSetting> {
  const { rules: raw } = layer;
  const name = at.length ? `overrides[${at[1]}].rules` : 'rules';
  const parsed = {
    fail: (segments: Array<string | number>, reason: string, on?: 'key' | 'value') =>
      layer.parsed.fail([...at, ...segments], reason, on),
  };
  const ids = [...registry.ids()];
  const rules: Record<string, RuleSetting> = {};
  for (const [id, setting] of Object.entries(raw)) {
    const meta = registry.get(id);
    if (!meta && leftOut(id)) continue;
    if (!meta) {
      const guess = didYouMean(id, ids);
      parsed.fail(
        ['rules', id],
        `unknown rule "${id}"${guess ? `; did you mean "${guess}"?` : id.includes('/') ? '; is its plugin listed in "plugins"?' : ''}`,
      );
    }
    const [severityValue, options] = Array.isArray(setting) ? setting : [setting, undefined];
    const severity =
      typeof severityValue === 'string' || typeof severityValue === 'number'
        ? parseSeverity(String(severityValue))
        : undefined;
    if (!severity || (Array.isArray(setting) && (setting.length < 1 || setting.length > 2))) {
      const where =
        Array.isArray(setting) && setting.length >= 1 && setting.length <= 2 ? ['rules', id, 0] : ['rules', id];
      parsed.fail(
        where,
        `${name}.${id} must be one of "off", "info", "warn", "warning", "error", 0, 1, 2, or [severity, options]`,
        'value',
      );
    }
    if (options !== undefined) {
      if (!meta!.optionsSchema) parsed.fail(['rules', id, 1], `rule "${id}" takes no options`, 'value');
      let validate = optionValidators.get(meta!.optionsSchema!);
      if (!validate) optionValidators.set(meta!.optionsSchema!, (validate = getAjv().compile(meta!.optionsSchema!)));
      if (!validate(options)) {
        const error = validate.errors![0]!;
        const segments: Array<string | number> = ['rules', id, 1, ...parsePointer(error.instancePath)];
        const unknownKey = error.keyword === 'additionalProperties';
        if (unknownKey) segments.push((error.params as { additionalProperty: string }).additionalProperty);
        parsed.fail(segments, `${name}.${id} options: ${describe(error)}`, unknownKey ? 'key' : 'value');
      }
    }
    rules[id] = { severity, options };
  }
  return rules;
}

/**
 * With `--no-plugins`: whether a rule id no built-in rule has belongs to what was left out: a
 * plugin's (`acme/no-todo`) or a remark plugin's (`remark-lint/…`, or the package's own name).
 */
export function isLeftOutRule(id: string, notLoaded: readonly string[]): boolean {
  return id.includes('/') || notLoaded.some((item) => item === `remark "${id}"`);
}

/**
 * Reads and validates a configuration file (JSON or YAML), the configurations it extends and the
 * plugins they name. Throws DoclintrcError for a bad file (exit 2 with its position) and
 * UserError for a plugin or shared configuration that cannot be loaded.
 */
export async function loadDoclintrc(file: string, options: DoclintrcOptions = {}): Promise<Doclintrc> {
  const collected: Collected = {
    layers: [],
    overrides: [],
    plugins: [],
    remark: [],
    ignores: [],
    options,
    notLoaded: [],
  };
  const own = await collect(file, collected, [file]);
  let registry = builtinRegistry();
  const pluginRules: Rule[] = [];
  const keys: string[] = [];
  const prefixes = new Set<string>();
  for (const [prefix, specifier, from] of collected.plugins) {
    if (!/^[a-z0-9][\w.-]*$/i.test(prefix))
      throw new UserError(`plugin prefix "${prefix}" (in ${from}) must be a plain name such as "acme"`);
    if (prefixes.has(prefix)) continue;
    prefixes.add(prefix);
    const loaded = await loadPlugin(prefix, specifier, from, options.boundary);
    append(pluginRules, loaded.rules);
    keys.push(loaded.key);
  }
  const remark = await loadRemark(collected.remark, options.boundary);
  if (remark) keys.push(remark.key);
  if (pluginRules.length || remark) registry = registry.with(pluginRules, remark?.metas ?? []);
  const layers: Array<Record<string, RuleSetting>> = [];
  if (remark) layers.push(remark.settings);
  let ownRules: Record<string, RuleSetting> = {};
  for (const layer of collected.layers) {
    if ('preset' in layer) layers.push(presetRules(layer.preset, registry));
    else {
      const rules = checkRules(
        layer,
        registry,
        options.modules === false ? (id) => isLeftOutRule(id, collected.notLoaded) : undefined,
      );
      layers.push(rules);
      if (layer.parsed === own) ownRules = rules;
    }
  }
  const leftOut = options.modules === false ? (id: string) => isLeftOutRule(id, collected.notLoaded) : undefined;
  const overrides = collected.overrides.map((entry) => ({
    base: path.dirname(entry.parsed.file),
    files: entry.files,
    rules: checkRules(entry, registry, leftOut, ['overrides', entry.index]),
  }));
  const value = own.value as { extends?: unknown };
  const extendsList =
    value.extends === undefined
      ? []
      : Array.isArray(value.extends)
        ? (value.extends as string[])
        : [value.extends as string];
  return {
    file,
    extends: extendsList,
    rules: ownRules,
    layers,
    ignores: collected.ignores,
    overrides,
    registry,
    remark: remark?.remark,
    pluginsKey: keys.length ? keys.join(';') : undefined,
    timeLimits: collected.timeLimits,
    files: collected.layers.flatMap((layer) => ('file' in layer && !MODULE_FILE.test(layer.file) ? [layer.file] : [])),
    loadsModules:
      collected.plugins.length > 0 ||
      collected.remark.length > 0 ||
      collected.layers.some((layer) => 'file' in layer && MODULE_FILE.test(layer.file)),
    notLoaded: collected.notLoaded,
  };
}
