// node scripts/make-scale-site.mjs [--pages N] [--corpus SITE] [--out DIR] [--redirects N]
//
// Builds a synthetic versioned site for measuring doclint at scale (bench/run.js --scale, bench/lsp.js
// --scale-site): the pages of one corpus site (default: mintlify__docs of ../shared/corpus) copied
// into V version folders x 3 language folders (`v1/en/...`, `v1/fr/...`, `v1/es/...`, `v2/en/...`),
// with a generated docs.json whose `navigation.versions[].languages[]` hold the corpus's own
// navigation (its first language's, `$ref` resolved) with every page path rewritten into the copy,
// the copy's pages the corpus navigation does not list in one group per top folder, and
// `--redirects` (default 1,000) redirects. The corpus's other files (images, OpenAPI specs) are
// copied once, at the root, where the navigation's `openapi` paths and the pages' absolute image
// paths still find them.
//
// `--pages N` (default 1000; e.g. 1000, 5000, 25000) is the number of page files (snippets
// included): V = ceil(N / (3 x the corpus's pages)) versions, and each copy keeps its share of the
// corpus's pages, picked evenly spaced over them in path order (every snippet kept), so that a
// site of any size holds the same mix of pages. Absolute links and imports to the corpus's pages and
// snippets (`](/path)`, `href="/path"`, `from '/snippets/...'`) are rewritten into the copy; a link
// to a page the copy left out goes to the copy's first page. The last version and `en` are the
// defaults.
//
// The output folder (default: a new temporary folder) must be empty or absent, and outside this
// repository; the same arguments give the same files, byte for byte. Prints the folder and the
// number of pages. Needs `npm run build` (it lists the corpus site with doclint's own inventory).
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadInventory } from '../dist/src/site/inventory.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LANGUAGES = ['en', 'fr', 'es'];

function usage(message) {
  process.stderr.write(
    `make-scale-site: ${message}\nusage: node scripts/make-scale-site.mjs [--pages N] [--corpus SITE] [--out DIR] [--redirects N]\n`,
  );
  process.exit(2);
}

const DEFAULTS = {
  pages: 1000,
  corpus: path.resolve(repo, '../shared/corpus/mintlify__docs'),
  out: undefined,
  redirects: 1000,
};

function parseArgs(argv) {
  const options = { ...DEFAULTS };
  for (let i = 0; i < argv.length; i++) {
    const value = () => argv[++i] ?? usage(`${argv[i - 1]} needs a value`);
    if (argv[i] === '--pages') options.pages = Number(value());
    else if (argv[i] === '--corpus') options.corpus = path.resolve(value());
    else if (argv[i] === '--out') options.out = path.resolve(value());
    else if (argv[i] === '--redirects') options.redirects = Number(value());
    else usage(`unknown argument ${argv[i]}`);
  }
  if (!Number.isInteger(options.pages) || options.pages < 1) usage('--pages must be a positive whole number');
  if (!Number.isInteger(options.redirects) || options.redirects < 0) usage('--redirects must be a whole number');
  if (!existsSync(path.join(options.corpus, 'docs.json'))) usage(`${options.corpus} has no docs.json`);
  return options;
}

/** `count` indices spread evenly over 0..total-1. */
function evenly(total, count) {
  const picked = [];
  for (let j = 0; j < count; j++) picked.push(Math.floor((j * total) / count));
  return picked;
}

/** The corpus navigation's first language (or version), `$ref` resolved: what every copy gets. */
function corpusNavigation(corpus, docs) {
  const resolve = (node, from) => {
    if (node && typeof node === 'object' && !Array.isArray(node) && typeof node.$ref === 'string') {
      const file = path.resolve(path.dirname(from), node.$ref);
      return resolve(JSON.parse(readFileSync(file, 'utf8')), file);
    }
    return node;
  };
  let nav = resolve(docs.navigation ?? {}, path.join(corpus, 'docs.json'));
  for (;;) {
    const division = nav.languages ?? nav.versions;
    if (!Array.isArray(division) || !division.length) break;
    nav = resolve(division.find((d) => d.default) ?? division[0], path.join(corpus, 'docs.json'));
  }
  const { language: _l, version: _v, default: _d, ...content } = nav;
  return JSON.parse(JSON.stringify(content));
}

