'use strict';
// Loads a file of doclint's bundle (dist/bundle/*.cjs, CommonJS) so that a run does not compile
// the same code again: with Node's own compile cache where it has one (22.1 and later), else, where
// Node can run it with dynamic import() still working (20.12 and later), with V8's code cache kept
// in the user's cache folder, written after the first run and used by the next ones. Compiling the
// bundle is about a third of a short run (a warm cached run, a one-page pre-commit run) on Node 20.
// NODE_DISABLE_COMPILE_CACHE turns both off, as it does Node's own.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const vm = require('node:vm');
const Module = require('node:module');
const { isMainThread, threadId } = require('node:worker_threads');

/** A run shorter than this does not write the cache (see below). */
const MIN_RUN_MS = 100;

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
      if (other !== name && other.startsWith(stem) && other.endsWith('.v8')) fs.rmSync(path.join(folder, other), { force: true });
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
/**
 * Node 20 calls the option that lets code loaded this way use dynamic import() (user plugins,
 * remark plugins) experimental and says so on standard error the first time one runs: that note
 * is left out. Any other warning is printed as usual.
 */
function quietDynamicImportNote() {
  const emit = process.emitWarning;
  process.emitWarning = function (warning, ...rest) {
    const text = typeof warning === 'string' ? warning : warning && warning.message;
    if (typeof text === 'string' && text.includes('USE_MAIN_CONTEXT_DEFAULT_LOADER')) return;
    return emit.call(process, warning, ...rest);
  };
}

exports.load = function load(file, options = {}) {
  if (typeof Module.enableCompileCache === 'function') {
    if (!process.env.NODE_DISABLE_COMPILE_CACHE) Module.enableCompileCache();
    return require(file);
  }
  const loader = vm.constants && vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER;
  let info;
  try {
    info = fs.statSync(file);
  } catch {
    info = undefined;
  }
  if (loader === undefined || process.env.NODE_DISABLE_COMPILE_CACHE || !info) return require(file);
  quietDynamicImportNote();
  const folder = cacheFolder();
  const name = cacheName(file, info);
  const cachedData = readCache(path.join(folder, name));
  const script = new vm.Script(Module.wrap(fs.readFileSync(file, 'utf8')), { filename: file, cachedData, importModuleDynamically: loader });
  const mod = new Module(file, module);
  mod.filename = file;
  mod.paths = Module._nodeModulePaths(path.dirname(file));
  Module._cache[file] = mod;
  script.runInThisContext().call(mod.exports, mod.exports, Module.createRequire(file), mod, file, path.dirname(file));
  mod.loaded = true;
  // A cache much smaller than the code was written by a run that compiled little of it (a usage
  // error, another command): written again by a run that does more.
  if (!cachedData || script.cachedDataRejected || cachedData.length < info.size / 2) {
    // Written once the run has compiled what it uses, so that the next run finds all of it; not
    // after a run too short to have compiled much (--version, --help), which would leave a cache
    // of little use to every run after it.
    const started = performance.now();
    const save = () => writeCache(folder, name, script.createCachedData(), file);
    if (isMainThread || options.saveAfterMs === undefined) {
      process.once('exit', () => {
        if (performance.now() - started >= MIN_RUN_MS) save();
      });
    } else setTimeout(save, options.saveAfterMs).unref();
  }
  return mod.exports;
};
