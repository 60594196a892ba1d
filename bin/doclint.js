#!/usr/bin/env node
import module from 'node:module';

// Node 22.1 and later keep the compiled code of the bundle between runs (a faster start, most of
// all for short runs); Node 20 has no such cache and starts as before.
module.enableCompileCache?.();
let main;
try {
  ({ main } = await import('../dist/bundle/main.js'));
} catch (error) {
  // A clone installed without its build (npm ci --ignore-scripts): say so in one line.
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && /dist[\\/]bundle[\\/]main\.js/.test(String(error.message))) {
    process.stderr.write('doclint: the build is missing (dist/bundle/main.js): run `npm run build` in the doclint folder\n');
    process.exit(2);
  }
  throw error;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`doclint: internal error: ${error?.message ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
