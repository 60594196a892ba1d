import { execFile } from 'node:child_process';
import { lstatSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { isInside } from './paths.js';
import { UserError } from './errors.js';

/*
 * The one answer to "where does this path really lead, is that inside ROOT, and what is there?",
 * for every path doclint reads or writes outside the site's own listing: a report (`-o`),
 * llms.txt (`--out`), the destination of `doclint rename`, a configuration file and what it
 * extends or imports, a docs.json `$ref`, the source a report quotes. Reads go through
 * src/core/safe-read.ts, which asks the same question of the file itself; this module answers it
 * for paths that may not exist yet (a file about to be written, in folders about to be made).
 */

/** What is at a path, not following a symbolic link in its last component. */
export type PlaceKind = 'missing' | 'file' | 'folder' | 'symlink' | 'special';

export interface Place {
  /** The path, made absolute (`..` resolved as text). */
  path: string;
  /**
   * The path with every symbolic link of its folders resolved (the last component as written):
   * the nearest folder that exists, resolved, joined with the rest.
   */
  real: string;
  /** What is at the path itself: a symbolic link is `symlink`, a FIFO, device or socket `special`. */
  kind: PlaceKind;
}

/** The real path of `folder` (links resolved), or the path itself when it cannot be resolved. */
export function realFolder(folder: string): string {
  try {
    return realpathSync.native(folder);
  } catch {
    return path.resolve(folder);
  }
}

/** Most symbolic links followed by hand (links that lead nowhere yet), as the system's own limit. */
const MAX_LINKS = 40;

/** Where `file` really is and what is there. Never throws. */
export function placeOf(file: string): Place {
  const abs = path.resolve(file);
  let kind: PlaceKind = 'missing';
  try {
    const info = lstatSync(abs);
    kind = info.isSymbolicLink() ? 'symlink' : info.isFile() ? 'file' : info.isDirectory() ? 'folder' : 'special';
  } catch {}
  return { path: abs, real: realFolders(abs, 0), kind };
}

/**
 * The path with the links of its folders resolved: the deepest folder that exists, resolved, then
 * the rest as written. A folder that is a link leading nowhere (yet) is followed by hand: making
 * the folders of the path would create them where it leads.
 */
function realFolders(abs: string, links: number): string {
  let dir = path.dirname(abs);
  const rest: string[] = [path.basename(abs)];
  for (;;) {
    try {
      const real = realpathSync.native(dir);
      if (statSync(real).isDirectory()) return path.join(real, ...rest);
    } catch {}
    try {
      if (links < MAX_LINKS && lstatSync(dir).isSymbolicLink())
        return realFolders(path.join(path.resolve(path.dirname(dir), readlinkSync(dir)), ...rest), links + 1);
    } catch {}
    const parent = path.dirname(dir);
    if (parent === dir) return abs;
    rest.unshift(path.basename(dir));
    dir = parent;
  }
}

/** True when `file`, with the links of its folders resolved, is inside `root` (itself resolved). */
export function leadsInside(root: string, file: string): boolean {
  return isInside(realFolder(root), placeOf(file).real);
}

/**
 * The root of the git repository holding `start` (the nearest folder with a `.git` folder or
 * file), or undefined outside a repository. Looks at each folder once, never at the network.
 */
export function repositoryRoot(start: string): string | undefined {
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    try {
      lstatSync(path.join(dir, '.git'));
      return dir;
    } catch {}
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** How long the check that a file is tracked by git may take. */
const GIT_TIMEOUT_MS = 5000;

/**
 * True when git tracks `file` in the repository at `repo` (`git ls-files --error-unmatch`);
 * false when it does not, or when git cannot say (not installed, too slow): the other checks
 * still apply. The repository's own hooks and monitors are not run.
 */
export function isTrackedByGit(repo: string, file: string): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(
      'git',
      [
        '-c',
        'core.fsmonitor=false',
        '-c',
        `safe.directory=${repo}`,
        'ls-files',
        '--error-unmatch',
        '--',
        path.relative(repo, file),
      ],
      {
        cwd: repo,
        timeout: GIT_TIMEOUT_MS,
        maxBuffer: 64 * 1024,
        windowsHide: true,
        env: { ...process.env, GIT_OPTIONAL_LOCKS: '0', GIT_LITERAL_PATHSPECS: '1' },
      },
      (error) => resolve(!error),
    );
  });
}

