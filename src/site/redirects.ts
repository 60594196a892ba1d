import { isObject } from '../core/json.js';

/**
 * docs.json `redirects`: `{ "source": "/old/:slug*", "destination": "/new/:slug*" }`. Sources
 * use path parameters (`:name` one segment, `:name?` an optional one, `:name*` zero or more,
 * `:name+` one or more) and `*` wildcards inside a segment (`/articles/concepts-*`); captured
 * values fill the same names (or `*`) in the destination.
 *
 * Matching is done by a table over (position in the path, token of the pattern), not by a
 * backtracking regular expression: time grows with path length × pattern length whatever the
 * pattern holds (ten wildcards in one source and a long broken link used to take minutes). The
 * captures are the ones a greedy left-to-right regular expression would give.
 */
export interface Redirect {
  source: string;
  destination: string;
  pointer: string;
  /** A 308 permanent redirect (the platform's default); false for `"permanent": false`, a 307 temporary one. */
  permanent: boolean;
  tokens: Token[];
  /** Capture names in order (`*` for a wildcard). */
  names: string[];
}

type Token =
  /** Literal text. */
  | { t: 'lit'; s: string }
  /** Any run of characters, `/` included (a `*` wildcard): captured. */
  | { t: 'any' }
  /** One or more characters, `/` included (`/:name+` after its slash): captured. */
  | { t: 'some' }
  /** One or more characters other than `/` (`:name`): captured. */
  | { t: 'seg' }
  /** Optionally `/` and then any run (`/:name*`): captured, '' when absent. */
  | { t: 'opt-any' }
  /** Optionally `/` and then one segment (`/:name?`): captured, '' when absent. */
  | { t: 'opt-seg' };

function normalise(p: string): string {
  let out = '/' + p.trim().replace(/^\/+/, '');
  if (out.length > 1) out = out.replace(/\/+$/, '');
  return out;
}

export function compileRedirect(source: string, destination: string, pointer: string, permanent = true): Redirect {
  const names: string[] = [];
  const tokens: Token[] = [];
  const lit = (s: string) => {
    if (s === '') return;
    const last = tokens[tokens.length - 1];
    if (last?.t === 'lit') last.s += s;
    else tokens.push({ t: 'lit', s });
  };
  const segments = normalise(source).split('/').slice(1);
  for (const segment of segments) {
    const param = /^:([A-Za-z0-9_]+)([*+?]?)$/.exec(segment);
    if (param) {
      names.push(param[1]!);
      const mod = param[2];
      if (mod === '*') tokens.push({ t: 'opt-any' });
      else if (mod === '?') tokens.push({ t: 'opt-seg' });
      else {
        lit('/');
        tokens.push(mod === '+' ? { t: 'some' } : { t: 'seg' });
      }
      continue;
    }
    lit('/');
    for (const part of segment.split(/(\*|:[A-Za-z0-9_]+)/)) {
      if (part === '*') {
        names.push('*');
        tokens.push({ t: 'any' });
      } else if (part.startsWith(':') && part.length > 1) {
        names.push(part.slice(1));
        tokens.push({ t: 'seg' });
      } else lit(part);
    }
  }
  if (tokens.length === 0) lit('/');
  return { source, destination, pointer, permanent, tokens, names };
}

/**
 * Matches a path against a pattern: the captured values, or undefined. `ok[j][i]` says whether
 * tokens j.. match path[i..]; captures are then read greedily, each token taking the longest
 * stretch after which the rest still matches (what a backtracking regular expression returns).
 */
