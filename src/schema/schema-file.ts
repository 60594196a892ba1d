import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileAtRuntime, fromStandalone, type JsonSchema, type SchemaValidators } from './compile.js';

/** Location of the JSON Schema of docs.json, relative to the package root. */
export const SCHEMA_RELATIVE_PATH = 'schema/docs.schema.json';
/** The precompiled validators the build writes next to the schema. */
export const VALIDATOR_FILE_NAME = 'docs.validator.cjs';

export type { JsonSchema } from './compile.js';

/**
 * Absolute path of `schema/docs.schema.json`. The module runs from `src/schema/` (tests) or
 * `dist/src/schema/` (the built package), so walk up until the file is found.
 */
export function schemaPath(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, SCHEMA_RELATIVE_PATH);
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  throw new Error(`doclint: cannot find ${SCHEMA_RELATIVE_PATH} in the package`);
}

export interface LoadedSchema {
  file: string;
  text: string;
  schema: JsonSchema;
}

let cached: LoadedSchema | undefined;

/** The schema file, read and parsed once. */
export function loadSchema(): LoadedSchema {
  if (!cached) {
    const file = schemaPath();
    const text = readFileSync(file, 'utf8');
    cached = { file, text, schema: JSON.parse(text) as JsonSchema };
  }
  return cached;
}

/** Precompiled validators when the build made them from this very schema, else a run-time compile. */
export function loadValidators(loaded: LoadedSchema): SchemaValidators {
  const precompiled = path.join(path.dirname(loaded.file), VALIDATOR_FILE_NAME);
  if (existsSync(precompiled)) {
    try {
      const mod = createRequire(import.meta.url)(precompiled) as Record<string, unknown>;
      const validators = fromStandalone(mod, loaded.text);
      if (validators) return validators;
    } catch {
      // A broken or foreign file: fall back to compiling.
    }
  }
  return compileAtRuntime(loaded.schema);
}
