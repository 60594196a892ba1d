import { stat } from 'node:fs/promises';
import { realRoot } from '../core/safe-read.js';
import path from 'node:path';
import { append, sortAndDedupe, type Diagnostic } from '../core/diagnostic.js';
import { CONFIG_FILE, findSiteRoot } from '../site/load.js';
import { isInside, toPosix } from '../core/paths.js';
import { buildIdentity } from '../core/package.js';
import { LintCache } from '../cache/cache.js';
import { cacheFile, notACache } from '../cache/cache-place.js';
import { applyFixes, writeAtomic } from '../engine/fix.js';
import { sweepStaleTempsIn } from '../core/atomic-write.js';
import { SiteSession, type LintResult, type SessionOptions } from '../engine/session.js';
import { autoThreads } from '../engine/page-pool.js';
import type { RuleSetting } from '../config/settings.js';
import { resolveSiteSettings } from '../config/site-settings.js';
import { suppress, type SuppressionOutcome, type SuppressionsOptions } from './suppressions.js';
import type { HeldSuppression, UnusedSuppression } from '../engine/message-control.js';
import { siteHint } from '../site/find-below.js';
import type { RecordableRun } from '../cache/run-record.js';
import { UserError } from '../core/errors.js';
import { externalChecker, type ExternalRunOptions } from '../services/external/checker.js';
import { leftOut, reportPlaceProblem } from './report-place.js';
import type { WarmSessions } from '../engine/warm.js';

export interface LintOptions {
  /** Files or folders; a folder with docs.json (or inside one) is a site, files are linted alone. */
  paths: string[];
  cwd: string;
  /** A configuration file to use instead of looking for one from each site root. */
  configFile?: string;
  /** Per-rule overrides, e.g. from `--rule id:severity`, applied over the configuration file. */
  overrides?: Record<string, RuleSetting>;
  /** Text that stands for files instead of the disk (standard input). */
  overlays?: ReadonlyMap<string, string | Buffer>;
  /** Reuse and keep results between runs (`--cache`); the file defaults to `.doclintcache` at the site root. */
  cache?: { location?: string };
  /** Called as pages are done (for a progress line on a terminal). */
  onProgress?: (done: number, total: number) => void;
  /** Apply the fixes of fixable findings: `write` to disk, or `dry-run` to only compute them. */
  fix?: 'write' | 'dry-run';
  /** With `fix`: also apply each finding's first suggestion (guesses such as did-you-mean renames). */
  fixSuggestions?: boolean;
  /**
   * Worker threads for the page pass (`--threads`): a number, or `auto` (one per core; one for a
   * run over files or standard input). None: pages are linted on the calling thread.
   */
  threads?: number | 'auto';
  /**
   * Files the change being committed removes (`--staged`: deletions and the old names of renames),
   * absolute, with their last committed content. What in their sites now points at a missing
   * path is reported too, in whichever file it is.
   */
  removed?: ReadonlyMap<string, Buffer>;
  /** The sites' docs.json files the change edits, absolute, with their content before it (which removed pages were published). */
  configsBefore?: ReadonlyMap<string, Buffer>;
  /** Bulk suppressions (`doclint-suppressions.json`): where, and whether to record or prune them. */
  suppressions?: SuppressionsOptions;
  /** `--ignore-pattern`: gitignore-style patterns relative to `cwd`, of files not to lint. */
  ignorePatterns?: string[];
  /** `--no-ignore`: the configuration's `ignores` and `ignorePatterns` off (the platform's own ignores still apply). */
  noIgnore?: boolean;
  /** False: `--no-plugins`, nothing the configuration names is imported (plugins, remark plugins, JavaScript `extends`). */
  plugins?: boolean;
  /** `--check-external`: the rules that check external links run, on the network (nothing else does). */
  checkExternal?: ExternalRunOptions;
  /**
   * The file the report is written to (`-o`), absolute: left out of the listing of a site it is a
   * static file of (see src/commands/report-place.ts).
   */
  output?: string;
  /**
   * Sessions kept warm between runs (the MCP server, src/engine/warm.ts): each site's session is
   * taken from there, caught up with the disk, and given back instead of closed. Not with `cache`.
   */
  sessions?: WarmSessions;
}

