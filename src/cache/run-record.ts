import {
  closeSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  statSync,
  unlinkSync,
  writeFileSync,
  type Dirent,
  type Stats,
} from 'node:fs';
import path from 'node:path';
import { isRacy, signatureOf } from '../core/file-signature.js';
import { isInside } from '../core/paths.js';
import { userCacheFolder } from '../core/user-cache.js';
import { SKIPPED_FOLDERS } from '../site/walk.js';
import type { Probe } from '../config/doclintrc-file.js';

/*
 * A run's record: what a `--cache` run over a whole site printed and returned, with the signature
 * of everything its outcome depends on (every folder and file of the site as its listing walks
 * them, the configuration files and the paths looked at for one, the suppressions file, the cache
 * file). The same command, from the same folder, with the same doclint and Node and the same
 * environment, over files whose signatures all match, prints and returns exactly that: bin/doclint.js
 * replays it (src/cli/replay.ts) without loading the linter. Anything that differs, or cannot be
 * checked, and the run is made in full.
 *
 * A run records only what it can vouch for: not when a file changed within RACY_MS before it (a
 * later change in the same clock tick would not show), not when a page or check was stopped at its
 * time limit (the outcome depends on time), not when the configuration loads code (plugins), not
 * with --fix, standard input, --staged or suppressions being written. A folder changed within
 * RACY_MS is recorded by its names instead of its signature.
 *
 * Records live in the user's cache folder (`runs/`, one file per command; the newest MAX_RECORDS
 * are kept, of MAX_RECORDS_BYTES in all), never in the site: a record is used only when it is a
 * regular file of this user's that no one else may write, in a folder no one else may write. (The
 * cache, which may sit in the site, is authenticated with a key instead; here that key would sit
 * beside the record and add nothing. A record copied from elsewhere names other inodes and times,
 * and matches nothing.)
 */

const FORMAT = 1;
const MAGIC = 'doclint-run';
/** Largest record read (the report it replays included). */
const MAX_RECORD_BYTES = 256 * 1024 * 1024;
/** Records kept in the folder; older ones are removed when a record is written. */
const MAX_RECORDS = 64;
/** Bytes the records may take in all (a record holds its run's report). */
const MAX_RECORDS_BYTES = 128 * 1024 * 1024;
/** Environment variables that change what a run prints (colour, the progress line), besides doclint's own. */
const OUTPUT_ENV = new Set(['NO_COLOR', 'FORCE_COLOR', 'CI', 'TERM', 'COLORTERM']);

interface Output {
  write(chunk: Buffer): unknown;
}

/** A command: its arguments, the folder it ran in and the doclint build that ran it (its bundle's signature). */
export interface RunIdentity {
  argv: readonly string[];
  cwd: string;
  build: string;
}

/** What a run depends on besides the site's files (see LintRun.recordable). */
export interface RecordableRun {
  root: string;
  /** The cache file: recorded even when it changed within the racy window (the run itself wrote it; its content does not change the outcome). */
  cacheFile: string;
  /** Paths outside the listing the outcome depends on (the configuration, the suppressions file). */
  probes: Probe[];
}

/** What the run printed and returned. */
export interface RunOutcome {
  code: number;
  stdout: string;
  stderr: string;
  /** The report written with --output-file (absolute), outside the site. */
  report?: { file: string; text: string };
}

/** A folder's signature: modification and change times, inode. */
type FolderSig = [mtimeMs: number, ctimeMs: number, ino: number];
/** An entry of a folder: a folder (its name alone: it has its own entry) or anything else, with its signature. */
type Entry = [name: string] | [name: string, size: number, mtimeMs: number, ctimeMs: number, ino: number];
/** A folder of the site: its path from the root, its signature (null: compare its names instead), its entries by name. */
type TreeEntry = [rel: string, sig: FolderSig | null, entries: Entry[]];

interface Header {
  /** The command's identity (see runKey), whole: the record's name is a hash of it. */
  key: string;
  code: number;
  stdout: number;
  stderr: number;
  report: { file: string; bytes: number } | null;
  root: string;
  tree: TreeEntry[];
  probes: Array<[file: string, sig: string]>;
}

