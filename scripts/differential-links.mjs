#!/usr/bin/env node
// Differential run of doclint's link checks against the platform's own link checker
// (`mint broken-links --check-anchors --check-redirects --check-snippets`, the pinned CLI of
// scripts/platform.mjs) on every site of the real corpus:
//   node scripts/differential-links.mjs [--site NAME] [--json FILE] [--examples N] [--keep] [--fresh] [--no-build]
// Each site is copied to a temporary folder; both checkers run on the copy. The platform's broken
// links (source file, link as written, kind: path / anchor / redirect / snippet) are matched with
// doclint's findings of site-broken-link, site-import-missing and site-redirect (doclint's notes —
// links that work only through a redirect, redirect chains — are kept apart: they are not broken
// links). Prints per site the platform's count, doclint's, the agreed ones and each side's own,
// then the disagreements grouped into classes (side + kind + a cause derived from the link, its
// target and the site's files), with examples.
//   --site NAME     one site (a corpus folder name, or a unique part of one)
//   --json FILE     write every record (agreed and not) as JSON
//   --examples N    examples printed per class (default 3)
//   --keep          keep the temporary copies of the sites and print where they are
//   --fresh         run the platform again even when its cached output is current
//   --no-build      use dist/ as it is (by default `npm run build` runs when dist/ is older than
//                   src/, rules/ or schema/)
// The corpus is $DOCLINT_CORPUS, else ../shared/corpus beside the repository. The platform is
// installed first when it is not (scripts/platform-install.mjs; needs the npm registry). Its output
// is cached per site in .cache/differential-links/, keyed by a hash of the site's files and the
// CLI version. Exit 0 when it ran (disagreements are printed, not fatal), 2 on a usage or setup error.
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { commonModule, MINT_VERSION, PLATFORM_DIR } from './platform.mjs';
import {
  corpusDifferentialSetup,
  doclintRun as runDoclint,
  findDocsRoot,
  listTree,
  platformRun,
  seconds,
  workFolder,
} from './corpus-differential.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const MINT_ARGS = ['broken-links', '--check-anchors', '--check-redirects', '--check-snippets'];
const LINK_RULES = new Set(['site-broken-link', 'site-import-missing', 'site-redirect']);

// ---------------------------------------------------------------------------------------------
// Options and setup: the platform, doclint's build, the corpus (scripts/corpus-differential.mjs)

const { options, sites, corpusDir } = corpusDifferentialSetup('differential-links', repo);
const PLATFORM = { name: 'differential-links', repo, mintArgs: MINT_ARGS, fresh: options.fresh };

const { createMintIgnoreMatcher, isMintIgnoredBy, processMintIgnoreString } = await commonModule('mintIgnore.js');

// ---------------------------------------------------------------------------------------------
// Small utilities

const decode = (s) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

// ---------------------------------------------------------------------------------------------
// The platform's side

/**
 * Parses the CLI's test-mode report: `found N broken links in M files`, then each file's path
 * (relative to the docs root) and its links, ` ├─ link` / ` └─ link`, as written in the page.
 */
function parsePlatform(output) {
  const lines = output.split(/\r?\n/);
  if (lines.some((l) => /^success no broken links found/.test(l.trim()))) return { links: [] };
  const at = lines.findIndex((l) => /^found \d+ broken links in \d+ files$/.test(l.trim()));
  if (at === -1) {
    const error = lines.find((l) => /^error /.test(l.trim()));
    return { error: error ? error.trim() : 'no report in the output' };
  }
  const [, total, fileCount] = lines[at]
    .trim()
    .match(/^found (\d+) broken links in (\d+) files$/)
    .map(Number);
  const links = [];
  let file;
  const files = new Set();
  for (const line of lines.slice(at + 1)) {
    if (links.length === total) break;
    const m = line.match(/^ [├└]─ (.*)$/);
    if (m) {
      if (file === undefined) return { error: `a link before any file: ${line}` };
      links.push({ file, target: m[1], order: links.length });
    } else if (line.trim() !== '') {
      file = line;
      files.add(file);
    }
  }
  if (links.length !== total || files.size !== fileCount) {
    return {
      error: `the report announces ${total} links in ${fileCount} files; ${links.length} links in ${files.size} files parsed`,
      links,
    };
  }
  return { links };
}

// ---------------------------------------------------------------------------------------------
// What the site's files say (used for the platform's kinds and the causes of disagreements)

const PAGE_EXT = ['.mdx', '.md'];
const MEDIA_EXT = [
  '.jpeg',
  '.jpg',
  '.jfif',
  '.pjpeg',
  '.pjp',
  '.png',
  '.svg',
  '.svgz',
  '.ico',
  '.webp',
  '.gif',
  '.apng',
  '.avif',
  '.bmp',
  '.mp4',
  '.css',
  '.xml',
];
const IMAGE_VIDEO = /\.(png|jpe?g|gif|svg|webp|avif|ico|bmp|mp4|webm|mov|m4v)$/i;

