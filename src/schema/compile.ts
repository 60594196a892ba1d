import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { childPointer, valueAt } from './paths.js';
import type { JsonSchema } from './schema-file.js';

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
const require = createRequire(import.meta.url);
// CommonJS modules with `exports.default`.
const ajvCompiler = () => ({
  Ajv2020: (require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js')).default,
  addFormats: (require('ajv-formats') as typeof import('ajv-formats')).default,
  standaloneCode: (require('ajv/dist/standalone/index.js') as typeof import('ajv/dist/standalone/index.js')).default,
});

/** Bump when the shape of the generated module changes. */
const GENERATOR_VERSION = 1;

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

function createAjv(forStandalone: boolean) {
  const { Ajv2020, addFormats } = ajvCompiler();
  const ajv = new Ajv2020({
    allErrors: true,
    verbose: true,
    strict: true,
    allowUnionTypes: true,
    inlineRefs: false,
    code: forStandalone ? { source: true, optimize: true } : { optimize: false },
  });
  // Editor extension (VS Code): a readable message for a failed `pattern`. Messages use it too.
  ajv.addKeyword('patternErrorMessage');
  addFormats(ajv, ['uri']);
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
