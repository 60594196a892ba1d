/*
 * What doclint trusts to say a file is unchanged without reading it (git's index does the same):
 * its size, modification and change times (milliseconds, with their fractions) and inode. A file
 * changed within RACY_MS before a run looked at it is not vouched for: a second write in the same
 * tick of a coarse file-system clock would leave the times as they were.
 */

/** Files changed this recently before a run are not vouched for by their signature (coarse clocks: 2 s on FAT). */
export const RACY_MS = 2500;

export interface Signed {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
}

export function signatureOf(s: Signed): string {
  return `${s.size}:${s.mtimeMs}:${s.ctimeMs}:${s.ino}`;
}

/** True when `s` changed too close to `started` (or after it) for its signature to be trusted. */
export function isRacy(s: Pick<Signed, 'mtimeMs' | 'ctimeMs'>, started: number): boolean {
  return s.mtimeMs > started - RACY_MS || s.ctimeMs > started - RACY_MS;
}