/**
 * Rewrites a navigation tree for one copy: page paths into the copy (dropped when the copy left the
 * page out; groups left empty dropped), everything else as it was. Returns the routes it placed.
 */
function rewriteNavigation(node, route, placed) {
  if (Array.isArray(node)) {
    return node.map((item) => rewriteNavigation(item, route, placed)).filter((item) => item !== undefined);
  }
  if (!node || typeof node !== 'object') return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'pages' && Array.isArray(value)) {
      const pages = [];
      for (const item of value) {
        if (typeof item === 'string') {
          const target = route(item);
          if (target === null)
            pages.push(item); // an endpoint reference, kept
          else if (target !== undefined && !placed.has(target)) {
            placed.add(target);
            pages.push(target);
          }
        } else {
          const group = rewriteNavigation(item, route, placed);
          if (group !== undefined) pages.push(group);
        }
      }
      if (!pages.length) return undefined;
      out.pages = pages;
    } else if (key === 'root' && typeof value === 'string') {
      const target = route(value);
      if (typeof target === 'string') out.root = target;
    } else if (Array.isArray(value) || (value && typeof value === 'object')) {
      const inner = rewriteNavigation(value, route, placed);
      if (inner === undefined || (Array.isArray(inner) && !inner.length && value.length)) return undefined;
      out[key] = inner;
    } else out[key] = value;
  }
  return out;
}

function main() {
  const options = parseArgs(process.argv.slice(2));
  return build(options);
}