function siteFacts(root) {
  const { files, dirs } = listTree(root);
  const fileSet = new Set(files);
  const dirSet = new Set(dirs);
  const mintignore = existsSync(path.join(root, '.mintignore'))
    ? processMintIgnoreString(readFileSync(path.join(root, '.mintignore'), 'utf8'))
    : [];
  const matcher = createMintIgnoreMatcher(mintignore);
  const ignored = (p, isDir = false) => {
    try {
      return isMintIgnoredBy(p, matcher, isDir);
    } catch {
      return false;
    }
  };
  // The checker's link targets: pages and media files, by folder.
  const linkFilesByDir = new Map();
  for (const f of files) {
    const ext = path.posix.extname(f);
    if (!PAGE_EXT.includes(ext) && !MEDIA_EXT.includes(ext)) continue;
    if (ignored(f)) continue;
    const parsed = path.posix.parse(f);
    const list = linkFilesByDir.get(parsed.dir) ?? [];
    list.push(parsed);
    linkFilesByDir.set(parsed.dir, list);
  }
  const lowerFiles = new Map(files.map((f) => [f.toLowerCase(), f]));
  const texts = new Map();
  const text = (rel) => {
    if (!texts.has(rel)) texts.set(rel, fileSet.has(rel) ? readFileSync(path.join(root, rel), 'utf8') : undefined);
    return texts.get(rel);
  };
  let config;
  try {
    config = JSON.parse(readFileSync(path.join(root, 'docs.json'), 'utf8'));
  } catch {
    config = undefined;
  }
  const redirects = Array.isArray(config?.redirects)
    ? config.redirects.filter((r) => r && typeof r.source === 'string')
    : [];
  return { root, files, fileSet, dirSet, ignored, linkFilesByDir, lowerFiles, text, redirects, mintignore };
}

/**
 * The checker's reading of an internal link in a page (its MdxPath): relative only when it starts
 * with `.`, otherwise from the docs root; query dropped, decoded, no trailing slash.
 */
function platformPath(file, target) {
  let p = target.replaceAll('\\', '/');
  const dir = path.posix.dirname(file) === '.' ? '' : path.posix.dirname(file);
  if (p.startsWith('.')) p = path.posix.join(dir, p) || '';
  if (p.startsWith('/')) p = p.slice(1);
  let url;
  try {
    url = new URL(`mintlify:${p}`);
  } catch {
    return { path: p, anchor: undefined };
  }
  let pathname = decode(url.pathname);
  if (pathname.endsWith('/')) pathname = pathname.slice(0, -1);
  return { path: pathname, anchor: url.hash ? decode(url.hash.slice(1)) : undefined };
}

/** Whether the checker finds a file for a path without redirects (page or media of that name, or any existing path). */
function platformResolves(facts, p) {
  if (p === '' || p === '.') return true;
  if (existsSync(path.join(facts.root, p)) && !p.startsWith('..') && !facts.ignored(p, facts.dirSet.has(p)))
    return true;
  const parsed = path.posix.parse(p);
  return (facts.linkFilesByDir.get(parsed.dir) ?? []).some((f) => f.name === parsed.name || f.name === parsed.base);
}

/** The page file an existing path names (for anchors): the file, `.mdx`/`.md`, a same-named page, `index`. */
function pageFileOf(facts, p) {
  for (const c of [p, `${p}.mdx`, `${p}.md`, `${p}/index.mdx`, `${p}/index.md`])
    if (facts.fileSet.has(c) && PAGE_EXT.includes(path.posix.extname(c))) return c;
  const parsed = path.posix.parse(p);
  const hit = (facts.linkFilesByDir.get(parsed.dir) ?? []).find(
    (f) => PAGE_EXT.includes(f.ext) && (f.name === parsed.name || f.name === parsed.base),
  );
  return hit ? path.posix.join(hit.dir, hit.base) : undefined;
}

/** `import` sources of a page, as the platform collects them with --check-snippets. */
function importSources(text) {
  const sources = new Set();
  for (const m of text.matchAll(/^import\s+(?:[\w$*{},\s]+?\s+from\s+)?['"]([^'"]+)['"]/gm)) sources.add(m[1]);
  return sources;
}

/** 1-based line and column of the n-th occurrence of a string in a file. */
function locate(facts, file, needle, n = 0) {
  const text = facts.text(file);
  if (text === undefined || needle === '') return {};
  let at = -1;
  for (let i = 0; i <= n; i++) {
    const next = text.indexOf(needle, at + 1);
    if (next === -1) break;
    at = next;
  }
  if (at === -1) {
    // Written with character references (`&#x5F;`): compare the lines decoded.
    const lines = text.split('\n');
    let seen = 0;
    for (let i = 0; i < lines.length; i++) {
      const decoded = decodeEntities(lines[i]);
      for (let from = decoded.indexOf(needle); from !== -1; from = decoded.indexOf(needle, from + 1)) {
        if (seen++ === n) return { line: i + 1 };
      }
    }
    return {};
  }
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  return { line, column: at - before.lastIndexOf('\n') };
}

