import path from 'node:path';
import { append, sortAndDedupe } from '../core/diagnostic.js';
import { isInside, toPosix } from '../core/paths.js';
import { notACache } from '../cache/cache-place.js';
import { resolveSiteSettings } from '../config/site-settings.js';
import { writeFixes } from '../engine/fix-run.js';
import { removedTargets, resolveTargets, userIgnoreTest, type Target } from '../engine/targets.js';
import { externalChecker } from '../services/external/checker.js';
import type { LintOptions, LintRun, RunState } from './lint-run.js';
import {
  addReferencesToRemoved,
  keepNamedFiles,
  lintSession,
  openTargetSession,
  overrideNotices,
  recordable,
  suppressTarget,
} from './lint-site.js';
import { reportPlaceProblem } from './report-place.js';

/*
 * The lint command: the paths resolved to sites, each site linted (src/commands/lint-site.ts),
 * fixes written, the findings sorted.
 */

export type { FixedFile, LintOptions, LintRun } from './lint-run.js';

/** The whole run: resolve paths to sites, lint each, return sorted findings. */
export async function lint(options: LintOptions): Promise<LintRun> {
  const targets =
    options.paths.length || options.removed === undefined
      ? await resolveTargets(options.paths, options.cwd, options.overlays)
      : [];
  const removedBySite = await removedTargets(options.removed, targets);
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
  if (options.fix === 'write') await writeFixes({ ...run, roots: targets.map((t) => t.root) });
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
  keepNamedFiles(options, run, target, site, isIgnored);
  const lintOutcome = await lintSession(options, run, target, { session, cache }, inScope);
  let result = lintOutcome.result;
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
  if (target.whole) overrideNotices(options.cwd, run, target.root, site, config);
  result = { ...result, diagnostics: outcome.diagnostics };
  if (cache && place && !lintOutcome.timeLimited && !cache.sawRacy && recordable(options, run, target, result, config))
    run.recordable = {
      root: target.root,
      cacheFile: place.file,
      probes: [...config.inputs.probes, { file: outcome.file, what: 'content' }],
    };
  append(run.all, result.diagnostics);
  append(run.files, result.files);
  await addReferencesToRemoved(options, run, target, inScope);
}
