import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { ExternalLinkResult } from '../../rule-kit/rule.js';
import { literalAddress } from './address.js';

/*
 * One external URL, asked politely: HEAD first (GET when the server refuses HEAD or answers it
 * 404, or when the page's ids are wanted), redirects followed by hand (at most MAX_HOPS), every
 * request under a timeout and the URL under a limit of its own, every body read to a bound. A
 * timeout, a 429 or a 5xx is tried once more, after the server's `Retry-After` (bounded) or a second.
 *
 * Every connection goes to an address the run permits (`permits`): a host's addresses are checked
 * after DNS (and the hosts file) by the lookup the connection itself uses, so a name cannot answer
 * one address to the check and another to the connection, and a literal address is checked before
 * the request; each redirect is a new request, checked the same way.
 *
 * What comes back is the raw answer (the final status code, or why there was none): the check's
 * options judge it (`judge`), so the same answer can be kept and judged again by another run.
 */

/** Redirects followed before the URL is reported as looping. */
export const MAX_HOPS = 10;
/** Bytes of an HTML page read for its ids (a fragment further on is not looked for). */
export const MAX_HTML_BYTES = 2 * 1024 * 1024;
/** Ids kept of one page (a page with more is read in part: a fragment not among them is not reported). */
export const MAX_IDS = 5000;
/** Longest URL a redirect may lead to. */
const MAX_URL_CHARS = 2048;
/** The wait before the retry of a timeout or a 5xx without `Retry-After`, in milliseconds. */
const RETRY_DELAY_MS = 1000;
/**
 * HEAD answers that mean "ask with GET": servers that do not implement or allow HEAD, and those
 * that answer HEAD 404 for a page GET finds (the platform's link checker asks again too).
 */
const HEAD_REFUSED = new Set([400, 403, 404, 405, 501]);
/** The hosts a `GITHUB_TOKEN` is sent to (over https, on the default port, never after a redirect to another host). */
const GITHUB_HOSTS = new Set(['github.com', 'api.github.com']);

export const USER_AGENT = 'doclint-link-check (+https://github.com/doclint/doclint)';

/** Why a URL has no status code to judge. */
export type FailureKind = 'broken' | 'unreachable' | 'rejected' | 'refused' | 'budget';

/**
 * What a URL answered, before any option judges it: the final status code (after the redirects),
 * or a failure (no answer, a host not found, an address not permitted, a redirect not followed).
 */
export type RawAnswer =
  | {
      code: number;
      /** The reason phrase, printable characters only. */
      reason: string;
      redirectedTo?: string;
      ids?: string[];
      /** With `ids`: the page was read only in part (an id not among them may be further on). */
      partial?: boolean;
      /** A 429 or 5xx both times. */
      twice?: boolean;
    }
  | { failure: FailureKind; detail: string; redirectedTo?: string };

/** What one URL's check needs to know. */
export interface FetchSettings {
  timeoutMs: number;
  retryAfterMaxMs: number;
  /** The most one URL may take, its redirects, retries and waits included (milliseconds). */
  urlLimitMs: number;
  /** Read the final page's ids (a GET, bounded). */
  withIds: boolean;
  /** Whether a connection may go to this IP address (see address.ts). */
  permits: (address: string) => boolean;
  /** Sent as `Authorization: Bearer` to github.com and api.github.com over https only. */
  githubToken?: string;
  /** Aborted when the run's time for external links is spent: nothing more is asked. */
  budget?: AbortSignal;
  /** Runs a request when the limits of its host allow (see `Limiter`). */
  slot: <T>(url: URL, run: () => Promise<T>) => Promise<T>;
  /** Milliseconds since the epoch (an HTTP-date `Retry-After` is read against it). */
  now: () => number;
}

/** The outcome of one try: the raw answer, and whether it may be retried (and after how long). */
interface Attempt {
  raw: RawAnswer;
  retryAfterMs?: number;
}

const BUDGET: RawAnswer = { failure: 'budget', detail: 'not asked: the time for external links ran out' };