function platformKind(facts, link) {
  if ((link.file === 'docs.json' || link.file === 'mint.json') && link.target.includes(' → ')) return 'redirect';
  const text = facts.text(link.file);
  if (text !== undefined && importSources(text).has(link.target)) return 'snippet';
  if (link.target.includes('#')) {
    const { path: p } = platformPath(link.file === 'docs.json' ? '' : link.file, link.target);
    if (platformResolves(facts, p)) return 'anchor';
  }
  return 'path';
}

// ---------------------------------------------------------------------------------------------
// doclint's side

/** Reads one doclint finding of a link rule: its kind and the link as written. */
function parseDoclint(message, ruleId) {
  let m;
  if (ruleId === 'site-import-missing') {
    m = message.match(/^`import … from '([^']*)'`/);
    return m ? { kind: 'snippet', target: m[1] } : undefined;
  }
  if (ruleId === 'site-redirect') {
    m = message.match(/^redirect `([^`]*)` → `([^`]*)`/);
    if (!m) return undefined;
    return {
      kind: 'redirect',
      target: `${m[1]} → ${m[2]}`,
      note: / is a chain: /.test(message) ? 'redirect chain' : undefined,
    };
  }
  m = message.match(/^anchor `#([^`]*)` in `([^`]*)`/);
  if (m) return { kind: 'anchor', target: m[2] };
  m = message.match(/^(link|image|<[^>]+>) `([^`]*)`/);
  if (!m) return undefined;
  return {
    kind: 'path',
    element: m[1],
    target: m[2],
    note: / reaches its page through the redirect of /.test(message) ? 'link through a redirect' : undefined,
  };
}

async function doclintRun(site, copy, work) {
  const result = await runDoclint(repo, site, copy, work);
  if (result.error) return { ...result, findings: [], notes: [] };
  const findings = [];
  const notes = [];
  const unparsed = [];
  for (const entry of result.report) {
    const file = path.relative(copy, entry.filePath).split(path.sep).join('/');
    for (const msg of entry.messages) {
      if (!LINK_RULES.has(msg.ruleId)) continue;
      const parsed = parseDoclint(msg.message, msg.ruleId);
      if (!parsed) {
        unparsed.push(`${file}:${msg.line}: ${msg.ruleId}: ${msg.message}`);
        continue;
      }
      const record = {
        file: parsed.kind === 'redirect' ? 'docs.json' : file,
        line: msg.line,
        column: msg.column,
        target: parsed.target,
        kind: parsed.kind,
        element: parsed.element,
        ruleId: msg.ruleId,
        severity: ['info', 'warning', 'error'][msg.severity] ?? String(msg.severity),
        message: msg.message,
      };
      if (parsed.note || msg.severity === 0) notes.push({ ...record, note: parsed.note ?? 'info' });
      else {
        findings.push(record);
        // One finding stands for every link to the same broken target on the page.
        const more = Number(/\(and (\d+) more links? to it on this page\)$/.exec(msg.message)?.[1] ?? 0);
        for (let i = 0; i < more; i++) findings.push({ ...record, line: undefined, column: undefined });
      }
    }
  }
  return { ms: result.ms, findings, notes, unparsed };
}

// ---------------------------------------------------------------------------------------------
// Causes: a mechanical description of why a link is reported by one side only

/** What the platform's checker collects as links: markdown links and images, and these attributes. */
const COLLECTED = new Set(['link', 'image', '<a href>', '<Card href>', '<img src>', '<source src>']);
/** Files the platform generates and serves at the site root. */
const GENERATED_FILES = new Set(['llms.txt', 'llms-full.txt', 'sitemap.xml', 'robots.txt']);
const SMART = /[’‘“”—–…]/;

const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const decodeEntities = (s) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (all, e) => {
    if (e[0] === '#')
      return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
    return ENTITIES[e.toLowerCase()] ?? all;
  });

/** Which files import which (resolved, as files of the site), and which files are snippets. */
function importGraph(facts) {
  if (facts.imports) return facts.imports;
  const lower = new Map(facts.files.map((f) => [f.toLowerCase(), f]));
  const importsOf = new Map();
  const importers = new Map();
  for (const f of facts.files) {
    if (!/\.(mdx|md|jsx|tsx)$/.test(f)) continue;
    const dir = path.posix.dirname(f) === '.' ? '' : path.posix.dirname(f);
    const targets = [];
    for (const source of importSources(facts.text(f) ?? '')) {
      const rel = source.startsWith('/')
        ? source.slice(1)
        : source.startsWith('.')
          ? path.posix.join(dir, source)
          : undefined;
      const file = rel === undefined ? undefined : lower.get(rel.toLowerCase());
      if (!file) continue;
      targets.push(file);
      importers.set(file, [...(importers.get(file) ?? []), f]);
    }
    importsOf.set(f, targets);
  }
  const snippets = new Set(
    facts.files.filter((f) => /^_?snippets\//.test(f) || (/\.mdx?$/.test(f) && importers.has(f))),
  );
  facts.imports = { importsOf, importers, snippets };
  return facts.imports;
}
const snippetFiles = (facts) => importGraph(facts).snippets;

/** The anchors a page shows once its imported snippets are in it (rough heading slugs and ids). */
function renderedAnchors(facts, file, seen = new Set()) {
  const anchors = new Set();
  if (seen.has(file)) return anchors;
  seen.add(file);
  const { headings, ids } = pageAnchors(facts.text(file) ?? '');
  for (const h of headings) anchors.add(roughSlug(h.text));
  for (const i of ids) anchors.add(i.id);
  for (const imported of importGraph(facts).importsOf.get(file) ?? [])
    for (const a of renderedAnchors(facts, imported, seen)) anchors.add(a);
  return anchors;
}

/** The pages (not snippets) that show a snippet, through any number of imports. */
function pagesShowing(facts, file, seen = new Set()) {
  if (seen.has(file)) return [];
  seen.add(file);
  const { importers, snippets } = importGraph(facts);
  return (importers.get(file) ?? []).flatMap((f) => (snippets.has(f) ? pagesShowing(facts, f, seen) : [f]));
}

/**
 * How a link is written where doclint reports it: a markdown link or image, a reference link or
 * definition, or a JSX element and attribute (`<Button href>`; `{…}` when the value is an expression).
 */
function collectorAt(facts, record) {
  const text = facts.text(record.file);
  if (text === undefined || !record.line) return record.element;
  const lineText = text.split('\n')[record.line - 1] ?? '';
  if (/^\s{0,3}\[[^\]]+\]:/.test(lineText)) return 'link reference definition';
  const rest = lineText.slice(Math.max(0, (record.column ?? 1) - 1));
  const element = rest.match(/^<([A-Za-z][\w.:-]*)/);
  if (element) {
    const attr = rest.match(new RegExp(`\\s([\\w:-]+)=(\\{?)\\s*["'\`]${escapeRegExp(record.target)}`));
    return `<${element[1]}${attr ? ` ${attr[1]}${attr[2] ? '={…}' : ''}` : ''}>`;
  }
  if (rest.startsWith('![')) return 'image';
  if (rest.startsWith('['))
    return rest.includes(`](${record.target}`) || rest.includes(`](<${record.target}`) ? 'link' : 'reference link';
  if (rest.startsWith('<')) return 'autolink';
  return record.element ?? 'link';
}

