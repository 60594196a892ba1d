#!/usr/bin/env node
// Precompiles schema/docs.schema.json into schema/docs.validator.cjs (ajv standalone code), so the
// CLI does not compile the schema on every start. Runs after `tsc` in `npm run build`; without the
// generated file doclint still works, compiling the schema at run time instead.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const compileModule = process.argv[2] ?? '../dist/src/schema/compile.js';
const { generateStandalone } = await import(new URL(compileModule, import.meta.url).href);
const schemaFile = fileURLToPath(new URL('../schema/docs.schema.json', import.meta.url));
const outFile = fileURLToPath(new URL('../schema/docs.validator.cjs', import.meta.url));
const code = generateStandalone(readFileSync(schemaFile, 'utf8'));
writeFileSync(outFile, code);
console.error(`compile-schema: wrote ${outFile} (${Math.round(code.length / 1024)} KiB)`);