/** Checks one URL (without its fragment): one try, and one retry when the failure may pass. */
export async function checkUrl(url: string, settings: FetchSettings): Promise<RawAnswer> {
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
    return { failure: 'rejected', detail: 'not an http(s) URL' };
  if (settings.budget?.aborted) return BUDGET;
  const deadline = performance.now() + settings.urlLimitMs;
  const first = await attempt(url, settings, deadline);
  if (first.retryAfterMs === undefined) return first.raw;
  // No retry that would pass the URL's limit.
  if (performance.now() + first.retryAfterMs >= deadline) return first.raw;
  await sleep(first.retryAfterMs, settings.budget);
  if (settings.budget?.aborted) return BUDGET;
  const second = await attempt(url, settings, deadline);
  if (second.retryAfterMs === undefined) return second.raw;
  return 'code' in second.raw
    ? { ...second.raw, twice: true }
    : { ...second.raw, detail: `${second.raw.detail}, twice` };
}

/** Waits `ms` milliseconds, or until `signal` aborts. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/** One try: the redirects followed to the final answer. */
async function attempt(start: string, settings: FetchSettings, deadline: number): Promise<Attempt> {
  let current = new URL(start);
  const startHost = current.hostname;
  for (let hop = 0; hop <= MAX_HOPS; hop++) {
    const token = tokenFor(current, startHost, settings.githubToken);
    const answer = await request(current, settings, deadline, token);
    if ('failure' in answer) {
      const { raw } = answer.failure;
      // A redirect into an address that is not permitted names where it led.
      if (hop > 0 && 'failure' in raw && raw.failure === 'refused')
        return { raw: { ...raw, redirectedTo: current.href } };
      return answer.failure;
    }
    if (answer.location !== undefined) {
      let next: URL;
      try {
        next = new URL(answer.location, current);
      } catch {
        return {
          raw: {
            failure: 'rejected',
            detail: `HTTP ${answer.code} redirect to a URL that does not parse (\`${printable(answer.location, 200)}\`)`,
          },
        };
      }
      if (next.protocol !== 'http:' && next.protocol !== 'https:')
        return {
          raw: {
            failure: 'rejected',
            detail: `HTTP ${answer.code} redirect to \`${printable(next.protocol, 20)}\`, which is not checked`,
          },
        };
      next.hash = '';
      if (next.href.length > MAX_URL_CHARS)
        return {
          raw: {
            failure: 'rejected',
            detail: `HTTP ${answer.code} redirect to a URL of over ${MAX_URL_CHARS} characters`,
          },
        };
      current = next;
      continue;
    }
    const redirected = current.href !== new URL(start).href ? { redirectedTo: current.href } : {};
    const { code, reason, ids, partial } = answer;
    return {
      raw: { code, reason, ...redirected, ...(ids ? { ids, ...(partial ? { partial } : {}) } : {}) },
      ...retryOf(code, answer.retryAfter, settings),
    };
  }
  return { raw: { failure: 'unreachable', detail: `more than ${MAX_HOPS} redirects (a loop?)` } };
}

/** The token to send to this URL: to github.com or api.github.com over https on the default port, and only on the host the check started at. */
export function tokenFor(url: URL, startHost: string, token: string | undefined): string | undefined {
  if (
    !token ||
    url.protocol !== 'https:' ||
    url.port !== '' ||
    url.hostname !== startHost ||
    !GITHUB_HOSTS.has(url.hostname)
  )
    return undefined;
  return token;
}

/** A raw answer judged by the check's options: `accept` lists the codes that count as working. Undefined: not asked (the time ran out). */
export function judge(raw: RawAnswer, accept: ReadonlySet<number>): ExternalLinkResult | undefined {
  if ('failure' in raw) {
    if (raw.failure === 'budget') return undefined;
    return {
      status: raw.failure,
      detail: raw.detail,
      ...(raw.redirectedTo !== undefined ? { redirectedTo: raw.redirectedTo } : {}),
    };
  }
  const { code, reason } = raw;
  const detail = `HTTP ${code}${reason ? ` (${reason})` : ''}`;
  const redirected = raw.redirectedTo !== undefined ? { redirectedTo: raw.redirectedTo } : {};
  if ((code >= 200 && code < 300) || accept.has(code))
    return {
      status: 'ok',
      detail,
      ...redirected,
      ...(raw.ids ? { ids: raw.ids, ...(raw.partial ? { partial: true } : {}) } : {}),
    };
  if (code === 404 || code === 410) return { status: 'broken', detail, ...redirected };
  if (code === 429 || code >= 500)
    return { status: 'unreachable', detail: raw.twice ? `${detail}, twice` : detail, ...redirected };
  return { status: 'rejected', detail, ...redirected };
}