/** Builds the site (options as on the command line); returns its folder and its number of pages. */
async function build(given) {
  const options = { ...DEFAULTS, ...given };
  const out = options.out ?? mkdtempSync(path.join(os.tmpdir(), 'doclint-scale-'));
  const inRepo = path.relative(repo, out);
  if (!inRepo.startsWith('..') && !path.isAbsolute(inRepo))
    usage(`${out} is inside the repository; choose a folder outside it`);
  if (existsSync(out) && readdirSync(out).length) usage(`${out} is not empty`);
  mkdirSync(out, { recursive: true });

  const corpus = options.corpus;
  const inventory = await loadInventory(corpus);
  const entries = [...inventory.pages.values()].sort((a, b) =>
    a.relative < b.relative ? -1 : a.relative > b.relative ? 1 : 0,
  );
  const snippets = entries.filter((e) => e.isSnippet);
  const pages = entries.filter((e) => !e.isSnippet);
  const docs = JSON.parse(readFileSync(path.join(corpus, 'docs.json'), 'utf8'));

  const versions = Math.max(1, Math.ceil(options.pages / (LANGUAGES.length * entries.length)));
  const copies = versions * LANGUAGES.length;
  const pagesWanted = Math.max(copies, options.pages - copies * snippets.length);
  const routes = new Map(pages.map((e) => [e.route, e]));
  const navigation = corpusNavigation(corpus, docs);

  // Files that are not pages, once at the root (images, specs); docs.json is generated.
  const pageFiles = new Set(entries.map((e) => e.relative));
  for (const rel of [...inventory.files].sort()) {
    if (pageFiles.has(rel) || rel === 'docs.json') continue;
    mkdirSync(path.dirname(path.join(out, rel)), { recursive: true });
    copyFileSync(path.join(corpus, rel), path.join(out, rel));
  }

  const versionNodes = [];
  const allRoutes = [];
  let written = 0;
  for (let v = 0; v < versions; v++) {
    const version = `v${v + 1}`;
    const languages = [];
    for (let l = 0; l < LANGUAGES.length; l++) {
      const copy = v * LANGUAGES.length + l;
      const language = LANGUAGES[l];
      const prefix = `${version}/${language}`;
      const share = Math.floor(pagesWanted / copies) + (copy < pagesWanted % copies ? 1 : 0);
      const kept = evenly(pages.length, Math.min(share, pages.length)).map((i) => pages[i]);
      const keptRoutes = new Set(kept.map((e) => e.route));
      const first = `/${prefix}/${kept[0].route}`;
      const snippetPaths = new Set(snippets.map((e) => `/${e.relative}`));
      const link = (target) => {
        const [bare, rest] = splitSuffix(target);
        const r = bare.replace(/\/$/, '').replace(/\.mdx?$/, '') || 'index';
        if (keptRoutes.has(r) || keptRoutes.has(`${r}/index`)) return `/${prefix}/${r}${rest}`;
        if (routes.has(r) || routes.has(`${r}/index`)) return first;
        return undefined;
      };
      const rewrite = (text) =>
        text
          .replace(/(\]\(|href=["'{`]?["'`]?)\/(?!\/)([^)\s"'`}]*)/g, (whole, lead, target) => {
            const to = link(target);
            return to === undefined ? whole : lead + to;
          })
          .replace(/(from\s+["'])(\/[^"']+)/g, (whole, lead, target) =>
            snippetPaths.has(target) || pageFiles.has(target.slice(1)) ? `${lead}/${prefix}${target}` : whole,
          );
      for (const entry of [...kept, ...snippets].sort((a, b) => (a.relative < b.relative ? -1 : 1))) {
        const to = path.join(out, prefix, entry.relative);
        mkdirSync(path.dirname(to), { recursive: true });
        const bytes = readFileSync(entry.file);
        writeFileSync(to, bytes.includes(0) ? bytes : rewrite(bytes.toString('utf8')));
        written++;
      }
      // The corpus navigation, rewritten into the copy; pages it does not list, by top folder.
      const placed = new Set();
      const route = (p) => {
        if (/^[A-Z]+ /.test(p)) return null;
        const r = p.replace(/^\//, '');
        return keptRoutes.has(r) ? `${prefix}/${r}` : undefined;
      };
      const content = rewriteNavigation(navigation, route, placed) ?? {};
      const rest = new Map();
      for (const e of kept) {
        const target = `${prefix}/${e.route}`;
        if (placed.has(target)) continue;
        const top = e.route.includes('/') ? e.route.split('/')[0] : 'pages';
        if (!rest.has(top)) rest.set(top, []);
        rest.get(top).push(target);
      }
      const groups = [...rest].map(([top, list]) => ({ group: `More: ${top}`, pages: list }));
      if (groups.length) {
        if (Array.isArray(content.tabs)) content.tabs.push({ tab: 'More', groups });
        else if (Array.isArray(content.groups)) content.groups.push(...groups);
        else if (Array.isArray(content.pages)) content.pages.push(...groups);
        else if (!Object.keys(content).length) content.groups = groups;
        else content.tabs = [...(content.tabs ?? []), { tab: 'More', groups }];
      }
      for (const e of kept) allRoutes.push(`${prefix}/${e.route}`);
      languages.push({ language, ...(l === 0 ? { default: true } : {}), ...content });
    }
    versionNodes.push({ version, ...(v === versions - 1 ? { default: true } : {}), languages });
  }

  const redirects = [];
  for (let i = 0; i < options.redirects; i++) {
    const to = allRoutes[Math.floor((i * allRoutes.length) / Math.max(1, options.redirects))];
    redirects.push({
      source: `/legacy/${i}/${to.replace(/\/index$/, '')}`,
      destination: `/${to.replace(/\/index$/, '')}`,
    });
  }
  const { navigation: _n, redirects: _r, ...rest } = docs;
  for (const [key, value] of Object.entries(rest))
    if (value && typeof value === 'object' && '$ref' in value) delete rest[key];
  writeFileSync(
    path.join(out, 'docs.json'),
    JSON.stringify({ ...rest, navigation: { versions: versionNodes }, redirects }, null, 2) + '\n',
  );
  process.stdout.write(
    `${out}\n${written} pages (${versions} versions x ${LANGUAGES.length} languages of ${path.basename(corpus)})\n`,
  );
  return { out, pages: written, versions };
}

/** `path#anchor` / `path?query` -> [path, '#anchor']. */
function splitSuffix(target) {
  const at = target.search(/[#?]/);
  return at < 0 ? [target, ''] : [target.slice(0, at), target.slice(at)];
}

export { build as makeScaleSite };

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
