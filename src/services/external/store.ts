import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../../core/atomic-write.js';
import { checkWriteTarget } from '../../core/place.js';
import { readFileSafe } from '../../core/safe-read.js';
import { MAX_IDS, type RawAnswer } from './http.js';

/*
 * The answers of external checks, kept between runs: `external-links.json` in doclint's cache
 * folder (beside the key of the lint cache, `$XDG_CACHE_HOME/doclint`), never in a site. What is
 * kept is the raw answer (the final status code, or why there was none), under a key of the URL and
 * of what shapes the answer (whether the page was read for its ids, whether non-public addresses
 * were permitted, whether a token was sent): each run judges it with its own options (`accept`), so
 * one run's options never decide another's findings. An answer is reused while it is younger than
 * the ttl the check asks for. Only lasting answers are kept (a status code other than 429 and 5xx,
 * a host that does not exist, a redirect not followed): a timeout, a 429 or a 5xx is asked again
 * next run. An answer is kept whole (all the ids it had) or not at all, so a run from the cache
 * finds what a run on the network finds. The file is bounded (MAX_ENTRIES and MAX_ID_CHARS, the
 * newest kept; MAX_BYTES read); a damaged or foreign file is ignored and replaced; it is written
 * atomically, through the write checks of every file doclint writes (src/core/place.ts).
 */

export const STORE_FILE = 'external-links.json';
const MAGIC = 'doclint-external-links';
const FORMAT = 2;
/** Entries kept (the newest). */
const MAX_ENTRIES = 20_000;
/** Largest file read. */
const MAX_BYTES = 32 * 1024 * 1024;
/** Characters of ids kept in all (the newest answers first; an answer past it is not kept). */
const MAX_ID_CHARS = 8 * 1024 * 1024;
/** Longest key kept (a URL of 2,048 characters and its prefix). */
const MAX_KEY = 2100;

interface Entry {
  /** When it was checked (milliseconds since the epoch). */
  at: number;
  raw: RawAnswer;
}

const FAILURES = new Set(['broken', 'unreachable', 'rejected', 'refused']);

function isRaw(v: unknown): v is RawAnswer {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  if (r.redirectedTo !== undefined && typeof r.redirectedTo !== 'string') return false;
  if ('failure' in r) return typeof r.failure === 'string' && FAILURES.has(r.failure) && typeof r.detail === 'string';
  return (
    typeof r.code === 'number' &&
    Number.isInteger(r.code) &&
    typeof r.reason === 'string' &&
    (r.ids === undefined ||
      (Array.isArray(r.ids) && r.ids.length <= MAX_IDS && r.ids.every((id) => typeof id === 'string'))) &&
    (r.partial === undefined || typeof r.partial === 'boolean')
  );
}

/** Whether an answer lasts (kept between runs): a status code other than 429 and 5xx, a host not found, a redirect not followed. */
export function lasting(raw: RawAnswer): boolean {
  if ('failure' in raw) return raw.failure === 'broken' || raw.failure === 'rejected';
  return raw.code !== 429 && raw.code < 500;
}

function idChars(raw: RawAnswer): number {
  return 'ids' in raw && raw.ids ? raw.ids.reduce((n, id) => n + id.length + 3, 0) : 0;
}

export class ExternalStore {
  private dirty = false;

  private constructor(
    readonly file: string,
    private readonly entries: Map<string, Entry>,
  ) {}

  /** The store in `folder` (none there, or not readable as one: empty). */
  static load(folder: string): ExternalStore {
    const file = path.join(folder, STORE_FILE);
    const entries = new Map<string, Entry>();
    const read = readFileSafe(file, { maxBytes: MAX_BYTES });
    if (read.ok) {
      try {
        const data = JSON.parse(read.buffer.toString('utf8')) as {
          magic?: unknown;
          format?: unknown;
          entries?: unknown;
        };
        if (data.magic === MAGIC && data.format === FORMAT && Array.isArray(data.entries)) {
          for (const item of data.entries.slice(0, MAX_ENTRIES) as unknown[]) {
            if (!Array.isArray(item) || item.length !== 3) continue;
            const [key, at, raw] = item as [unknown, unknown, unknown];
            if (
              typeof key === 'string' &&
              key.length <= MAX_KEY &&
              typeof at === 'number' &&
              Number.isFinite(at) &&
              isRaw(raw) &&
              lasting(raw)
            )
              entries.set(key, { at, raw });
          }
        }
      } catch {
        // damaged: ignored, and replaced when this run saves
      }
    }
    return new ExternalStore(file, entries);
  }

  /** The answer kept under `key`, checked within `ttlMs` before `now`, if any. */
  get(key: string, ttlMs: number, now: number): RawAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry || now < entry.at || now - entry.at >= ttlMs) return undefined;
    return entry.raw;
  }

  /** Keeps a lasting answer. */
  set(key: string, raw: RawAnswer, now: number): void {
    if (!lasting(raw) || key.length > MAX_KEY) return;
    this.entries.delete(key);
    this.entries.set(key, { at: now, raw });
    this.dirty = true;
  }

  /** Writes the store when it changed (the newest MAX_ENTRIES); a store that cannot be written is left as it was. */
  async save(cwd: string): Promise<void> {
    if (!this.dirty) return;
    const newest: Array<[string, Entry]> = [];
    let chars = 0;
    for (const [key, entry] of [...this.entries].sort((a, b) => b[1].at - a[1].at)) {
      if (newest.length >= MAX_ENTRIES) break;
      const size = idChars(entry.raw);
      if (chars + size > MAX_ID_CHARS) continue;
      chars += size;
      newest.push([key, entry]);
    }
    const text = JSON.stringify({
      magic: MAGIC,
      format: FORMAT,
      entries: newest.map(([key, e]) => [key, e.at, e.raw]),
    });
    try {
      await checkWriteTarget(this.file, cwd, this.file);
      mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
      await writeFileAtomic(this.file, text);
      this.dirty = false;
    } catch {
      // a cache: the next run checks again
    }
  }
}