/** The platform's heading slug, without smart punctuation, close enough to compare a heading with an anchor. */
function roughSlug(text) {
  return decodeEntities(text)
    .replace(/\{#[^}]*\}\s*$/, '')
    .replace(/`/g, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/(\*\*|__|\*|~~)(?=\S)|(?<=\S)(\*\*|__|\*|~~)/g, '')
    .trim()
    .toLowerCase()
    .replace(/[?,;:!'"()[\]{}]/g, '')
    .replace(/[^\p{L}\p{N}_%&+#/$@=^|<>’‘“”—–…-]+/gu, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Markdown headings (any level, outside code fences), string ids and titles of a page. */
function pageAnchors(text) {
  const headings = [];
  let fence;
  for (const line of text.split('\n')) {
    const f = line.match(/^\s{0,3}(`{3,}|~{3,})/);
    if (f) {
      if (!fence) fence = f[1][0];
      else if (f[1][0] === fence) fence = undefined;
      continue;
    }
    if (fence) continue;
    const h = line.match(/^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/);
    if (h) headings.push({ level: h[1].length, text: h[2] });
  }
  const ids = [...text.matchAll(/<([A-Za-z][\w.]*)\b[^<>]*?\bid=["']([^"']+)["']/g)].map((m) => ({
    element: m[1],
    id: decodeEntities(m[2]),
    index: m.index,
  }));
  const titles = [...text.matchAll(/<([A-Z]\w*)\b[^<>]*?\b(?:title|label)=["']([^"']+)["']/g)].map((m) => ({
    element: m[1],
    title: m[2],
  }));
  return { headings, ids, titles };
}

/** Whether the element at an index shares its line with text before it (an inline element to the parser). */
function inlineAt(text, index) {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  return text.slice(lineStart, index).trim() !== '';
}

