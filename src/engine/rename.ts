import { constants, lstatSync, statSync } from 'node:fs';
import { access, lstat, mkdir, readFile, rename, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseTree, type Node } from 'jsonc-parser';
import { isInside, toPosix } from '../core/paths.js';
import { placeOf, realFolder } from '../core/place.js';
import { isObject, pointerSegment } from '../core/json.js';
import { LineIndex } from '../core/text.js';
import type { PageFacts } from '../pages/facts.js';
import { resolveImport } from '../platform/files.js';
import type { SiteModel } from '../site/model.js';
import type { PageEntry } from '../site/site.js';
import { resolveSitePath } from '../site/targets.js';
import { writeAtomic } from './fix.js';
import type { SiteSession } from './session.js';
import { UserError } from '../core/errors.js';

/*
 * `doclint rename OLD NEW`: the edits that keep a site whole when a page, or a folder of pages,
 * moves — docs.json navigation (in `$ref` files too), every internal link, import and
 * `<Snippet file>` of pages and snippets, the destinations of existing redirects, and one new
 * redirect from the old place to the new. The plan is computed from the session's page facts and
 * the positions of docs.json; every edit replaces exactly the text of one path and nothing else.
 * The language server answers `workspace/willRenameFiles` with the same plan.
 */

/** One replacement in a file's text (offsets into the text the plan was made from). */
export interface RenameEdit {
  start: number;
  end: number;
  text: string;
}

/** A file whose text changes: keyed by where it is before the move. */
export interface RenameFileChange {
  file: string;
  original: string;
  output: string;
  edits: RenameEdit[];
}

export interface RenamePlan {
  root: string;
  /** What moves: one page file, or one folder (with everything in it). Absolute paths. */
  move: { from: string; to: string; folder: boolean };
  /** The pages (and snippets) that move, site-relative, before → after. */
  pages: Array<{ from: string; to: string; snippet: boolean }>;
  changes: RenameFileChange[];
  /** The redirect added to docs.json, when one is. */
  redirect?: { source: string; destination: string };
  /** References that could not be updated, one line each (file:line: why). */
  notes: string[];
}

