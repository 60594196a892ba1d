import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PRELOAD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'no-network.cjs');

/** Environment for a CLI run whose every network attempt throws and is logged in `dir`. */
export const NETWORK_GUARD = {
  preload: PRELOAD,
  env(dir: string): Record<string, string> {
    return {
      NODE_OPTIONS: `--require ${JSON.stringify(PRELOAD).slice(1, -1)}`,
      DOCLINT_NETWORK_LOG: path.join(dir, '.network.log'),
    };
  },
};

/** The network attempts a guarded run logged in `dir` (none: an empty list). */
export function networkLog(dir: string): string[] {
  const file = path.join(dir, '.network.log');
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
}
