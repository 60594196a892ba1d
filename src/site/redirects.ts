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

/**
 * Bound on pattern matching (see README, Limits). Matching a path of n characters against a
 * pattern of m tokens costs (n + 1) × (m + 1) table cells. The patterns tried for one path may
 * spend (n + 1) × MATCH_ROWS_PER_PATH cells, at most MATCH_CELLS_PER_PATH: work stays linear in
 * the length of the site's links, whatever docs.json holds. Past it the remaining patterns are not
 * tried for that path: it matches no redirect, and `gaveUp` says so.
 */
export const MATCH_ROWS_PER_PATH = 1024;
export const MATCH_CELLS_PER_PATH = 1 << 23;

/** What every path a pattern matches must hold: checked before the table (most patterns fail here in O(1)). */
interface Needs {
  prefix: string;
  suffix: string;
  /** The literal pieces between, in order. */
  pieces: string[];
  minLength: number;
}

const needsOf = new WeakMap<Token[], Needs>();

function needs(tokens: Token[]): Needs {
  let found = needsOf.get(tokens);
  if (found) return found;
  const lits = tokens.filter((t): t is { t: 'lit'; s: string } => t.t === 'lit').map((t) => t.s);
  const first = tokens[0];
  const last = tokens[tokens.length - 1];
  const prefix = first?.t === 'lit' ? first.s : '';
  const suffix = tokens.length > 1 && last?.t === 'lit' ? last.s : '';
  const pieces = lits.slice(prefix ? 1 : 0, suffix ? lits.length - 1 : lits.length);
  let minLength = 0;
  for (const t of tokens) minLength += t.t === 'lit' ? t.s.length : t.t === 'some' || t.t === 'seg' ? 1 : 0;
  found = { prefix, suffix, pieces, minLength };
  needsOf.set(tokens, found);
  return found;
}

/** False when a path cannot match the pattern (a necessary condition, linear in the path). */
function mayMatch(tokens: Token[], p: string): boolean {
  const { prefix, suffix, pieces, minLength } = needs(tokens);
  if (p.length < minLength || !p.startsWith(prefix) || !p.endsWith(suffix)) return false;
  let at = prefix.length;
  const end = p.length - suffix.length;
  for (const piece of pieces) {
    const k = p.indexOf(piece, at);
    if (k < 0 || k + piece.length > end) return false;
    at = k + piece.length;
  }
  return true;
}

/** The table cells a match of this path costs. */
function cost(tokens: Token[], p: string): number {
  return (p.length + 1) * (tokens.length + 1);
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
          row[i] =
            next[i] ||
            (i + 1 < n && p.charCodeAt(i) === 47 && p.charCodeAt(i + 1) !== 47 && nearest[i + 2]! <= segEnd[i + 1]!)
              ? 1
              : 0;
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
        const k =
          i + 1 < n && p.charCodeAt(i) === 47 && p.charCodeAt(i + 1) !== 47 ? longest(j, i + 2, segEnd[i + 1]!) : -1;
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
  // Each name rewrites the destination once: bounded, one pass stands for them (the same result
  // unless a captured value or a longer name holds a shorter one).
  if (r.names.length * dest.length > 1 << 22) return oneFill(r, captures);
  r.names.forEach((name, i) => {
    const value = captures?.[i] ?? '';
    if (name === '*') dest = dest.replace('*', () => value);
    else dest = dest.replace(new RegExp(`:${name}[*+?]?`, 'g'), () => value);
  });
  return dest.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
}

/** `destination` in one pass over the destination: each `:name` and `*` filled from the captures. */
function oneFill(r: Redirect, captures: string[] | undefined): string {
  const named = new Map<string, string>();
  const stars: string[] = [];
  r.names.forEach((name, i) => {
    const value = captures?.[i] ?? '';
    if (name === '*') stars.push(value);
    else if (!named.has(name)) named.set(name, value);
  });
  let star = 0;
  const dest = r.destination.replace(/:([A-Za-z0-9_]+)[*+?]?|\*/g, (all: string, name: string | undefined) => {
    if (name === undefined) return star < stars.length ? stars[star++]! : all;
    return named.get(name) ?? all;
  });
  return dest.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
}