/** How `checkWriteTarget` judges a path besides the checks every write gets. */
export interface WriteCheck {
  /**
   * The folder the path must stay inside (and how messages name it), instead of the working
   * folder's repository: the site, for a page `--fix` rewrites.
   */
  within?: { folder: string; name: string };
  /** A file git tracks may be replaced: a page `--fix` rewrites, the committed suppressions file. */
  tracked?: boolean;
  /**
   * A symbolic link as the file itself is followed, and what it leads to is the file checked
   * and written (`--fix` on a page reached through a link keeps the link).
   */
  followLink?: boolean;
  /** What the file is, for the message about a folder ("name a file for the report"). */
  what?: string;
}

/**
 * Checks a file doclint is about to write (a report, llms.txt, the suppressions file, the cache,
 * a page `--fix` rewrites) for a destination a checkout can steer: a path inside the working
 * folder's repository (the folder itself outside a repository; `within` names another bound)
 * must still be inside it once the links of its folders are resolved, must not be a symbolic
 * link (unless `followLink`), must be a regular file if it exists (a FIFO would block the run, a
 * device or folder is no report), and must not be a file git tracks (`-o README.md`; unless
 * `tracked`). A path outside the bound as written was named by the user and is written as asked
 * (`-o /dev/null`, `-o $RUNNER_TEMP/x`). Throws UserError (nothing is written); `name` is how
 * the path is shown. Returns the place, whose `real` is the path to write.
 */
export async function checkWriteTarget(
  file: string,
  cwd: string,
  name: string,
  check: WriteCheck = {},
): Promise<Place> {
  let place = placeOf(file);
  if (check.followLink && place.kind === 'symlink') {
    let target: string;
    try {
      target = realpathSync.native(place.path);
    } catch {
      throw new UserError(`${name} is a symbolic link that leads to no file; nothing was written`);
    }
    const resolved = placeOf(target);
    place = { path: place.path, real: resolved.real, kind: resolved.kind === 'symlink' ? 'special' : resolved.kind };
  }
  const repo = check.within ? undefined : repositoryRoot(cwd);
  const boundary = check.within?.folder ?? repo ?? path.resolve(cwd);
  if (!isInside(boundary, place.path)) return place;
  const where = check.within?.name ?? (repo ? 'the repository' : 'the current folder');
  if (!isInside(realFolder(boundary), place.real))
    throw new UserError(
      `${name} leads outside ${where} through a symbolic link (to ${place.real}); nothing was written`,
    );
  if (place.kind === 'symlink')
    throw new UserError(
      `${name} is a symbolic link; doclint does not write through one (name a plain file); nothing was written`,
    );
  if (place.kind === 'folder')
    throw new UserError(`${name} is a folder; name a file for ${check.what ?? 'the report'}`);
  if (place.kind === 'special')
    throw new UserError(`${name} is not a regular file (a FIFO, device or socket); nothing was written`);
  const trackedIn = check.tracked ? undefined : (repo ?? (check.within ? repositoryRoot(boundary) : undefined));
  if (trackedIn && place.kind === 'file' && (await isTrackedByGit(trackedIn, place.path)))
    throw new UserError(
      `${name} is a file git tracks; doclint does not write over it (choose another path); nothing was written`,
    );
  return place;
}

/**
 * `checkWriteTarget` for a file that belongs with a site (its suppressions file, its cache, the
 * configuration `init` writes), from the working folder's repository and from the site's (the site
 * may be in another one): a folder that links out of either, a link, a FIFO or a device is refused.
 */
export async function checkSiteWrite(
  file: string,
  cwd: string,
  siteRoot: string,
  name: string,
  check: WriteCheck = {},
): Promise<Place> {
  await checkWriteTarget(file, cwd, name, check);
  return checkWriteTarget(file, siteRoot, name, check);
}