/** A 429 or 5xx may be retried: after its `Retry-After` (bounded), else a second. */
function retryOf(code: number, retryAfter: string | undefined, settings: FetchSettings): { retryAfterMs?: number } {
  if (code !== 429 && code < 500) return {};
  const wanted = retryAfterMs(retryAfter ?? null, settings.now());
  return { retryAfterMs: Math.min(wanted ?? RETRY_DELAY_MS, settings.retryAfterMaxMs) };
}

/** `Retry-After` in milliseconds: seconds, or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d{1,9}$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** One answer of one request (a redirect not yet followed). */
interface Answered {
  code: number;
  reason: string;
  location?: string;
  retryAfter?: string;
  ids?: string[];
  partial?: boolean;
}
type Sent = Answered | { failure: Attempt; odd?: boolean };

/** One request to one URL: HEAD, or GET when HEAD is refused (or answered 404) or the page is to be read. */
async function request(url: URL, settings: FetchSettings, deadline: number, token: string | undefined): Promise<Sent> {
  if (!settings.withIds) {
    const head = await send(url, 'HEAD', settings, deadline, token);
    if (!('failure' in head) && !HEAD_REFUSED.has(head.code)) return head;
    // A HEAD that fails in an odd way (the connection dropped, a malformed answer) is asked again as GET.
    if ('failure' in head && head.odd !== true) return head;
  }
  return send(url, 'GET', settings, deadline, token);
}