/** What identifies a command besides files: the build, Node, the folder, the arguments, the environment and terminal that change what it prints. */
export function runKey(id: RunIdentity): string {
  const env = Object.keys(process.env)
    .filter((name) => OUTPUT_ENV.has(name) || name.startsWith('DOCLINT_'))
    .sort()
    .map((name) => [name, process.env[name]]);
  const terminal = [Boolean(process.stdout.isTTY), Boolean(process.stderr.isTTY), process.stdout.columns ?? 0];
  return JSON.stringify([
    FORMAT,
    id.build,
    process.version,
    process.platform,
    process.arch,
    id.cwd,
    id.argv,
    env,
    terminal,
  ]);
}

/** The record's file name: a 64-bit FNV-1a hash of the key, in hex (a clash only means a record that does not match). */
function recordName(key: string): string {
  let low = 0x84222325;
  let high = 0xcbf29ce4;
  for (let i = 0; i < key.length; i++) {
    low = (low ^ key.charCodeAt(i)) >>> 0;
    // Times the 64-bit FNV prime, 2^40 + 0x1b3, in 32-bit halves (every product is exact in a double).
    const lowProduct = low * 0x1b3;
    high = (high * 0x1b3 + Math.floor(lowProduct / 0x100000000) + ((low << 8) >>> 0)) >>> 0;
    low = lowProduct >>> 0;
  }
  return `${high.toString(16).padStart(8, '0')}${low.toString(16).padStart(8, '0')}`;
}

function recordsFolder(): string {
  return path.join(userCacheFolder(), 'runs');
}

/** lstat without an exception for a missing path (one options object for thousands of calls). */
const NO_THROW = { throwIfNoEntry: false } as const;

/** A probe's signature now: '-' when missing, 'e' when it exists and only existence counts, else its content's signature. */
function probeSig(probe: Probe): string {
  let info: Stats | undefined;
  try {
    info = statSync(probe.file);
  } catch {
    return '-';
  }
  if (probe.what === 'existence') return 'e';
  return info.isFile() ? `f${signatureOf(info)}` : `o${info.mtimeMs}:${info.ino}`;
}

class NotRecordable extends Error {}

/** The site's folders and files as the listing walks them (src/site/walk.ts), with their signatures. */
function treeOf(root: string, started: number, exempt: string): TreeEntry[] {
  const out: TreeEntry[] = [];
  const pending = [''];
  while (pending.length) {
    const rel = pending.pop()!;
    const dir = rel ? path.join(root, rel) : root;
    // The root as the listing reads it (through a link, when it is one); the folders below are never links.
    const info = rel ? lstatSync(dir) : statSync(dir);
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      // the listing skips a folder it cannot read; whether it stays unreadable cannot be vouched for
      throw new NotRecordable();
    }
    const signed: Entry[] = [];
    for (const entry of entries) {
      if (entry.isDirectory()) {
        signed.push([entry.name]);
        if (!SKIPPED_FOLDERS.has(entry.name)) pending.push(rel ? `${rel}/${entry.name}` : entry.name);
        continue;
      }
      const file = path.join(dir, entry.name);
      const s = lstatSync(file);
      if (file !== exempt && isRacy(s, started)) throw new NotRecordable();
      signed.push([entry.name, s.size, s.mtimeMs, s.ctimeMs, s.ino]);
    }
    signed.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    out.push([rel, isRacy(info, started) ? null : [info.mtimeMs, info.ctimeMs, info.ino], signed]);
  }
  return out;
}

/**
 * Writes the record of a run (never throws: a run that cannot be recorded is made in full next
 * time). `started`: when the run began, for the racy rule.
 */
