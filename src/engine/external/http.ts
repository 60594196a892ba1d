import type { ExternalLinkResult } from '../../rule-kit/rule.js';

/*
 * One external URL, asked politely: HEAD first (GET when the server refuses HEAD, or when the
 * page's ids are wanted), redirects followed by hand (at most MAX_HOPS), every request under a
 * timeout, every body read to a bound. A timeout, a 429 or a 5xx is tried once more, after the
 * server's `Retry-After` (bounded) or a second. Node's own fetch (undici): no dependency.
 */

/** Redirects followed before the URL is reported as looping. */
export const MAX_HOPS = 10;
/** Bytes of an HTML page read for its ids (a fragment further on is not looked for). */
export const MAX_HTML_BYTES = 2 * 1024 * 1024;
/** Longest URL a redirect may lead to. */
const MAX_URL_CHARS = 2048;
/** Ids kept of one page. */
const MAX_IDS = 5000;
/** The wait before the retry of a timeout or a 5xx without `Retry-After`, in milliseconds. */
const RETRY_DELAY_MS = 1000;
/** HEAD answers that mean "ask with GET" (servers that do not implement or allow HEAD). */
const HEAD_REFUSED = new Set([400, 403, 405, 501]);

export const USER_AGENT = 'doclint-link-check (+https://github.com/doclint/doclint)';

/** What one URL's check needs to know. */
export interface FetchSettings {
  timeoutMs: number;
  retryAfterMaxMs: number;
  accept: ReadonlySet<number>;
  /** Read the final page's ids (a GET, bounded). */
  withIds: boolean;
  /** Runs a request when the limits of its host allow (see `Limiter`). */
  slot: <T>(url: URL, run: () => Promise<T>) => Promise<T>;
  /** Milliseconds since the epoch (an HTTP-date `Retry-After` is read against it). */
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

/** The outcome of one try: the result, and whether it may be retried (and after how long). */
interface Attempt {
  result: ExternalLinkResult;
  retryAfterMs?: number;
}

/** Checks one URL (without its fragment): one try, and one retry when the failure may pass. */
export async function checkUrl(url: string, settings: FetchSettings): Promise<ExternalLinkResult> {
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) return { status: 'rejected', detail: 'not an http(s) URL' };
  const first = await attempt(url, settings);
  if (first.retryAfterMs === undefined) return first.result;
  await settings.sleep(first.retryAfterMs);
  const second = await attempt(url, settings);
  return second.retryAfterMs === undefined ? second.result : { ...second.result, detail: `${second.result.detail}, twice` };
}

/** One try: the redirects followed to the final answer. */
async function attempt(start: string, settings: FetchSettings): Promise<Attempt> {
  let current = new URL(start);
  for (let hop = 0; hop <= MAX_HOPS; hop++) {
    const answer = await request(current, settings);
    if ('failure' in answer) return answer.failure;
    const { response, ids, partial } = answer;
    const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
    if (location !== null) {
      let next: URL;
      try {
        next = new URL(location, current);
      } catch {
        return { result: { status: 'rejected', detail: `HTTP ${response.status} redirect to a URL that does not parse (\`${location.slice(0, 200)}\`)` } };
      }
      if (next.protocol !== 'http:' && next.protocol !== 'https:')
        return { result: { status: 'rejected', detail: `HTTP ${response.status} redirect to \`${next.protocol}\`, which is not checked` } };
      next.hash = '';
      if (next.href.length > MAX_URL_CHARS)
        return { result: { status: 'rejected', detail: `HTTP ${response.status} redirect to a URL of over ${MAX_URL_CHARS} characters` } };
      current = next;
      continue;
    }
    const redirected = current.href !== new URL(start).href ? { redirectedTo: current.href } : {};
    return {
      result: { ...classify(response, settings), ...redirected, ...(ids ? { ids, ...(partial ? { partial } : {}) } : {}) },
      ...retryOf(response, settings),
    };
  }
  return { result: { status: 'unreachable', detail: `more than ${MAX_HOPS} redirects (a loop?)` } };
}

/** An answer's status as a result (redirects are followed before). */
function classify(response: Response, settings: FetchSettings): ExternalLinkResult {
  const code = response.status;
  // The reason phrase is the server's text: printable characters only, and not too many.
  const reason = response.statusText
    .replace(/[^\x20-\x7e]/g, '')
    .slice(0, 60)
    .trim();
  const detail = `HTTP ${code}${reason ? ` (${reason})` : ''}`;
  if ((code >= 200 && code < 300) || settings.accept.has(code)) return { status: 'ok', detail };
  if (code === 404 || code === 410) return { status: 'broken', detail };
  if (code === 429 || code >= 500) return { status: 'unreachable', detail };
  return { status: 'rejected', detail };
}

