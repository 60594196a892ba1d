import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/** The package's own folder (found from src/ when run from source, from dist/src/ when built). */
export function packageRoot(): string {
  if (root) return root;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string };
      if (pkg.name === 'doclint') return (root = dir);
    } catch {
      // keep walking up
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('cannot find the doclint package folder');
    dir = parent;
  }
}

/** The build's identity, set in the bundle only (scripts/bundle.mjs). */
declare const DOCLINT_BUILD: string | undefined;

let cachedVersion: string | undefined;

/** doclint's version, from its package.json. */
export function packageVersion(): string {
  return (cachedVersion ??= (
    JSON.parse(readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as { version: string }
  ).version);
}

/**
 * What made this doclint: its version, and when it runs from the bundle, a hash of the bundle
 * (two builds of one version, as a developer makes them, differ). Results a cache keeps are valid
 * for the same build only.
 */
export function buildIdentity(): string {
  return typeof DOCLINT_BUILD === 'string' ? `${packageVersion()}+${DOCLINT_BUILD}` : packageVersion();
}
