import { Ajv } from 'ajv';

/*
 * The OpenAPI library's `validate` makes a new validator for every spec, and that validator
 * compiles the OpenAPI 3.x JSON Schema anew with a new Ajv instance: about a third of a second
 * of CPU per spec, the same work every time (a site with six specs compiled the same schema six
 * times). The library keeps no compiled schema between calls and exports nothing to keep one
 * with, so while its `validate` runs (synchronously), Ajv's `compile` answers a schema object it
 * has compiled before, with the same Ajv class, with that compiled function. The library's schema
 * objects are module constants and its Ajv options and formats depend on the version alone, so
 * the function is the one a new compile would make; validating a spec with it gives the same
 * errors. Ajv's own classes (draft-04, draft-07, 2020-12) share the prototype patched here.
 */

type Compile = (this: object, schema: unknown, meta?: boolean) => unknown;

interface Compiling {
  compile: Compile;
}

const core = Object.getPrototypeOf(Ajv.prototype) as Compiling;
/** The compiled functions per schema object, per Ajv class. */
const compiled = new WeakMap<object, Map<unknown, unknown>>();

/** Runs `work` (synchronous) with a schema object Ajv compiled before answered from `compiled`. */
export function withCompiledSchemasReused<T>(work: () => T): T {
  const original = core.compile;
  core.compile = function (this: object, schema: unknown, meta?: boolean) {
    if (typeof schema !== 'object' || schema === null || meta !== undefined) return original.call(this, schema, meta);
    let byClass = compiled.get(schema);
    if (!byClass) compiled.set(schema, (byClass = new Map()));
    const kind = this.constructor;
    if (!byClass.has(kind)) byClass.set(kind, original.call(this, schema, meta));
    return byClass.get(kind);
  };
  try {
    return work();
  } finally {
    core.compile = original;
  }
}
