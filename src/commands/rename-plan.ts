/** Planning a rename: what moves, and the edits to links, imports, snippets, navigation and redirects. */
import path from 'node:path';
import { parseTree, type Node } from 'jsonc-parser';
import { isObject, pointerSegment } from '../core/json.js';
import { LineIndex } from '../core/text.js';
import type { PageFacts } from '../pages/facts.js';
import { resolveImport } from '../platform/files.js';
import type { SiteModel } from '../model/site-model.js';
import type { PageEntry } from '../site/site.js';
import { resolveSitePath } from '../model/targets.js';

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
export type RenameSubject =
  { kind: 'page'; page: PageEntry; to: string } | { kind: 'folder'; from: string; to: string };

/** Reads the facts and the exact text they were made from. */
export interface RenameSource {
  facts(file: string): Promise<PageFacts | undefined>;
  text(file: string): string | undefined;
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
/** A page file's extension. */
export const PAGE_EXT = /\.(mdx|md)$/i;

/** A path decoded as a URI, or as it is when it is not one. */
function decode(p: string): string {
  try {
    return decodeURI(p);
  } catch {
    return p;
  }
}

/** A route with one leading `/` and no trailing one. */
function normaliseRoute(p: string): string {
  let out = '/' + p.trim().replace(/^\/+/, '');
  if (out.length > 1) out = out.replace(/\/+$/, '');
  return out;
}

/** The redirect whose source is exactly this route (not a pattern), if any. */
export function exactRedirect(site: SiteModel, route: string): boolean {
  const wanted = normaliseRoute(route);
  return site.redirects.list.some((r) => r.names.length === 0 && normaliseRoute(r.source) === wanted);
}

/** The path the site is served under (seo.metatags.canonical's path), as site-broken-link reads it. */
function basePathOf(site: SiteModel): string | undefined {
  const canonical = (site.config.value as { seo?: { metatags?: { canonical?: unknown } } } | undefined)?.seo?.metatags
    ?.canonical;
  if (typeof canonical !== 'string') return undefined;
  try {
    const trimmed = '/' + new URL(canonical).pathname.replace(/^\/+|\/+$/g, '');
    return trimmed === '/' ? undefined : trimmed;
  } catch {
    return undefined;
  }
}

/** Edits collected per file, applied once at the end. */
class EditSet {
  private readonly byFile = new Map<string, { text: string; edits: RenameEdit[] }>();

  /** Adds an edit, unless it overlaps one already there. */
  add(file: string, text: string, edit: RenameEdit): void {
    let entry = this.byFile.get(file);
    if (!entry) this.byFile.set(file, (entry = { text, edits: [] }));
    if (entry.edits.some((e) => e.start < edit.end && edit.start < e.end)) return;
    entry.edits.push(edit);
  }

  /** The changed files, by path, with their new texts. */
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

/** One rename's plan in the making: what moves where, and the edits and notes so far. */
class RenamePlanner {
  readonly from: string;
  readonly to: string;
  readonly edits = new EditSet();
  readonly notes: string[] = [];
  private readonly basePath: string | undefined;

  constructor(
    readonly site: SiteModel,
    private readonly source: RenameSource,
    readonly subject: RenameSubject,
    private readonly generated: Awaited<ReturnType<SiteModel['generated']>>,
  ) {
    this.from = subject.kind === 'page' ? subject.page.relative : subject.from;
    this.to = subject.to;
    this.basePath = basePathOf(site);
  }

  /** Where a site-relative path is after the move (undefined: it does not move). */
  moved(rel: string): string | undefined {
    const { from, to } = this;
    if (this.subject.kind === 'page') return rel === from ? to : undefined;
    return rel === from ? to : rel.startsWith(`${from}/`) ? to + rel.slice(from.length) : undefined;
  }

  /** The route of a page file. */
  routeOf(rel: string): string {
    return rel.replace(PAGE_EXT, '');
  }

