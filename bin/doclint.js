#!/usr/bin/env node
import { main } from '../dist/bundle/main.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`doclint: internal error: ${error?.message ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