function match(tokens: Token[], p: string): string[] | undefined {
  const n = p.length;
  const m = tokens.length;
  // For each i, the end of the segment that starts at i (the next '/', or n).
  const segEnd = new Int32Array(n + 1);
  segEnd[n] = n;
  for (let i = n - 1; i >= 0; i--) segEnd[i] = p.charCodeAt(i) === 47 ? i : segEnd[i + 1]!;
  const ok: Uint8Array[] = [];
  for (let j = 0; j <= m; j++) ok.push(new Uint8Array(n + 1));
  ok[m]![n] = 1;
  for (let j = m - 1; j >= 0; j--) {
    const token = tokens[j]!;
    const next = ok[j + 1]!;
    const row = ok[j]!;
    // nearest[i]: the smallest k >= i with next[k] (n + 1 when none).
    const nearest = new Int32Array(n + 2);
    nearest[n + 1] = n + 1;
    for (let i = n; i >= 0; i--) nearest[i] = next[i] ? i : nearest[i + 1]!;
    for (let i = 0; i <= n; i++) {
      switch (token.t) {
        case 'lit':
          row[i] = i + token.s.length <= n && p.startsWith(token.s, i) && next[i + token.s.length] ? 1 : 0;
          break;
        case 'any':
          row[i] = nearest[i]! <= n ? 1 : 0;
          break;
        case 'some':
          row[i] = i < n && nearest[i + 1]! <= n ? 1 : 0;
          break;
        case 'seg':
          row[i] = i < n && p.charCodeAt(i) !== 47 && nearest[i + 1]! <= segEnd[i]! ? 1 : 0;
          break;
        case 'opt-any':
          row[i] = next[i] || (i < n && p.charCodeAt(i) === 47 && nearest[i + 1]! <= n) ? 1 : 0;
          break;
        case 'opt-seg':
          row[i] = next[i] || (i + 1 < n && p.charCodeAt(i) === 47 && p.charCodeAt(i + 1) !== 47 && nearest[i + 2]! <= segEnd[i + 1]!) ? 1 : 0;
          break;
      }
    }
  }
  if (!ok[0]![0]) return undefined;
  const captures: string[] = [];
  let i = 0;
  /** The largest k in [from, to] with ok[j + 1][k], or -1. */
  const longest = (j: number, from: number, to: number): number => {
    const next = ok[j + 1]!;
    for (let k = to; k >= from; k--) if (next[k]) return k;
    return -1;
  };
  for (let j = 0; j < m; j++) {
    const token = tokens[j]!;
    switch (token.t) {
      case 'lit':
        i += token.s.length;
        break;
      case 'any': {
        const k = longest(j, i, n);
        captures.push(p.slice(i, k));
        i = k;
        break;
      }
      case 'some': {
        const k = longest(j, i + 1, n);
        captures.push(p.slice(i, k));
        i = k;
        break;
      }
      case 'seg': {
        const k = longest(j, i + 1, segEnd[i]!);
        captures.push(p.slice(i, k));
        i = k;
        break;
      }
      case 'opt-any': {
        const k = i < n && p.charCodeAt(i) === 47 ? longest(j, i + 1, n) : -1;
        if (k >= 0) {
          captures.push(p.slice(i + 1, k));
          i = k;
        } else captures.push('');
        break;
      }
      case 'opt-seg': {
        const k = i + 1 < n && p.charCodeAt(i) === 47 && p.charCodeAt(i + 1) !== 47 ? longest(j, i + 2, segEnd[i + 1]!) : -1;
        if (k >= 0) {
          captures.push(p.slice(i + 1, k));
          i = k;
        } else captures.push('');
        break;
      }
    }
  }
  return captures;
}

/** The destination of a matched redirect, with its captures filled in. */
function destination(r: Redirect, captures: string[] | undefined): string {
  let dest = r.destination;
  r.names.forEach((name, i) => {
    const value = captures?.[i] ?? '';
    if (name === '*') dest = dest.replace('*', () => value);
    else dest = dest.replace(new RegExp(`:${name}[*+?]?`, 'g'), () => value);
  });
  return dest.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
}

/** The redirects of a site: static sources looked up by path, parameterised ones tried in order. */
export class RedirectTable {
  private readonly exact = new Map<string, number>();
  private readonly dynamic: number[] = [];

  constructor(readonly list: Redirect[]) {
    list.forEach((r, i) => {
      if (r.names.length) this.dynamic.push(i);
      else if (!this.exact.has(normalise(r.source))) this.exact.set(normalise(r.source), i);
    });
  }

  static from(config: unknown): RedirectTable {
    return new RedirectTable(readRedirects(config));
  }

  /** The redirect that applies to a site path (`/old/page`), and its destination. The first matching redirect wins. */
  find(sitePath: string): { redirect: Redirect; destination: string } | undefined {
    const p = normalise(sitePath);
    const first = this.exact.get(p);
    for (const i of this.dynamic) {
      if (first !== undefined && i > first) break;
      const r = this.list[i]!;
      const captures = match(r.tokens, p);
      if (captures) return { redirect: r, destination: destination(r, captures) };
    }
    if (first === undefined) return undefined;
    const r = this.list[first]!;
    return { redirect: r, destination: destination(r, undefined) };
  }

  /** The destination for a site path, or undefined when no redirect matches. */
  apply(sitePath: string): string | undefined {
    return this.find(sitePath)?.destination;
  }
}

export function readRedirects(config: unknown): Redirect[] {
  const list = isObject(config) ? config.redirects : undefined;
  if (!Array.isArray(list)) return [];
  const out: Redirect[] = [];
  list.forEach((r, i) => {
    if (isObject(r) && typeof r.source === 'string' && typeof r.destination === 'string') {
      out.push(compileRedirect(r.source, r.destination, `/redirects/${i}`, r.permanent !== false));
    }
  });
  return out;
}

const tables = new WeakMap<Redirect[], RedirectTable>();

/** The destination for a site path in a list of redirects (tests and one-off callers). */
export function applyRedirects(redirects: Redirect[], sitePath: string): string | undefined {
  let table = tables.get(redirects);
  if (!table) tables.set(redirects, (table = new RedirectTable(redirects)));
  return table.apply(sitePath);
}

/** A test of site paths against a pattern written like a redirect source (`/new/:slug*`). */
export function pathPattern(pattern: string): (sitePath: string) => boolean {
  const tokens = compileRedirect(pattern, '', '').tokens;
  return (sitePath) => match(tokens, normalise(sitePath)) !== undefined;
}

/** True when a destination has parameters or wildcards to fill in. */
export function isPattern(destination: string): boolean {
  return /(?:^|\/)[^/]*(?::[A-Za-z0-9_]+|\*)/.test(destination);
}
