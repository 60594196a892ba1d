import { distance } from 'fastest-levenshtein';

/**
 * The closest candidate to `input`, or undefined when nothing is close enough to be a plausible
 * typo. Comparison is case-insensitive; the threshold grows with the length of the word.
 */
export function didYouMean(input: string, candidates: Iterable<string>, maxRatio = 0.4): string | undefined {
  const needle = input.toLowerCase();
  let best: string | undefined;
  let bestScore = Infinity;
  for (const candidate of candidates) {
    if (candidate === input) continue;
    // The distance is at least the difference in length: such a candidate cannot do better.
    const lower = candidate.toLowerCase();
    if (Math.abs(lower.length - needle.length) >= bestScore) continue;
    const d = distance(needle, lower);
    if (d < bestScore) {
      bestScore = d;
      best = candidate;
    }
  }
  if (best === undefined) return undefined;
  const limit = Math.max(1, Math.floor(Math.max(needle.length, best.length) * maxRatio));
  return bestScore <= limit ? best : undefined;
}
