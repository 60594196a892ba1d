import { constants, lstatSync, statSync } from 'node:fs';
import { access, lstat, mkdir, readFile, rename, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { isInside, toPosix } from '../core/paths.js';
import { placeOf, realFolder } from '../core/place.js';
import type { SiteModel } from '../model/site-model.js';
import type { PageEntry } from '../site/site.js';
import { writeAtomic } from '../engine/fix.js';
import type { SiteSession } from '../engine/session.js';
import { UserError } from '../core/errors.js';
import {
  exactRedirect,
  PAGE_EXT,
  type RenameFileChange,
  type RenamePlan,
  type RenameSource,
  type RenameSubject,
} from './rename-plan.js';

export { planRename, snippetUses } from './rename-plan.js';
export type { RenameEdit, RenameFileChange, RenamePlan, RenameSource, RenameSubject } from './rename-plan.js';

/*
 * `doclint rename OLD NEW`: the edits that keep a site whole when a page, or a folder of pages,
 * moves — docs.json navigation (in `$ref` files too), every internal link, import and
 * `<Snippet file>` of pages and snippets, the destinations of existing redirects, and one new
 * redirect from the old place to the new. The plan is computed from the session's page facts and
 * the positions of docs.json; every edit replaces exactly the text of one path and nothing else.
 * The language server answers `workspace/willRenameFiles` with the same plan.
 */

/** Characters a new name may not hold: they would need escaping in links, JSX or JSON. */
const UNSAFE_NAME = /[\s#?%"'`<>{}[\]()\\|^]/;

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
      rel === undefined
        ? `${oldArg} is outside the site (${root})`
        : `${oldArg} is not a page, a snippet or a folder of pages of the site at ${root}`,
    );
  }
  if (subject.kind === 'page' && path.posix.basename(subject.page.relative) === 'docs.json')
    throw new UserError('docs.json is not a page');

  // NEW: absolute inside the site, a route from the site root (`/x`), else relative to cwd. An
  // absolute path of the machine outside the site is refused, not read as a route.
  if (isOutsidePath(root, newArg))
    throw new UserError(`${newArg} is outside the site (${root}); a page moves within its site`);
  const newAbsolute =
    path.isAbsolute(newArg) && isInside(root, newArg)
      ? path.resolve(newArg)
      : newArg.startsWith('/')
        ? path.join(root, newArg)
        : path.resolve(cwd, newArg);
  let to = siteRelative(root, newAbsolute)?.replace(/\/+$/, '');
  if (to === undefined || to === '' || to.startsWith('..'))
    throw new UserError(`${newArg} is outside the site (${root}); a page moves within its site`);
  if (UNSAFE_NAME.test(to))
    throw new UserError(
      `${to} holds a character links would have to escape (space, #, ?, %, quotes, brackets…); choose a plain name`,
    );
  if (subject.kind === 'page') {
    const ext = path.posix.extname(subject.page.relative);
    if (!PAGE_EXT.test(to)) {
      if (path.posix.extname(to) !== '' && !isDirectory(newAbsolute))
        throw new UserError(`${to} is not a page file (.mdx or .md)`);
      to += ext;
    }
  }
  const from = subject.kind === 'page' ? subject.page.relative : subject.from;
  if (to === from) throw new UserError(`${to} is where ${from} already is`);
  if (subject.kind === 'folder' && (to.startsWith(`${from}/`) || from.startsWith(`${to}/`)))
    throw new UserError(`cannot move the folder ${from} into itself or into one of its own folders (${to})`);
  // Compared as real paths: a folder of the site may be a symbolic link out of it (`archive` -> /elsewhere).
  const landing = leadsOut(root, path.join(root, to));
  if (landing !== undefined)
    throw new UserError(
      `${to} leads outside the site through a symbolic link (to ${landing}); a page moves within its site`,
    );
  if (existsAny(path.join(root, to)))
    throw new UserError(`${to} already exists; choose another name or remove it first`);
  if (site.isIgnored(to) || site.isIgnored(`${to}/x.mdx`))
    throw new UserError(
      `${to} is ignored by the platform (.mintignore, a dot-folder, node_modules…); the page would no longer be published`,
    );
  if (subject.kind === 'page') {
    const route = to.replace(PAGE_EXT, '');
    const clash = site.routes.get(route);
    if (clash && clash !== subject.page)
      throw new UserError(`${clash.relative} already has the route /${route}; choose another name`);
    if (!subject.page.isSnippet && exactRedirect(site, route))
      throw new UserError(
        `a docs.json redirect sends /${route} elsewhere: the page would not be reachable there; remove that redirect first`,
      );
    return { kind: 'page', page: subject.page, to };
  }
  for (const p of site.routes.keys()) {
    if (p === to || p.startsWith(`${to}/`))
      throw new UserError(`${site.routes.get(p)!.relative} already has a route under /${to}; choose another name`);
  }
  if (exactRedirect(site, to))
    throw new UserError(`a docs.json redirect sends /${to} elsewhere; remove that redirect first`);
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
    if (!bytes || bytes.toString('utf8') !== change.original)
      throw new UserError(`${rel(change.file)} changed since it was read; nothing was changed`);
    if (!bytes.equals(Buffer.from(change.original, 'utf8')))
      throw new UserError(`${rel(change.file)} is not valid UTF-8; nothing was changed`);
    const info = await stat(change.file);
    const writable = await access(change.file, constants.W_OK).then(
      () => true,
      () => false,
    );
    if ((info.mode & 0o222) === 0 || !writable)
      throw new UserError(`${rel(change.file)} is read-only; nothing was changed`);
    if (info.nlink > 1) throw new UserError(`${rel(change.file)} has other hard links; nothing was changed`);
  }
  const landing = leadsOut(plan.root, plan.move.to);
  if (landing !== undefined)
    throw new UserError(
      `${rel(plan.move.to)} leads outside the site through a symbolic link (to ${landing}); nothing was changed`,
    );
  if (!(await lstat(plan.move.from).catch(() => undefined)))
    throw new UserError(`${rel(plan.move.from)} no longer exists; nothing was changed`);
  if (await lstat(plan.move.to).catch(() => undefined))
    throw new UserError(`${rel(plan.move.to)} already exists; nothing was changed`);

  const written: RenameFileChange[] = [];
  const undo = async (): Promise<string[]> => {
    const left: string[] = [];
    for (const change of written.reverse()) {
      await writeAtomic(change.file, change.output, change.original, { root: plan.root }).catch(() =>
        left.push(rel(change.file)),
      );
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
      await writeAtomic(change.file, change.original, change.output, { root: plan.root });
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
    if (await lstat(plan.move.to).catch(() => undefined))
      throw Object.assign(new Error('the destination appeared'), { code: 'EEXIST' });
    await rename(plan.move.from, plan.move.to);
  } catch (error) {
    for (const dir of created.reverse()) await rmdir(dir).catch(() => undefined);
    await fail(`cannot move ${rel(plan.move.from)} to ${rel(plan.move.to)}`, error);
  }
}
