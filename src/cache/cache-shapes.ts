import path from 'node:path';
import type { Finding } from '../core/diagnostic.js';
import type { DirectiveFact } from '../pages/facts.js';
import type { UnusedDirectiveReport } from '../pages/directives.js';

/*
 * The shapes of what the lint cache keeps (src/cache/cache.ts): every value read from a cache file
 * is checked against them before it is used.
 */

/** A finding as the cache keeps it for a page: without a file (it is the page's own). */
export type PageFinding = Omit<Finding, 'file'>;

/** What a page's entry keeps in the first part of the file: enough to report it. */
export interface PageEntry {
  hash: string;
  findings: PageFinding[];
  /** The page's inline directives (also in its facts), so that reporting never needs the facts. */
  directives: DirectiveFact[];
  /** The rule whose finding says why the page was not checked in full, when one does. */
  notChecked?: string;
  /** Findings to make of its directives that suppress nothing (see `PageContext.reportIfUnused`). */
  ifUnused?: Array<Omit<UnusedDirectiveReport, 'finding'> & { finding: PageFinding }>;
  /** Hashes of chosen facts (by the names of the facts, comma-joined), for site rules' keys. */
  digests?: Record<string, string>;
}

/**
 * Findings kept under a key, with what they depended on beyond it: the repository's state when
 * the work read git history (`history`), and the rules left out since they asked for the network
 * (`live`: run again every time).
 */
export interface KeptFindings {
  key: string;
  diagnostics: Finding[];
  history?: string;
  live?: string[];
}

export interface CacheHeader {
  format: number;
  doclint: string;
  root: string;
  settings: string;
  pages: Map<string, PageEntry>;
  site?: KeptFindings;
  config?: KeptFindings;
  /** Findings of site rules keyed on the facts they read (see `meta.readsFacts`). */
  checks?: Record<string, KeptFindings>;
  /**
   * The import sources of files whose `import` lines do not complete their statements, which only
   * an MDX parse can tell (see src/site/inventory.ts), keyed by the file's content hash.
   */
  imports?: Map<string, ImportsEntry>;
  /** What the listing of the site learnt of each file it read (see `FileEntry`). */
  files?: Map<string, FileEntry>;
}

/**
 * What a run learnt of a file, trusted by later runs while the file's signature is the same: its
 * size, modification and change times (in milliseconds, with their fractions) and inode, as the
 * descriptor it was read through said before reading. A file written within RACY_MS before the run
 * that read it gets no signature (a later write in the same clock tick would leave the times as
 * they were): it is read again until it is older.
 */
export interface FileEntry {
  sig: string;
  hash: string;
  sources: string[];
  /** What its `<Snippet file>` elements include (absent: nothing). */
  snippets?: string[];
}

export const isStrArray = (v: unknown): v is string[] => Array.isArray(v) && v.every(isStr);

export function isFileEntry(v: unknown): v is FileEntry {
  return (
    isObj(v) &&
    isStr(v.sig) &&
    isStr(v.hash) &&
    isStrArray(v.sources) &&
    (v.snippets === undefined || isStrArray(v.snippets))
  );
}

export interface ImportsEntry {
  hash: string;
  /** null: the file does not parse as MDX. */
  sources: string[] | null;
}

export function isImportsEntry(v: unknown): v is ImportsEntry {
  return isObj(v) && isStr(v.hash) && (v.sources === null || (Array.isArray(v.sources) && v.sources.every(isStr)));
}

export const isInt = (v: unknown, min = 0): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min;
export const isStr = (v: unknown): v is string => typeof v === 'string';
export const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function isSpan(v: Record<string, unknown>): boolean {
  return isInt(v.line, 1) && isInt(v.column, 1) && isInt(v.endLine, 1) && isInt(v.endColumn, 1);
}

function isFix(v: unknown): boolean {
  return (
    isObj(v) &&
    Array.isArray(v.range) &&
    v.range.length === 2 &&
    isInt(v.range[0]) &&
    isInt(v.range[1]) &&
    v.range[0] <= v.range[1] &&
    isStr(v.text)
  );
}

/** A finding of a page (no file) or, with `withFile`, of any file (an absolute path). */
function isFinding(v: unknown, withFile: boolean): boolean {
  if (!isObj(v) || !isSpan(v) || !isStr(v.ruleId) || !isStr(v.message)) return false;
  if (withFile ? !(isStr(v.file) && path.isAbsolute(v.file)) : v.file !== undefined) return false;
  if (v.problem !== undefined && !isStr(v.problem)) return false;
  if (v.fix !== undefined && !isFix(v.fix)) return false;
  if (
    v.suggestions !== undefined &&
    !(Array.isArray(v.suggestions) && v.suggestions.every((s) => isObj(s) && isStr(s.desc) && isFix(s.fix)))
  )
    return false;
  if (
    v.related !== undefined &&
    !(
      Array.isArray(v.related) &&
      v.related.every((r) => isObj(r) && isSpan(r) && isStr(r.message) && isStr(r.file) && path.isAbsolute(r.file))
    )
  )
    return false;
  return true;
}

function isDirective(v: unknown): boolean {
  return (
    isObj(v) &&
    isSpan(v) &&
    isStr(v.kind) &&
    Array.isArray(v.ruleIds) &&
    v.ruleIds.every(isStr) &&
    (v.reason === undefined || isStr(v.reason)) &&
    (v.word === undefined || isStr(v.word)) &&
    (v.targetLine === undefined || isInt(v.targetLine, 1))
  );
}

function isUnusedReport(v: unknown): boolean {
  return (
    isObj(v) &&
    isInt(v.line, 1) &&
    isInt(v.column, 1) &&
    (v.named === undefined || isStr(v.named)) &&
    isFinding(v.finding, false)
  );
}

export function isPageEntry(v: unknown): v is PageEntry {
  return (
    isObj(v) &&
    isStr(v.hash) &&
    Array.isArray(v.findings) &&
    v.findings.every((f) => isFinding(f, false)) &&
    Array.isArray(v.directives) &&
    v.directives.every(isDirective) &&
    (v.notChecked === undefined || isStr(v.notChecked)) &&
    (v.ifUnused === undefined || (Array.isArray(v.ifUnused) && v.ifUnused.every(isUnusedReport))) &&
    (v.digests === undefined || (isObj(v.digests) && Object.values(v.digests).every(isStr)))
  );
}

export function isKeyed(v: unknown): v is KeptFindings {
  return (
    isObj(v) &&
    isStr(v.key) &&
    Array.isArray(v.diagnostics) &&
    v.diagnostics.every((f) => isFinding(f, true)) &&
    (v.history === undefined || isStr(v.history)) &&
    (v.live === undefined || (Array.isArray(v.live) && v.live.every(isStr)))
  );
}