function anchorCause(facts, record, targetFile) {
  const anchor = decode(record.target.slice(record.target.indexOf('#') + 1));
  const samePage = record.target.startsWith('#');
  const where = samePage ? 'same page' : 'other page';
  if (/ \(where `[^`]*` redirects\)/.test(record.doclintMessage ?? ''))
    return `${where}: the page is reached through a redirect`;
  if (samePage && snippetFiles(facts).has(record.file)) {
    const pages = pagesShowing(facts, record.file);
    if (!pages.length) return `${where}: link in a snippet file that no page imports`;
    const having = pages.filter((p) => renderedAnchors(facts, p).has(anchor));
    if (having.length === pages.length)
      return `${where}: link in a snippet file; every page that imports it has the anchor`;
    if (having.length) return `${where}: link in a snippet file; some pages that import it have the anchor`;
    return `${where}: link in a snippet file; no page that imports it has the anchor`;
  }
  if (!targetFile) return `${where}: no page file for the path`;
  const text = facts.text(targetFile) ?? '';
  const frontMatter = text.startsWith('---') ? (text.split(/^---\s*$/m)[1] ?? '') : '';
  if (/^mode:\s*["']?(custom|frame)\b/m.test(frontMatter)) return `${where}: target page in mode custom/frame`;
  const { headings, ids, titles } = pageAnchors(text);
  const id = ids.find((i) => i.id === anchor);
  if (id) return `${where}: id on ${inlineAt(text, id.index) ? 'an inline' : 'a block'} <${id.element}>`;
  const smartText = (h) => /['"]|--|\.\.\./.test(h.text) || SMART.test(h.text);
  const unquote = (s) => s.replace(/['"’‘“”]/g, '');
  if (/['"]/.test(anchor) && headings.some((h) => smartText(h) && unquote(roughSlug(h.text)) === unquote(anchor))) {
    return `${where}: anchor written with an ASCII ' or " (the rendered id has smart quotes)`;
  }
  const heading = headings.find((h) => roughSlug(h.text) === anchor || unquote(roughSlug(h.text)) === unquote(anchor));
  if (heading) {
    if (heading.level >= 5) return `${where}: h${heading.level} heading`;
    if (smartText(heading)) return `${where}: heading with ' " -- or ... (smart punctuation)`;
    return `${where}: a heading has this slug`;
  }
  if (SMART.test(anchor)) return `${where}: anchor written with smart punctuation`;
  const title = titles.find((t) => roughSlug(t.title) === anchor || roughSlug(t.title.replace(/:/g, '-')) === anchor);
  if (title) return `${where}: title of <${title.element}>`;
  if (/^param-/.test(anchor) && /<(ParamField|ResponseField|Param)\b/.test(text))
    return `${where}: ParamField/ResponseField id`;
  if (/^import\s.*from\s+['"][^'"]+\.mdx?['"]/m.test(text))
    return `${where}: no heading or id matches (the page imports snippets)`;
  return `${where}: no heading or id matches`;
}

