import type { ExternalCheckOptions, ExternalLinkChecker, ExternalLinkResult } from '../../rule-kit/rule.js';
import { userCacheFolder } from '../../core/user-cache.js';
import { checkUrl, type FetchSettings } from './http.js';
import { ExternalStore } from './store.js';

/*
 * The checker the engine hands to a rule that checks external links (`meta.checksExternalLinks`),
 * only when the run asks for it (`--check-external`): nothing else in doclint goes to the network.
 * Each URL is checked once per run (the same URL from two sites, or twice in one, is one request),
 * under a limit of requests at once per host and in all, and from the cache when it was checked
 * within the ttl.
 */

export const EXTERNAL_DEFAULTS = { timeout: 10, perHost: 2, concurrency: 16, ttl: 86_400, retryAfterMax: 60 } as const;

/** What a run that checks external links is given (`LintOptions.checkExternal`). */
export interface ExternalRunOptions {
  /** The folder of the results cache (default: doclint's cache folder, `$XDG_CACHE_HOME/doclint`). */
  cacheFolder?: string;
  /** The clock results are dated by (tests). */
  now?: () => number;
}

/** At most `max` tasks at once; the others wait their turn, first come first served. */
class Gate {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly max: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

/** Limits of requests at once: per host, and in all (a request waits for its host's turn first). */
class Limiter {
  private readonly hosts = new Map<string, Gate>();
  private readonly all: Gate;

  constructor(
    private readonly perHost: number,
    concurrency: number,
  ) {
    this.all = new Gate(concurrency);
  }

  run<T>(url: URL, task: () => Promise<T>): Promise<T> {
    let gate = this.hosts.get(url.host);
    if (!gate) this.hosts.set(url.host, (gate = new Gate(this.perHost)));
    return gate.run(() => this.all.run(task));
  }
}

/** A whole number option within bounds, else its default. */
function bounded(value: unknown, min: number, max: number, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max ? value : fallback;
}

/** The checker of one run; `save` writes what it learnt to the cache. */
export function externalChecker(run: ExternalRunOptions, cwd: string): ExternalLinkChecker & { save(): Promise<void>; requests(): number } {
  const now = run.now ?? Date.now;
  let store: ExternalStore | undefined;
  const storeOf = () => (store ??= ExternalStore.load(run.cacheFolder ?? userCacheFolder()));
  /** Checks under way or done in this run, by URL and whether ids were read. */
  const inRun = new Map<string, Promise<ExternalLinkResult>>();
  let requested = 0;
  return {
    async check(urls: readonly string[], options: ExternalCheckOptions & { withIds?: ReadonlySet<string> }) {
      const ttlMs = bounded(options.ttl, 0, 365 * 86_400, EXTERNAL_DEFAULTS.ttl) * 1000;
      const limiter = new Limiter(
        Math.floor(bounded(options.perHost, 1, 64, EXTERNAL_DEFAULTS.perHost)),
        Math.floor(bounded(options.concurrency, 1, 256, EXTERNAL_DEFAULTS.concurrency)),
      );
      const base: Omit<FetchSettings, 'withIds'> = {
        timeoutMs: bounded(options.timeout, 0.001, 600, EXTERNAL_DEFAULTS.timeout) * 1000,
        retryAfterMaxMs: bounded(options.retryAfterMax, 0, 3600, EXTERNAL_DEFAULTS.retryAfterMax) * 1000,
        accept: new Set(Array.isArray(options.accept) ? options.accept : []),
        slot: (url, task) => {
          requested++;
          return limiter.run(url, task);
        },
        now,
        sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      };
      const one = (url: string): Promise<ExternalLinkResult> => {
        const withIds = options.withIds?.has(url) === true;
        const key = `${withIds ? 'ids' : 'head'}\0${url}`;
        let pending = inRun.get(key) ?? (withIds ? undefined : inRun.get(`ids\0${url}`));
        if (!pending) {
          const cached = storeOf().get(url, ttlMs, now(), withIds);
          pending = cached
            ? Promise.resolve(cached)
            : checkUrl(url, { ...base, withIds }).then((result) => {
                storeOf().set(url, result, now());
                return result;
              });
          inRun.set(key, pending);
        }
        return pending;
      };
      const unique = [...new Set(urls)];
      const results = await Promise.all(unique.map(one));
      return new Map(unique.map((url, i) => [url, results[i]!]));
    },
    save: () => (store ? store.save(cwd) : Promise.resolve()),
    requests: () => requested,
  };
}
