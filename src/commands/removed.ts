import path from 'node:path';
import type { Diagnostic } from '../core/diagnostic.js';
import { toPosix } from '../core/paths.js';
import { importLines, resolveImport } from '../platform/files.js';
import type { SiteModel } from '../model/site-model.js';
import type { RemovedPage } from '../rule-kit/rule.js';
import { allRuleIds, builtinRegistry } from '../config/registry.js';
import { SiteSession } from '../engine/session.js';
import type { RuleSetting } from '../config/settings.js';
import { resolveSiteSettings } from '../config/site-settings.js';

/**
 * The rules that report a place pointing at a path of the site (a navigation entry, a link or an
 * image, an import, a redirect, an OpenAPI file or an endpoint of one): they declare
 * `meta.reportsRemovedTargets`.
 */
function referenceRules(): Set<string> {
  return new Set(
    builtinRegistry()
      .withFlag('reportsRemovedTargets')
      .map((meta) => meta.id),
  );
}

const key = (d: Diagnostic) => `${d.file}\u0000${d.line}:${d.column}-${d.endLine}:${d.endColumn}\u0000${d.ruleId}`;

/**
 * What points at a file the change removes (a staged deletion, or the old name of a rename):
 * the findings of the reference rules, anywhere in the site, that the site as it is has and the
 * site with the removed files still in place (`removed`: their last committed content) does not.
 * Findings that were there before the change are not its doing and are left out.
 */
export async function referencesToRemoved(
  root: string,
  removed: ReadonlyMap<string, Buffer>,
  /** `exhaustive`: every page is linted (without it, only those whose text may name a removed file; see `mayRefer`). */
  options: {
    configFile?: string;
    overrides?: Record<string, RuleSetting>;
    exhaustive?: boolean;
    plugins?: boolean;
    /** The site's docs.json before the change, when the change edits it (its navigation tells which removed pages were published). */
    configBefore?: Buffer;
  },
  /** Worker threads for the page pass (none: the calling thread). */
  threads?: number,
): Promise<Diagnostic[]> {
  const only = referenceRules();
  const overrides: Record<string, RuleSetting> = {};
  for (const id of allRuleIds()) if (!only.has(id)) overrides[id] = { severity: 'off' };
  // The command line's own settings of the reference rules still apply (`--rule site-broken-link:off`).
  for (const [id, setting] of Object.entries(options.overrides ?? {})) if (only.has(id)) overrides[id] = setting;
  const config = await resolveSiteSettings(root, {
    configFile: options.configFile,
    overrides,
    plugins: options.plugins,
  });
  // One session for both states: pages are parsed once, and only the site checks run twice.
  const session = await SiteSession.open(root, config.settings, removed, {
    threads: threads ?? 0,
    overlayAllFiles: true,
  });
  try {
    const candidates = options.exhaustive ? undefined : await mayRefer(session.site, removed);
    const inScope = (file: string) =>
      !config.isIgnored(file) && (candidates === undefined || candidates.has(file) || !isPage(session, file));
    const keep = (d: Diagnostic) => only.has(d.ruleId);
    const removedPages = await publishedPages(session, removed, options.configBefore);
    const before = new Set((await session.lint(inScope)).diagnostics.filter(keep).map(key));
    for (const file of removed.keys()) session.setOverlay(file, undefined);
    await session.reloadSite();
    session.setChange({ removedPages });
    return (await session.lint(inScope)).diagnostics.filter((d) => keep(d) && !before.has(key(d)));
  } finally {
    session.close();
  }
}

/**
 * The removed pages that were published before the change: in the navigation of docs.json as it
 * was (`configBefore`, else as it is) and not hidden there or by their front matter. The session
 * is in the state before the change (the removed files in place) and is left so.
 */
export async function publishedPages(
  session: SiteSession,
  removed: ReadonlyMap<string, Buffer>,
  configBefore: Buffer | undefined,
): Promise<RemovedPage[]> {
  const site = () => session.site;
  const configFile = site().config.rootFile;
  if (configBefore?.length) {
    session.setOverlay(configFile, configBefore.toString('utf8'));
    await session.reloadSite({ inventory: false });
  }
  const routes = new Set(
    site()
      .navigation.entries.filter((entry) => entry.kind === 'page' && !entry.hidden && entry.route !== undefined)
      .map((entry) => entry.route!),
  );
  const out: RemovedPage[] = [];
  for (const file of [...removed.keys()].sort()) {
    const entry = session.entryFor(file);
    if (!entry || entry.isSnippet) continue;
    const { route } = entry;
    if (!routes.has(route) || (await session.frontmatterOf(file))?.hidden) continue;
    out.push({ file, relative: entry.relative, route });
  }
  if (configBefore?.length) {
    session.setOverlay(configFile, undefined);
    await session.reloadSite({ inventory: false });
  }
  return out;
}

function isPage(session: SiteSession, file: string): boolean {
  return session.entryFor(file) !== undefined;
}

/** Removed files whose references `mayRefer` cannot tell by name (an OpenAPI spec names endpoints, not itself). */
const NAMELESS = /\.(?:json|ya?ml)$/i;