function pathCause(facts, record, context) {
  const t = record.target;
  if (record.file === 'docs.json' || record.file === 'mint.json') return 'docs.json navigation href';
  if (t.startsWith('//')) return 'protocol-relative URL (//…)';
  if (/[{}`$<>\s[\]]/.test(t)) return 'URL with a space, brace or bracket';
  if (context.note) return `the link works through a redirect (doclint: ${context.note})`;
  const { path: p } = platformPath(record.file, t);
  const bare = !t.startsWith('/') && !t.startsWith('.') && !t.startsWith('#');
  const dir = path.posix.dirname(record.file) === '.' ? '' : path.posix.dirname(record.file);
  const fromPage = path.posix.normalize(path.posix.join(dir, decode(t.split('#')[0].split('?')[0]))).replace(/\/$/, '');
  if (bare) {
    if (platformResolves(facts, fromPage)) return 'bare relative link: the target is beside the page, not at the root';
    return 'bare relative link (neither beside the page nor at the root)';
  }
  if (!t.startsWith('/') && snippetFiles(facts).has(record.file)) return 'relative link in a snippet file';
  if (p.startsWith('..')) return 'relative link that climbs above the docs root';
  if (GENERATED_FILES.has(p)) return `${p}, generated by the platform`;
  if (p.startsWith('.well-known/')) return '/.well-known/ path';
  const ext = path.posix.extname(p).toLowerCase();
  const exists = existsSync(path.join(facts.root, p));
  if (exists && facts.ignored(p, facts.dirSet.has(p))) return 'target excluded by .mintignore';
  for (const c of [`${p}.mdx`, `${p}.md`])
    if (facts.fileSet.has(c) && facts.ignored(c)) return 'target excluded by .mintignore';
  if (!exists && facts.lowerFiles.has(p.toLowerCase())) return 'case of the path differs from the file';
  for (const c of [`${p}.mdx`, `${p}.md`])
    if (!facts.fileSet.has(c) && facts.lowerFiles.has(c.toLowerCase())) return 'case of the path differs from the file';
  if (facts.dirSet.has(p)) {
    const hasIndex = facts.fileSet.has(`${p}/index.mdx`) || facts.fileSet.has(`${p}/index.md`);
    return hasIndex ? 'target is a folder with an index page' : 'target is a folder without an index page';
  }
  if (IMAGE_VIDEO.test(p) && !exists) {
    const parsed = path.posix.parse(p);
    if ((facts.linkFilesByDir.get(parsed.dir) ?? []).some((f) => f.name === parsed.name && PAGE_EXT.includes(f.ext)))
      return 'media path named like an existing page';
    return 'media file missing (the corpus has no binaries)';
  }
  if (ext && !PAGE_EXT.includes(ext) && exists) return `existing ${ext} file`;
  if (ext && platformResolves(facts, p) && !exists)
    return `extension ${ext} on a path whose page exists under another extension`;
  if (PAGE_EXT.includes(ext) && exists) return `existing page linked with its ${ext} extension`;
  if (!ext && (facts.fileSet.has(`${p}.md`) || facts.fileSet.has(`${p}/index.md`))) return 'page exists as .md';
  if (!ext && (facts.fileSet.has(`${p}.mdx`) || facts.fileSet.has(`${p}/index.mdx`))) return 'page exists';
  if (ext) return `missing ${ext} file`;
  if (/(^|\/)api-reference(\/|$)/.test(p)) return 'no page file, under an api-reference folder';
  return `no page or file (${t.startsWith('/') ? 'absolute' : 'relative'})`;
}

function snippetCause(facts, record) {
  const t = record.target;
  if (!t.startsWith('/') && !t.startsWith('.')) return 'package import';
  const dir = path.posix.dirname(record.file) === '.' ? '' : path.posix.dirname(record.file);
  const p = t.startsWith('/') ? t.slice(1) : path.posix.join(dir, t);
  if (facts.fileSet.has(p)) return facts.ignored(p) ? 'imported file excluded by .mintignore' : 'imported file exists';
  if (facts.lowerFiles.has(p.toLowerCase())) return 'imported file exists with another case';
  if (['.mdx', '.md', '.jsx', '.tsx', '.js'].some((e) => facts.fileSet.has(p + e)))
    return 'import without the extension';
  return 'imported file missing';
}

function redirectCause(facts, record) {
  const [, destination = ''] = record.target.split(' → ');
  const m = record.doclintMessage ?? '';
  const d = destination.split('#')[0].split('?')[0].replace(/^\/+/, '').replace(/\/$/, '');
  const isSource = facts.redirects.some((r) => r.source.replace(/^\/+/, '').replace(/\/$/, '') === d);
  if (/ loops: /.test(m)) return 'loop';
  if (/no page or file of the site matches/.test(m)) {
    return isSource
      ? 'destination pattern matches no file, but is itself a redirect source'
      : 'destination pattern matches no page or file';
  }
  if (/[:*]/.test(d)) return 'destination with a parameter or wildcard';
  if (destination.includes('#')) return 'destination with #fragment';
  if (/\.md$/.test(d)) return 'destination with .md extension';
  if (facts.dirSet.has(d)) return 'destination is a folder';
  if (PAGE_EXT.some((e) => facts.fileSet.has(d + e) || facts.fileSet.has(`${d}/index${e}`)))
    return 'destination page exists';
  if (/ leads nowhere \(through /.test(m)) return 'chain ending at a missing page';
  if (isSource) return 'destination is redirected again';
  return 'destination missing';
}

function causeOf(facts, record, context = {}) {
  let cause;
  if (record.kind === 'anchor') {
    const p = platformPath(record.file, record.target).path;
    cause = anchorCause(facts, record, record.target.startsWith('#') ? record.file : pageFileOf(facts, p));
  } else if (record.kind === 'snippet') cause = snippetCause(facts, record);
  else if (record.kind === 'redirect') cause = redirectCause(facts, record);
  else cause = pathCause(facts, record, context);
  // doclint checks more kinds of links than the platform collects.
  if (record.status === 'doclint-only' && (record.kind === 'path' || record.kind === 'anchor')) {
    const collector = collectorAt(facts, record);
    record.collector = collector;
    if (collector && !COLLECTED.has(collector)) return `${collector} (not collected by the platform); ${cause}`;
  }
  return cause;
}

// ---------------------------------------------------------------------------------------------
// Matching

function compareSite(site, facts, platformLinks, doclint) {
  const key = (r) => `${r.file}\0${r.target}`;
  const byKey = new Map();
  for (const d of doclint.findings) {
    const list = byKey.get(key(d)) ?? [];
    list.push(d);
    byKey.set(key(d), list);
  }
  const notesByKey = new Map();
  for (const n of doclint.notes) notesByKey.set(key(n), n);
  const records = [];
  const seen = new Map();
  for (const link of platformLinks) {
    const kind = platformKind(facts, link);
    const file = kind === 'redirect' ? 'docs.json' : link.file;
    const p = { file, target: link.target, kind };
    const k = key(p);
    const n = seen.get(k) ?? 0;
    seen.set(k, n + 1);
    const match = byKey.get(k)?.shift();
    const needle = kind === 'redirect' ? JSON.stringify(link.target.split(' → ')[0]) : link.target;
    const where = match ? { line: match.line, column: match.column } : locate(facts, file, needle, n);
    const platformMessage = `listed under ${link.file}: ${link.target}`;
    if (match) {
      records.push({
        site,
        status: 'agreed',
        kind,
        doclintKind: match.kind,
        file,
        ...where,
        target: link.target,
        platformMessage,
        doclintMessage: match.message,
      });
    } else {
      const note = notesByKey.get(k);
      const record = {
        site,
        status: 'platform-only',
        kind,
        file,
        ...where,
        target: link.target,
        platformMessage,
        doclintMessage: note?.message,
      };
      record.cause = causeOf(facts, record, { note: note?.note });
      records.push(record);
    }
  }
  for (const list of byKey.values()) {
    for (const d of list) {
      const record = {
        site,
        status: 'doclint-only',
        kind: d.kind,
        file: d.file,
        line: d.line,
        column: d.column,
        target: d.target,
        element: d.element,
        doclintMessage: d.message,
      };
      record.cause = causeOf(facts, record);
      records.push(record);
    }
  }
  for (const n of doclint.notes) {
    records.push({
      site,
      status: 'doclint-note',
      kind: n.kind,
      file: n.file,
      line: n.line,
      column: n.column,
      target: n.target,
      note: n.note,
      doclintMessage: n.message,
    });
  }
  return records;
}

// ---------------------------------------------------------------------------------------------
// Main

const { work, cleanup } = workFolder('differential-links', options.keep);

console.log(
  `platform: mint ${MINT_VERSION} (${path.relative(repo, PLATFORM_DIR)}), \`mint ${MINT_ARGS.join(' ')}\`; corpus: ${corpusDir}`,
);
const allRecords = [];
const rows = [];
const problems = [];
for (const site of sites) {
  const docsRoot = findDocsRoot(path.join(corpusDir, site));
  if (!docsRoot) {
    problems.push(`${site}: no docs.json found`);
    rows.push({ site, error: 'no docs.json' });
    continue;
  }
  const copy = path.join(work, site);
  cpSync(docsRoot, copy, { recursive: true });
  const facts = siteFacts(copy);
  // One after the other, so that each run's time is its own.
  const platform = await platformRun(PLATFORM, site, copy, facts.files, work);
  const doclint = await doclintRun(site, copy, work);
  const parsed = parsePlatform(platform.stdout);
  const row = {
    site:
      site + (docsRoot !== path.join(corpusDir, site) ? `/${path.relative(path.join(corpusDir, site), docsRoot)}` : ''),
    platformMs: platform.ms,
    platformCached: platform.cached,
    doclintMs: doclint.ms,
  };
  const warnings = [
    ...new Set(
      (platform.stderr + '\n' + platform.stdout)
        .split('\n')
        .filter((l) => /^\s*(warning|Warning)\b/.test(l))
        .map((l) => l.trim()),
    ),
  ];
  if (warnings.length) row.platformWarnings = warnings;
  if (parsed.error || platform.timedOut || platform.spawnError) {
    row.error = `platform: ${platform.timedOut ? 'timed out' : (platform.spawnError ?? parsed.error)}`;
    problems.push(`${site}: ${row.error}`);
  }
  if (doclint.error) {
    row.error = [row.error, doclint.error].filter(Boolean).join('; ');
    problems.push(`${site}: ${doclint.error}`);
  }
  if (doclint.unparsed?.length)
    problems.push(...doclint.unparsed.map((u) => `${site}: doclint finding not understood: ${u}`));
  if (!row.error) {
    const records = compareSite(site, facts, parsed.links, doclint);
    allRecords.push(...records);
    const count = (s) => records.filter((r) => r.status === s).length;
    Object.assign(row, {
      platform: parsed.links.length,
      doclint: doclint.findings.length,
      agreed: count('agreed'),
      platformOnly: count('platform-only'),
      doclintOnly: count('doclint-only'),
      notes: count('doclint-note'),
      kindDiffers: records.filter((r) => r.status === 'agreed' && r.kind !== r.doclintKind).length,
    });
  }
  rows.push(row);
  if (!options.keep) rmSync(copy, { recursive: true, force: true });
  console.error(`differential-links: ${site} done`);
}

// Per-site table
const header = [
  'site',
  'platform',
  'doclint',
  'agreed',
  'platform-only',
  'doclint-only',
  'doclint notes',
  'platform time',
  'doclint time',
];
const table = rows.map((r) =>
  r.error && r.platform === undefined
    ? [
        r.site,
        'error',
        '',
        '',
        '',
        '',
        '',
        r.platformMs ? seconds(r.platformMs) : '',
        r.doclintMs ? seconds(r.doclintMs) : '',
      ]
    : [
        r.site,
        r.platform,
        r.doclint,
        r.agreed + (r.kindDiffers ? ` (${r.kindDiffers} kind differs)` : ''),
        r.platformOnly,
        r.doclintOnly,
        r.notes,
        seconds(r.platformMs) + (r.platformCached ? ' (cached)' : ''),
        seconds(r.doclintMs),
      ].map(String),
);
const total = (k) => rows.reduce((n, r) => n + (r[k] ?? 0), 0);
table.push(
  [
    'total',
    total('platform'),
    total('doclint'),
    total('agreed'),
    total('platformOnly'),
    total('doclintOnly'),
    total('notes'),
    '',
    '',
  ].map(String),
);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => String(r[i]).length)));
const fmt = (cells) =>
  cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
