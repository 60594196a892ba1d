/**
 * docs.json `redirects`: `{ "source": "/old/:slug*", "destination": "/new/:slug*" }`. Sources
 * use path parameters (`:name` one segment, `:name*` zero or more, `:name+` one or more) and `*`
 * wildcards inside a segment (`/articles/concepts-*`); captured values fill the same names (or
 * `*`) in the destination.
 */
export interface Redirect {
  source: string;
  destination: string;
  pointer: string;
  regex: RegExp;
  names: string[];
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function normalise(p: string): string {
  let out = '/' + p.trim().replace(/^\/+/, '');
  if (out.length > 1) out = out.replace(/\/+$/, '');
  return out;
}

export function compileRedirect(source: string, destination: string, pointer: string): Redirect {
  const names: string[] = [];
  let pattern = '';
  const segments = normalise(source).split('/').slice(1);
  for (const segment of segments) {
    const param = /^:([A-Za-z0-9_]+)([*+?]?)$/.exec(segment);
    if (param) {
      names.push(param[1]!);
      const mod = param[2];
      if (mod === '*') pattern += '(?:/(.*))?';
      else if (mod === '+') pattern += '/(.+)';
      else if (mod === '?') pattern += '(?:/([^/]+))?';
      else pattern += '/([^/]+)';
      continue;
    }
    let seg = '';
    for (const part of segment.split(/(\*|:[A-Za-z0-9_]+)/)) {
      if (part === '*') {
        names.push('*');
        seg += '(.*)';
      } else if (part.startsWith(':') && part.length > 1) {
        names.push(part.slice(1));
        seg += '([^/]+)';
      } else seg += escape(part);
    }
    pattern += '/' + seg;
  }
  return { source, destination, pointer, regex: new RegExp(`^${pattern || '/'}$`), names };
}

/** Redirects without parameters by their exact path, the others in order: built once per list. */
interface RedirectIndex {
  exact: Map<string, number>;
  dynamic: number[];
}
const indexes = new WeakMap<Redirect[], RedirectIndex>();

function indexOf(redirects: Redirect[]): RedirectIndex {
  let index = indexes.get(redirects);
  if (!index) {
    index = { exact: new Map(), dynamic: [] };
    redirects.forEach((r, i) => {
      if (r.names.length) index!.dynamic.push(i);
      else if (!index!.exact.has(normalise(r.source))) index!.exact.set(normalise(r.source), i);
    });
    indexes.set(redirects, index);
  }
  return index;
}

/** The destination for a site path (`/old/page`), or undefined when no redirect matches. The first matching redirect wins. */
export function applyRedirects(redirects: Redirect[], sitePath: string): string | undefined {
  const p = normalise(sitePath);
  const { exact, dynamic } = indexOf(redirects);
  const first = exact.get(p);
  for (const i of dynamic) {
    if (first !== undefined && i > first) break;
    const r = redirects[i]!;
    const m = r.regex.exec(p);
    if (m) return destination(r, m);
  }
  return first !== undefined ? destination(redirects[first]!, undefined) : undefined;
}

function destination(r: Redirect, m: RegExpExecArray | undefined): string {
  let dest = r.destination;
  r.names.forEach((name, i) => {
    const value = m?.[i + 1] ?? '';
    if (name === '*') dest = dest.replace('*', value);
    else dest = dest.replace(new RegExp(`:${name}[*+?]?`, 'g'), value);
  });
  return dest.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
}

export function readRedirects(config: unknown): Redirect[] {
  const list = (config as { redirects?: unknown } | undefined)?.redirects;
  if (!Array.isArray(list)) return [];
  const out: Redirect[] = [];
  list.forEach((r, i) => {
    if (r && typeof r === 'object' && typeof (r as { source?: unknown }).source === 'string' && typeof (r as { destination?: unknown }).destination === 'string') {
      const { source, destination } = r as { source: string; destination: string };
      out.push(compileRedirect(source, destination, `/redirects/${i}`));
    }
  });
  return out;
}
