#!/usr/bin/env node
// The parse-hazard scan over real pages (after `npm run build`):
//
//   node scripts/hazard-check.mjs [--parse] DIR...
//
// Runs `parseHazard` over every .md and .mdx page under the folders (node_modules and dot
// folders skipped) and prints each page it flags, then the largest structure counts seen against
// the bounds (STRUCTURE_LIMITS in src/pages/hazard.ts) and the scan's total time. With --parse it
// also parses every page and prints the parse's total time, to compare. Exit code 1 when a page
// is flagged: no real page should be.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values, positionals } = parseArgs({
  options: { parse: { type: 'boolean', default: false } },
  allowPositionals: true,
});
if (!positionals.length) {
  process.stderr.write('usage: node scripts/hazard-check.mjs [--parse] DIR...\n');
  process.exit(2);
}
const load = (p) => import(pathToFileURL(path.join(repo, 'dist/src/pages', p)).href);
const [{ parseHazard, scanStructure, STRUCTURE_LIMITS }, { mdxParser }] = await Promise.all([
  load('hazard.js'),
  load('lint.js'),
]);

function* pages(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* pages(file);
    else if (entry.isFile() && /\.mdx?$/i.test(entry.name)) yield file;
  }
}

const largest = Object.fromEntries(Object.keys(STRUCTURE_LIMITS).map((k) => [k, { value: 0, file: '' }]));
let count = 0;
let flagged = 0;
let bytes = 0;
let scanMs = 0;
let parseMs = 0;
for (const dir of positionals) {
  for (const file of pages(dir)) {
    const text = readFileSync(file, 'utf8');
    count++;
    bytes += text.length;
    let t = performance.now();
    const problem = parseHazard(text);
    scanMs += performance.now() - t;
    if (problem) {
      flagged++;
      console.log(`${file}:${problem.line}:${problem.column}: ${problem.message}`);
    }
    const { stats } = scanStructure(text);
    for (const key of Object.keys(largest))
      if (stats[key] > largest[key].value) largest[key] = { value: stats[key], file };
    if (values.parse) {
      t = performance.now();
      try {
        mdxParser().parse(text);
      } catch {
        // A page that does not parse costs what it cost.
      }
      parseMs += performance.now() - t;
    }
  }
}
const n = (x) => Math.round(x).toLocaleString('en-US');
console.log(`${n(count)} pages (${n(bytes / 1024)} KB), ${flagged} flagged`);
for (const [key, { value, file }] of Object.entries(largest)) {
  console.log(
    `  ${key}: largest ${n(value)} of ${n(STRUCTURE_LIMITS[key])} (${(value / STRUCTURE_LIMITS[key]).toFixed(3)})${file ? ` in ${path.relative(process.cwd(), file)}` : ''}`,
  );
}
console.log(
  `scan ${n(scanMs)} ms${values.parse ? `; parse ${n(parseMs)} ms (the scan is ${((100 * scanMs) / parseMs).toFixed(1)}% of it)` : ''}`,
);
process.exit(flagged ? 1 : 0);
