import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { CodeKeywordDefinition, KeywordCxt, ValidateFunction } from 'ajv/dist/2020.js';
import { checkPathOrUrl, firstRepeat, hasAnyKey } from './checks.js';
import { childPointer, valueAt } from './paths.js';

/** A JSON Schema document, as parsed. */
export type JsonSchema = Record<string, unknown>;

/*
 * Turning schema/docs.schema.json into validation functions. Compiling it with ajv takes a few
 * hundred milliseconds, so the build precompiles it to schema/docs.validator.cjs (ajv standalone
 * code, see scripts/compile-schema.mjs); when that file is missing or was made from another
 * version of the schema, the schema is compiled at run time instead. Both give the same errors.
 */

/*
 * ajv is loaded only when the schema has to be compiled here: the precompiled module needs none of
 * it, and loading ajv's compiler costs about as much as using the precompiled validators.
 */
const nodeRequire = createRequire(import.meta.url);
/** Set to true by the bundle (scripts/bundle.mjs, esbuild's `define`); undeclared elsewhere. */
declare const DOCLINT_BUNDLE: boolean | undefined;
type AjvModules = [typeof import('ajv/dist/2020.js'), typeof import('ajv/dist/standalone/index.js'), typeof import('ajv/dist/compile/codegen/index.js'), typeof import('ajv/dist/compile/util.js')];
/*
 * In the bundle, plain `require` calls of literal names, which esbuild bundles as lazily run
 * modules: the installed package has no node_modules to resolve ajv from. Elsewhere (the compiled
 * sources, the tests) Node resolves them.
 */
const ajvModules = (): AjvModules =>
  typeof DOCLINT_BUNDLE !== 'undefined'
    ? // eslint-disable-next-line @typescript-eslint/no-require-imports -- bundled by esbuild, see above
      [require('ajv/dist/2020.js'), require('ajv/dist/standalone/index.js'), require('ajv/dist/compile/codegen/index.js'), require('ajv/dist/compile/util.js')]
    : [nodeRequire('ajv/dist/2020.js'), nodeRequire('ajv/dist/standalone/index.js'), nodeRequire('ajv/dist/compile/codegen/index.js'), nodeRequire('ajv/dist/compile/util.js')];
// CommonJS modules with `exports.default`.
const ajvCompiler = () => {
  const [ajv2020, standalone, codegen, util] = ajvModules();
  return { Ajv2020: ajv2020.default, standaloneCode: standalone.default, codegen, useFunc: util.useFunc };
};

/** Bump when the shape of the generated module, or a check in checks.ts, changes. */
const GENERATOR_VERSION = 2;

/** A function of checks.ts as ajv embeds it: by reference at run time, by its source in the precompiled module. */
type EmbeddedFunction = ((...args: never[]) => unknown) & { code: string };
const embedded = new Map<unknown, EmbeddedFunction>();
function embed(fn: (...args: never[]) => unknown): EmbeddedFunction {
  let out = embedded.get(fn);
  if (!out) {
    out = Object.assign((...args: never[]) => fn(...args), { code: `(${fn.toString()})` });
    embedded.set(fn, out);
  }
  return out;
}

/**
 * doclint's keywords (see checks.ts), named so that editors, which do not know them, ignore them:
 * - `pathOrUrl: KIND`: the string is a URL, href, spec source... as the platform parses them;
 * - `uniqueBy: { property | strings, trim? }`: no two items of the list have the same key;
 * - `requiredAnyOf: [keys]`: the object has at least one of the keys;
 * - `unknownKeys: "error"` (annotation): unknown keys here are errors, because the platform
 *   rejects them, rather than warnings about keys it ignores.
 */
function keywords(): CodeKeywordDefinition[] {
  const { codegen, useFunc } = ajvCompiler();
  const { _, stringify } = codegen;
  return [
    {
      keyword: 'pathOrUrl',
      type: 'string',
      schemaType: 'string',
      error: { message: 'must be a valid path or URL', params: ({ schema }) => _`{kind: ${schema as string}}` },
      code(cxt: KeywordCxt) {
        const fn = useFunc(cxt.gen, embed(checkPathOrUrl));
        cxt.fail(_`!${fn}(${cxt.schema as string}, ${cxt.data})`);
      },
    },
    {
      keyword: 'uniqueBy',
      type: 'array',
      schemaType: 'object',
      error: {
        message: 'must not repeat an item',
        params: ({ params }) => _`{first: ${params.repeat}[0], repeat: ${params.repeat}[1]}`,
      },
      code(cxt: KeywordCxt) {
        const fn = useFunc(cxt.gen, embed(firstRepeat));
        const repeat = cxt.gen.const('repeat', _`${fn}(${cxt.data}, ${stringify(cxt.schema)})`);
        cxt.setParams({ repeat });
        cxt.fail(_`${repeat} !== null`);
      },
    },
    {
      keyword: 'requiredAnyOf',
      type: 'object',
      schemaType: 'array',
      error: { message: 'must have one of the properties', params: ({ schema }) => _`{keys: ${stringify(schema)}}` },
      code(cxt: KeywordCxt) {
        const fn = useFunc(cxt.gen, embed(hasAnyKey));
        cxt.fail(_`!${fn}(${cxt.data}, ${stringify(cxt.schema)})`);
      },
    },
  ];
}