/**
 * The pages and snippets that may hold a reference the removal breaks, or undefined when that
 * cannot be told without linting them all. A link, an image, an import or a `<Snippet file>` names
 * its target, so a page whose text names none of these is left alone:
 * - each removed file (its name without the extension; a folder's `index` by the folder's name);
 * - the files that import one (their anchors, their content change), and those that import them;
 * - the sources of redirects to any of those (their literal segments);
 * and the files a removed file imported (one may become a page again) are linted too. Names are
 * compared without case, also percent-encoded. A removed root `index` page (`/`), or a removed
 * spec or other JSON or YAML file (pages name its endpoints, not the file), takes every page.
 */
export async function mayRefer(
  site: SiteModel,
  removed: ReadonlyMap<string, Buffer>,
): Promise<Set<string> | undefined> {
  /** Names to look for, and whether more of a path may follow one (a folder's name: `/guides/setup` names `guides`). */
  const names = new Map<string, boolean>();
  const addName = (name: string, folder = false) => {
    const lower = name.toLowerCase();
    if (!lower) return false;
    for (const form of [lower, encodeURIComponent(lower).toLowerCase()])
      names.set(form, folder || names.get(form) === true);
    return true;
  };
  /** The name a reference to this site-relative file contains; false when there is none to tell by. */
  const named = (rel: string): boolean => {
    const stem = path.posix.basename(rel).replace(/\.[^.]*$/, '');
    if (stem.toLowerCase() !== 'index') return addName(stem);
    const folder = path.posix.dirname(rel);
    return folder !== '.' && addName(path.posix.basename(folder), true);
  };
  const candidates = new Set<string>();
  const targets: string[] = [];
  for (const [file, content] of removed) {
    const rel = toPosix(path.relative(site.root, file));
    if (NAMELESS.test(rel) || !named(rel)) return undefined;
    targets.push(rel);
    // What it imported: a snippet only it imported becomes a page.
    for (const source of importLines(content.toString('utf8')).sources) {
      const imported = resolveImport(source, rel);
      if (imported) candidates.add(site.absolute(imported.replace(/^\/+/, '')));
    }
  }
  // Files that import a target, transitively: their anchors and content change with it.
  const seen = new Set(targets.map((t) => t.toLowerCase()));
  for (let i = 0; i < targets.length; i++) {
    for (const importer of await site.importers(targets[i]!)) {
      if (seen.has(importer.toLowerCase())) continue;
      seen.add(importer.toLowerCase());
      targets.push(importer);
      if (!named(importer)) return undefined;
    }
  }
  // Redirects to a target: a link to their source breaks too.
  const routes = targets.map(routeOf);
  for (const redirect of site.redirects.list) {
    if (!leadsTo(redirect.destination, routes)) continue;
    const segments = redirect.tokens.flatMap((token) => (token.t === 'lit' ? token.s.split('/') : [])).filter(Boolean);
    // A source of parameters alone (`/:slug`) may be any path.
    if (!segments.length) return undefined;
    addName(
      segments.reduce((a, b) => (b.length > a.length ? b : a)),
      true,
    );
  }
  for (const page of site.pages.values()) {
    if (candidates.has(page.file)) continue;
    const read = site.readText(page.relative);
    // A page that cannot be read is linted: its finding says so.
    const text = read.ok ? read.text.toLowerCase() : undefined;
    if (text === undefined || [...names].some(([name, folder]) => mentions(text, name, folder)))
      candidates.add(page.file);
  }
  return candidates;
}

/** A page's route: its path without the extension, a folder's `index` as the folder (lower case). */
function routeOf(rel: string): string {
  const route = rel.replace(/\.[^./]*$/, '').toLowerCase();
  return route === 'index' ? '' : route.replace(/\/index$/, '');
}

/** True when a redirect's destination may be one of these routes (a destination with parameters: any route under its fixed start). */
function leadsTo(destination: string, routes: string[]): boolean {
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(destination)) return false;
  const d = destination
    .split(/[?#]/)[0]!
    .toLowerCase()
    .replace(/^\/+|\/+$/g, '');
  const parameter = d.search(/[:*]/);
  return parameter < 0 ? routes.includes(d) : routes.some((route) => route.startsWith(d.slice(0, parameter)));
}

/** Characters a reference's path may be preceded by: a path, a link, a quoted string, an expression, an angle-bracket destination. */
const BEFORE = new Set(['/', '(', '"', "'", '`', '=', '{', '<', '[']);
/** A link reference definition up to its destination (`[name]: `, the destination perhaps on the next line). */
const DEFINITION = /\]:\s*$/;

/** What may continue a path segment (and so makes a longer name, or a folder's path when after `/`). */
const NAME_CHAR = /[a-z0-9_.%~-]/;

/**
 * True when `text` (lower case) holds `name` where a reference's path could: after a character
 * that starts or separates one (or a link reference definition), and not followed by more of a
 * name (a letter, a digit, `_` or `-`), nor, unless `folder`, by more of a path (`name/more`; a
 * trailing `/` is allowed). Prose that happens to use the word does not count.
 */
function mentions(text: string, name: string, folder: boolean): boolean {
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
    const end = at + name.length;
    const after = text.charAt(end);
    if (after && /[a-z0-9_-]/.test(after)) continue;
    if (after === '/' && !folder && NAME_CHAR.test(text.charAt(end + 1))) continue;
    const before = text.charAt(at - 1);
    if (at === 0 || BEFORE.has(before) || (/\s/.test(before) && DEFINITION.test(text.slice(Math.max(0, at - 200), at))))
      return true;
  }
  return false;
}
