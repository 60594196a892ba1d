#!/usr/bin/env node
// Installs the platform's CLI at the pinned version into .cache/platform/ (see scripts/platform.mjs):
//   node scripts/platform-install.mjs [--force]
// Needs the npm registry; idempotent (an existing complete install is kept). Exit 0 when installed,
// 1 when npm failed (the tests that need the platform then skip, saying so).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import {
  COMPLETE_MARKER,
  MINT_VERSION,
  PLATFORM_DIR,
  packageDir,
  COMMON_VERSION,
  platformInstalled,
} from './platform.mjs';

const force = process.argv.includes('--force');
if (platformInstalled() && !force) {
  console.log(`platform: mint ${MINT_VERSION} already installed in ${PLATFORM_DIR}`);
  process.exit(0);
}
rmSync(PLATFORM_DIR, { recursive: true, force: true });
mkdirSync(PLATFORM_DIR, { recursive: true });
// A package.json of its own, so that npm installs here and not into doclint's node_modules.
writeFileSync(
  `${PLATFORM_DIR}/package.json`,
  JSON.stringify({ name: 'doclint-platform-cache', private: true }, null, 2),
);
const started = Date.now();
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const result = spawnSync(
  npm,
  [
    'install',
    '--no-audit',
    '--no-fund',
    '--ignore-scripts',
    '--loglevel=error',
    '--prefix',
    PLATFORM_DIR,
    `mint@${MINT_VERSION}`,
  ],
  { stdio: 'inherit', env: { ...process.env, npm_config_update_notifier: 'false' } },
);
if (result.status !== 0) {
  console.error(`platform: npm install mint@${MINT_VERSION} failed (exit ${result.status ?? result.signal})`);
  process.exit(1);
}
if (!packageDir('@mintlify/common', COMMON_VERSION)) {
  console.error(`platform: mint@${MINT_VERSION} installed, but @mintlify/common ${COMMON_VERSION} is not in it`);
  process.exit(1);
}
writeFileSync(COMPLETE_MARKER, `mint@${MINT_VERSION}\n`);
console.log(
  `platform: mint ${MINT_VERSION} installed in ${PLATFORM_DIR} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
);
