import { statSync } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../core/atomic-write.js';
import { isInside, toPosix } from '../core/paths.js';
import { readTextSafe, realRoot } from '../core/safe-read.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { applySuppressions, countErrors, type SuppressionCounts, type UnusedSuppression } from './message-control.js';

/*
 * The suppressions file (`doclint-suppressions.json`, ESLint's bulk suppressions): errors per file
 * and rule recorded by `--suppress-all` or `--suppress-rule`, so that later runs report only what
 * is beyond them. The file is input anyone can commit: it is read bounded and checked for its shape,
 * and a bad one stops the run with a one-line error. Applying it is message control's
 * (`applySuppressions`); this module reads, records, prunes and writes it.
 */

export const SUPPRESSIONS_FILE = 'doclint-suppressions.json';

/** Largest suppressions file read. */
export const MAX_SUPPRESSIONS_BYTES = 16 * 1024 * 1024;

/** Most entries (file and rule pairs) in a suppressions file. */
export const MAX_SUPPRESSION_ENTRIES = 1_000_000;

/** A suppressions file that cannot be used: exit 2 with this one-line message. */
export class SuppressionsError extends Error {}

export interface SuppressionsOptions {
  /** `--suppressions-location`: a file, or a folder to hold `doclint-suppressions.json`; default the site root. */
  location?: string;
  /** `--suppress-all` (`true`) or `--suppress-rule` (the ids): record the current errors before applying. */
  record?: true | string[];
  /** `--prune-suppressions`: shrink the recorded counts to what still occurs. */
  prune?: boolean;
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

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads a suppressions file: `undefined` when there is none. Throws SuppressionsError (one line)
 * for a file that cannot be read, is too large, is not JSON or not of the shape
 * `{ "<file>": { "<rule>": { "count": <whole number above 0> } } }`.
 */
export function readSuppressions(file: string, cwd: string): SuppressionCounts | undefined {
  const name = path.relative(cwd, file) || file;
  const read = readTextSafe(file, { root: realRoot(path.dirname(file)), maxBytes: MAX_SUPPRESSIONS_BYTES });
  if (!read.ok) {
    if (read.reason === 'missing') return undefined;
    throw new SuppressionsError(`cannot read the suppressions file ${name}: ${read.message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(read.text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new SuppressionsError(`the suppressions file ${name} is not valid JSON (${(error as Error).message}); record it again with --suppress-all`);
  }
  const bad = (where: string, what: string) => new SuppressionsError(`the suppressions file ${name}: ${where} ${what}; record it again with --suppress-all`);
  if (!isObject(value)) throw bad('the top level', 'must be an object of files');
  const counts: SuppressionCounts = new Map();
  let entries = 0;
  for (const [key, rules] of Object.entries(value)) {
    if (key === '' || path.isAbsolute(key) || key.includes('\\')) throw bad(JSON.stringify(key), 'must be a relative path with forward slashes');
    if (!isObject(rules)) throw bad(JSON.stringify(key), 'must be an object of rules');
    const byRule = new Map<string, number>();
    for (const [ruleId, entry] of Object.entries(rules)) {
      if (++entries > MAX_SUPPRESSION_ENTRIES) throw bad('the file', `has more than ${MAX_SUPPRESSION_ENTRIES} entries`);
      const count = isObject(entry) ? entry.count : undefined;
      if (!isObject(entry) || Object.keys(entry).some((k) => k !== 'count') || !Number.isSafeInteger(count) || (count as number) < 1) {
        throw bad(`${JSON.stringify(key)} → ${JSON.stringify(ruleId)}`, 'must be { "count": N } with N a whole number above 0');
      }
      byRule.set(ruleId, count as number);
    }
    if (byRule.size) counts.set(key, byRule);
  }
  return counts;
}

/** Writes a suppressions file atomically: files and rules in order, two-space indent (ESLint's layout). */
export async function writeSuppressions(file: string, counts: SuppressionCounts, cwd: string): Promise<void> {
  const out: Record<string, Record<string, { count: number }>> = {};
  for (const key of [...counts.keys()].sort()) {
    const rules = counts.get(key)!;
    if (rules.size === 0) continue;
    const entry: Record<string, { count: number }> = {};
    for (const ruleId of [...rules.keys()].sort()) entry[ruleId] = { count: rules.get(ruleId)! };
    out[key] = entry;
  }
  await mkdir(path.dirname(file), { recursive: true })
    .then(() => writeFileAtomic(file, JSON.stringify(out, null, 2) + '\n'))
    .catch((error: NodeJS.ErrnoException) => {
      throw new SuppressionsError(`cannot write the suppressions file ${path.relative(cwd, file) || file} (${error.code ?? error.message})`);
    });
}

export interface SuppressionOutcome {
  /** The suppressions file of the site (whether it exists or not). */
  file: string;
  diagnostics: Diagnostic[];
  /** Errors left out because the file records them. */
  suppressed: number;
  /** Recorded counts the run did not reach (for the files it linted). */
  unused: UnusedSuppression[];
  /** Set when the file was written (recorded or pruned). */
  written?: { file: string; errors: number; rules: number; files: number };
}

/**
 * One site's suppressions after its findings are final (fixes applied): records (ESLint's
 * `suppress`: every rule with errors in a linted file gets its current count; other entries stay),
 * prunes (counts shrink to what occurs; entries of files that are no longer files of the site go),
 * then applies the file. With no file and nothing to record, the findings pass unchanged.
 */
export async function suppress(
  run: { diagnostics: Diagnostic[]; files: string[] },
  site: { root: string; isSiteFile(file: string): boolean },
  options: SuppressionsOptions & { readOnly?: boolean },
  cwd: string,
): Promise<SuppressionOutcome> {
  const file = await suppressionsFile(site.root, options.location, cwd);
  const keyOf = keyFor(file);
  let counts = readSuppressions(file, cwd);
  if (counts === undefined && options.location !== undefined && !options.record) {
    throw new SuppressionsError(
      `the suppressions file ${path.relative(cwd, file) || file} does not exist; run with --suppress-all or --suppress-rule to create it`,
    );
  }
  if (counts === undefined && !options.record) return { file, diagnostics: run.diagnostics, suppressed: 0, unused: [] };
  counts ??= new Map();
  let written: SuppressionOutcome['written'];
  if (options.record && !options.readOnly) {
    const only = options.record === true ? undefined : new Set(options.record);
    const linted = [...run.files, ...run.diagnostics.map((d) => d.file)];
    const now = countErrors(run.diagnostics, keyOf);
    let errors = 0;
    const rules = new Set<string>();
    const files = new Set<string>();
    for (const key of new Set(linted.map(keyOf))) {
      for (const [ruleId, count] of now.get(key) ?? []) {
        if (only && !only.has(ruleId)) continue;
        let entry = counts.get(key);
        if (!entry) counts.set(key, (entry = new Map()));
        entry.set(ruleId, count);
        errors += count;
        rules.add(ruleId);
        files.add(key);
      }
    }
    await writeSuppressions(file, counts, cwd);
    written = { file, errors, rules: rules.size, files: files.size };
  }
  if (options.prune && !options.readOnly) {
    const { unused } = applySuppressions(run.diagnostics, counts, keyOf, run.files);
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
    await writeSuppressions(file, counts, cwd);
    let errors = 0;
    for (const entry of counts.values()) for (const n of entry.values()) errors += n;
    written = { file, errors, rules: new Set([...counts.values()].flatMap((e) => [...e.keys()])).size, files: counts.size };
  }
  const applied = applySuppressions(run.diagnostics, counts, keyOf, options.readOnly ? [] : run.files);
  return { file, ...applied, ...(written ? { written } : {}) };
}

/** "1,204 errors", "1 rule". */
export function countOf(n: number, word: string): string {
  return `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
}

/** "doclint-suppressions.json now suppresses 915 errors (12 rules in 140 files); later runs report only errors beyond these". */
export function describeWritten(w: NonNullable<SuppressionOutcome['written']>, cwd: string): string {
  const name = path.relative(cwd, w.file).split(path.sep).join('/') || w.file;
  return `${name} now suppresses ${countOf(w.errors, 'error')} (${countOf(w.rules, 'rule')} in ${countOf(w.files, 'file')}); later runs report only errors beyond these`;
}

const editorFiles = new Map<string, { stamp: string; counts: SuppressionCounts | undefined }>();

/**
 * The language server's view of a site's suppressions (`doclint-suppressions.json` at the site
 * root): findings of one open file with the recorded errors left out, as the command line leaves
 * them out. The file is read again only when its size or time changes. A bad file suppresses
 * nothing and throws SuppressionsError for the server to log.
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
