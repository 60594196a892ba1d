import { distance } from 'fastest-levenshtein';
import { MAX_SUGGEST_LENGTH } from './suggest.js';

/*
 * Did-you-mean for names (components, attributes, keys) that is careful about meaning: a rename
 * is only a suggestion, and not even that when the closest candidate is a different word rather
 * than a misspelling — `defaultClosed` is not a typo of `defaultOpen`, `<File>` is not a typo of
 * `<Tile>`.
 */

/** Words whose swap inverts or changes what a name means. */
const OPPOSITES: ReadonlyArray<readonly [string, string]> = [
  ['open', 'closed'],
  ['open', 'close'],
  ['show', 'hide'],
  ['shown', 'hidden'],
  ['visible', 'hidden'],
  ['enable', 'disable'],
  ['enabled', 'disabled'],
  ['expand', 'collapse'],
  ['expanded', 'collapsed'],
  ['min', 'max'],
  ['true', 'false'],
  ['yes', 'no'],
  ['on', 'off'],
  ['before', 'after'],
  ['start', 'end'],
  ['first', 'last'],
  ['light', 'dark'],
  ['include', 'exclude'],
  ['allow', 'deny'],
  ['add', 'remove'],
  ['in', 'out'],
  ['up', 'down'],
  ['left', 'right'],
  ['top', 'bottom'],
  ['request', 'response'],
  ['pre', 'post'],
  ['prev', 'next'],
  ['previous', 'next'],
];

const opposite = new Map<string, Set<string>>();
for (const [a, b] of OPPOSITES) {
  if (!opposite.has(a)) opposite.set(a, new Set());
  if (!opposite.has(b)) opposite.set(b, new Set());
  opposite.get(a)!.add(b);
  opposite.get(b)!.add(a);
}

/** `defaultOpen` → [`default`, `open`]; `Tree.File` → [`tree`, `file`]; `x-mint` → [`x`, `mint`]. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s._\-:]+/)
    .map((w) => w.toLowerCase())
    .filter(Boolean);
}

/** True when going from `a` to `b` swaps a word for its opposite (`defaultClosed` → `defaultOpen`). */
export function swapsOpposite(a: string, b: string): boolean {
  const wa = words(a);
  const wb = words(b);
  const onlyA = wa.filter((w) => !wb.includes(w));
  const onlyB = wb.filter((w) => !wa.includes(w));
  return onlyA.some((w) => onlyB.some((v) => opposite.get(w)?.has(v)));
}

/**
 * The candidate a misspelt name most likely meant, or undefined when none is a plausible typo:
 * - a candidate whose last dotted segment is the name, or its singular (`File`, `Files` →
 *   `Tree.File`), comes first;
 * - otherwise the closest by edit distance within 40 % of the length (case-insensitive), but
 *   never one that swaps a word for its opposite, and, for names of five letters or fewer,
 *   never one that changes the first letter (`File` is a word, not a typo of `Tile`).
 */
export function suggestName(name: string, candidates: Iterable<string>, maxRatio = 0.4): string | undefined {
  // The edit distance costs the product of the lengths: a name this long gets no suggestion.
  if (name.length > MAX_SUGGEST_LENGTH) return undefined;
  const lower = name.toLowerCase();
  const list = [...candidates].filter((c) => c !== name && c.length <= MAX_SUGGEST_LENGTH);
  const bySegment = list.find((c) => {
    if (!c.includes('.')) return false;
    const segment = c.slice(c.lastIndexOf('.') + 1).toLowerCase();
    return segment === lower || `${segment}s` === lower;
  });
  if (bySegment) return bySegment;
  let best: string | undefined;
  let bestScore = Infinity;
  for (const candidate of list) {
    const c = candidate.toLowerCase();
    if (Math.abs(c.length - lower.length) >= bestScore) continue;
    const d = distance(lower, c);
    if (d >= bestScore) continue;
    if (swapsOpposite(name, candidate)) continue;
    if (Math.max(lower.length, c.length) <= 5 && c.charAt(0) !== lower.charAt(0)) continue;
    bestScore = d;
    best = candidate;
  }
  if (best === undefined) return undefined;
  const limit = Math.max(1, Math.floor(Math.max(lower.length, best.length) * maxRatio));
  return bestScore <= limit ? best : undefined;
}