  /**
   * The site-relative text a link's path should name after the move (no leading `/`), when what
   * it lands on moves; the form is kept: a file name with its extension, a route without, a
   * folder (`/guides` for `guides/index.mdx`).
   */
  private movedTarget(trimmed: string): string | undefined {
    const target = resolveSitePath(this.site, this.generated, trimmed);
    if (target?.via !== undefined) return undefined; // lands through a redirect: its source does not move
    if (target?.page) {
      const next = this.moved(target.page.relative);
      if (next === undefined) return undefined;
      if (trimmed === target.page.relative) return next;
      const ext = PAGE_EXT.exec(trimmed)?.[0];
      const newRoute = this.routeOf(next);
      if (trimmed.replace(PAGE_EXT, '') === target.page.route) return newRoute + (ext ?? '');
      // `/guides` for `guides/index.mdx`: the folder form, while the page is still an index page.
      if (newRoute === 'index') return '';
      return newRoute.endsWith('/index') ? newRoute.slice(0, -'/index'.length) : newRoute;
    }
    if (this.subject.kind !== 'folder' || !target?.file) return undefined;
    if (this.generated.routes.has(trimmed.replace(PAGE_EXT, '').toLowerCase())) return undefined;
    // A file in the folder (an image), or the folder itself or a folder of pages inside it.
    return this.moved(trimmed);
  }

  /**
   * The new path part of a URL written in `fromRel` (a page's site-relative path, or undefined for
   * docs.json), or undefined when it stays as it is. Query strings and `#anchors` are not touched.
   */
  private newPathPart(
    fromRel: string | undefined,
    fromSnippet: boolean,
    url: string,
  ): { pathPart: string; next: string } | undefined {
    if (url === '' || url !== url.trim() || EXTERNAL.test(url) || /[{}`$<>\s[\]]/.test(url)) return undefined;
    const cut = url.search(/[?#]/);
    const pathPart = cut < 0 ? url : url.slice(0, cut);
    if (pathPart === '') return undefined;
    const absolute = pathPart.startsWith('/');
    // Relative links in snippets depend on the page that imports them (as the link check reads them).
    if (!absolute && (fromRel === undefined || fromSnippet)) return undefined;
    let prefix = '';
    let rooted = pathPart;
    if (absolute && this.basePath && (pathPart === this.basePath || pathPart.startsWith(`${this.basePath}/`))) {
      prefix = this.basePath;
      rooted = pathPart.slice(this.basePath.length) || '/';
    }
    const joined = absolute ? decode(rooted) : path.posix.join(path.posix.dirname(fromRel!), decode(pathPart));
    const normal = path.posix.normalize(joined).replace(/^\/+/, '');
    if (normal.startsWith('..')) return undefined;
    const trimmed = normal.replace(/\/+$/, '');
    const newTarget = this.movedTarget(trimmed);
    const selfMoved = fromRel === undefined ? undefined : this.moved(fromRel);
    const relocated =
      !absolute && selfMoved !== undefined && path.posix.dirname(selfMoved) !== path.posix.dirname(fromRel!);
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
  }

  /** Pages and snippets: links, images, JSX href/src, imports, <Snippet file>. */
  async pagesEdits(): Promise<void> {
    const tokens = searchTokens(this.from);
    for (const page of this.site.pages.values()) {
      const text = this.source.text(page.file);
      if (text === undefined) continue;
      const selfMoves = this.moved(page.relative) !== undefined;
      if (!selfMoves && !tokens.some((t) => text.includes(t))) continue;
      const facts = await this.source.facts(page.file);
      if (!facts) continue;
      const lines = new LineIndex(text);
      this.linkEdits(page, text, facts);
      this.importEdits(page, text, facts, lines);
      this.snippetEdits(page, text, lines);
    }
  }

  /** The links of a page (links, images, JSX href/src) whose target moves, or that move with it. */
  private linkEdits(page: PageEntry, text: string, facts: PageFacts): void {
    for (const link of facts.links) {
      const found = this.newPathPart(page.relative, page.isSnippet, link.url);
      if (!found) continue;
      const range = link.urlRange;
      if (!range || text.slice(range[0], range[1]) !== link.url || !urlStandsAlone(text, range, link.kind)) {
        this.notes.push(
          `${page.relative}:${link.line}: \`${link.url}\` is written in a form doclint does not rewrite (escaped or repeated in a title); update it by hand`,
        );
        continue;
      }
      this.edits.add(page.file, text, { start: range[0], end: range[0] + found.pathPart.length, text: found.next });
    }
  }