console.log('\n' + fmt(header));
for (const r of table) console.log(fmt(r));
for (const r of rows)
  if (r.platformWarnings)
    console.log(`  ${r.site}: platform warnings: ${r.platformWarnings.join(' | ').slice(0, 300)}`);
if (problems.length) {
  console.log('\nproblems:');
  for (const p of problems) console.log(`  ${p}`);
}

// Notes, counted apart
const noteClasses = new Map();
for (const r of allRecords.filter((r) => r.status === 'doclint-note'))
  noteClasses.set(r.note, (noteClasses.get(r.note) ?? 0) + 1);
if (noteClasses.size) {
  console.log("\ndoclint's notes (not broken links, not compared):");
  for (const [note, n] of [...noteClasses].sort((a, b) => b[1] - a[1]))
    console.log(`  ${String(n).padStart(6)}  ${note}`);
}

// Agreement by kind
const kinds = new Map();
for (const r of allRecords.filter((r) => r.status !== 'doclint-note')) {
  const k = kinds.get(r.kind) ?? { agreed: 0, 'platform-only': 0, 'doclint-only': 0 };
  k[r.status]++;
  kinds.set(r.kind, k);
}
console.log('\nby kind:');
for (const [kind, k] of [...kinds].sort())
  console.log(
    `  ${kind.padEnd(9)} agreed ${k.agreed}, platform-only ${k['platform-only']}, doclint-only ${k['doclint-only']}`,
  );

