import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../../core/atomic-write.js';
import { checkWriteTarget } from '../../core/place.js';
import { readFileSafe } from '../../core/safe-read.js';
import type { ExternalLinkResult } from '../../rule-kit/rule.js';

/*
 * The results of external checks, kept between runs: `external-links.json` in doclint's cache
 * folder (beside the key of the lint cache, `$XDG_CACHE_HOME/doclint`), never in a site. A result
 * is reused while it is younger than the ttl the check asks for. Only lasting answers are kept (a
 * page that works, redirects or is gone, a host that does not exist): a timeout, a 429 or a 5xx
 * is asked again next run. The file is bounded (MAX_ENTRIES, the newest kept; MAX_BYTES read); a
 * damaged or foreign file is ignored and replaced; it is written atomically, through the write
 * checks of every file doclint writes (src/core/place.ts).
 */

export const STORE_FILE = 'external-links.json';
const MAGIC = 'doclint-external-links';
const FORMAT = 1;
/** Entries kept (the newest). */
const MAX_ENTRIES = 20_000;
/** Largest file read. */
const MAX_BYTES = 32 * 1024 * 1024;
/** Ids kept with one result. */
const MAX_STORED_IDS = 2000;
/** Longest URL kept. */
const MAX_URL = 2048;

interface Entry {
  /** When it was checked (milliseconds since the epoch). */
  at: number;
  result: ExternalLinkResult;
}

const STATUSES = new Set(['ok', 'broken', 'unreachable', 'rejected']);

function isResult(v: unknown): v is ExternalLinkResult {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return (
    typeof r.status === 'string' &&
    STATUSES.has(r.status) &&
    typeof r.detail === 'string' &&
    (r.redirectedTo === undefined || typeof r.redirectedTo === 'string') &&
    (r.ids === undefined || (Array.isArray(r.ids) && r.ids.every((id) => typeof id === 'string'))) &&
    (r.partial === undefined || typeof r.partial === 'boolean')
  );
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
        const data = JSON.parse(read.buffer.toString('utf8')) as { magic?: unknown; format?: unknown; entries?: unknown };
        if (data.magic === MAGIC && data.format === FORMAT && Array.isArray(data.entries)) {
          for (const item of data.entries.slice(0, MAX_ENTRIES) as unknown[]) {
            if (!Array.isArray(item) || item.length !== 3) continue;
            const [url, at, result] = item as [unknown, unknown, unknown];
            if (typeof url === 'string' && url.length <= MAX_URL && typeof at === 'number' && Number.isFinite(at) && isResult(result))
              entries.set(url, { at, result });
          }
        }
      } catch {
        // damaged: ignored, and replaced when this run saves
      }
    }
    return new ExternalStore(file, entries);
  }

  /** A result checked within `ttlMs` before `now` (with ids when `withIds`), if any. */
  get(url: string, ttlMs: number, now: number, withIds: boolean): ExternalLinkResult | undefined {
    const entry = this.entries.get(url);
    if (!entry || now < entry.at || now - entry.at >= ttlMs) return undefined;
    if (withIds && entry.result.status === 'ok' && entry.result.ids === undefined) return undefined;
    return entry.result;
  }

  /** Keeps a lasting result. */
  set(url: string, result: ExternalLinkResult, now: number): void {
    if (result.status === 'unreachable' || url.length > MAX_URL) return;
    const ids = result.ids && result.ids.length > MAX_STORED_IDS ? { ids: result.ids.slice(0, MAX_STORED_IDS), partial: true } : {};
    this.entries.delete(url);
    this.entries.set(url, { at: now, result: { ...result, ...ids } });
    this.dirty = true;
  }

  /** Writes the store when it changed (the newest MAX_ENTRIES); a store that cannot be written is left as it was. */
  async save(cwd: string): Promise<void> {
    if (!this.dirty) return;
    const newest = [...this.entries].sort((a, b) => b[1].at - a[1].at).slice(0, MAX_ENTRIES);
    const text = JSON.stringify({ magic: MAGIC, format: FORMAT, entries: newest.map(([url, e]) => [url, e.at, e.result]) });
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