/** A file whose content the fixes changed. */
export interface FixedFile {
  file: string;
  original: string;
  output: string;
  /** Set when the file could not be written (it changed meanwhile, or the write failed). */
  error?: string;
  /** How many fixes (and, with `fixSuggestions`, suggestions) were applied to it. */
  fixes: number;
}

export interface LintRun {
  /** Findings, sorted by file and position. */
  diagnostics: Diagnostic[];
  /** Every file that was linted (with or without findings), absolute. */
  files: string[];
  /** Site roots that were linted. */
  sites: string[];
  /** With `fix`: the files the fixes changed (written unless dry-run). */
  fixed: FixedFile[];
  /** True for a file of a linted site (docs.json and its `$ref` files, pages, specs, images…), as listed by the run. */
  isSiteFile(file: string): boolean;
  /**
   * Why a report may not be written at `file` (absolute; `name` is how it is shown), as one line
   * for the user, or undefined when it may (see src/commands/report-place.ts).
   */
  reportPlaceProblem(file: string, name: string): string | undefined;
  /** Errors and warnings left out because the suppressions file records them (with `suppressions.countOnly`: that it would leave out). */
  suppressed: number;
  /**
   * Recorded suppressions the run did not reach, with the suppressions file they are in, and
   * whether the run linted that site whole (a run over files judges only their entries).
   */
  unusedSuppressions: Array<UnusedSuppression & { in: string; whole: boolean }>;
  /** Recorded suppressions not reached where the run could not check: kept, with why. */
  heldSuppressions: Array<HeldSuppression & { in: string }>;
  /** Recorded suppressions not reached because the rule is now off (or notes only) for the file: not unused, prunable. */
  relaxedSuppressions: Array<UnusedSuppression & { in: string }>;
  /** Suppressions files written (recorded or pruned), with what they now hold. */
  suppressionsWritten: NonNullable<SuppressionOutcome['written']>[];
  /** Files named explicitly that an ignore pattern skipped (a warning, as ESLint gives). */
  ignored: string[];
  /** With `plugins: false`: what the configurations name that was not imported (`plugin "acme"`…), once each. */
  notLoaded: string[];
  /** What the run says once about checks it could not do in full (a spelling dictionary not installed), once each. */
  notices: string[];
  /**
   * Set when the run's outcome can be recorded for a later run to replay (src/cache/run-record.ts):
   * a `--cache` run over one whole site, fixing nothing, reading no standard input, writing no
   * suppressions, loading no plugin, and stopped at no time limit.
   */
  recordable?: RecordableRun;
}

/** Fix passes per run: a fix can make room for another (overlapping fixes wait a pass). */
const MAX_FIX_PASSES = 10;

