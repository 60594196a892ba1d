import { statSync } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../core/atomic-write.js';
import { checkSiteWrite } from '../core/place.js';
import { isInside, toPosix } from '../core/paths.js';
import { readTextSafe, realRoot } from '../core/safe-read.js';
import type { Diagnostic } from '../core/diagnostic.js';
import {
  applySuppressions,
  countRecordable,
  isRecordable,
  type HeldSuppression,
  type SuppressionCounts,
  type Unchecked,
  type UnusedSuppression,
} from '../engine/message-control.js';
import { UserError } from '../core/errors.js';

/*
 * The suppressions file (`doclint-suppressions.json`, ESLint's bulk suppressions): errors and
 * warnings per file and rule recorded by `--suppress-all` or `--suppress-rule`, so that later runs report only what
 * is beyond them. The file is input anyone can commit: it is read bounded and checked for its shape,
 * and a bad one stops the run with a one-line error. Applying it is message control's
 * (`applySuppressions`); this module reads, records, prunes and writes it.
 */

export const SUPPRESSIONS_FILE = 'doclint-suppressions.json';

/** Largest suppressions file read. */
export const MAX_SUPPRESSIONS_BYTES = 16 * 1024 * 1024;

/** Most entries (file and rule pairs) in a suppressions file. */
export const MAX_SUPPRESSION_ENTRIES = 1_000_000;

export interface SuppressionsOptions {
  /** `--suppressions-location`: a file, or a folder to hold `doclint-suppressions.json`; default the site root. */
  location?: string;
  /** `--suppress-all` (`true`) or `--suppress-rule` (the ids): record the current errors and warnings before applying. */
  record?: true | string[];
  /** `--prune-suppressions`: shrink the recorded counts to what still occurs. */
  prune?: boolean;
  /**
   * Count what the file would suppress, and leave every finding in (`doclint score`: a baseline
   * never changes a score). Nothing is recorded, pruned or reported as no longer occurring.
   */
  countOnly?: boolean;
}

/** The suppressions file of a site: `location` as given (inside it when it names a folder), else at the site root. */
export async function suppressionsFile(root: string, location: string | undefined, cwd: string): Promise<string> {
  if (location === undefined) return path.join(root, SUPPRESSIONS_FILE);
  const abs = path.resolve(cwd, location);
  const isDir =
    /[\\/]$/.test(location) ||
    (await stat(abs).then(
      (s) => s.isDirectory(),
      () => false,
    ));
  return isDir ? path.join(abs, SUPPRESSIONS_FILE) : abs;
}

