#!/usr/bin/env node
'use strict';
// The Node.js version first, in syntax any Node.js parses: an older one would otherwise fail later
// with misleading errors (Node.js 16 has no structuredClone). Keep in step with package.json's engines.
var MIN_NODE = 20;
if (Number(process.versions.node.split('.')[0]) < MIN_NODE) {
  process.stderr.write(
    'doclint: needs Node.js ' +
      MIN_NODE +
      ' or later (this is Node.js ' +
      process.versions.node +
      '); install a newer one, such as 22 or 24\n',
  );
  process.exit(2);
}
// CommonJS (bin/package.json), which Node starts faster than an ES module: a few milliseconds of
// every run, and a replayed run (below) takes little more than Node's own start.
const { statSync } = require('node:fs');
const path = require('node:path');

const bundle = path.join(__dirname, '../dist/bundle/main.cjs');
let built;
try {
  built = statSync(bundle);
} catch {
  // A clone installed without its build (npm ci --ignore-scripts): say so in one line.
  process.stderr.write(
    'doclint: the build is missing (dist/bundle/main.cjs): run `npm run build` in the doclint folder\n',
  );
  process.exit(2);
}
const argv = process.argv.slice(2);
// The build's signature: a run's record (src/engine/run-record.ts) is replayed only by the build that made it.
const build = `${built.size}:${built.mtimeMs}:${built.ino}`;

function internalError(error) {
  process.stderr.write(`doclint: internal error: ${error && error.message ? error.message : String(error)}\n`);
  process.exitCode = 2;
}

/**
 * Ends the process once what it wrote has been handed over, rather than when the event loop is
 * empty: V8 may still have garbage-collection tasks pending, which keep a short run alive several
 * milliseconds more. (The language server's `main` never returns.)
 */
function exit(code) {
  process.exitCode = code;
  process.stdout.write('', () => process.stderr.write('', () => process.exit()));
}

function lint() {
  // The bundle, kept compiled between runs (see code-cache.cjs).
  const { main } = require('./code-cache.cjs').load(bundle);
  main(argv, process.cwd(), { build }).then(exit, (error) => {
    internalError(error);
    exit(2);
  });
}

// A --cache run over a site unchanged since the same command ran: its record answers, without loading the linter.
if (argv.includes('--cache')) {
  require('../dist/bundle/replay.cjs')
    .replay(argv, process.cwd(), build)
    .catch(() => undefined)
    .then((code) => {
      if (code === undefined) lint();
      else exit(code);
    });
} else lint();
