#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const bundle = fileURLToPath(new URL('../dist/bundle/main.cjs', import.meta.url));
if (!existsSync(bundle)) {
  // A clone installed without its build (npm ci --ignore-scripts): say so in one line.
  process.stderr.write('doclint: the build is missing (dist/bundle/main.cjs): run `npm run build` in the doclint folder\n');
  process.exit(2);
}
// The bundle, kept compiled between runs (see code-cache.cjs).
const { main } = createRequire(import.meta.url)('./code-cache.cjs').load(bundle);

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`doclint: internal error: ${error?.message ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