/** A 429 or 5xx may be retried: after its `Retry-After` (bounded), else a second. */
function retryOf(response: Response, settings: FetchSettings): { retryAfterMs?: number } {
  const code = response.status;
  if (settings.accept.has(code) || (code !== 429 && code < 500)) return {};
  const wanted = retryAfterMs(response.headers.get('retry-after'), settings.now());
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

type Answer = { response: Response; ids?: string[]; partial?: boolean } | { failure: Attempt };

/** One request to one URL: HEAD, or GET when HEAD is refused or the page is to be read. */
async function request(url: URL, settings: FetchSettings): Promise<Answer> {
  if (!settings.withIds) {
    const head = await send(url, 'HEAD', settings);
    if ('response' in head && !HEAD_REFUSED.has(head.response.status)) return head;
    // A HEAD that fails in an odd way (the connection dropped, a malformed answer) is asked again as GET.
    if ('failure' in head && head.odd !== true) return head;
  }
  return send(url, 'GET', settings);
}

/** Sends one request under the limits and the timeout; a GET's body is read to its bound (its ids when wanted) or dropped. */
function send(url: URL, method: 'HEAD' | 'GET', settings: FetchSettings): Promise<Answer & { odd?: boolean }> {
  return settings.slot(url, async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), settings.timeoutMs);
    try {
      const response = await fetch(url, {
        method,
        redirect: 'manual',
        signal: controller.signal,
        headers: { 'user-agent': USER_AGENT, accept: method === 'GET' && settings.withIds ? 'text/html,*/*;q=0.8' : '*/*' },
      });
      const html = /\bx?html\b/i.test(response.headers.get('content-type') ?? '');
      if (method === 'GET' && settings.withIds && html && response.status >= 200 && response.status < 300) {
        const { text, partial } = await readBounded(response, MAX_HTML_BYTES);
        return { response, ids: htmlIds(text), partial };
      }
      await response.body?.cancel().catch(() => undefined);
      return { response };
    } catch (error) {
      return failure(error, controller.signal.aborted, settings.timeoutMs);
    } finally {
      clearTimeout(timer);
    }
  });
}

/** A request that got no answer: a host not found is broken; a timeout may be retried; the rest is unreachable. */
function failure(error: unknown, timedOut: boolean, timeoutMs: number): { failure: Attempt; odd?: boolean } {
  if (timedOut) return { failure: { result: { status: 'unreachable', detail: `timed out after ${timeoutMs / 1000} s` }, retryAfterMs: RETRY_DELAY_MS } };
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  if (code === 'ENOTFOUND') return { failure: { result: { status: 'broken', detail: 'host not found (DNS)' } } };
  const why = code ?? (typeof cause?.message === 'string' ? cause.message : error instanceof Error ? error.message : String(error));
  const refused = code === 'ECONNREFUSED' || code === 'EAI_AGAIN' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH';
  return { failure: { result: { status: 'unreachable', detail: `no answer (${why.slice(0, 120)})` } }, odd: !refused };
}

/** A response's body as text, at most `max` bytes of it (then the rest is dropped). */
async function readBounded(response: Response, max: number): Promise<{ text: string; partial: boolean }> {
  const reader = response.body?.getReader();
  if (!reader) return { text: '', partial: false };
  const chunks: Uint8Array[] = [];
  let size = 0;
  let partial = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = max - size;
    chunks.push(value.length > room ? value.subarray(0, room) : value);
    size += Math.min(value.length, room);
    if (size >= max) {
      partial = true;
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  return { text: Buffer.concat(chunks).toString('utf8'), partial };
}

/** The `id` and `name` attribute values of an HTML text (as a fragment can name them), at most MAX_IDS. */
export function htmlIds(html: string): string[] {
  const ids = new Set<string>();
  // Any `id=`/`name=` after a space or quote (script text too: a superset, never a false alarm).
  const attribute = /[\s"'](?:id|name)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;
  for (let m = attribute.exec(html); m && ids.size < MAX_IDS; m = attribute.exec(html)) {
    const value = m[1] ?? m[2] ?? m[3] ?? '';
    if (value !== '' && value.length <= 300) ids.add(value);
  }
  return [...ids];
}