interface Target {
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
async function resolveTargets(
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
function threadsFor(
  threads: LintOptions['threads'],
  target: Target,
  overlays: LintOptions['overlays'],
): SessionOptions {
  if (threads === undefined) return { threads: 0 };
  if (threads !== 'auto') return { threads };
  const small = overlays !== undefined || (!target.whole && target.folders.length === 0);
  return small ? { threads: 1, mainThreadFirst: true } : { threads: autoThreads() };
}

/** The pages whose bytes the listing of the site keeps for the page pass: those the run lints. */
function prefetchFor(target: Target): (relative: string) => boolean {
  if (target.whole) return () => true;
  return (relative) => {
    const file = path.join(target.root, relative);
    return target.only.has(file) || target.folders.some((folder) => isInside(folder, file));
  };
}

/** What the run gathers across its sites, and what each site's lint needs of the others. */
interface RunState {
  targets: Target[];
  removedBySite: Map<string, Map<string, Buffer>>;
  siteFiles: Array<(file: string) => boolean>;
  isSiteFile: (file: string) => boolean;
  /** Per linted site, why a report may not be written at a file (see LintRun). */
  reportPlaces: Array<(file: string, name: string) => string | undefined>;
  ignoredByUser: (file: string) => boolean;
  all: Diagnostic[];
  /** Per file, the findings before any fix: what stays true of a file whose fix is not written. */
  unfixed: Map<string, Diagnostic[]>;
  files: string[];
  fixed: FixedFile[];
  suppressions: {
    suppressed: number;
    unused: LintRun['unusedSuppressions'];
    held: LintRun['heldSuppressions'];
    relaxed: LintRun['relaxedSuppressions'];
    written: LintRun['suppressionsWritten'];
  };
  ignored: string[];
  notLoaded: string[];
  notices: string[];
  recordable: RecordableRun | undefined;
  external?: ReturnType<typeof externalChecker>;
}

type SiteSettings = Awaited<ReturnType<typeof resolveSiteSettings>>;

/** The whole run: resolve paths to sites, lint each, return sorted findings. */
export async function lint(options: LintOptions): Promise<LintRun> {
  const targets =
    options.paths.length || options.removed === undefined
      ? await resolveTargets(options.paths, options.cwd, options.overlays)
      : [];
  const removedBySite = await removedTargets(options, targets);
  const siteFiles: Array<(file: string) => boolean> = [];
  const run: RunState = {
    targets,
    removedBySite,
    siteFiles,
    isSiteFile: (file: string) => siteFiles.some((known) => known(file)),
    reportPlaces: [],
    ignoredByUser: await userIgnoreTest(options),
    all: [],
    unfixed: new Map(),
    files: [],
    fixed: [],
    suppressions: { suppressed: 0, unused: [], held: [], relaxed: [], written: [] },
    ignored: [],
    notLoaded: [],
    notices: [],
    recordable: undefined,
    ...(options.checkExternal ? { external: externalChecker(options.checkExternal, options.cwd) } : {}),
  };
  for (const target of targets) await lintTarget(options, run, target);
  await run.external?.save();
  for (const notice of run.external?.notices() ?? []) if (!run.notices.includes(notice)) run.notices.push(notice);
  if (options.fix === 'write') await writeFixes(run);
  const { all, files, fixed, suppressions, ignored, notLoaded, notices, recordable } = run;
  return {
    diagnostics: sortAndDedupe(all),
    files: [...new Set(files)].sort(),
    sites: targets.map((t) => t.root),
    fixed,
    isSiteFile: run.isSiteFile,
    reportPlaceProblem: (file, name) => {
      for (const problem of run.reportPlaces) {
        const found = problem(file, name);
        if (found) return found;
      }
      return undefined;
    },
    suppressed: suppressions.suppressed,
    unusedSuppressions: suppressions.unused,
    heldSuppressions: suppressions.held,
    relaxedSuppressions: suppressions.relaxed,
    suppressionsWritten: suppressions.written,
    ignored: ignored.sort(),
    notLoaded,
    notices,
    ...(recordable ? { recordable } : {}),
  };
}

/** The removed files by site; a site the change only removes files from is added to the targets, with nothing of its own in scope. */
async function removedTargets(options: LintOptions, targets: Target[]): Promise<Map<string, Map<string, Buffer>>> {
  const removedBySite = new Map<string, Map<string, Buffer>>();
  for (const [file, content] of options.removed ?? []) {
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
async function userIgnoreTest(options: LintOptions): Promise<(file: string) => boolean> {
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

/** Lints one site: its session, fixes, suppressions and the references to removed files, into `run`. */
async function lintTarget(options: LintOptions, run: RunState, target: Target): Promise<void> {
  const config = await resolveSiteSettings(target.root, {
    configFile: options.configFile,
    overrides: options.overrides,
    plugins: options.plugins,
  });
  for (const item of config.notLoaded) if (!run.notLoaded.includes(item)) run.notLoaded.push(item);
  const isIgnored = (file: string) => (!options.noIgnore && config.isIgnored(file)) || run.ignoredByUser(file);
  const { session, cache, place } = await openTargetSession(options, target, config, run.external);
  const site = session.site;
  const isThisSiteFile = (file: string) => {
    const rel = toPosix(path.relative(target.root, file));
    return site.config.files.has(file) || (!rel.startsWith('..') && !path.isAbsolute(rel) && site.files.has(rel));
  };
  run.siteFiles.push(isThisSiteFile);
  if (place?.mustNotBeSiteFile && run.isSiteFile(place.file)) {
    session.close();
    throw notACache(place.file, options.cwd);
  }
  const inScope = (file: string) =>
    (target.whole || target.only.has(file) || target.folders.some((folder) => isInside(folder, file))) &&
    !isIgnored(file);
  // A named file the platform ignores (.mintignore, dot-folders) is skipped: pre-commit passes everything.
  for (const file of target.only) {
    const rel = toPosix(path.relative(target.root, file));
    const known =
      site.files.has(rel) || site.config.files.has(file) || (options.overlays?.has(file) && !site.isIgnored(rel));
    if (!known) target.only.delete(file);
    else if (target.explicit.has(file) && isIgnored(file)) run.ignored.push(file);
  }
  let result: LintResult;
  let timeLimited: boolean;
  // A warm session may hold a page's outcome without its text: fixes need the text they were computed from.
  if (options.sessions && options.fix) {
    for (const page of site.pages.values())
      if (inScope(page.file) && session.lintedText(page.file) === undefined) session.invalidate(page.file);
  }
  try {
    result = await session.lint(inScope, { whole: target.whole, onProgress: options.onProgress });
    await cache?.save(target.whole && !options.fix);
    if (options.fix) {
      for (const d of result.diagnostics) {
        const list = run.unfixed.get(d.file);
        if (list) list.push(d);
        else run.unfixed.set(d.file, [d]);
      }
      result = await fixLoop(session, inScope, result, run.fixed, options.fixSuggestions === true);
    }
  } finally {
    timeLimited = session.timeLimited;
    if (options.sessions) {
      // What this run set over the disk goes: its text, and the fixes it computed.
      options.sessions.release(session, [...(options.overlays?.keys() ?? []), ...run.fixed.map((f) => f.file)]);
    } else session.close();
  }
  const relaxed = (file: string, ruleId: string) => {
    const severity = config.rulesFor(file)[ruleId]?.severity;
    return severity === 'off' || severity === 'info';
  };
  const outcome = await suppressTarget(options, run, target, result, isThisSiteFile, relaxed);
  // What the run read besides the site's own files: its configuration files, suppressions and cache.
  const inputs = new Set([
    ...config.inputs.probes.filter((p) => p.what === 'content').map((p) => p.file),
    outcome.file,
    ...(place ? [place.file] : []),
  ]);
  run.reportPlaces.push((file, name) => reportPlaceProblem(site, file, name, inputs));
  for (const notice of result.notices ?? []) if (!run.notices.includes(notice)) run.notices.push(notice);
  // A pattern of `overrides` that matches no file of the site (said on whole-site runs: a run over some files cannot tell).
  if (target.whole) {
    const all = [...site.config.files.keys(), ...[...site.files].map((rel) => path.join(target.root, rel))];
    for (const { pattern, base, meant } of config.unmatchedOverrides(all, options.cwd)) {
      const folder = `${toPosix(path.relative(options.cwd, base)) || '.'}/`;
      const notice = `overrides: the pattern "${pattern}" matches no file of the site; patterns are relative to ${folder}, the folder of the configuration file${meant ? `: write "${meant}"` : ''}`;
      if (!run.notices.includes(notice)) run.notices.push(notice);
    }
  }
  result = { ...result, diagnostics: outcome.diagnostics };
  // A spelling check's outcome depends on the packages installed beside doclint: never replayed.
  const plain =
    !result.spelling &&
    !run.external &&
    !options.fix &&
    !options.overlays &&
    !options.removed &&
    !options.suppressions?.record &&
    !options.suppressions?.prune;
  if (
    cache &&
    place &&
    plain &&
    run.targets.length === 1 &&
    target.whole &&
    !config.inputs.modules &&
    !timeLimited &&
    !cache.sawRacy
  ) {
    run.recordable = {
      root: target.root,
      cacheFile: place.file,
      probes: [...config.inputs.probes, { file: outcome.file, what: 'content' }],
    };
  }
  append(run.all, result.diagnostics);
  append(run.files, result.files);
  await addReferencesToRemoved(options, run, target, inScope);
}

/** The site's session, opened after its cache is read (the listing reuses what the cache remembers). */
async function openTargetSession(
  options: LintOptions,
  target: Target,
  config: SiteSettings,
  external: RunState['external'],
): Promise<{
  session: SiteSession;
  cache: LintCache | undefined;
  place: Awaited<ReturnType<typeof cacheFile>> | undefined;
}> {
  // The cache is read before the site is listed: the listing reuses what it remembers.
  let cache: LintCache | undefined;
  let place: Awaited<ReturnType<typeof cacheFile>> | undefined;
  if (options.cache) {
    place = await cacheFile(target.root, options.cache.location, options.cwd);
    cache = await LintCache.load(
      place.file,
      {
        doclint: buildIdentity(),
        root: target.root,
        settings: JSON.stringify([
          config.rules,
          config.settings.pluginsKey ?? null,
          config.settings.overridesKey ?? null,
        ]),
      },
      realRoot(place.folder),
    );
  }
  const session = options.sessions
    ? await options.sessions.acquire(target.root, config, options.overlays)
    : await SiteSession.open(target.root, config.settings, options.overlays, {
        ...threadsFor(options.threads, target, options.overlays),
        prefetch: prefetchFor(target),
        cache,
        ...(external ? { external } : {}),
        leaveOut: leftOut(target.root, options.output),
      });
  const site = session.site;
  session.retainTexts = options.fix !== undefined;
  // Temporary files a killed `--fix` left in the site's folders (see src/core/atomic-write.ts).
  if (options.fix === 'write')
    sweepStaleTempsIn(
      new Set([target.root, ...[...site.files].map((rel) => path.dirname(path.join(target.root, rel)))]),
    );
  return { session, cache, place };
}

/** Bulk suppressions, once the findings are final (fixes applied); never recorded from standard input. */
async function suppressTarget(
  options: LintOptions,
  run: RunState,
  target: Target,
  result: LintResult,
  isThisSiteFile: (file: string) => boolean,
  relaxed: (file: string, ruleId: string) => boolean,
): Promise<SuppressionOutcome> {
  const outcome = await suppress(
    result,
    { root: target.root, isSiteFile: isThisSiteFile, relaxed },
    {
      ...options.suppressions,
      readOnly: options.overlays !== undefined,
      pruneFixed: options.fix === 'write' && !options.suppressions?.record,
    },
    options.cwd,
  );
  const suppressions = run.suppressions;
  suppressions.suppressed += outcome.suppressed;
  append(
    suppressions.unused,
    outcome.unused.map((u) => ({ ...u, in: outcome.file, whole: target.whole })),
  );
  append(
    suppressions.held,
    outcome.held.map((u) => ({ ...u, in: outcome.file })),
  );
  append(
    suppressions.relaxed,
    outcome.relaxed.map((u) => ({ ...u, in: outcome.file })),
  );
  if (outcome.written) suppressions.written.push(outcome.written);
  return outcome;
}

/** The site's references to files the change removes, outside the scope (which has its own findings). */
async function addReferencesToRemoved(
  options: LintOptions,
  run: RunState,
  target: Target,
  inScope: (file: string) => boolean,
): Promise<void> {
  const removed = run.removedBySite.get(target.root);
  if (removed && !target.whole) {
    const { referencesToRemoved } = await import('./removed.js');
    // Every page of the site is parsed for its links: as many threads as a whole-site run.
    const threads = options.threads === 'auto' ? autoThreads() : options.threads;
    const configBefore = options.configsBefore?.get(path.join(target.root, 'docs.json'));
    // In scope, the run's own findings stand; a finding only the change has (a removed page
    // without a redirect, reported in docs.json) is added wherever it is.
    const key = (d: Diagnostic) => `${d.file}\0${d.line}:${d.column}\0${d.ruleId}\0${d.message}`;
    const own = new Set(run.all.filter((d) => inScope(d.file)).map(key));
    const references = (await referencesToRemoved(target.root, removed, { ...options, configBefore }, threads)).filter(
      (d) => !inScope(d.file) || !own.has(key(d)),
    );
    append(run.all, references);
    append(
      run.files,
      references.map((d) => d.file),
    );
  }
}

/** Writes the fixes; a fix that was not written changed nothing: its file is reported as it is on disk. */
async function writeFixes(run: RunState): Promise<void> {
  const { all, fixed, unfixed } = run;
  const failed = new Set<string>();
  for (const change of fixed) {
    try {
      // Within the site the file belongs to (docs.json and its `$ref` files, pages).
      const root = run.targets.find((t) => isInside(t.root, change.file))?.root;
      await writeAtomic(change.file, change.original, change.output, root ? { root } : {});
    } catch (error) {
      change.error =
        error instanceof UserError
          ? error.message
          : `${change.file}: cannot write the fix (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
      failed.add(change.file);
    }
  }
  if (failed.size) {
    // A fix that was not written changed nothing: report those files as they are on disk.
    const kept = all.filter((d) => !failed.has(d.file));
    all.length = 0;
    append(
      append(all, kept),
      [...failed].flatMap((file) => unfixed.get(file) ?? []),
    );
  }
}

/**
 * Applies fixes pass after pass, re-linting the changed text from memory, until nothing more
 * applies. Returns the findings that remain after the fixes.
 */
async function fixLoop(
  session: SiteSession,
  inScope: (file: string) => boolean,
  first: LintResult,
  fixed: FixedFile[],
  suggestions: boolean,
): Promise<LintResult> {
  let result = first;
  const changes = new Map<string, FixedFile>();
  for (let pass = 0; pass < MAX_FIX_PASSES; pass++) {
    const byFile = new Map<string, Diagnostic[]>();
    for (const d of result.diagnostics) {
      if (!d.fix && !(suggestions && d.suggestions?.length)) continue;
      let list = byFile.get(d.file);
      if (!list) byFile.set(d.file, (list = []));
      list.push(d);
    }
    let configChanged = false;
    let changedAny = false;
    for (const [file, list] of byFile) {
      const change = changes.get(file);
      // The fixes' offsets refer to the text that was linted: they are applied to exactly that
      // text (never to the file read again), and the write refuses a file that changed since.
      const text = change?.output ?? session.lintedText(file) ?? session.site.config.files.get(file)?.text;
      if (text === undefined) continue;
      const { output, applied } = applyFixes(text, list, { suggestions });
      if (!applied.length || output === text) continue;
      if (change) {
        change.output = output;
        change.fixes += applied.length;
      } else changes.set(file, { file, original: text, output, fixes: applied.length });
      session.setOverlay(file, output);
      if (session.site.config.files.has(file)) configChanged = true;
      changedAny = true;
    }
    if (!changedAny) break;
    if (configChanged) await session.reloadSite({ inventory: false });
    result = await session.lint(inScope);
  }
  append(
    fixed,
    [...changes.values()].filter((c) => c.output !== c.original),
  );
  return result;
}