// Classes
const classes = new Map();
for (const r of allRecords.filter((r) => r.status === 'platform-only' || r.status === 'doclint-only')) {
  r.class = `${r.status} ${r.kind}: ${r.cause}`;
  const c = classes.get(r.class) ?? [];
  c.push(r);
  classes.set(r.class, c);
}
const sorted = [...classes].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
console.log(`\ndisagreements: ${sorted.reduce((n, [, list]) => n + list.length, 0)} in ${sorted.length} classes`);
for (const [name, list] of sorted) {
  const bySite = new Map();
  for (const r of list) bySite.set(r.site, (bySite.get(r.site) ?? 0) + 1);
  const siteList = [...bySite]
    .sort((a, b) => b[1] - a[1])
    .map(([s, n]) => `${s} ${n}`)
    .join(', ');
  console.log(`\n${String(list.length).padStart(6)}  ${name}   [${siteList}]`);
  // Examples from as many sites, files and targets as possible.
  const picked = [];
  const pools = [...bySite.keys()].map((s) => list.filter((r) => r.site === s));
  const shown = new Set();
  const fresh = [(r) => !shown.has(r.file) && !shown.has(r.target), (r) => !shown.has(r.target), () => true];
  for (const test of fresh) {
    for (let i = 0; picked.length < options.examples && pools.some((p) => p.length > i); i++) {
      for (const pool of pools) {
        const r = pool[i];
        if (!r || picked.includes(r) || picked.length >= options.examples || !test(r)) continue;
        picked.push(r);
        shown.add(r.file).add(r.target);
      }
    }
  }
  for (const r of picked) {
    console.log(`        ${r.site}/${r.file}:${r.line ?? '?'}  ${r.target}`);
    console.log(`          platform: ${r.platformMessage ?? '(not reported)'}`);
    console.log(`          doclint:  ${r.doclintMessage ?? '(not reported)'}`);
  }
}

if (options.json) {
  writeFileSync(
    options.json,
    JSON.stringify(
      { mintVersion: MINT_VERSION, command: `mint ${MINT_ARGS.join(' ')}`, sites: rows, records: allRecords },
      null,
      2,
    ),
  );
  console.log(`\nrecords written to ${options.json}`);
}
if (options.keep) console.log(`\nsite copies and raw outputs kept in ${work}`);
cleanup();
