import type { ExternalCheckOptions, ExternalLinkChecker, ExternalLinkResult } from '../../rule-kit/rule.js';
import { userCacheFolder } from '../../core/user-cache.js';
import { isPublicAddress } from './address.js';
import { checkUrl, judge, type FetchSettings, type RawAnswer } from './http.js';
import { ExternalStore } from './store.js';

/*
 * The checker the engine hands to a site rule that asks for it (`context.external`),
 * only when the run asks for it (`--check-external`): nothing else in doclint goes to the network.
 * Each URL is checked once per run (the same URL from two sites, or twice in one, is one request),
 * under a limit of requests at once per host and in all, and from the cache when it was checked
 * within the ttl. What a configuration file may set is capped (CAPS): a pull request's
 * configuration cannot make a run wait for hours, nor reach addresses inside the network the run
 * is in (only the caller, from the command line, permits those: `allowPrivate`). The whole pass
 * has a time budget; past it nothing more is asked, and the run says so in one line.
 */

export const EXTERNAL_DEFAULTS = {
  timeout: 10,
  perHost: 2,
  concurrency: 16,
  ttl: 86_400,
  retryAfterMax: 60,
  budget: 600,
} as const;
/** The most a configuration may ask for (larger values are lowered to these, and the run says so). */
export const EXTERNAL_CAPS = { timeout: 30, perHost: 8, concurrency: 32, retryAfterMax: 60 } as const;
/** The most one URL may take, its redirects, retries and waits included (milliseconds). */
export const URL_LIMIT_MS = 90_000;
/** The longest budget the caller may give the external pass, in seconds (a day). */
export const MAX_BUDGET = 86_400;

/** What a run that checks external links is given (`LintOptions.checkExternal`): the caller's choices, never a configuration file's. */
export interface ExternalRunOptions {
  /** The folder of the results cache (default: doclint's cache folder, `$XDG_CACHE_HOME/doclint`). */
  cacheFolder?: string;
  /** The clock results are dated by (tests). */
  now?: () => number;
  /**
   * Also connect to loopback, link-local, private, unique-local and unspecified addresses
   * (`--check-external-private`). Off: a URL whose host has such an address, or that redirects to
   * one, is not asked (a warning says so).
   */
  allowPrivate?: boolean;
  /** Seconds the whole external pass may take (`--check-external-budget`; default 600, at most a day). */
  budget?: number;
  /** A token sent as `Authorization: Bearer` to github.com and api.github.com over https (the CLI passes `GITHUB_TOKEN`). Never printed nor stored. */
  githubToken?: string;
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

/** An option within bounds, else its default. */
function bounded(value: unknown, min: number, max: number, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max ? value : fallback;
}

/** The checker of one run; `save` writes what it learnt to the cache; `notices` says what the run could not do as asked. */
export function externalChecker(
  run: ExternalRunOptions,
  cwd: string,
): ExternalLinkChecker & { save(): Promise<void>; requests(): number; notices(): string[] } {
  const now = run.now ?? Date.now;
  let store: ExternalStore | undefined;
  const storeOf = () => (store ??= ExternalStore.load(run.cacheFolder ?? userCacheFolder()));
  /** Checks under way or done in this run, by key (what is read, and the URL). */
  const inRun = new Map<string, Promise<RawAnswer>>();
  const allowPrivate = run.allowPrivate === true;
  const permits = allowPrivate ? () => true : isPublicAddress;
  const token = run.githubToken ? run.githubToken : undefined;
  /** What else shapes an answer besides the URL: non-public addresses permitted, a token sent. */
  const shape = `${allowPrivate ? 'p' : '-'}${token ? 'a' : '-'}`;
  const budgetSeconds = bounded(run.budget, 1, MAX_BUDGET, EXTERNAL_DEFAULTS.budget);
  let budget: AbortController | undefined;
  const startBudget = () => {
    if (budget) return budget.signal;
    budget = new AbortController();
    const controller = budget;
    setTimeout(() => controller.abort(), budgetSeconds * 1000).unref();
    return controller.signal;
  };
  const notes: string[] = [];
  const note = (text: string) => {
    if (!notes.includes(text)) notes.push(text);
  };
  const notAsked = new Set<string>();
  let requested = 0;
  return {
    async check(urls: readonly string[], options: ExternalCheckOptions & { withIds?: ReadonlySet<string> }) {
      const signal = startBudget();
      const capped = (name: keyof typeof EXTERNAL_CAPS, min: number, max: number) => {
        const value = bounded(options[name], min, max, EXTERNAL_DEFAULTS[name]);
        if (value <= EXTERNAL_CAPS[name]) return value;
        note(
          `site-external-link: "${name}" ${value} is over its cap of ${EXTERNAL_CAPS[name]}; ${EXTERNAL_CAPS[name]} is used`,
        );
        return EXTERNAL_CAPS[name];
      };
      const ttlMs = bounded(options.ttl, 0, 365 * 86_400, EXTERNAL_DEFAULTS.ttl) * 1000;
      const limiter = new Limiter(Math.floor(capped('perHost', 1, 64)), Math.floor(capped('concurrency', 1, 256)));
      const accept = new Set(Array.isArray(options.accept) ? options.accept : []);
      const base: Omit<FetchSettings, 'withIds'> = {
        timeoutMs: capped('timeout', 0.001, 600) * 1000,
        retryAfterMaxMs: capped('retryAfterMax', 0, 3600) * 1000,
        urlLimitMs: URL_LIMIT_MS,
        permits,
        ...(token ? { githubToken: token } : {}),
        budget: signal,
        slot: (url, task) => {
          requested++;
          return limiter.run(url, task);
        },
        now,
      };
      const one = (url: string): Promise<RawAnswer> => {
        const withIds = options.withIds?.has(url) === true;
        const key = `${withIds ? 'ids' : 'head'} ${shape} ${url}`;
        let pending = inRun.get(key);
        if (!pending) {
          const cached = storeOf().get(key, ttlMs, now());
          pending = cached
            ? Promise.resolve(cached)
            : checkUrl(url, { ...base, withIds }).then((raw) => {
                if ('failure' in raw && raw.failure === 'budget') notAsked.add(url);
                else storeOf().set(key, raw, now());
                return raw;
              });
          inRun.set(key, pending);
        }
        return pending;
      };
      const unique = [...new Set(urls)];
      const answers = await Promise.all(unique.map(one));
      const results = new Map<string, ExternalLinkResult>();
      unique.forEach((url, i) => {
        const result = judge(answers[i]!, accept);
        if (result) results.set(url, result);
      });
      if (notAsked.size > 0)
        note(
          `--check-external: the time for external links (${budgetSeconds} s) ran out; ${notAsked.size} of ${inRun.size} URLs were not checked (what was checked is cached: the next run goes on from there; --check-external-budget SECONDS allows more)`,
        );
      return results;
    },
    save: () => (store ? store.save(cwd) : Promise.resolve()),
    requests: () => requested,
    notices: () => {
      // The budget's line is the last word on it (a later site may have added URLs not asked).
      return notes.filter(
        (n, i) =>
          !n.startsWith('--check-external: the time') ||
          !notes.slice(i + 1).some((m) => m.startsWith('--check-external: the time')),
      );
    },
  };
}
