import type { Diagnostic } from '../core/diagnostic.js';
import type { RuleSetting } from '../config/settings.js';
import type { resolveSiteSettings } from '../config/site-settings.js';
import type { RecordableRun } from '../cache/run-record.js';
import type { FixedFile } from '../engine/fix-run.js';
import type { HeldSuppression, UnusedSuppression } from '../engine/message-control.js';
import type { Target } from '../engine/targets.js';
import type { WarmSessions } from '../engine/warm.js';
import type { ExternalRunOptions, externalChecker } from '../services/external/checker.js';
import type { SuppressionOutcome, SuppressionsOptions } from './suppressions.js';

/* What `lint` is asked (LintOptions), what it returns (LintRun), and what it gathers meanwhile (RunState). */

export type { FixedFile };

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

/** What the run gathers across its sites, and what each site's lint needs of the others. */
export interface RunState {
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

export type SiteSettings = Awaited<ReturnType<typeof resolveSiteSettings>>;
