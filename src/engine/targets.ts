import { stat } from 'node:fs/promises';
import path from 'node:path';
import { isInside, toPosix } from '../core/paths.js';
import { UserError } from '../core/errors.js';
import { CONFIG_FILE, findSiteRoot } from '../site/load.js';
import { siteHint } from '../site/find-below.js';
import { autoThreads } from './page-pool.js';
import type { SessionOptions } from './session.js';

/*
 * What a run is over: the paths it is given, grouped by the site they belong to, and what each
 * site's session is opened with (worker threads, the pages whose bytes the listing keeps).
 */

/** The files and folders of one site a run lints. */
export interface Target {
  root: string;
  /** The site root itself was asked for: everything is in scope. */
  whole: boolean;
  /** Otherwise, the files and folders asked for. */
  only: Set<string>;
  folders: string[];
  /** Files named as they are (not found by a glob pattern): an ignored one gets a warning. */
  explicit: Set<string>;
}

/** Characters that make a path argument a glob pattern (when no file has that name). */
const GLOB_CHARS = /[*?[\]{}]/;

/** Groups the requested paths by the site they belong to. Files outside any site are skipped. */
export async function resolveTargets(
  paths: string[],
  cwd: string,
  overlays?: ReadonlyMap<string, string | Buffer>,
): Promise<Target[]> {
  const targets = new Map<string, Target>();
  const requested = paths.length ? paths : ['.'];
  const named: Array<{ p: string; abs: string; explicit: boolean }> = [];
  for (const p of requested) {
    const abs = path.resolve(cwd, p);
    const exists =
      overlays?.has(abs) ||
      (await stat(abs).then(
        () => true,
        () => false,
      ));
    // A quoted glob (npm scripts, Windows shells): the files it matches, as a shell would expand it.
    if (!exists && GLOB_CHARS.test(p)) {
      const fg = (await import('fast-glob')).default;
      const matches = await fg(toPosix(p), {
        cwd,
        absolute: true,
        onlyFiles: true,
        dot: false,
        ignore: ['**/node_modules/**'],
      });
      if (!matches.length) throw new UserError(`no files match the pattern "${p}"`);
      for (const match of matches.sort()) named.push({ p: match, abs: path.resolve(match), explicit: false });
    } else named.push({ p, abs, explicit: true });
  }
  for (const { p, abs, explicit } of named) {
    let info: { isDirectory(): boolean };
    try {
      info = overlays?.has(abs) ? { isDirectory: () => false } : await stat(abs);
    } catch {
      throw new UserError(`no such file or folder: ${p}`);
    }
    const root = await findSiteRoot(info.isDirectory() ? abs : path.dirname(abs));
    if (!root) {
      if (info.isDirectory()) {
        // A repository whose site is in a subfolder: say where it is.
        const hint = await siteHint(abs, cwd);
        const none = `no ${CONFIG_FILE} found in ${p} or any folder above it`;
        throw new UserError(hint ? `${abs === cwd ? `no ${CONFIG_FILE} here` : none}; ${hint}` : none);
      }
      continue; // a file outside any site (pre-commit passes all sorts of files): nothing to lint
    }
    let target = targets.get(root);
    if (!target) {
      target = { root, whole: false, only: new Set(), folders: [], explicit: new Set() };
      targets.set(root, target);
    }
    if (info.isDirectory() && abs === root) target.whole = true;
    else if (info.isDirectory()) target.folders.push(abs);
    else {
      target.only.add(abs);
      if (explicit) target.explicit.add(abs);
    }
  }
  return [...targets.values()];
}

/**
 * Worker threads for a site's page pass: `auto` is one per core for a site or a folder; for files
 * (pre-commit's lists, standard input) it is one thread, the main one, where starting a worker
 * would cost more than the few pages it parses: only a page that looks slow goes to a worker
 * thread, under the time limit.
 */
export function threadsFor(
  threads: number | 'auto' | undefined,
  target: Target,
  overlays: ReadonlyMap<string, string | Buffer> | undefined,
): SessionOptions {
  if (threads === undefined) return { threads: 0 };
  if (threads !== 'auto') return { threads };
  const small = overlays !== undefined || (!target.whole && target.folders.length === 0);
  return small ? { threads: 1, mainThreadFirst: true } : { threads: autoThreads() };
}

/** The pages whose bytes the listing of the site keeps for the page pass: those the run lints. */
export function prefetchFor(target: Target): (relative: string) => boolean {
  if (target.whole) return () => true;
  return (relative) => {
    const file = path.join(target.root, relative);
    return target.only.has(file) || target.folders.some((folder) => isInside(folder, file));
  };
}

/** The removed files by site; a site the change only removes files from is added to the targets, with nothing of its own in scope. */
export async function removedTargets(
  removed: ReadonlyMap<string, Buffer> | undefined,
  targets: Target[],
): Promise<Map<string, Map<string, Buffer>>> {
  const removedBySite = new Map<string, Map<string, Buffer>>();
  for (const [file, content] of removed ?? []) {
    const root = await findSiteRoot(path.dirname(file));
    if (!root) continue;
    let map = removedBySite.get(root);
    if (!map) removedBySite.set(root, (map = new Map()));
    map.set(file, content);
    if (!targets.some((t) => t.root === root))
      targets.push({ root, whole: false, only: new Set(), folders: [], explicit: new Set() });
  }
  return removedBySite;
}

/** Whether `--ignore-pattern` ignores a file (patterns relative to the working folder). */
export async function userIgnoreTest(options: {
  cwd: string;
  ignorePatterns?: string[];
  noIgnore?: boolean;
}): Promise<(file: string) => boolean> {
  const userIgnores =
    options.ignorePatterns?.length && !options.noIgnore
      ? (await import('ignore')).default().add(options.ignorePatterns)
      : undefined;
  return (file: string): boolean => {
    if (!userIgnores) return false;
    const rel = path.relative(options.cwd, file);
    return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) && userIgnores.ignores(toPosix(rel));
  };
}