/** The key of a file in a suppressions file: its path relative to the file's folder, with forward slashes. */
export function keyFor(suppressions: string): (file: string) => string {
  const folder = path.dirname(suppressions);
  return (file) => toPosix(path.relative(folder, file));
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads a suppressions file: `undefined` when there is none. Throws UserError (one line)
 * for a file that cannot be read, is too large, is not JSON or not of the shape
 * `{ "<file>": { "<rule>": { "count": <whole number above 0> } } }`.
 */
export function readSuppressions(file: string, cwd: string): SuppressionCounts | undefined {
  const name = path.relative(cwd, file) || file;
  const read = readTextSafe(file, { root: realRoot(path.dirname(file)), maxBytes: MAX_SUPPRESSIONS_BYTES });
  if (!read.ok) {
    if (read.reason === 'missing') return undefined;
    throw new UserError(`cannot read the suppressions file ${name}: ${read.message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(read.text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new UserError(
      `the suppressions file ${name} is not valid JSON (${(error as Error).message}); record it again with --suppress-all`,
    );
  }
  const bad = (where: string, what: string) =>
    new UserError(`the suppressions file ${name}: ${where} ${what}; record it again with --suppress-all`);
  if (!isObject(value)) throw bad('the top level', 'must be an object of files');
  const counts: SuppressionCounts = new Map();
  let entries = 0;
  for (const [key, rules] of Object.entries(value)) {
    if (key === '' || path.isAbsolute(key) || key.includes('\\'))
      throw bad(JSON.stringify(key), 'must be a relative path with forward slashes');
    if (!isObject(rules)) throw bad(JSON.stringify(key), 'must be an object of rules');
    const byRule = new Map<string, number>();
    for (const [ruleId, entry] of Object.entries(rules)) {
      if (++entries > MAX_SUPPRESSION_ENTRIES)
        throw bad('the file', `has more than ${MAX_SUPPRESSION_ENTRIES} entries`);
      const count = isObject(entry) ? entry.count : undefined;
      if (
        !isObject(entry) ||
        Object.keys(entry).some((k) => k !== 'count') ||
        !Number.isSafeInteger(count) ||
        (count as number) < 1
      ) {
        throw bad(
          `${JSON.stringify(key)} → ${JSON.stringify(ruleId)}`,
          'must be { "count": N } with N a whole number above 0',
        );
      }
      byRule.set(ruleId, count as number);
    }
    if (byRule.size) counts.set(key, byRule);
  }
  return counts;
}

/** The text of a suppressions file: files and rules in order, two-space indent (ESLint's layout). */
function formatSuppressions(counts: SuppressionCounts): string {
  const out: Record<string, Record<string, { count: number }>> = {};
  for (const key of [...counts.keys()].sort()) {
    const rules = counts.get(key)!;
    if (rules.size === 0) continue;
    const entry: Record<string, { count: number }> = {};
    for (const ruleId of [...rules.keys()].sort()) entry[ruleId] = { count: rules.get(ruleId)! };
    out[key] = entry;
  }
  return JSON.stringify(out, null, 2) + '\n';
}

/**
 * `doclint rename`: the site's suppressions file (at the site root) with the entries of the files
 * that move under their new names, as a change to write with the rename's others; undefined when
 * there is no file or no entry moves. `moved` gives a file's new path (absolute), or the same one.
 */
export function renamedSuppressions(
  root: string,
  moved: (file: string) => string,
): { file: string; original: string; output: string; entries: number } | undefined {
  const file = path.join(root, SUPPRESSIONS_FILE);
  const read = readTextSafe(file, { root: realRoot(root), maxBytes: MAX_SUPPRESSIONS_BYTES });
  if (!read.ok) return undefined;
  const counts = readSuppressions(file, root);
  if (!counts) return undefined;
  const keyOf = keyFor(file);
  const out: SuppressionCounts = new Map();
  let entries = 0;
  for (const [key, rules] of counts) {
    const abs = path.resolve(root, key);
    const to = moved(abs);
    const newKey = to === abs ? key : keyOf(to);
    if (newKey !== key) entries += rules.size;
    const entry = out.get(newKey) ?? new Map<string, number>();
    for (const [ruleId, count] of rules) entry.set(ruleId, (entry.get(ruleId) ?? 0) + count);
    out.set(newKey, entry);
  }
  if (entries === 0) return undefined;
  return { file, original: read.text, output: formatSuppressions(out), entries };
}

/** Writes a suppressions file atomically: files and rules in order, two-space indent (ESLint's layout). */
export async function writeSuppressions(
  file: string,
  counts: SuppressionCounts,
  cwd: string,
  root: string = cwd,
): Promise<void> {
  // Where a checkout could steer the file (src/core/place.ts): from the working folder's repository
  // and from the site's. The file is committed: a tracked one is replaced.
  await checkSiteWrite(file, cwd, root, path.relative(cwd, file) || file, { tracked: true, what: 'the suppressions' });
  await mkdir(path.dirname(file), { recursive: true })
    .then(() => writeFileAtomic(file, formatSuppressions(counts)))
    .catch((error: NodeJS.ErrnoException) => {
      throw new UserError(
        `cannot write the suppressions file ${path.relative(cwd, file) || file} (${error.code ?? error.message})`,
      );
    });
}

export interface SuppressionOutcome {
  /** The suppressions file of the site (whether it exists or not). */
  file: string;
  diagnostics: Diagnostic[];
  /** Findings left out because the file records them. */
  suppressed: number;
  /** Recorded counts the run did not reach (for the files it linted). */
  unused: UnusedSuppression[];
  /** Recorded counts not reached where the run could not check (neither unused nor pruned), with why. */
  held: HeldSuppression[];
  /**
   * Recorded counts not reached because the rule is now off (or reports notes only) for the file,
   * by the configuration or its `overrides`: not unused (the run does not fail on them), pruned
   * by `--prune-suppressions`.
   */
  relaxed: UnusedSuppression[];
  /** Set when the file was written (recorded or pruned). */
  written?: WrittenSuppressions;
}

/** What a written suppressions file holds: `errors` and `warnings` when the run can tell them apart. */
export interface WrittenSuppressions {
  file: string;
  total: number;
  errors?: number;
  warnings?: number;
  rules: number;
  files: number;
  /** When pruned: how many recorded errors and warnings were removed (no longer found). */
  pruned?: number;
  /** `--fix` pruned the file (what its fixes removed), not `--prune-suppressions`. */
  byFix?: boolean;
}

/**
 * The errors and warnings among recorded counts, from the run's findings: undefined when an entry's
 * count is not what the run found (an entry of a file not linted, or of more findings than recorded).
 */
function splitBySeverity(
  entries: Array<[string, string, number]>,
  diagnostics: Diagnostic[],
  keyOf: (file: string) => string,
) {
  const found = new Map<string, { errors: number; warnings: number }>();
  for (const d of diagnostics) {
    if (!isRecordable(d)) continue;
    const id = `${keyOf(d.file)}\0${d.ruleId}`;
    let n = found.get(id);
    if (!n) found.set(id, (n = { errors: 0, warnings: 0 }));
    if (d.severity === 'error') n.errors++;
    else n.warnings++;
  }
  let errors = 0;
  let warnings = 0;
  for (const [key, ruleId, count] of entries) {
    const n = found.get(`${key}\0${ruleId}`);
    if (!n || n.errors + n.warnings !== count) return undefined;
    errors += n.errors;
    warnings += n.warnings;
  }
  return { errors, warnings };
}

function summary(
  file: string,
  entries: Array<[string, string, number]>,
  diagnostics: Diagnostic[],
  keyOf: (file: string) => string,
): WrittenSuppressions {
  return {
    file,
    total: entries.reduce((n, [, , count]) => n + count, 0),
    ...splitBySeverity(entries, diagnostics, keyOf),
    rules: new Set(entries.map(([, ruleId]) => ruleId)).size,
    files: new Set(entries.map(([key]) => key)).size,
  };
}

/**
 * One site's suppressions after its findings are final (fixes applied): records (ESLint's
 * `suppress`: every rule with errors or warnings in a linted file gets its current count; other
 * entries stay), prunes (counts shrink to what occurs, except where the run could not check;
 * entries of files that are no longer files of the site go), then applies the file. With no file
 * and nothing to record, the findings pass unchanged.
 */
export async function suppress(
  run: { diagnostics: Diagnostic[]; files: string[]; unchecked?: Unchecked },
  site: { root: string; isSiteFile(file: string): boolean; relaxed?(file: string, ruleId: string): boolean },
  options: SuppressionsOptions & { readOnly?: boolean; pruneFixed?: boolean },
  cwd: string,
): Promise<SuppressionOutcome> {
  const file = await suppressionsFile(site.root, options.location, cwd);
  const keyOf = keyFor(file);
  let counts = readSuppressions(file, cwd);
  if (counts === undefined && options.location !== undefined && !options.record) {
    throw new UserError(
      `the suppressions file ${path.relative(cwd, file) || file} does not exist; run with --suppress-all or --suppress-rule to create it`,
    );
  }
  if (counts === undefined && !options.record)
    return { file, diagnostics: run.diagnostics, suppressed: 0, unused: [], held: [], relaxed: [] };
  if (options.countOnly) {
    const { suppressed } = applySuppressions(run.diagnostics, counts ?? new Map(), keyOf, [], run.unchecked);
    return { file, diagnostics: run.diagnostics, suppressed, unused: [], held: [], relaxed: [] };
  }
  counts ??= new Map();
  let written: SuppressionOutcome['written'];
  if (options.record && !options.readOnly) {
    const only = options.record === true ? undefined : new Set(options.record);
    const linted = [...run.files, ...run.diagnostics.map((d) => d.file)];
    const now = countRecordable(run.diagnostics, keyOf);
    const recorded: Array<[string, string, number]> = [];
    for (const key of new Set(linted.map(keyOf))) {
      for (const [ruleId, count] of now.get(key) ?? []) {
        if (only && !only.has(ruleId)) continue;
        let entry = counts.get(key);
        if (!entry) counts.set(key, (entry = new Map()));
        entry.set(ruleId, count);
        recorded.push([key, ruleId, count]);
      }
    }
    await writeSuppressions(file, counts, cwd, site.root);
    written = summary(file, recorded, run.diagnostics, keyOf);
  }
  // `--fix` prunes what its fixes removed (and what else no longer occurs in the files it linted).
  const pruneFixed =
    options.pruneFixed &&
    !options.prune &&
    applySuppressions(run.diagnostics, counts, keyOf, run.files, run.unchecked).unused.length > 0;
  if ((options.prune || pruneFixed) && !options.readOnly) {
    const before = [...counts.values()].reduce((n, rules) => n + [...rules.values()].reduce((a, b) => a + b, 0), 0);
    const { unused } = applySuppressions(run.diagnostics, counts, keyOf, run.files, run.unchecked);
    for (const { file: key, ruleId, count } of unused) {
      const entry = counts.get(key)!;
      const left = entry.get(ruleId)! - count;
      if (left > 0) entry.set(ruleId, left);
      else entry.delete(ruleId);
      if (entry.size === 0) counts.delete(key);
    }
    // Entries of files that are gone from the site (a deleted or renamed page).
    const folder = path.dirname(file);
    for (const key of [...counts.keys()]) {
      const abs = path.resolve(folder, key);
      if (isInside(site.root, abs) && !site.isSiteFile(abs)) counts.delete(key);
    }
    await writeSuppressions(file, counts, cwd, site.root);
    const kept = [...counts].flatMap(([key, rules]) =>
      [...rules].map(([ruleId, count]): [string, string, number] => [key, ruleId, count]),
    );
    written = summary(file, kept, run.diagnostics, keyOf);
    written.pruned = before - written.total;
    if (pruneFixed) written.byFix = true;
  }
  const applied = applySuppressions(run.diagnostics, counts, keyOf, options.readOnly ? [] : run.files, run.unchecked);
  const folder = path.dirname(file);
  const isRelaxed = (u: UnusedSuppression) => site.relaxed?.(path.resolve(folder, u.file), u.ruleId) === true;
  return {
    file,
    ...applied,
    unused: applied.unused.filter((u) => !isRelaxed(u)),
    relaxed: applied.unused.filter(isRelaxed),
    ...(written ? { written } : {}),
  };
}

/** "1,204 errors", "1 rule", "2 entries" (with `plural`). */
export function countOf(n: number, word: string, plural = `${word}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? word : plural}`;
}

/** "14 errors and 7 warnings", "14 errors", "21 errors and warnings" (when they cannot be told apart). */
function findingsOf(w: WrittenSuppressions): string {
  if (w.errors === undefined || w.warnings === undefined)
    return `${w.total.toLocaleString('en-US')} errors and warnings`;
  if (w.warnings === 0) return countOf(w.errors, 'error');
  if (w.errors === 0) return countOf(w.warnings, 'warning');
  return `${countOf(w.errors, 'error')} and ${countOf(w.warnings, 'warning')}`;
}

/** "doclint-suppressions.json now suppresses 915 errors and 40 warnings (12 rules in 140 files); later runs report only findings beyond these". */
export function describeWritten(w: WrittenSuppressions, cwd: string): string {
  const name = path.relative(cwd, w.file).split(path.sep).join('/') || w.file;
  if (w.byFix)
    return `--fix removed ${countOf(w.pruned ?? 0, 'recorded finding')} from ${name} (fixed, or no longer found); it now suppresses ${findingsOf(w)} (${countOf(w.rules, 'rule')} in ${countOf(w.files, 'file')}): commit it with the fixes`;
  return `${name} now suppresses ${findingsOf(w)} (${countOf(w.rules, 'rule')} in ${countOf(w.files, 'file')}); later runs report only findings beyond these`;
}

const editorFiles = new Map<string, { stamp: string; counts: SuppressionCounts | undefined }>();

/**
 * The language server's view of a site's suppressions (`doclint-suppressions.json` at the site
 * root): findings of one open file with the recorded errors left out, as the command line leaves
 * them out. The file is read again only when its size or time changes. A bad file suppresses
 * nothing and throws UserError for the server to log.
 */
export function suppressForEditor(root: string, diagnostics: Diagnostic[]): Diagnostic[] {
  const file = path.join(root, SUPPRESSIONS_FILE);
  let stamp = 'missing';
  try {
    const info = statSync(file);
    stamp = `${info.size}:${info.mtimeMs}:${info.ino}`;
  } catch {
    // no file: nothing is suppressed
  }
  let cached = editorFiles.get(file);
  if (cached?.stamp !== stamp) {
    editorFiles.delete(file);
    const counts = stamp === 'missing' ? undefined : readSuppressions(file, root);
    editorFiles.set(file, (cached = { stamp, counts }));
  }
  return cached.counts ? applySuppressions(diagnostics, cached.counts, keyFor(file), []).diagnostics : diagnostics;
}
