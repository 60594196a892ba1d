import { chmodSync, lstatSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

/** Makes every folder under `dir` writable and searchable again (tests take permissions away). */
function restore(dir) {
  try {
    chmodSync(dir, 0o700);
    for (const name of readdirSync(dir)) {
      const child = path.join(dir, name);
      if (lstatSync(child).isDirectory()) restore(child);
    }
  } catch {
    // what cannot be restored is reported by the removal below
  }
}

/** Removes the run's temporary root (test/helpers/global-setup.mjs). */
export default function globalTeardown() {
  const root = process.env.DOCLINT_TEST_ROOT;
  if (!root) return;
  try {
    rmSync(root, { recursive: true, force: true });
  } catch {
    restore(root);
    rmSync(root, { recursive: true, force: true });
  }
}
