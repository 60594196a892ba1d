import path from 'node:path';

/** True when `file` is `root` or inside it (after resolving `..`). */
export function isInside(root: string, file: string): boolean {
  const rel = path.relative(root, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** True when `file` is strictly inside `root` (not `root` itself). */
export function isStrictlyInside(root: string, file: string): boolean {
  return isInside(root, file) && path.relative(root, file) !== '';
}

/** Site-relative path with forward slashes. */
export function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}
