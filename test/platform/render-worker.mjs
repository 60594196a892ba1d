// Compiles pages with the platform's own page compile (`getMdx` of the pinned @mintlify/common)
// and prints, for each, the elements of the compiled page that carry an `id`. Run by
// test/platform/platform.ts in a child process: reads a JSON array of page texts (front matter
// included) on stdin, writes a JSON array of results on stdout.
//
// The page is handed over as the platform's build hands it: front matter parsed off (its fields
// are the page's metadata), the body compiled. Element lines are mapped back to the page as
// written: the body starts after the front matter, and the platform's `{#id}` pre-pass turns one
// heading line into three.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { commonModule } = await import(path.join(repo, 'scripts', 'platform.mjs'));

const log = [];
const keep =
  (level) =>
  (...args) =>
    log.push(
      `${level}: ${args.map((a) => (typeof a === 'string' ? a : a instanceof Error ? a.message : JSON.stringify(a))).join(' ')}`,
    );
console.log = keep('log');
console.info = keep('info');
console.warn = keep('warn');
console.error = keep('error');

const { getMdx } = await commonModule('mdx/server-only/getMdx.js');
const { parseFrontmatter } = await commonModule('frontmatter/parseFrontmatter.js');
const { preprocessCustomHeadingIds } = await commonModule('mdx/preprocessCustomHeadingIds.js');

/** A rehype plugin run after all of the platform's own: records every JSX element with an `id`, in document order. */
function collect(runs) {
  return () => (tree) => {
    const elements = [];
    const walk = (node) => {
      if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name) {
        const attr = node.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'id');
        if (attr)
          elements.push({
            name: node.name,
            id: typeof attr.value === 'string' ? attr.value : null,
            line: node.position?.start.line ?? 0,
          });
      }
      for (const child of node.children ?? []) walk(child);
    };
    walk(tree);
    runs.push(elements);
  };
}

/** For each line of the pre-processed body (0-based), the line of the body it comes from. */
function lineMap(body) {
  const before = body.split('\n');
  const after = preprocessCustomHeadingIds(body).split('\n');
  const map = [];
  let i = 0;
  for (let j = 0; j < after.length;) {
    if (before[i] === after[j]) {
      map[j++] = i++;
    } else {
      // A `## Title {#id}` line, rewritten as `<hN id="…">`, the title, `</hN>`.
      map[j++] = i;
      map[j++] = i;
      map[j++] = i++;
    }
  }
  return map;
}

let input = '';
for await (const chunk of process.stdin) input += chunk;
const pages = JSON.parse(input);
const results = [];
for (const text of pages) {
  log.length = 0;
  const { attributes, body, bodyBegin } = parseFrontmatter(text);
  const map = lineMap(body);
  const runs = [];
  const compiled = await getMdx({
    path: 'page.mdx',
    content: body,
    metadata: attributes ?? {},
    snippets: [],
    subdomain: 'test',
    codeStyling: 'dark',
    config: {},
    tailwindSelectors: [],
    rehypePlugins: [collect(runs)],
  });
  // The first compile is the page itself (the second one is a copy without scripts).
  const elements = (runs[0] ?? []).map((e) => ({ ...e, line: (map[e.line - 1] ?? e.line - 1) + bodyBegin }));
  results.push({ elements, parseFailed: compiled.parseFailed === true, log: [...log] });
}
process.stdout.write(JSON.stringify(results));