export async function writeRunRecord(
  id: RunIdentity,
  run: RecordableRun,
  outcome: RunOutcome,
  started: number,
): Promise<boolean> {
  try {
    if (outcome.report && isInside(run.root, outcome.report.file)) return false;
    const probes: Array<[string, string]> = [];
    for (const probe of [...run.probes, { file: run.cacheFile, what: 'content' as const }]) {
      const sig = probeSig(probe);
      if (probe.file !== run.cacheFile && probe.what === 'content' && sig.startsWith('f')) {
        const info = statSync(probe.file);
        if (isRacy(info, started)) return false;
      }
      probes.push([probe.file, sig]);
    }
    const tree = treeOf(run.root, started, run.cacheFile);
    const key = runKey(id);
    const payload = [Buffer.from(outcome.stdout), Buffer.from(outcome.stderr), Buffer.from(outcome.report?.text ?? '')];
    const header: Header = {
      key,
      code: outcome.code,
      stdout: payload[0]!.length,
      stderr: payload[1]!.length,
      report: outcome.report ? { file: outcome.report.file, bytes: payload[2]!.length } : null,
      root: run.root,
      tree,
      probes,
    };
    const folder = recordsFolder();
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const { writeFileAtomic } = await import('../core/atomic-write.js');
    await writeFileAtomic(
      path.join(folder, recordName(key)),
      Buffer.concat([Buffer.from(`${MAGIC} ${FORMAT}\n${JSON.stringify(header)}\n`), ...payload]),
      {
        mode: 0o600,
      },
    );
    pruneRecords(folder);
    return true;
  } catch {
    return false;
  }
}

/** Keeps the newest records: at most MAX_RECORDS, of at most MAX_RECORDS_BYTES in all (the newest is always kept). */
function pruneRecords(folder: string): void {
  const records = readdirSync(folder)
    .filter((name) => /^[0-9a-f]{16}$/.test(name))
    .map((name) => ({ name, info: lstatSync(path.join(folder, name), NO_THROW) }))
    .sort((a, b) => (b.info?.mtimeMs ?? 0) - (a.info?.mtimeMs ?? 0));
  let bytes = 0;
  records.forEach(({ name, info }, i) => {
    bytes += info?.size ?? 0;
    if (i === 0 || (i < MAX_RECORDS && bytes <= MAX_RECORDS_BYTES)) return;
    try {
      unlinkSync(path.join(folder, name));
    } catch {
      // removed meanwhile
    }
  });
}

/** Only this user may write it: it is theirs, and neither its group nor others may write to it. */
function ownedAlone(info: Stats): boolean {
  return (typeof process.getuid !== 'function' || info.uid === process.getuid()) && (info.mode & 0o022) === 0;
}