/** What OLD names once resolved against the site. */
export type RenameSubject = { kind: 'page'; page: PageEntry; to: string } | { kind: 'folder'; from: string; to: string };

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
const PAGE_EXT = /\.(mdx|md)$/i;
/** Characters a new name may not hold: they would need escaping in links, JSX or JSON. */
const UNSAFE_NAME = /[\s#?%"'`<>{}[\]()\\|^]/;

function decode(p: string): string {
  try {
    return decodeURI(p);
  } catch {
    return p;
  }
}

/** Site-relative form of a path given on the command line or by the editor, or why it is not one. */
function siteRelative(root: string, absolute: string): string | undefined {
  if (!isInside(root, absolute)) return undefined;
  return toPosix(path.relative(root, absolute));
}

/**
 * Resolves OLD and NEW (paths relative to `cwd`, absolute paths, or routes: `/guides/intro` or
 * `guides/intro` from the site root) to what moves and where. Refuses (UserError) when OLD is
 * not a page or a folder of pages of the site, or when NEW exists, is outside the site, is
 * ignored by the platform or names a page another way (`new.md` beside `new.mdx`).
 */
export function resolveRename(site: SiteModel, cwd: string, oldArg: string, newArg: string): RenameSubject {
  const root = site.root;
  const show = (rel: string) => rel || '.';
  // OLD: a file or folder (from cwd, or absolute), else a route or path from the site root.
  const candidates: string[] = [];
  if (path.isAbsolute(oldArg) && isInside(root, oldArg)) candidates.push(path.resolve(oldArg));
  else {
    if (!oldArg.startsWith('/')) candidates.push(path.resolve(cwd, oldArg));
    candidates.push(path.join(root, oldArg.replace(/^\/+/, '')));
  }
  let subject: { kind: 'page'; page: PageEntry } | { kind: 'folder'; from: string } | undefined;
  for (const candidate of candidates) {
    const rel = siteRelative(root, candidate)?.replace(/\/+$/, '');
    if (rel === undefined) continue;
    const page = site.pages.get(rel) ?? site.routes.get(rel);
    if (page) {
      subject = { kind: 'page', page };
      break;
    }
    if (rel !== '' && isDirectory(candidate)) {
      const prefix = `${rel}/`;
      if (![...site.pages.keys()].some((p) => p.startsWith(prefix)))
        throw new UserError(`${show(rel)} holds no page or snippet of the site; nothing to rename`);
      subject = { kind: 'folder', from: rel };
      break;
    }
  }
  if (!subject) {
    const rel = siteRelative(root, candidates[0]!);
    throw new UserError(
      rel === undefined ? `${oldArg} is outside the site (${root})` : `${oldArg} is not a page, a snippet or a folder of pages of the site at ${root}`,
    );
  }
  if (subject.kind === 'page' && path.posix.basename(subject.page.relative) === 'docs.json') throw new UserError('docs.json is not a page');

  // NEW: absolute inside the site, a route from the site root (`/x`), else relative to cwd. An
  // absolute path of the machine outside the site is refused, not read as a route.
  if (isOutsidePath(root, newArg)) throw new UserError(`${newArg} is outside the site (${root}); a page moves within its site`);
  const newAbsolute =
    path.isAbsolute(newArg) && isInside(root, newArg) ? path.resolve(newArg) : newArg.startsWith('/') ? path.join(root, newArg) : path.resolve(cwd, newArg);
  let to = siteRelative(root, newAbsolute)?.replace(/\/+$/, '');
  if (to === undefined || to === '' || to.startsWith('..')) throw new UserError(`${newArg} is outside the site (${root}); a page moves within its site`);
  if (UNSAFE_NAME.test(to)) throw new UserError(`${to} holds a character links would have to escape (space, #, ?, %, quotes, brackets…); choose a plain name`);
  if (subject.kind === 'page') {
    const ext = path.posix.extname(subject.page.relative);
    if (!PAGE_EXT.test(to)) {
      if (path.posix.extname(to) !== '' && !isDirectory(newAbsolute)) throw new UserError(`${to} is not a page file (.mdx or .md)`);
      to += ext;
    }
  }
  const from = subject.kind === 'page' ? subject.page.relative : subject.from;
  if (to === from) throw new UserError(`${to} is where ${from} already is`);
  if (subject.kind === 'folder' && (to.startsWith(`${from}/`) || from.startsWith(`${to}/`)))
    throw new UserError(`cannot move the folder ${from} into itself or into one of its own folders (${to})`);
  // Compared as real paths: a folder of the site may be a symbolic link out of it (`archive` -> /elsewhere).
  const landing = leadsOut(root, path.join(root, to));
  if (landing !== undefined) throw new UserError(`${to} leads outside the site through a symbolic link (to ${landing}); a page moves within its site`);
  if (existsAny(path.join(root, to))) throw new UserError(`${to} already exists; choose another name or remove it first`);
  if (site.isIgnored(to) || site.isIgnored(`${to}/x.mdx`))
    throw new UserError(`${to} is ignored by the platform (.mintignore, a dot-folder, node_modules…); the page would no longer be published`);
  if (subject.kind === 'page') {
    const route = to.replace(PAGE_EXT, '');
    const clash = site.routes.get(route);
    if (clash && clash !== subject.page) throw new UserError(`${clash.relative} already has the route /${route}; choose another name`);
    if (!subject.page.isSnippet && exactRedirect(site, route))
      throw new UserError(`a docs.json redirect sends /${route} elsewhere: the page would not be reachable there; remove that redirect first`);
    return { kind: 'page', page: subject.page, to };
  }
  for (const p of site.routes.keys()) {
    if (p === to || p.startsWith(`${to}/`)) throw new UserError(`${site.routes.get(p)!.relative} already has a route under /${to}; choose another name`);
  }
  if (exactRedirect(site, to)) throw new UserError(`a docs.json redirect sends /${to} elsewhere; remove that redirect first`);
  return { kind: 'folder', from, to };
}

/** Where `file` really leads when that is outside the site root (links of its folders resolved), else undefined. */
function leadsOut(root: string, file: string): string | undefined {
  const real = placeOf(file).real;
  return isInside(realFolder(root), real) ? undefined : real;
}

/**
 * True for an absolute path of the machine outside the site (`/tmp/page.mdx`), as opposed to a
 * route (`/guides/intro`): its first folder is not one of the site's, and exists at the file
 * system's root.
 */
function isOutsidePath(root: string, arg: string): boolean {
  if (!path.isAbsolute(arg) || isInside(root, arg)) return false;
  const first = arg.split(/[\\/]+/).find(Boolean);
  if (first === undefined || existsAny(path.join(root, first))) return false;
  return existsAny(path.join(path.parse(path.resolve(arg)).root, first));
}

function isDirectory(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}

function existsAny(file: string): boolean {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

function normaliseRoute(p: string): string {
  let out = '/' + p.trim().replace(/^\/+/, '');
  if (out.length > 1) out = out.replace(/\/+$/, '');
  return out;
}

/** The redirect whose source is exactly this route (not a pattern), if any. */
function exactRedirect(site: SiteModel, route: string): boolean {
  const wanted = normaliseRoute(route);
  return site.redirects.list.some((r) => r.names.length === 0 && normaliseRoute(r.source) === wanted);
}

/** The path the site is served under (seo.metatags.canonical's path), as site-broken-link reads it. */
function basePathOf(site: SiteModel): string | undefined {
  const canonical = (site.config.value as { seo?: { metatags?: { canonical?: unknown } } } | undefined)?.seo?.metatags?.canonical;
  if (typeof canonical !== 'string') return undefined;
  try {
    const trimmed = '/' + new URL(canonical).pathname.replace(/^\/+|\/+$/g, '');
    return trimmed === '/' ? undefined : trimmed;
  } catch {
    return undefined;
  }
}

/** Reads the facts and the exact text they were made from. */
export interface RenameSource {
  facts(file: string): Promise<PageFacts | undefined>;
  text(file: string): string | undefined;
}

/** The facts and texts of a session (the CLI sets `retainTexts` so that the linted text is kept). */
export function sessionSource(session: SiteSession): RenameSource {
  return {
    facts: (file) => session.facts(file),
    text: (file) => {
      const linted = session.lintedText(file);
      if (linted !== undefined) return linted;
      const read = session.site.readText(session.site.relative(file));
      return read.ok ? read.text : undefined;
    },
  };
}

/** Edits collected per file, applied once at the end. */
class EditSet {
  private readonly byFile = new Map<string, { text: string; edits: RenameEdit[] }>();

  add(file: string, text: string, edit: RenameEdit): void {
    let entry = this.byFile.get(file);
    if (!entry) this.byFile.set(file, (entry = { text, edits: [] }));
    if (entry.edits.some((e) => e.start < edit.end && edit.start < e.end)) return;
    entry.edits.push(edit);
  }

  changes(): RenameFileChange[] {
    const out: RenameFileChange[] = [];
    for (const [file, { text, edits }] of this.byFile) {
      edits.sort((a, b) => a.start - b.start);
      let output = '';
      let cursor = 0;
      for (const e of edits) {
        output += text.slice(cursor, e.start) + e.text;
        cursor = e.end;
      }
      output += text.slice(cursor);
      if (output !== text) out.push({ file, original: text, output, edits });
    }
    return out.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  }
}

/**
 * Computes every edit a rename needs, reading only (nothing is written here). `source` gives the
 * facts of each page and the text they were made from.
 */
export async function planRename(site: SiteModel, source: RenameSource, subject: RenameSubject, options: { redirect?: boolean } = {}): Promise<RenamePlan> {
  const root = site.root;
  const from = subject.kind === 'page' ? subject.page.relative : subject.from;
  const to = subject.to;
  /** Where a site-relative path is after the move (undefined: it does not move). */
  const moved = (rel: string): string | undefined => {
    if (subject.kind === 'page') return rel === from ? to : undefined;
    return rel === from ? to : rel.startsWith(`${from}/`) ? to + rel.slice(from.length) : undefined;
  };
  const routeOf = (rel: string) => rel.replace(PAGE_EXT, '');
  const movingPages = [...site.pages.values()].filter((p) => moved(p.relative) !== undefined);
  const generated = await site.generated();
  const basePath = basePathOf(site);
  const edits = new EditSet();
  const notes: string[] = [];

  /**
   * The site-relative text a link's path should name after the move (no leading `/`), when what
   * it lands on moves; the form is kept: a file name with its extension, a route without, a
   * folder (`/guides` for `guides/index.mdx`).
   */
  const movedTarget = (trimmed: string): string | undefined => {
    const target = resolveSitePath(site, generated, trimmed);
    if (target?.via !== undefined) return undefined; // lands through a redirect: its source does not move
    if (target?.page) {
      const next = moved(target.page.relative);
      if (next === undefined) return undefined;
      if (trimmed === target.page.relative) return next;
      const ext = PAGE_EXT.exec(trimmed)?.[0];
      const newRoute = routeOf(next);
      if (trimmed.replace(PAGE_EXT, '') === target.page.route) return newRoute + (ext ?? '');
      // `/guides` for `guides/index.mdx`: the folder form, while the page is still an index page.
      if (newRoute === 'index') return '';
      return newRoute.endsWith('/index') ? newRoute.slice(0, -'/index'.length) : newRoute;
    }
    if (subject.kind !== 'folder' || !target?.file) return undefined;
    if (generated.routes.has(trimmed.replace(PAGE_EXT, '').toLowerCase())) return undefined;
    // A file in the folder (an image), or the folder itself or a folder of pages inside it.
    return moved(trimmed);
  };

  /**
   * The new path part of a URL written in `fromRel` (a page's site-relative path, or undefined for
   * docs.json), or undefined when it stays as it is. Query strings and `#anchors` are not touched.
   */
  const newPathPart = (fromRel: string | undefined, fromSnippet: boolean, url: string): { pathPart: string; next: string } | undefined => {
    if (url === '' || url !== url.trim() || EXTERNAL.test(url) || /[{}`$<>\s[\]]/.test(url)) return undefined;
    const cut = url.search(/[?#]/);
    const pathPart = cut < 0 ? url : url.slice(0, cut);
    if (pathPart === '') return undefined;
    const absolute = pathPart.startsWith('/');
    // Relative links in snippets depend on the page that imports them (as the link check reads them).
    if (!absolute && (fromRel === undefined || fromSnippet)) return undefined;
    let prefix = '';
    let rooted = pathPart;
    if (absolute && basePath && (pathPart === basePath || pathPart.startsWith(`${basePath}/`))) {
      prefix = basePath;
      rooted = pathPart.slice(basePath.length) || '/';
    }
    const joined = absolute ? decode(rooted) : path.posix.join(path.posix.dirname(fromRel!), decode(pathPart));
    const normal = path.posix.normalize(joined).replace(/^\/+/, '');
    if (normal.startsWith('..')) return undefined;
    const trimmed = normal.replace(/\/+$/, '');
    const newTarget = movedTarget(trimmed);
    const selfMoved = fromRel === undefined ? undefined : moved(fromRel);
    const relocated = !absolute && selfMoved !== undefined && path.posix.dirname(selfMoved) !== path.posix.dirname(fromRel!);
    if (newTarget === undefined && !relocated) return undefined;
    const target = newTarget ?? trimmed;
    let next: string;
    if (absolute) next = `${prefix}/${target}`;
    else {
      const dir = path.posix.dirname(selfMoved ?? fromRel!);
      next = path.posix.relative(dir === '.' ? '' : dir, target) || '.';
      if (pathPart.startsWith('./') && !next.startsWith('.')) next = `./${next}`;
    }
    if (pathPart.length > 1 && pathPart.endsWith('/') && !next.endsWith('/')) next += '/';
    if (pathPart.includes('%')) next = encodeURI(next);
    return next === pathPart ? undefined : { pathPart, next };
  };

  // Pages and snippets: links, images, JSX href/src, imports, <Snippet file>.
  const tokens = searchTokens(from);
  for (const page of site.pages.values()) {
    const text = source.text(page.file);
    if (text === undefined) continue;
    const selfMoves = moved(page.relative) !== undefined;
    if (!selfMoves && !tokens.some((t) => text.includes(t))) continue;
    const facts = await source.facts(page.file);
    if (!facts) continue;
    const lines = new LineIndex(text);
    for (const link of facts.links) {
      const found = newPathPart(page.relative, page.isSnippet, link.url);
      if (!found) continue;
      const range = link.urlRange;
      if (!range || text.slice(range[0], range[1]) !== link.url || !urlStandsAlone(text, range, link.kind)) {
        notes.push(
          `${page.relative}:${link.line}: \`${link.url}\` is written in a form doclint does not rewrite (escaped or repeated in a title); update it by hand`,
        );
        continue;
      }
      edits.add(page.file, text, { start: range[0], end: range[0] + found.pathPart.length, text: found.next });
    }
    for (const imp of facts.imports) {
      const resolved = resolveImport(imp.source, page.relative);
      if (resolved === undefined) continue;
      const targetRel = resolved.replace(/^\/+/, '');
      const targetNext = moved(targetRel);
      const selfNext = moved(page.relative);
      let next: string | undefined;
      if (imp.source.startsWith('/')) next = targetNext === undefined ? undefined : `/${targetNext}`;
      else if (targetNext !== undefined || (selfNext !== undefined && path.posix.dirname(selfNext) !== path.posix.dirname(page.relative))) {
        const dir = path.posix.dirname(selfNext ?? page.relative);
        next = path.posix.relative(dir === '.' ? '' : dir, targetNext ?? targetRel);
        if (!next.startsWith('.')) next = `./${next}`;
      }
      if (next === undefined || next === imp.source) continue;
      const start = lines.offset(imp.line, imp.column);
      const end = lines.offset(imp.endLine, imp.endColumn);
      const quote = text[start];
      if ((quote !== '"' && quote !== "'") || text[end - 1] !== quote || text.slice(start + 1, end - 1) !== imp.source) {
        notes.push(`${page.relative}:${imp.line}: the import of \`${imp.source}\` is written in a form doclint does not rewrite; update it by hand`);
        continue;
      }
      edits.add(page.file, text, { start: start + 1, end: end - 1, text: next });
    }
    for (const use of snippetUses(text)) {
      const hit = snippetFileTarget(site, use.value);
      if (!hit) continue;
      const next = moved(hit.relative);
      if (next === undefined) continue;
      const folder = hit.folder;
      if (!next.startsWith(`${folder}/`) && !next.startsWith('snippets/') && !next.startsWith('_snippets/')) {
        notes.push(
          `${page.relative}:${lines.position(use.start).line}: <Snippet file="${use.value}"> names a file of ${folder}/; ${next} is outside the snippet folders, so it cannot be named there: use an import`,
        );
        continue;
      }
      const inFolder = next.replace(/^_?snippets\//, '');
      const written = PAGE_EXT.test(use.value) ? inFolder : inFolder.replace(PAGE_EXT, '');
      if (written !== use.value) edits.add(page.file, text, { start: use.start, end: use.start + use.value.length, text: written });
    }
  }

  // docs.json: navigation pages, navigation hrefs, redirect destinations; then the new redirect.
  const config = site.config;
  const textOf = (file: string) => config.files.get(file)?.text;
  const replaceString = (pointer: string, expected: string, value: string) => {
    const loc = config.locations.get(pointer);
    const text = loc ? textOf(loc.file) : undefined;
    if (!loc || text === undefined) return;
    let written: unknown;
    try {
      written = JSON.parse(text.slice(loc.start, loc.end));
    } catch {
      return;
    }
    if (written !== expected) return;
    edits.add(loc.file, text, { start: loc.start, end: loc.end, text: JSON.stringify(value) });
  };
  const nav = site.navigation;
  for (const entry of nav.entries) {
    if (entry.kind !== 'page' || entry.route === undefined) continue;
    const page = site.routes.get(entry.route);
    const next = page ? moved(page.relative) : undefined;
    if (!page || next === undefined) continue;
    const slash = entry.value.startsWith('/') ? '/' : '';
    const ext = PAGE_EXT.exec(entry.value.trim())?.[0] ?? '';
    replaceString(entry.pointer, entry.value, slash + routeOf(next) + ext);
  }
  for (const link of nav.links) {
    const found = newPathPart(undefined, false, link.href);
    if (found) replaceString(link.pointer, link.href, found.next + link.href.slice(found.pathPart.length));
  }
  const value = config.value as { redirects?: unknown } | undefined;
  const redirects = Array.isArray(value?.redirects) ? (value!.redirects as unknown[]) : undefined;
  redirects?.forEach((r, i) => {
    if (!isObject(r) || typeof r.destination !== 'string') return;
    const dest = r.destination;
    let next: string | undefined;
    if (/[:*]/.test(dest.split(/[?#]/)[0]!)) {
      // A pattern: its literal folder moves with a folder rename.
      if (subject.kind === 'folder' && dest.startsWith('/')) {
        const p = dest.slice(1);
        const mapped = p === from || p.startsWith(`${from}/`) ? to + p.slice(from.length) : undefined;
        if (mapped !== undefined) next = `/${mapped}`;
      }
    } else {
      const found = newPathPart(undefined, false, dest);
      if (found) next = found.next + dest.slice(found.pathPart.length);
    }
    if (next !== undefined) replaceString(`/redirects/${i}/${pointerSegment('destination')}`, dest, next);
  });

  let redirect: RenamePlan['redirect'];
  const published = subject.kind === 'folder' || !subject.page.isSnippet;
  if (options.redirect !== false && published) {
    const oldRoute = subject.kind === 'page' ? subject.page.route : from;
    const newRoute = subject.kind === 'page' ? routeOf(to) : to;
    redirect =
      subject.kind === 'folder'
        ? { source: `/${oldRoute}/:slug*`, destination: `/${newRoute}/:slug*` }
        : { source: `/${oldRoute}`, destination: `/${newRoute}` };
    if (exactRedirect(site, redirect.source.replace('/:slug*', ''))) {
      notes.push(`docs.json already redirects ${redirect.source}; no redirect added`);
      redirect = undefined;
    } else {
      const added = addRedirect(config.rootFile, config, redirect, edits);
      if (!added) {
        notes.push(`docs.json: no place to add the redirect ${redirect.source} → ${redirect.destination} was found; add it by hand`);
        redirect = undefined;
      }
    }
  }

  return {
    root,
    move: { from: path.join(root, from), to: path.join(root, to), folder: subject.kind === 'folder' },
    pages: movingPages.map((p) => ({ from: p.relative, to: moved(p.relative)!, snippet: p.isSnippet })).sort((a, b) => (a.from < b.from ? -1 : 1)),
    changes: edits.changes(),
    redirect,
    notes,
  };
}

/** Strings whose presence makes a page worth reading for references to what moves. */
function searchTokens(from: string): string[] {
  const base = path.posix.basename(from).replace(PAGE_EXT, '');
  const tokens = new Set([base, encodeURI(base)]);
  // `guides/index.mdx` is linked as `/guides`.
  if (base === 'index') {
    const dir = path.posix.basename(path.posix.dirname(from));
    if (dir !== '.') tokens.add(dir).add(encodeURI(dir));
    else tokens.add('/').add('.');
  }
  return [...tokens];
}

/**
 * Whether the URL at `range` is the destination itself and not text that happens to repeat it (a
 * title): a markdown destination follows `(`, `<` or a space and ends before `)`, `>`, a space
 * or the end of the line; an attribute value sits between quotes.
 */
function urlStandsAlone(text: string, range: [number, number], kind: string): boolean {
  const before = text[range[0] - 1] ?? '';
  const after = text[range[1]] ?? '';
  if (kind === 'jsx') return /["'`]/.test(before) && before === after;
  return /[(<\s]/.test(before) && /[)>\s]|^$/.test(after);
}

/** `<Snippet file="…">` uses of a page, outside code fences: the value and its offset. */
export function snippetUses(text: string): Array<{ value: string; start: number }> {
  if (!text.includes('<Snippet')) return [];
  const out: Array<{ value: string; start: number }> = [];
  const fences = fencedRanges(text);
  const tag = /<Snippet\s[^>]*?\bfile=(["'])([^"'\n]*)\1/g;
  for (let m = tag.exec(text); m; m = tag.exec(text)) {
    const at = m.index;
    if (fences.some(([a, b]) => at >= a && at < b)) continue;
    out.push({ value: m[2]!, start: at + m[0].length - 1 - m[2]!.length });
  }
  return out;
}

/** Offsets of fenced code blocks (``` and ~~~), so that examples of the syntax are left alone. */
function fencedRanges(text: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const fence = /^[ \t]{0,3}(`{3,}|~{3,})/gm;
  let open: { at: number; marker: string } | undefined;
  for (let m = fence.exec(text); m; m = fence.exec(text)) {
    const marker = m[1]!;
    if (!open) open = { at: m.index, marker };
    else if (marker[0] === open.marker[0] && marker.length >= open.marker.length) {
      out.push([open.at, m.index + m[0].length]);
      open = undefined;
    }
  }
  if (open) out.push([open.at, text.length]);
  return out;
}

/** The snippet a `<Snippet file>` names: a file of `snippets/` or `_snippets/`, `.mdx` optional. */
function snippetFileTarget(site: SiteModel, value: string): { relative: string; folder: string } | undefined {
  const name = value.replace(/^\.?\/+/, '');
  for (const folder of ['snippets', '_snippets']) {
    for (const candidate of PAGE_EXT.test(name) ? [name] : [`${name}.mdx`, `${name}.md`]) {
      const rel = `${folder}/${candidate}`;
      if (site.pages.has(rel)) return { relative: rel, folder };
    }
  }
  return undefined;
}

/**
 * Adds `{ "source", "destination" }` to docs.json's `redirects` (where it is written, a `$ref`
 * file included), or a `redirects` array at the end of docs.json, in the file's own indentation.
 */
function addRedirect(rootFile: string, config: SiteModel['config'], redirect: { source: string; destination: string }, edits: EditSet): boolean {
  const value = config.value as Record<string, unknown> | undefined;
  if (!isObject(value)) return false;
  const entry = (indent: string, unit: string, inline: boolean, spaced: boolean) =>
    inline
      ? spaced
        ? `{ "source": ${JSON.stringify(redirect.source)}, "destination": ${JSON.stringify(redirect.destination)} }`
        : `{"source":${JSON.stringify(redirect.source)},"destination":${JSON.stringify(redirect.destination)}}`
      : `{\n${indent}${unit}"source": ${JSON.stringify(redirect.source)},\n${indent}${unit}"destination": ${JSON.stringify(redirect.destination)}\n${indent}}`;
  if (Array.isArray(value.redirects)) {
    const n = value.redirects.length;
    const last = n > 0 ? config.locations.get(`/redirects/${n - 1}`) : undefined;
    if (last) {
      // After the last entry, in the file it is written in (a `$ref` file included).
      const text = config.files.get(last.file)?.text;
      if (text === undefined) return false;
      const lastText = text.slice(last.start, last.end);
      const indent = indentAt(text, last.start);
      const unit = indentUnit(text) ?? '  ';
      const inline = !lastText.includes('\n');
      const before = text.slice(0, last.start);
      const sameLine = !before.slice(Math.max(before.lastIndexOf('['), before.lastIndexOf(','))).includes('\n');
      const item = entry(indent, unit, inline, /\{\s/.test(lastText) || !inline);
      edits.add(last.file, text, { start: last.end, end: last.end, text: sameLine ? `, ${item}` : `,\n${indent}${item}` });
      return true;
    }
    const list = config.locations.get('/redirects');
    const text = list ? config.files.get(list.file)?.text : undefined;
    if (!list || text === undefined || text.slice(list.start, list.end).replace(/\s/g, '') !== '[]') return false;
    const indent = indentAt(text, list.start);
    const unit = indentUnit(text) ?? '  ';
    edits.add(list.file, text, { start: list.start, end: list.end, text: `[\n${indent}${unit}${entry(indent + unit, unit, false, true)}\n${indent}]` });
    return true;
  }
  if (value.redirects !== undefined) return false;
  const text = config.files.get(rootFile)?.text;
  if (text === undefined) return false;
  const tree = parseTree(text.charCodeAt(0) === 0xfeff ? ' ' + text.slice(1) : text);
  const props = tree?.type === 'object' ? (tree.children ?? []) : [];
  const last: Node | undefined = props[props.length - 1];
  if (!tree || !last) return false;
  const end = last.offset + last.length;
  const indent = indentAt(text, last.offset);
  const unit = indentUnit(text) ?? '  ';
  const oneLine = !text.slice(tree.offset, tree.offset + tree.length).includes('\n');
  const addition = oneLine
    ? `, "redirects": [${entry('', '', true, true)}]`
    : `,\n${indent}"redirects": [\n${indent}${unit}${entry(indent + unit, unit, false, true)}\n${indent}]`;
  edits.add(rootFile, text, { start: end, end, text: addition });
  return true;
}

/** The whitespace that starts the line holding `offset`. */
function indentAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

/** The file's indentation step: the indentation of its first indented line. */
function indentUnit(text: string): string | undefined {
  return /\n([ \t]+)\S/.exec(text)?.[1];
}

/**
 * Writes a plan as one change: first every file is checked (unchanged since read, writable, UTF-8,
 * no other hard links) and the destination is checked to be free; then the edits are written (each
 * atomically) and the file or folder is moved with one rename. When any step fails, what was
 * already written is put back and the error says so.
 */
export async function applyRename(plan: RenamePlan): Promise<void> {
  const rel = (file: string) => toPosix(path.relative(plan.root, file));
  for (const change of plan.changes) {
    const bytes = await readFile(change.file).catch(() => undefined);
    if (!bytes || bytes.toString('utf8') !== change.original) throw new UserError(`${rel(change.file)} changed since it was read; nothing was changed`);
    if (!bytes.equals(Buffer.from(change.original, 'utf8'))) throw new UserError(`${rel(change.file)} is not valid UTF-8; nothing was changed`);
    const info = await stat(change.file);
    const writable = await access(change.file, constants.W_OK).then(
      () => true,
      () => false,
    );
    if ((info.mode & 0o222) === 0 || !writable) throw new UserError(`${rel(change.file)} is read-only; nothing was changed`);
    if (info.nlink > 1) throw new UserError(`${rel(change.file)} has other hard links; nothing was changed`);
  }
  const landing = leadsOut(plan.root, plan.move.to);
  if (landing !== undefined) throw new UserError(`${rel(plan.move.to)} leads outside the site through a symbolic link (to ${landing}); nothing was changed`);
  if (!(await lstat(plan.move.from).catch(() => undefined))) throw new UserError(`${rel(plan.move.from)} no longer exists; nothing was changed`);
  if (await lstat(plan.move.to).catch(() => undefined)) throw new UserError(`${rel(plan.move.to)} already exists; nothing was changed`);

  const written: RenameFileChange[] = [];
  const undo = async (): Promise<string[]> => {
    const left: string[] = [];
    for (const change of written.reverse()) {
      await writeAtomic(change.file, change.output, change.original).catch(() => left.push(rel(change.file)));
    }
    return left;
  };
  const fail = async (what: string, error: unknown): Promise<never> => {
    const left = await undo();
    const why = (error as NodeJS.ErrnoException)?.code ?? (error as Error)?.message ?? String(error);
    throw new UserError(
      left.length
        ? `${what} (${why}); could not restore ${left.join(', ')}: check them by hand`
        : `${what} (${why}); nothing was changed (the files already written were restored)`,
    );
  };
  for (const change of plan.changes) {
    try {
      await writeAtomic(change.file, change.original, change.output);
      written.push(change);
    } catch (error) {
      await fail(`cannot write ${rel(change.file)}`, error);
    }
  }
  // The folders the move needs, created here and removed again if the move fails.
  const created: string[] = [];
  try {
    let dir = path.dirname(plan.move.to);
    while (!(await lstat(dir).catch(() => undefined))) {
      created.unshift(dir);
      dir = path.dirname(dir);
    }
    await mkdir(path.dirname(plan.move.to), { recursive: true });
    // Last look: the destination must still be free (rename would replace a file silently).
    if (await lstat(plan.move.to).catch(() => undefined)) throw Object.assign(new Error('the destination appeared'), { code: 'EEXIST' });
    await rename(plan.move.from, plan.move.to);
  } catch (error) {
    for (const dir of created.reverse()) await rmdir(dir).catch(() => undefined);
    await fail(`cannot move ${rel(plan.move.from)} to ${rel(plan.move.to)}`, error);
  }
}
