// The platform's own published code, pinned, installed into a cache folder of the repository
// (never a dependency of doclint, never needed by `npm test`): the drift tests (test/platform/)
// compare doclint's re-implementations with it, and `npm run differential:links` runs its link
// checker. `node scripts/platform-install.mjs` installs it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The CLI release whose packages doclint follows; it carries a consistent set of the platform's libraries. */
export const MINT_VERSION = '4.2.941';
/** The `@mintlify/common` that this CLI runs (nested under its `@mintlify/cli`). */
export const COMMON_VERSION = '1.0.1176';

const repo = fileURLToPath(new URL('..', import.meta.url));
/** Where the pinned CLI is installed. */
export const PLATFORM_DIR = path.join(repo, '.cache', 'platform', `mint-${MINT_VERSION}`);
/** Written last by the installer: a folder without it is an interrupted install. */
export const COMPLETE_MARKER = path.join(PLATFORM_DIR, '.complete');

/** True when the pinned platform is installed. */
export function platformInstalled() {
  return existsSync(COMPLETE_MARKER);
}

/** Why the platform cannot be used, for a test that skips; undefined when it is installed. */
export function platformMissingReason() {
  return platformInstalled()
    ? undefined
    : `the platform's packages (mint ${MINT_VERSION}) are not installed: run \`node scripts/platform-install.mjs\``;
}

/** The `mint` executable of the installed CLI. */
export function mintBin() {
  return path.join(PLATFORM_DIR, 'node_modules', '.bin', 'mint');
}

/**
 * The folder of an installed package at an exact version (searched through nested
 * `node_modules`, since npm places a second version of a package below the one that needs it).
 */
export function packageDir(name, version) {
  const seen = new Set();
  const search = (nodeModules, depth) => {
    if (depth > 6 || seen.has(nodeModules) || !existsSync(nodeModules)) return undefined;
    seen.add(nodeModules);
    const candidate = path.join(nodeModules, ...name.split('/'));
    if (existsSync(path.join(candidate, 'package.json'))) {
      const found = JSON.parse(readFileSync(path.join(candidate, 'package.json'), 'utf8')).version;
      if (found === version) return candidate;
    }
    for (const entry of readdirSync(nodeModules, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name === '.bin') continue;
      const dirs = entry.name.startsWith('@')
        ? readdirSync(path.join(nodeModules, entry.name), { withFileTypes: true })
            .filter((e) => e.isDirectory())
            .map((e) => path.join(nodeModules, entry.name, e.name))
        : [path.join(nodeModules, entry.name)];
      for (const dir of dirs) {
        const hit = search(path.join(dir, 'node_modules'), depth + 1);
        if (hit) return hit;
      }
    }
    return undefined;
  };
  return search(path.join(PLATFORM_DIR, 'node_modules'), 0);
}

/** Imports a module file of `@mintlify/common` at the pinned version: `commonModule('slugify.js')`. */
export async function commonModule(relative) {
  const dir = packageDir('@mintlify/common', COMMON_VERSION);
  if (!dir) throw new Error(`@mintlify/common ${COMMON_VERSION} is not in ${PLATFORM_DIR}`);
  return import(path.join(dir, 'dist', relative));
}
