#!/usr/bin/env node
import module from 'node:module';

// Node 22.1 and later keep the compiled code of the bundle between runs (a faster start, most of
// all for short runs); Node 20 has no such cache and starts as before.
module.enableCompileCache?.();
const { main } = await import('../dist/bundle/main.js');

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`doclint: internal error: ${error?.message ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