  /** The imports of a page whose target moves, or that move with it. */
  private importEdits(page: PageEntry, text: string, facts: PageFacts, lines: LineIndex): void {
    for (const imp of facts.imports) {
      const resolved = resolveImport(imp.source, page.relative);
      if (resolved === undefined) continue;
      const targetRel = resolved.replace(/^\/+/, '');
      const targetNext = this.moved(targetRel);
      const selfNext = this.moved(page.relative);
      let next: string | undefined;
      if (imp.source.startsWith('/')) next = targetNext === undefined ? undefined : `/${targetNext}`;
      else if (
        targetNext !== undefined ||
        (selfNext !== undefined && path.posix.dirname(selfNext) !== path.posix.dirname(page.relative))
      ) {
        const dir = path.posix.dirname(selfNext ?? page.relative);
        next = path.posix.relative(dir === '.' ? '' : dir, targetNext ?? targetRel);
        if (!next.startsWith('.')) next = `./${next}`;
      }
      if (next === undefined || next === imp.source) continue;
      const start = lines.offset(imp.line, imp.column);
      const end = lines.offset(imp.endLine, imp.endColumn);
      const quote = text[start];
      if (
        (quote !== '"' && quote !== "'") ||
        text[end - 1] !== quote ||
        text.slice(start + 1, end - 1) !== imp.source
      ) {
        this.notes.push(
          `${page.relative}:${imp.line}: the import of \`${imp.source}\` is written in a form doclint does not rewrite; update it by hand`,
        );
        continue;
      }
      this.edits.add(page.file, text, { start: start + 1, end: end - 1, text: next });
    }
  }