/** Reads a record file: a regular file of this user's that only they may write, in such a folder, of a bounded size. */
function readRecord(file: string): Buffer | undefined {
  const folder = lstatSync(path.dirname(file), NO_THROW);
  if (!folder?.isDirectory() || !ownedAlone(folder)) return undefined;
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const info = fstatSync(fd);
    if (!info.isFile() || info.size > MAX_RECORD_BYTES || !ownedAlone(info)) return undefined;
    const buffer = Buffer.allocUnsafe(info.size);
    let read = 0;
    while (read < info.size) {
      const n = readSync(fd, buffer, read, info.size - read, read);
      if (n === 0) return undefined;
      read += n;
    }
    return buffer;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

const isStr = (v: unknown): v is string => typeof v === 'string';
const isNum = (v: unknown): v is number => typeof v === 'number';
const isLen = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

function isHeader(v: unknown): v is Header {
  if (typeof v !== 'object' || v === null) return false;
  const h = v as Record<string, unknown>;
  const report = h.report as Record<string, unknown> | null;
  return (
    isStr(h.key) &&
    typeof h.code === 'number' &&
    Number.isInteger(h.code) &&
    isLen(h.stdout) &&
    isLen(h.stderr) &&
    (report === null ||
      (typeof report === 'object' && isStr(report.file) && path.isAbsolute(report.file) && isLen(report.bytes))) &&
    isStr(h.root) &&
    path.isAbsolute(h.root) &&
    Array.isArray(h.tree) &&
    h.tree.every(
      (t) =>
        Array.isArray(t) &&
        isStr(t[0]) &&
        (t[1] === null || (Array.isArray(t[1]) && t[1].length === 3 && t[1].every(isNum))) &&
        Array.isArray(t[2]) &&
        t[2].every(
          (e: unknown) =>
            Array.isArray(e) && isStr(e[0]) && (e.length === 1 || (e.length === 5 && e.slice(1).every(isNum))),
        ),
    ) &&
    Array.isArray(h.probes) &&
    h.probes.every((p) => Array.isArray(p) && isStr(p[0]) && path.isAbsolute(p[0]) && isStr(p[1]))
  );
}

/** True when every folder and file of the record is as it was. */
function unchanged(header: Header): boolean {
  for (const [file, sig] of header.probes) {
    if (probeSig({ file, what: sig === 'e' ? 'existence' : 'content' }) !== sig) return false;
  }
  for (const [rel, sig, entries] of header.tree) {
    // A relative path that climbs out of the root is not the listing's.
    if (rel !== '' && rel.split('/').some((part) => part === '..' || part === '.' || part === '')) return false;
    const dir = rel ? `${header.root}/${rel}` : header.root;
    const info = rel ? lstatSync(dir, NO_THROW) : statSync(dir, NO_THROW);
    if (!info?.isDirectory()) return false;
    if (sig !== null) {
      if (info.mtimeMs !== sig[0] || info.ctimeMs !== sig[1] || info.ino !== sig[2]) return false;
    } else {
      // Recorded too soon after a change for its signature: its names must be the same.
      let names: string[];
      try {
        names = readdirSync(dir).sort();
      } catch {
        return false;
      }
      if (names.length !== entries.length || names.some((name, i) => name !== entries[i]![0])) return false;
    }
    const prefix = `${dir}/`;
    for (const entry of entries) {
      if (entry.length === 1) continue;
      const name = entry[0];
      if (name.includes('/') || name === '..' || name === '.') return false;
      const s = lstatSync(prefix + name, NO_THROW);
      if (!s || s.size !== entry[1] || s.mtimeMs !== entry[2] || s.ctimeMs !== entry[3] || s.ino !== entry[4])
        return false;
    }
  }
  return true;
}

/**
 * Replays the record of this command when there is one and nothing it depends on changed: prints
 * what the run printed, writes its report, and returns its exit code. Undefined: the run must be
 * made (nothing was printed or written).
 */
export async function replayRun(
  id: RunIdentity,
  streams: { stdout: Output; stderr: Output } = process,
): Promise<number | undefined> {
  const key = runKey(id);
  const buffer = readRecord(path.join(recordsFolder(), recordName(key)));
  if (!buffer) return undefined;
  const first = buffer.indexOf(10);
  if (buffer.toString('latin1', 0, first) !== `${MAGIC} ${FORMAT}`) return undefined;
  const second = buffer.indexOf(10, first + 1);
  if (second < 0) return undefined;
  let header: unknown;
  try {
    header = JSON.parse(buffer.toString('utf8', first + 1, second));
  } catch {
    return undefined;
  }
  if (!isHeader(header) || header.key !== key) return undefined;
  const start = second + 1;
  const reportBytes = header.report?.bytes ?? 0;
  if (start + header.stdout + header.stderr + reportBytes !== buffer.length) return undefined;
  if (!unchanged(header)) return undefined;
  const stdout = buffer.subarray(start, start + header.stdout);
  const stderr = buffer.subarray(start + header.stdout, start + header.stdout + header.stderr);
  if (header.report) {
    const report = buffer.subarray(start + header.stdout + header.stderr);
    const file = header.report.file;
    try {
      // Under the run's checks (src/core/place.ts): a refusal is the run's to report.
      const { checkWriteTarget } = await import('../core/place.js');
      await checkWriteTarget(file, id.cwd, file);
      // As the run wrote it: a device or a pipe (`-o /dev/null`) is written to, a file replaced atomically.
      const existing = statSync(file, NO_THROW);
      if (existing?.isDirectory()) return undefined;
      if (existing && !existing.isFile()) writeFileSync(file, report);
      else {
        mkdirSync(path.dirname(file), { recursive: true });
        const { writeFileAtomic } = await import('../core/atomic-write.js');
        await writeFileAtomic(file, report);
      }
    } catch {
      return undefined;
    }
  }
  if (stdout.length) streams.stdout.write(stdout);
  if (stderr.length) streams.stderr.write(stderr);
  return header.code;
}