/** What validation needs: the whole-schema validator and one validator per branch of every union. */
export interface SchemaValidators {
  main: ValidateFunction;
  /** Validator of the schema at a pointer inside the schema (`/properties/logo/anyOf/1`). */
  branch(pointer: string): ValidateFunction;
  /** Where the validators came from, for diagnostics of doclint itself. */
  origin: 'precompiled' | 'runtime';
}

/** The key a precompiled module must carry to be used with this schema text. */
export function schemaKey(schemaText: string): string {
  return createHash('sha256').update(`${GENERATOR_VERSION}\n${schemaText}`).digest('hex');
}

/** ajv's warnings, less the notice that `unicode: false` is deprecated (it is still honoured, and needed). */
function quietUnicodeDeprecation(...args: unknown[]): void {
  if (typeof args[0] === 'string' && args[0].startsWith('DEPRECATED: option unicode')) return;
  console.warn(...args);
}

function createAjv(forStandalone: boolean) {
  const { Ajv2020 } = ajvCompiler();
  const ajv = new Ajv2020({
    allErrors: true,
    verbose: true,
    strict: true,
    allowUnionTypes: true,
    inlineRefs: false,
    // Lengths and patterns count UTF-16 code units, as JavaScript strings (and the platform) do.
    unicode: false,
    unicodeRegExp: false,
    // A number too large for a double (1e400) is parsed as Infinity; the platform accepts it as a number.
    strictNumbers: false,
    code: forStandalone ? { source: true, optimize: true } : { optimize: false },
    logger: { log: console.log, error: console.error, warn: quietUnicodeDeprecation },
  });
  // Editor extension (VS Code): a readable message for a failed `pattern`. Messages use it too.
  ajv.addKeyword('patternErrorMessage');
  ajv.addKeyword('unknownKeys');
  // URLs are checked by `pathOrUrl` (the platform parses them with `new URL`), not by `format`.
  for (const definition of keywords()) ajv.addKeyword(definition);
  return ajv;
}

/** JSON pointers (inside the schema) of every `anyOf`/`oneOf` array. */
export function unionPointers(schema: JsonSchema): string[] {
  const out: string[] = [];
  const walk = (node: unknown, pointer: string): void => {
    if (Array.isArray(node)) {
      node.forEach((child, i) => walk(child, `${pointer}/${i}`));
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node)) {
      const p = childPointer(pointer, key);
      if ((key === 'anyOf' || key === 'oneOf') && Array.isArray(child)) out.push(p);
      walk(child, p);
    }
  };
  walk(schema, '');
  return out;
}

function branchPointers(schema: JsonSchema): string[] {
  return unionPointers(schema).flatMap((p) => (valueAt(schema, p) as unknown[]).map((_, i) => `${p}/${i}`));
}

function fragmentKey(schema: JsonSchema, pointer: string): string {
  return `${String(schema.$id)}#${encodeURI(pointer)}`;
}

/** Compiles the schema now (slow; the fallback when no precompiled module fits). */
export function compileAtRuntime(schema: JsonSchema): SchemaValidators {
  const ajv = createAjv(false);
  const main = ajv.compile(schema);
  const cache = new Map<string, ValidateFunction>();
  return {
    main,
    origin: 'runtime',
    branch(pointer) {
      let v = cache.get(pointer);
      if (!v) {
        v = ajv.getSchema(fragmentKey(schema, pointer));
        if (!v) throw new Error(`doclint: schema fragment ${pointer} not found`);
        cache.set(pointer, v);
      }
      return v;
    },
  };
}

/** Source of a CommonJS module holding the precompiled validators of `schemaText`. */
export function generateStandalone(schemaText: string): string {
  const schema = JSON.parse(schemaText) as JsonSchema;
  const ajv = createAjv(true);
  ajv.addSchema(schema);
  const exportsByName: Record<string, string> = { main: String(schema.$id) };
  const branchExports: Record<string, string> = {};
  branchPointers(schema).forEach((pointer, i) => {
    const name = `branch${i}`;
    exportsByName[name] = fragmentKey(schema, pointer);
    branchExports[pointer] = name;
  });
  const code = ajvCompiler().standaloneCode(ajv, exportsByName);
  return [
    '// Generated from schema/docs.schema.json by scripts/compile-schema.mjs. Do not edit.',
    code,
    `exports.schemaKey = ${JSON.stringify(schemaKey(schemaText))};`,
    `exports.branchExports = ${JSON.stringify(branchExports)};`,
    '',
  ].join('\n');
}

interface StandaloneModule {
  schemaKey?: string;
  branchExports?: Record<string, string>;
  main?: ValidateFunction;
  [name: string]: unknown;
}

/**
 * Validators from a loaded precompiled module, or undefined when it was generated from a different
 * schema text (then the caller compiles at run time).
 */
export function fromStandalone(mod: StandaloneModule, schemaText: string): SchemaValidators | undefined {
  if (mod.schemaKey !== schemaKey(schemaText) || typeof mod.main !== 'function' || !mod.branchExports) return undefined;
  const branchExports = mod.branchExports;
  return {
    main: mod.main,
    origin: 'precompiled',
    branch(pointer) {
      const name = branchExports[pointer];
      const v = name ? mod[name] : undefined;
      if (typeof v !== 'function') throw new Error(`doclint: precompiled schema has no validator for ${pointer}`);
      return v as ValidateFunction;
    },
  };
}