  /** The `<Snippet file>` uses of a page whose snippet moves. */
  private snippetEdits(page: PageEntry, text: string, lines: LineIndex): void {
    for (const use of snippetUses(text)) {
      const hit = snippetFileTarget(this.site, use.value);
      if (!hit) continue;
      const next = this.moved(hit.relative);
      if (next === undefined) continue;
      const folder = hit.folder;
      if (!next.startsWith(`${folder}/`) && !next.startsWith('snippets/') && !next.startsWith('_snippets/')) {
        this.notes.push(
          `${page.relative}:${lines.position(use.start).line}: <Snippet file="${use.value}"> names a file of ${folder}/; ${next} is outside the snippet folders, so it cannot be named there: use an import`,
        );
        continue;
      }
      const inFolder = next.replace(/^_?snippets\//, '');
      const written = PAGE_EXT.test(use.value) ? inFolder : inFolder.replace(PAGE_EXT, '');
      if (written !== use.value)
        this.edits.add(page.file, text, { start: use.start, end: use.start + use.value.length, text: written });
    }
  }

  /** Replaces a string of docs.json (or a `$ref` file) at `pointer`, when it is written as `expected`. */
  private replaceString(pointer: string, expected: string, value: string): void {
    const config = this.site.config;
    const textOf = (file: string) => config.files.get(file)?.text;
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
    this.edits.add(loc.file, text, { start: loc.start, end: loc.end, text: JSON.stringify(value) });
  }

  /** docs.json: navigation pages, navigation hrefs, redirect destinations. */
  configEdits(): void {
    const { site, from, to, subject } = this;
    const nav = site.navigation;
    for (const entry of nav.entries) {
      if (entry.kind !== 'page' || entry.route === undefined) continue;
      const page = site.routes.get(entry.route);
      const next = page ? this.moved(page.relative) : undefined;
      if (!page || next === undefined) continue;
      const slash = entry.value.startsWith('/') ? '/' : '';
      const ext = PAGE_EXT.exec(entry.value.trim())?.[0] ?? '';
      this.replaceString(entry.pointer, entry.value, slash + this.routeOf(next) + ext);
    }
    for (const link of nav.links) {
      const found = this.newPathPart(undefined, false, link.href);
      if (found) this.replaceString(link.pointer, link.href, found.next + link.href.slice(found.pathPart.length));
    }
    const value = site.config.value as { redirects?: unknown } | undefined;
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
        const found = this.newPathPart(undefined, false, dest);
        if (found) next = found.next + dest.slice(found.pathPart.length);
      }
      if (next !== undefined) this.replaceString(`/redirects/${i}/${pointerSegment('destination')}`, dest, next);
    });
  }

  /** The redirect from the old place to the new, added to docs.json (undefined when none is, with a note why). */
  newRedirect(options: { redirect?: boolean }): RenamePlan['redirect'] {
    const { site, from, to, subject } = this;
    const config = site.config;
    let redirect: RenamePlan['redirect'];
    const published = subject.kind === 'folder' || !subject.page.isSnippet;
    if (options.redirect !== false && published) {
      const oldRoute = subject.kind === 'page' ? subject.page.route : from;
      const newRoute = subject.kind === 'page' ? this.routeOf(to) : to;
      redirect =
        subject.kind === 'folder'
          ? { source: `/${oldRoute}/:slug*`, destination: `/${newRoute}/:slug*` }
          : { source: `/${oldRoute}`, destination: `/${newRoute}` };
      if (exactRedirect(site, redirect.source.replace('/:slug*', ''))) {
        this.notes.push(`docs.json already redirects ${redirect.source}; no redirect added`);
        redirect = undefined;
      } else {
        const added = addRedirect(config.rootFile, config, redirect, this.edits);
        if (!added) {
          this.notes.push(
            `docs.json: no place to add the redirect ${redirect.source} → ${redirect.destination} was found; add it by hand`,
          );
          redirect = undefined;
        }
      }
    }
    return redirect;
  }
}

/**
 * Computes every edit a rename needs, reading only (nothing is written here). `source` gives the
 * facts of each page and the text they were made from.
 */
export async function planRename(
  site: SiteModel,
  source: RenameSource,
  subject: RenameSubject,
  options: { redirect?: boolean } = {},
): Promise<RenamePlan> {
  const root = site.root;
  const planner = new RenamePlanner(site, source, subject, await site.generated());
  const { from, to } = planner;
  const movingPages = [...site.pages.values()].filter((p) => planner.moved(p.relative) !== undefined);
  await planner.pagesEdits();
  planner.configEdits();
  const redirect = planner.newRedirect(options);
  return {
    root,
    move: { from: path.join(root, from), to: path.join(root, to), folder: subject.kind === 'folder' },
    pages: movingPages
      .map((p) => ({ from: p.relative, to: planner.moved(p.relative)!, snippet: p.isSnippet }))
      .sort((a, b) => (a.from < b.from ? -1 : 1)),
    changes: planner.edits.changes(),
    redirect,
    notes: planner.notes,
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
function addRedirect(
  rootFile: string,
  config: SiteModel['config'],
  redirect: { source: string; destination: string },
  edits: EditSet,
): boolean {
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
      edits.add(last.file, text, {
        start: last.end,
        end: last.end,
        text: sameLine ? `, ${item}` : `,\n${indent}${item}`,
      });
      return true;
    }
    const list = config.locations.get('/redirects');
    const text = list ? config.files.get(list.file)?.text : undefined;
    if (!list || text === undefined || text.slice(list.start, list.end).replace(/\s/g, '') !== '[]') return false;
    const indent = indentAt(text, list.start);
    const unit = indentUnit(text) ?? '  ';
    edits.add(list.file, text, {
      start: list.start,
      end: list.end,
      text: `[\n${indent}${unit}${entry(indent + unit, unit, false, true)}\n${indent}]`,
    });
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
