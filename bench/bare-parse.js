// The floor doclint is measured against: read and parse every page of a site (the files doclint
// lints) with the same parser doclint parses pages with (src/pages/parse.ts: remark-parse with its
// MDX, GFM, front-matter and math extensions), one processor, one thread, nothing else.
import { readFile } from 'node:fs/promises';
import { loadInventory } from '../dist/src/site/inventory.js';
import { mdxParser } from '../dist/src/pages/parse.js';

const root = process.argv[2];
// The same files doclint lints: the site's pages and snippets, with the platform's ignores.
const files = [...(await loadInventory(root)).pages.values()].map((page) => page.file);
const processor = mdxParser();
let parsed = 0;
let failed = 0;
for (const file of files) {
  const text = await readFile(file, 'utf8');
  try {
    processor.parse(text);
    parsed++;
  } catch {
    failed++;
  }
}
process.stdout.write(`${parsed} parsed, ${failed} failed\n`);
