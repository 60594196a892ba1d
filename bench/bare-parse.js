// The floor doclint is measured against: read and parse every page of a site (the files doclint
// lints) with the same parser (remark-parse + remark-mdx + remark-frontmatter), one processor,
// nothing else.
import { readFile } from 'node:fs/promises';
import { loadInventory } from '../dist/src/site/inventory.js';
import remarkFrontmatter from 'remark-frontmatter';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

const root = process.argv[2];
// The same files doclint lints: the site's pages and snippets, with the platform's ignores.
const files = [...(await loadInventory(root)).pages.values()].map((page) => page.file);
const processor = unified().use(remarkParse).use(remarkMdx).use(remarkFrontmatter, ['yaml']);
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
