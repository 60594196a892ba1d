/*
 * Glob patterns of files (the `files` of a configuration's `overrides`), matched in time bounded by
 * the pattern's length times the path's, whatever the pattern: no regular expression, so no
 * backtracking (`*a*a*a*…*b.mdx` against a long name is as cheap as `*.mdx`).
 *
 * The syntax is ESLint's `files` (minimatch and picomatch agree on it): `*` any characters of one
 * path segment (dot files included), `?` one character, `[abc]`, `[a-z]`, `[!a]` or `[^a]` one
 * character of a class, `**` as a whole segment any number of segments (none included), `{a,b}`
 * alternatives (nested too; expanded, at most MAX_ALTERNATIVES), `\` escapes the next character, a
 * leading `!` negates the pattern, a leading `./` is dropped.
 */

/** Alternatives one pattern may expand to (its `{…}` lists multiplied). */
export const MAX_ALTERNATIVES = 256;

/** One character of a segment pattern: a literal, `?`, a class, or `*`. */
type Token =
  | { kind: 'char'; char: string }
  | { kind: 'any' }
  | { kind: 'star' }
  | { kind: 'class'; negated: boolean; ranges: Array<[string, string]> };

/** A segment of a pattern: `**`, or its tokens. */
type Segment = 'globstar' | Token[];

/** Why a pattern cannot be read (too many alternatives). */
export class GlobError extends Error {}

/** Expands `{a,b}` lists (nested too) into the patterns they stand for; throws GlobError past MAX_ALTERNATIVES. */
export function expandBraces(pattern: string): string[] {
  const group = braceGroup(pattern);
  if (!group) return [pattern];
  const { start, end, commas } = group;
  const bounds = [start, ...commas, end];
  const middles = unique(
    bounds.slice(0, -1).flatMap((from, k) => expandBraces(pattern.slice(from + 1, bounds[k + 1]))),
  );
  // The rest is expanded once, whatever the number of alternatives before it.
  const tails = expandBraces(pattern.slice(end + 1));
  if (middles.length * tails.length > MAX_ALTERNATIVES)
    throw new GlobError(`expands to more than ${MAX_ALTERNATIVES} patterns`);
  const head = pattern.slice(0, start);
  return unique(middles.flatMap((middle) => tails.map((tail) => head + middle + tail)));
}

function unique(list: string[]): string[] {
  return [...new Set(list)];
}

/** The first `{…}` of a pattern with a comma at its top level: where it opens, closes, and its commas. */
function braceGroup(pattern: string): { start: number; end: number; commas: number[] } | undefined {
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] === '\\') {
      i++;
      continue;
    }
    if (pattern[i] !== '{') continue;
    let depth = 0;
    const commas: number[] = [];
    for (let j = i; j < pattern.length; j++) {
      const d = pattern[j];
      if (d === '\\') j++;
      else if (d === '{') depth++;
      else if (d === ',' && depth === 1) commas.push(j);
      else if (d === '}' && --depth === 0) {
        if (commas.length > 0) return { start: i, end: j, commas };
        break;
      }
    }
  }
  return undefined;
}

/** The tokens of one segment. */
function tokens(segment: string): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i]!;
    if (c === '\\' && i + 1 < segment.length) out.push({ kind: 'char', char: segment[++i]! });
    else if (c === '?') out.push({ kind: 'any' });
    else if (c === '*') {
      if (out[out.length - 1]?.kind !== 'star') out.push({ kind: 'star' });
    } else if (c === '[') {
      const close = classEnd(segment, i);
      if (close < 0) {
        out.push({ kind: 'char', char: c });
        continue;
      }
      let body = segment.slice(i + 1, close);
      const negated = body.startsWith('!') || body.startsWith('^');
      if (negated) body = body.slice(1);
      const ranges: Array<[string, string]> = [];
      for (let k = 0; k < body.length; k++) {
        let from = body[k]!;
        if (from === '\\' && k + 1 < body.length) from = body[++k]!;
        if (body[k + 1] === '-' && k + 2 < body.length) {
          let to = body[k + 2]!;
          k += 2;
          if (to === '\\' && k + 1 < body.length) to = body[++k]!;
          ranges.push([from, to]);
        } else ranges.push([from, from]);
      }
      out.push({ kind: 'class', negated, ranges });
      i = close;
    } else out.push({ kind: 'char', char: c });
  }
  return out;
}

/** The index of the `]` that closes the class opened at `open`, or -1. */
function classEnd(segment: string, open: number): number {
  let k = open + 1;
  if (segment[k] === '!' || segment[k] === '^') k++;
  if (segment[k] === ']') k++;
  for (; k < segment.length; k++) {
    if (segment[k] === '\\') k++;
    else if (segment[k] === ']') return k;
  }
  return -1;
}

function tokenMatches(token: Token, c: string): boolean {
  switch (token.kind) {
    case 'char':
      return token.char === c;
    case 'any':
      return true;
    case 'class': {
      const inside = token.ranges.some(([from, to]) => c >= from && c <= to);
      return inside !== token.negated;
    }
    default:
      return false;
  }
}

/** Whether a segment pattern matches a whole name: the two-pointer wildcard walk, O(pattern × name) at worst. */
function segmentMatches(pattern: Token[], name: string): boolean {
  let p = 0;
  let n = 0;
  let star = -1;
  let resume = 0;
  while (n < name.length) {
    const token = pattern[p];
    if (token && token.kind !== 'star' && tokenMatches(token, name[n]!)) {
      p++;
      n++;
    } else if (token?.kind === 'star') {
      star = p++;
      resume = n;
    } else if (star >= 0) {
      p = star + 1;
      n = ++resume;
    } else return false;
  }
  while (pattern[p]?.kind === 'star') p++;
  return p === pattern.length;
}

/** Whether segment patterns match path segments: `**` any number of them; dynamic programming, O(patterns × path segments) segment matches. */
function pathMatches(pattern: Segment[], parts: string[]): boolean {
  // reach[j]: the pattern so far matches the first j segments of the path.
  let reach = new Array<boolean>(parts.length + 1).fill(false);
  reach[0] = true;
  for (const segment of pattern) {
    const next = new Array<boolean>(parts.length + 1).fill(false);
    if (segment === 'globstar') {
      let any = false;
      for (let j = 0; j <= parts.length; j++) {
        any ||= reach[j]!;
        next[j] = any;
      }
    } else {
      for (let j = 0; j < parts.length; j++) if (reach[j] && segmentMatches(segment, parts[j]!)) next[j + 1] = true;
    }
    reach = next;
    if (!reach.includes(true)) return false;
  }
  return reach[parts.length]!;
}

/** A pattern compiled: true for a `/`-separated relative path it matches. Throws GlobError for a pattern that cannot be read. */
export function compileGlob(pattern: string): (path: string) => boolean {
  let text = pattern;
  let negated = false;
  while (text.startsWith('!')) {
    negated = !negated;
    text = text.slice(1);
  }
  while (text.startsWith('./')) text = text.slice(2);
  const compiled = expandBraces(text).map((one) =>
    one
      .split('/')
      .filter((s, i, all) => s !== '' || i === all.length - 1)
      .map((s): Segment => (s === '**' ? 'globstar' : tokens(s))),
  );
  return (path: string) => {
    const parts = path.split('/');
    return compiled.some((segments) => pathMatches(segments, parts)) !== negated;
  };
}

/** Several patterns: true when any matches. */
export function compileGlobs(patterns: readonly string[]): (path: string) => boolean {
  const all = patterns.map(compileGlob);
  return (path: string) => all.some((match) => match(path));
}
