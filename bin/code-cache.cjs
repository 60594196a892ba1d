'use strict';
// Loads a file of doclint's bundle (dist/bundle/*.cjs, CommonJS) so that a run does not compile
// the same code again: with Node's own compile cache where it has one (22.1 and later), else with
// V8's code cache kept in the user's cache folder, written after a run and used by the next ones. Compiling the
// bundle is about a third of a short run (a warm cached run, a one-page pre-commit run) on Node 20.
// NODE_DISABLE_COMPILE_CACHE turns both off, as it does Node's own.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const v8 = require('node:v8');
const vm = require('node:vm');
const Module = require('node:module');
const { isMainThread, threadId } = require('node:worker_threads');

/** New compiled code (bytecode and metadata) past which a run writes the cache again. */
const MIN_NEW_CODE_BYTES = 128 * 1024;

/** Growth of the bundle's code cache past which a run that used the cache writes it again. */
const MIN_NEW_CACHE_BYTES = 32 * 1024;

/** Bytes of compiled code (bytecode and metadata) in this isolate's heap. */
function compiledBytes() {
  return v8.getHeapCodeStatistics().bytecode_and_metadata_size;
}

/** Largest code cache read (the bundle's is about 1 MB). */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;

function cacheFolder() {
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'doclint', 'code-cache');
}

/** The cache of `file` as it is now: named by its size, time and inode, and Node's version (V8 checks only the length of the source). */
function cacheName(file, info) {
  return `${path.basename(file)}-${info.size}-${Math.round(info.mtimeMs)}-${info.ino}-${process.version}-${process.arch}.v8`;
}

/** The cache's bytes: a regular file of this user's, of a bounded size. */
function readCache(cacheFile) {
  try {
    const info = fs.lstatSync(cacheFile);
    if (!info.isFile() || info.size > MAX_CACHE_BYTES) return undefined;
    if (typeof process.getuid === 'function' && info.uid !== process.getuid()) return undefined;
    return fs.readFileSync(cacheFile);
  } catch {
    return undefined;
  }
}

function writeCache(folder, name, data, file) {
  try {
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
    const target = path.join(folder, name);
    const temporary = `${target}.${process.pid}-${threadId}.tmp`;
    fs.writeFileSync(temporary, data, { mode: 0o600 });
    fs.renameSync(temporary, target);
    // Caches of earlier builds of the same file are dropped.
    const stem = `${path.basename(file)}-`;
    for (const other of fs.readdirSync(folder)) {
      if (other !== name && other.startsWith(stem) && other.endsWith('.v8'))
        fs.rmSync(path.join(folder, other), { force: true });
    }
  } catch {
    // no place for the cache: the next run compiles again
  }
}

/**
 * Requires `file` (an absolute path). `saveAfterMs`: on a worker thread, which is stopped rather
 * than left to exit, the cache is written that long after loading (once the code it runs has
 * been compiled) instead of at exit.
 */
exports.load = function load(file, options = {}) {
  if (typeof Module.enableCompileCache === 'function') {
    if (!process.env.NODE_DISABLE_COMPILE_CACHE) Module.enableCompileCache();
    return require(file);
  }
  let info;
  try {
    info = fs.statSync(file);
  } catch {
    info = undefined;
  }
  if (process.env.NODE_DISABLE_COMPILE_CACHE || !info) return require(file);
  // Code read from a code cache cannot run import() on Node 20 ("a dynamic import callback was not
  // specified"): the bundle imports the user's modules (plugins) through this module's import().
  globalThis.__doclintImport = (specifier) => import(specifier);
  const folder = cacheFolder();
  const name = cacheName(file, info);
  const cachedData = readCache(path.join(folder, name));
  const script = new vm.Script(Module.wrap(fs.readFileSync(file, 'utf8')), { filename: file, cachedData });
  const mod = new Module(file, module);
  mod.filename = file;
  mod.paths = Module._nodeModulePaths(path.dirname(file));
  Module._cache[file] = mod;
  script.runInThisContext().call(mod.exports, mod.exports, Module.createRequire(file), mod, file, path.dirname(file));
  mod.loaded = true;
  // Written once the run has compiled what it uses, so that the next run finds all of it: when
  // the run compiled much code the cache did not hold (there was none, it was written by a run of
  // another kind: a warm run parses no page, a whole-site run runs the site checks), so that the
  // cache comes to hold what the runs made here use. A run that compiled little (--version,
  // --help, a usage error) leaves it as it is.
  const compiledBefore = compiledBytes();
  const save = () => writeCache(folder, name, script.createCachedData(), file);
  if (isMainThread || options.saveAfterMs === undefined) {
    process.once('exit', () => {
      if (compiledBytes() - compiledBefore <= MIN_NEW_CODE_BYTES) return;
      // Code compiled outside the bundle (validators a schema library builds at run time) counts
      // above but is never in the bundle's cache: with a cache that was used, write it again only
      // when the bundle's own compiled code grew.
      const data = script.createCachedData();
      if (cachedData && !script.cachedDataRejected && data.length - cachedData.length <= MIN_NEW_CACHE_BYTES) return;
      writeCache(folder, name, data, file);
    });
  } else if (!cachedData || script.cachedDataRejected) setTimeout(save, options.saveAfterMs).unref();
  return mod.exports;
};
