import path from 'node:path';
import { append, type Diagnostic } from '../core/diagnostic.js';
import { sweepStaleTempsIn } from '../core/atomic-write.js';
import { buildIdentity } from '../core/package.js';
import { toPosix } from '../core/paths.js';
import { realRoot } from '../core/safe-read.js';
import type { SiteModel } from '../model/site-model.js';
import { LintCache } from '../cache/cache.js';
import { cacheFile } from '../cache/cache-place.js';
import { fixLoop } from '../engine/fix-run.js';
import { autoThreads } from '../engine/page-pool.js';
import { SiteSession, type LintResult } from '../engine/session.js';
import { prefetchFor, threadsFor, type Target } from '../engine/targets.js';
import type { LintOptions, RunState, SiteSettings } from './lint-run.js';
import { leftOut } from './report-place.js';
import { suppress, type SuppressionOutcome } from './suppressions.js';

/*
 * The steps of `lint` on one site (src/commands/lint.ts): its cache and session, the lint and its
 * fixes, bulk suppressions, the references to files a change removes, and what is said once.
 */

/** The site's session, opened after its cache is read (the listing reuses what the cache remembers). */
export async function openTargetSession(
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
export async function suppressTarget(
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
export async function addReferencesToRemoved(
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

/** A named file the platform ignores (.mintignore, dot-folders) is skipped: pre-commit passes everything. */
export function keepNamedFiles(
  options: LintOptions,
  run: RunState,
  target: Target,
  site: SiteModel,
  isIgnored: (file: string) => boolean,
): void {
  for (const file of target.only) {
    const rel = toPosix(path.relative(target.root, file));
    const known =
      site.files.has(rel) || site.config.files.has(file) || (options.overlays?.has(file) && !site.isIgnored(rel));
    if (!known) target.only.delete(file);
    else if (target.explicit.has(file) && isIgnored(file)) run.ignored.push(file);
  }
}

/** The session's lint of the scope, and with `fix` its fixes; the session is closed (or given back) after. */
export async function lintSession(
  options: LintOptions,
  run: RunState,
  target: Target,
  { session, cache }: { session: SiteSession; cache: LintCache | undefined },
  inScope: (file: string) => boolean,
): Promise<{ result: LintResult; timeLimited: boolean }> {
  const site = session.site;
  let result: LintResult;
  let timeLimited: boolean;
  // A warm session may hold a page's outcome without its text: fixes need the text they were computed from.
  if (options.sessions && options.fix) {
    for (const page of site.pages.values())
      if (inScope(page.file) && session.lintedText(page.file) === undefined) session.invalidate(page.file);
  }
  try {
    result = await session.lint(inScope, {
      whole: target.whole,
      onProgress: options.onProgress,
      lastPass: !options.sessions && !options.fix,
    });
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
  return { result, timeLimited };
}

/** A pattern of `overrides` that matches no file of the site (said on whole-site runs: a run over some files cannot tell). */
export function overrideNotices(cwd: string, run: RunState, root: string, site: SiteModel, config: SiteSettings): void {
  const all = [...site.config.files.keys(), ...[...site.files].map((rel) => path.join(root, rel))];
  for (const { pattern, base, meant } of config.unmatchedOverrides(all, cwd)) {
    const folder = `${toPosix(path.relative(cwd, base)) || '.'}/`;
    const notice = `overrides: the pattern "${pattern}" matches no file of the site; patterns are relative to ${folder}, the folder of the configuration file${meant ? `: write "${meant}"` : ''}`;
    if (!run.notices.includes(notice)) run.notices.push(notice);
  }
}

/**
 * Whether the run's outcome may be recorded for a later run to replay (src/cache/run-record.ts):
 * one whole site, fixing nothing, reading no standard input, writing no suppressions, loading no
 * plugin. A spelling check's outcome depends on the packages installed beside doclint: never replayed.
 */
export function recordable(
  options: LintOptions,
  run: RunState,
  target: Target,
  result: LintResult,
  config: SiteSettings,
): boolean {
  return (
    !result.spelling &&
    !run.external &&
    !options.fix &&
    !options.overlays &&
    !options.removed &&
    !options.suppressions?.record &&
    !options.suppressions?.prune &&
    run.targets.length === 1 &&
    target.whole &&
    !config.inputs.modules
  );
}
