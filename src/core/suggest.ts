import { distance } from 'fastest-levenshtein';

/**
 * Longest name compared: the edit distance costs the product of the two lengths, and a name this
 * long is not a typo of a shorter one anyone would want named. Longer names get no suggestion;
 * longer candidates are never suggested.
 */
export const MAX_SUGGEST_LENGTH = 256;

/**
 * Candidates examined per list of candidates, over all the calls that pass the same array or set:
 * a run that asks for a suggestion for each of 100,000 missing pages among 100,000 pages would
 * otherwise compare 10^10 pairs. Once a list has used its budget, its later calls suggest nothing
 * (the findings are the same, without "did you mean").
 */
export const MAX_SUGGEST_WORK = 4_000_000;

const spent = new WeakMap<object, number>();

/**
 * The closest candidate to `input`, or undefined when nothing is close enough to be a plausible
 * typo. Comparison is case-insensitive; the threshold grows with the length of the word.
 */
export function didYouMean(
  input: string,
  candidates: Iterable<string>,
  maxRatio: number | ((candidate: string, distance: number) => boolean) = 0.4,
): string | undefined {
  if (input.length > MAX_SUGGEST_LENGTH) return undefined;
  const owner = typeof candidates === 'object' && candidates !== null ? (candidates as object) : undefined;
  let work = owner ? (spent.get(owner) ?? 0) : 0;
  if (work >= MAX_SUGGEST_WORK) return undefined;
  const needle = input.toLowerCase();
  let best: string | undefined;
  let bestScore = Infinity;
  for (const candidate of candidates) {
    if (++work > MAX_SUGGEST_WORK) break;
    if (candidate === input || candidate.length > MAX_SUGGEST_LENGTH) continue;
    // The distance is at least the difference in length: such a candidate cannot do better.
    const lower = candidate.toLowerCase();
    if (Math.abs(lower.length - needle.length) >= bestScore) continue;
    const d = distance(needle, lower);
    if (d < bestScore && (typeof maxRatio === 'number' || maxRatio(candidate, d))) {
      bestScore = d;
      best = candidate;
    }
  }
  if (owner) spent.set(owner, work);
  // The budget ran out during this call: the closest so far may not be the closest.
  if (work > MAX_SUGGEST_WORK || best === undefined) return undefined;
  if (typeof maxRatio !== 'number') return best;
  const limit = Math.max(1, Math.floor(Math.max(needle.length, best.length) * maxRatio));
  return bestScore <= limit ? best : undefined;
}

const split = (p: string): [string, string] => {
  const i = p.lastIndexOf('/');
  return [p.slice(0, i + 1).toLowerCase(), p.slice(i + 1).toLowerCase()];
};

/**
 * The closest path (a route, a file) to `input` that is a plausible slip for it, judged on the
 * names (last segments), not the whole paths, whose shared folders would otherwise let any page
 * of a folder pass for any other (`reference/cli` is no slip for `reference/api`): the same name
 * (not `index`) in another folder (`docs/guides/setup` → `guides/setup`); in the same folder, a name that
 * extends the other by a word (`setup` → `setup-more`); or an edit distance within 40 % of the
 * name's length (`guides/upgrading` → `guides/upgrade`).
 */
export function didYouMeanPath(input: string, candidates: Iterable<string>): string | undefined {
  const [folder, name] = split(input);
  return didYouMean(input, candidates, (candidate, d) => {
    const [otherFolder, other] = split(candidate);
    // An index page is named by its folder: `guides/index` is no slip for the root `index`.
    if (other === name && name !== 'index') return true;
    if (otherFolder === folder && (other.startsWith(`${name}-`) || name.startsWith(`${other}-`))) return true;
    return d <= Math.max(1, Math.floor(Math.max(name.length, other.length) * 0.4));
  });
}

/** The words of a name: `versionFrom`, `version_from` and `version-from` are `version`, `from`. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter((w) => w !== '')
    .map((w) => w.toLowerCase());
}

/**
 * True when `input` can be a misspelling of `candidate`, word for word: the same words apart from
 * case and separators (`sidebar_title`, `sidebarTitle`), or as many words, each within the typo
 * threshold of its counterpart (`sidebarTitel`). A name with a word more or fewer is another name
 * (`versionFrom` is not `version`), and so is one whose word is another word (`updatedDate` is not
 * `createdDate`).
 */
export function sameNameMisspelt(input: string, candidate: string, maxRatio = 0.4): boolean {
  const a = nameWords(input);
  const b = nameWords(candidate);
  if (a.join('') === b.join('')) return true;
  if (a.length !== b.length) return false;
  return a.every((word, i) => {
    const other = b[i]!;
    return (
      distance(word, other) <= Math.max(1, Math.floor(Math.max(word.length, other.length) * maxRatio)) &&
      (word.length > 3 || word[0] === other[0])
    );
  });
}