/** Printable ASCII of a server's text, at most `max` characters. */
function printable(text: string, max: number): string {
  return text
    .replace(/[^\x20-\x7e]/g, '')
    .slice(0, max)
    .trim();
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The error a connection to an address the run does not permit fails with (from the lookup). */
class NotPermitted extends Error {
  readonly code = 'EDOCLINT_NOT_PERMITTED';
}

/** The lookup of a connection: the host's addresses (DNS, the hosts file), refused when any one of them is not permitted. */
function guardedLookup(permits: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as dns.LookupAddress[];
      if (list.length === 0 || list.some((a) => !permits(a.address)))
        return callback(new NotPermitted('address not permitted'), '', 0);
      if ((options as dns.LookupOptions).all)
        (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      else callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

const REFUSED_DETAIL = 'its address is not public (loopback, private, link-local or unspecified)';

/** Sends one request under the limits and the timeouts; a GET's body is read to its bound (its ids when wanted) or dropped. */
function send(
  url: URL,
  method: 'HEAD' | 'GET',
  settings: FetchSettings,
  deadline: number,
  token: string | undefined,
): Promise<Sent> {
  return settings.slot(
    url,
    () =>
      new Promise<Sent>((resolve) => {
        if (settings.budget?.aborted) return resolve({ failure: { raw: BUDGET } });
        const remaining = Math.floor(deadline - performance.now());
        const limitSeconds = Math.round(settings.urlLimitMs / 1000);
        if (remaining <= 0)
          return resolve({
            failure: {
              raw: {
                failure: 'unreachable',
                detail: `stopped after ${limitSeconds} s on this URL (its redirects and retries)`,
              },
            },
          });
        const literal = literalAddress(url.hostname);
        if (literal !== undefined && !settings.permits(literal))
          return resolve({ failure: { raw: { failure: 'refused', detail: REFUSED_DETAIL } } });
        const timeoutMs = Math.min(settings.timeoutMs, remaining);
        const controller = new AbortController();
        let why: 'timeout' | 'budget' | undefined;
        let settled = false;
        const timer = setTimeout(() => {
          why ??= 'timeout';
          controller.abort();
        }, timeoutMs);
        const onBudget = () => {
          why ??= 'budget';
          controller.abort();
        };
        settings.budget?.addEventListener('abort', onBudget, { once: true });
        const done = (sent: Sent) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          settings.budget?.removeEventListener('abort', onBudget);
          resolve(sent);
        };
        const fail = (error: unknown) => {
          if (why === 'budget') return done({ failure: { raw: BUDGET } });
          if (why === 'timeout') {
            const detail =
              timeoutMs < settings.timeoutMs
                ? `stopped after ${limitSeconds} s on this URL (its redirects and retries)`
                : `timed out after ${settings.timeoutMs / 1000} s`;
            return done({ failure: { raw: { failure: 'unreachable', detail }, retryAfterMs: RETRY_DELAY_MS } });
          }
          done(failure(error));
        };
        const headers: Record<string, string> = {
          'user-agent': USER_AGENT,
          accept: method === 'GET' && settings.withIds ? 'text/html,*/*;q=0.8' : '*/*',
          'accept-encoding': 'gzip, deflate, br',
        };
        if (token !== undefined) headers.authorization = `Bearer ${token}`;
        let req: http.ClientRequest;
        try {
          req = (url.protocol === 'https:' ? https : http).request(url, {
            method,
            headers,
            signal: controller.signal,
            lookup: guardedLookup(settings.permits),
            agent: false,
          });
        } catch (error) {
          return fail(error);
        }
        req.on('error', fail);
        req.on('response', (res) => {
          const code = res.statusCode ?? 0;
          const answered: Answered = { code, reason: printable(res.statusMessage ?? '', 60) };
          const location = header(res.headers.location);
          if (code >= 300 && code < 400 && location !== undefined) answered.location = location;
          const retryAfter = header(res.headers['retry-after']);
          if (retryAfter !== undefined) answered.retryAfter = retryAfter;
          const html = /\bx?html\b/i.test(header(res.headers['content-type']) ?? '');
          if (method === 'GET' && settings.withIds && html && code >= 200 && code < 300) {
            readBounded(res, MAX_HTML_BYTES).then(({ text, partial }) => {
              const found = htmlIds(text);
              done({ ...answered, ids: found.ids, ...(partial || found.capped ? { partial: true } : {}) });
            }, fail);
            return;
          }
          done(answered);
          res.destroy();
        });
        req.end();
      }),
  );
}

/** A request that got no answer: a host not found is broken; an address not permitted is refused; the rest is unreachable. */
function failure(error: unknown): { failure: Attempt; odd?: boolean } {
  const code =
    typeof (error as { code?: unknown } | undefined)?.code === 'string' ? (error as { code: string }).code : undefined;
  if (code === 'EDOCLINT_NOT_PERMITTED') return { failure: { raw: { failure: 'refused', detail: REFUSED_DETAIL } } };
  if (code === 'ENOTFOUND') return { failure: { raw: { failure: 'broken', detail: 'host not found (DNS)' } } };
  const why = code ?? (error instanceof Error ? error.message : String(error));
  const refused = code === 'ECONNREFUSED' || code === 'EAI_AGAIN' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH';
  return { failure: { raw: { failure: 'unreachable', detail: `no answer (${printable(why, 120)})` } }, odd: !refused };
}

/** A response's body as text (decoded when compressed), at most `max` bytes of it (then the rest is dropped). */
async function readBounded(res: http.IncomingMessage, max: number): Promise<{ text: string; partial: boolean }> {
  const encoding = (header(res.headers['content-encoding']) ?? '').trim().toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : undefined;
  const stream: Readable = decoder ? res.pipe(decoder) : res;
  const chunks: Buffer[] = [];
  let size = 0;
  let partial = false;
  try {
    for await (const chunk of stream) {
      const value = chunk as Buffer;
      const room = max - size;
      chunks.push(value.length > room ? value.subarray(0, room) : value);
      size += Math.min(value.length, room);
      if (size >= max) {
        partial = true;
        break;
      }
    }
  } finally {
    decoder?.destroy();
    res.destroy();
  }
  return { text: Buffer.concat(chunks).toString('utf8'), partial };
}

/** The `id` and `name` attribute values of an HTML text (as a fragment can name them), at most MAX_IDS (`capped` when there were more). */
export function htmlIds(html: string): { ids: string[]; capped: boolean } {
  const ids = new Set<string>();
  let capped = false;
  // Any `id=`/`name=` after a space or quote (script text too: a superset, never a false alarm).
  const attribute = /[\s"'](?:id|name)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;
  for (let m = attribute.exec(html); m; m = attribute.exec(html)) {
    const value = m[1] ?? m[2] ?? m[3] ?? '';
    if (value === '' || ids.has(value)) continue;
    // An id too long to keep, or one past the cap: the page counts as read in part.
    if (value.length > 300) capped = true;
    else if (ids.size >= MAX_IDS) return { ids: [...ids], capped: true };
    else ids.add(value);
  }
  return { ids: [...ids], capped };
}
