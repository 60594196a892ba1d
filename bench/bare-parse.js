// The floor doclint is measured against: read and parse every page of a site with the same
// parser (remark-parse + remark-mdx + remark-frontmatter), one processor, nothing else.
import { readFile } from 'node:fs/promises';
import fg from 'fast-glob';
import remarkFrontmatter from 'remark-frontmatter';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

const root = process.argv[2];
const files = await fg('**/*.{md,mdx}', { cwd: root, absolute: true, ignore: ['**/node_modules/**'], followSymbolicLinks: false });
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