/** The first segment of a path (`/a/b` → `a`). */
function firstSegment(p: string): string {
  const k = p.indexOf('/', 1);
  return k < 0 ? p.slice(1) : p.slice(1, k);
}

/**
 * The first segment every path a pattern matches starts with, or undefined when it varies: the
 * source's leading literal holds a whole first segment (`/old/:slug`, `/old/:slug*`, `/a/b-*`).
 */
function leadingSegment(tokens: Token[]): string | undefined {
  const first = tokens[0];
  if (first?.t !== 'lit' || !first.s.startsWith('/')) return undefined;
  const k = first.s.indexOf('/', 1);
  if (k > 0) return first.s.slice(1, k);
  const next = tokens[1]?.t;
  // `/old` then `/:slug*` or `/:slug?`: the optional part starts a new segment.
  return next === 'opt-any' || next === 'opt-seg' ? first.s.slice(1) : undefined;
}

type Found = { redirect: Redirect; destination: string };

/**
 * The redirects of a site: static sources looked up by path; parameterised ones tried in order,
 * only those whose leading segment fits, and only when the path holds their literal parts. Each
 * path's answer is kept. Matching work per path is bounded (MATCH_ROWS_PER_PATH, MATCH_CELLS_PER_PATH).
 */
export class RedirectTable {
  private readonly exact = new Map<string, number>();
  /** Parameterised redirects by the first segment their sources fix. */
  private readonly byLead = new Map<string, number[]>();
  /** Parameterised redirects whose first segment varies. */
  private readonly anyLead: number[] = [];
  private readonly found = new Map<string, Found | null>();
  private readonly incomplete = new Set<string>();

  constructor(readonly list: Redirect[]) {
    list.forEach((r, i) => {
      if (r.names.length) {
        const lead = leadingSegment(r.tokens);
        if (lead === undefined) this.anyLead.push(i);
        else {
          let bucket = this.byLead.get(lead);
          if (!bucket) this.byLead.set(lead, (bucket = []));
          bucket.push(i);
        }
      } else if (!this.exact.has(normalise(r.source))) this.exact.set(normalise(r.source), i);
    });
  }

  static from(config: unknown): RedirectTable {
    return new RedirectTable(readRedirects(config));
  }

  /** The redirect that applies to a site path (`/old/page`), and its destination. The first matching redirect wins. */
  find(sitePath: string): Found | undefined {
    const p = normalise(sitePath);
    const known = this.found.get(p);
    if (known !== undefined) return known ?? undefined;
    const result = this.search(p);
    this.found.set(p, result ?? null);
    return result;
  }

  /** True when matching a site path stopped at a bound before every pattern was tried. */
  gaveUp(sitePath: string): boolean {
    return this.incomplete.has(normalise(sitePath));
  }

  private search(p: string): Found | undefined {
    const first = this.exact.get(p);
    const lead = this.byLead.get(firstSegment(p)) ?? [];
    const other = this.anyLead;
    let cells = 0;
    const budget = Math.min((p.length + 1) * MATCH_ROWS_PER_PATH, MATCH_CELLS_PER_PATH);
    // The two ascending lists, merged: the first matching redirect in docs.json order wins.
    for (let a = 0, b = 0; a < lead.length || b < other.length;) {
      const i = b >= other.length || (a < lead.length && lead[a]! < other[b]!) ? lead[a++]! : other[b++]!;
      if (first !== undefined && i > first) break;
      const r = this.list[i]!;
      if (!mayMatch(r.tokens, p)) continue;
      const c = cost(r.tokens, p);
      if (cells + c > budget) {
        this.incomplete.add(p);
        return undefined;
      }
      cells += c;
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
  return (sitePath) => {
    const p = normalise(sitePath);
    return (
      mayMatch(tokens, p) &&
      cost(tokens, p) <= Math.min((p.length + 1) * MATCH_ROWS_PER_PATH, MATCH_CELLS_PER_PATH) &&
      match(tokens, p) !== undefined
    );
  };
}

/** True when a destination has parameters or wildcards to fill in. */
export function isPattern(destination: string): boolean {
  return /(?:^|\/)[^/]*(?::[A-Za-z0-9_]+|\*)/.test(destination);
}
