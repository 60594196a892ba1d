// Which doclint the extension starts for a file, and which running server a file belongs to: pure
// functions over a small file-system interface (the extension passes the real one, the tests a
// fake), with the path rules of the platform given (win32 or posix), so that Windows is tested too.
const path = require('node:path');

/**
 * @typedef {{ isFile(file: string): boolean, readFile(file: string): string | undefined, realpath(file: string): string }} FileSystem
 * @typedef {{ kind: 'node', script: string } | { kind: 'command', command: string, shell: boolean }} Launch
 * @typedef {{ key: string, root: string, launch: Launch, source: string } | { error: string }} Resolved
 */

const JS = /\.[cm]?js$/i;

/**
 * The JavaScript entry an npm, pnpm or yarn shim in node_modules/.bin runs: a Windows `.cmd`
 * (`"%dp0%\..\doclint\bin\doclint.js" %*`), a PowerShell or sh script (`"$basedir/../doclint/bin/doclint.js"`),
 * or an absolute path written into the shim. Undefined when the shim names no .js file.
 */
function entryFromShim(text, shimFile, platform) {
  const p = platform === 'win32' ? path.win32 : path.posix;
  const found = [
    ...text.matchAll(/((?:%~?dp0%?|\$basedir|[A-Za-z]:|\/|\.{1,2})[^"'\s:;]*?\.[cm]?js)(?=["'\s]|$)/gi),
  ].map((m) => m[1]);
  const raw = found.findLast((f) => /[\\/]doclint\.js$/i.test(f)) ?? found.at(-1);
  if (!raw) return undefined;
  const relative = raw.replace(/^(%~?dp0%?|\$basedir)[\\/]?/i, '');
  if (relative !== raw || !p.isAbsolute(raw)) return p.resolve(p.dirname(shimFile), relative);
  return p.normalize(raw);
}

/**
 * The doclint to start for `file` (an opened document, or a workspace folder):
 * 1. the `doclint.path` setting: a .js entry (run with node), a shim or a command;
 * 2. else the nearest `node_modules/doclint` or `node_modules/.bin/doclint` from the file's folder
 *    upwards (a nested package.json, a monorepo root above the docs, another workspace folder);
 * 3. else `doclint` on the PATH.
 * In an untrusted workspace (`trusted: false`) nothing of the workspace runs: no node_modules of
 * it, no doclint.path inside it (or relative to it); `doclint` on the PATH, or a doclint.path
 * outside the workspace folder.
 * A JavaScript entry is started with node itself, never through a `.cmd` shim (which Node.js
 * refuses to spawn without a shell on Windows); a command on Windows runs with `shell: true`,
 * which is how a `.cmd` on the PATH is found.
 * @param {{ file: string, workspaceFolder?: string, configured?: string, platform: string, trusted?: boolean }} input
 * @param {FileSystem} fs
 * @returns {Resolved}
 */
function resolveServer({ file, workspaceFolder, configured, platform, trusted = true }, fs) {
  const p = platform === 'win32' ? path.win32 : path.posix;
  const win = platform === 'win32';
  const start = fs.isFile(file) ? p.dirname(file) : file;
  const fallbackRoot = workspaceFolder ?? start;

  if (configured) {
    const isPath = configured.includes('/') || (win && configured.includes('\\')) || JS.test(configured);
    if (isPath) {
      const resolved = p.isAbsolute(configured)
        ? configured
        : workspaceFolder
          ? p.join(workspaceFolder, configured)
          : undefined;
      if (!resolved)
        return { error: `doclint.path "${configured}" is relative, and the file is in no workspace folder` };
      const inWorkspace =
        !p.isAbsolute(configured) || (workspaceFolder !== undefined && isInside(resolved, workspaceFolder, platform));
      if (trusted || !inWorkspace) {
        if (!fs.isFile(resolved)) return { error: `doclint.path "${configured}": there is no file ${resolved}` };
        return fromExecutable(resolved, fallbackRoot, 'doclint.path', fs, platform);
      }
    } else return command(configured, fallbackRoot, 'doclint.path', win);
  }
  if (!trusted) return command('doclint', fallbackRoot, 'PATH (untrusted workspace)', win);

  for (let dir = start; ; dir = p.dirname(dir)) {
    const modules = p.join(dir, 'node_modules');
    const entry = p.join(modules, 'doclint', 'bin', 'doclint.js');
    if (fs.isFile(entry) && isDoclintPackage(fs.readFile(p.join(modules, 'doclint', 'package.json')))) {
      return node(entry, dir, p.join(modules, 'doclint'));
    }
    for (const shim of win ? ['doclint.cmd', 'doclint.ps1', 'doclint'] : ['doclint']) {
      const file = p.join(modules, '.bin', shim);
      if (fs.isFile(file)) return fromExecutable(file, dir, p.join(modules, '.bin', shim), fs, platform);
    }
    if (p.dirname(dir) === dir) break;
  }
  return command('doclint', fallbackRoot, 'PATH', win);
}

function isDoclintPackage(text) {
  try {
    return JSON.parse(text ?? '').name === 'doclint';
  } catch {
    return false;
  }
}

/** A file to run: a .js entry, a shim whose entry it finds (the symlink's target, or the path in its text), else the file itself as a command. */
function fromExecutable(file, root, source, fs, platform) {
  const win = platform === 'win32';
  if (JS.test(file)) return node(file, root, source);
  let real = file;
  try {
    real = fs.realpath(file);
  } catch {
    // a broken link: read the shim as it is
  }
  if (JS.test(real)) return node(real, root, source);
  const text = fs.readFile(file);
  const entry = text === undefined ? undefined : entryFromShim(text, file, platform);
  if (entry && fs.isFile(entry)) return node(entry, root, source);
  return command(file, root, source, win && /\.(cmd|bat)$/i.test(file));
}

function node(script, root, source) {
  return { key: `node:${script}`, root, launch: { kind: 'node', script }, source };
}

function command(name, root, source, shell) {
  return { key: `command:${name}:${root}`, root, launch: { kind: 'command', command: name, shell }, source };
}

/** Whether `file` is `root` or inside it (case-insensitively on Windows). */
function isInside(file, root, platform) {
  const p = platform === 'win32' ? path.win32 : path.posix;
  const relative = p.relative(root, file);
  return relative === '' || (!relative.startsWith('..') && !p.isAbsolute(relative));
}

/**
 * The root, of those the running servers were started for, that owns `file`: the deepest one it is
 * inside. A file belongs to one server only, even where roots nest (a docs folder with its own
 * node_modules inside a workspace folder served by another doclint).
 */
function ownerOf(file, roots, platform) {
  let best;
  for (const root of roots) {
    if (isInside(file, root, platform) && (best === undefined || root.length > best.length)) best = root;
  }
  return best;
}

/**
 * The folder of the docs site `file` belongs to: the nearest folder at or above it that holds a
 * docs.json (undefined when there is none: the file is not part of a docs site).
 */
function siteRootOf(file, fs, platform) {
  const p = platform === 'win32' ? path.win32 : path.posix;
  let dir = p.dirname(file);
  for (let depth = 0; depth < 256; depth++) {
    if (fs.isFile(p.join(dir, 'docs.json'))) return dir;
    const parent = p.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
  return undefined;
}

/**
 * The file `command` names on `searchPath` (the PATH's value), as a shell would find it: the first
 * folder holding it (on Windows, with one of PATHEXT's extensions). Undefined when none does.
 */
function findOnPath(command, searchPath, platform, fs, pathext) {
  const p = platform === 'win32' ? path.win32 : path.posix;
  const extensions =
    platform === 'win32' ? ['', ...(pathext || '.COM;.EXE;.BAT;.CMD').split(';').filter(Boolean)] : [''];
  for (const dir of searchPath.split(platform === 'win32' ? ';' : ':')) {
    if (!dir) continue;
    for (const extension of extensions) {
      const candidate = p.join(dir, command + extension);
      if (fs.isFile(candidate)) return candidate;
    }
  }
  return undefined;
}

module.exports = { resolveServer, entryFromShim, ownerOf, isInside, siteRootOf, findOnPath };
