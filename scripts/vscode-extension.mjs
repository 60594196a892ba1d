// The VS Code extension (editors/vscode/): its bundle and its .vsix. scripts/package-vscode.mjs
// runs them; the tests (test/editors/vscode-package.test.ts) call them on a copy of the folder.
//
// - The bundle: editors/vscode/extension.js, the server.js it requires and vscode-languageclient,
//   in one minified CommonJS file, dist/extension.js of the extension's folder (the `main` of its
//   package.json); `vscode` is the editor's own module and stays external. vscode-languageclient
//   is a devDependency of the extension, locked by editors/vscode/package-lock.json and installed
//   in editors/vscode/node_modules (`npm ci` there): the .vsix carries no node_modules. The
//   licences of the bundled packages end the bundle, as a comment (minified code keeps none).
// - vsce: `@vscode/vsce`, pinned, installed into a cache folder of the repository
//   (.cache/vsce/), never a dependency of doclint or of its extension, never needed by `npm test`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
/** The extension's folder in the repository. */
export const EXTENSION_DIR = path.join(repo, 'editors', 'vscode');
/** Where the extension's own devDependencies are installed (vscode-languageclient). */
export const EXTENSION_MODULES = path.join(EXTENSION_DIR, 'node_modules');
/** The vsce release used to package the extension. */
export const VSCE_VERSION = '4.1.0';
/** Where the pinned vsce is installed. */
export const VSCE_DIR = path.join(repo, '.cache', 'vsce', `vsce-${VSCE_VERSION}`);
/** Written last by the installer: a folder without it is an interrupted install. */
const COMPLETE_MARKER = path.join(VSCE_DIR, '.complete');
/** The bundle, relative to the extension's folder. */
export const BUNDLE = 'dist/extension.js';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const quietNpm = {
  ...process.env,
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
};

/** vsce's entry script. */
export function vsceBin() {
  return path.join(VSCE_DIR, 'node_modules', '@vscode', 'vsce', 'vsce');
}

export function vsceInstalled() {
  return existsSync(COMPLETE_MARKER) && existsSync(vsceBin());
}

/** Why the extension cannot be bundled here (its devDependencies are not installed); undefined when it can. */
export function extensionModulesMissingReason() {
  return existsSync(path.join(EXTENSION_MODULES, 'vscode-languageclient', 'package.json'))
    ? undefined
    : "the extension's dependencies are not installed: run `npm ci` in editors/vscode (or `node scripts/package-vscode.mjs`)";
}

/** Why the extension cannot be packaged here; undefined when it can. */
export function vsceMissingReason() {
  if (!vsceInstalled())
    return `@vscode/vsce ${VSCE_VERSION} is not installed in .cache/vsce: run \`node scripts/package-vscode.mjs\``;
  return extensionModulesMissingReason();
}

/** Installs the pinned vsce into .cache/vsce/ (kept when already complete). Throws when npm fails. */
export function installVsce(log = console.log) {
  if (vsceInstalled()) return;
  rmSync(VSCE_DIR, { recursive: true, force: true });
  mkdirSync(VSCE_DIR, { recursive: true });
  // A package.json of its own, so that npm installs here and not into doclint's node_modules.
  writeFileSync(
    path.join(VSCE_DIR, 'package.json'),
    JSON.stringify({ name: 'doclint-vsce-cache', private: true }, null, 2),
  );
  log(`vscode: installing @vscode/vsce ${VSCE_VERSION} into ${path.relative(repo, VSCE_DIR)}`);
  const result = spawnSync(
    npm,
    ['install', '--ignore-scripts', '--loglevel=error', '--prefix', VSCE_DIR, `@vscode/vsce@${VSCE_VERSION}`],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: quietNpm,
      shell: process.platform === 'win32',
    },
  );
  if (result.status !== 0)
    throw new Error(`npm install @vscode/vsce@${VSCE_VERSION} failed (exit ${result.status ?? result.signal})`);
  writeFileSync(COMPLETE_MARKER, `@vscode/vsce@${VSCE_VERSION}\n`);
}

/** Installs the extension's devDependencies from its lock file (`npm ci` in editors/vscode), unless they are there. */
export function installExtensionModules(log = console.log) {
  if (!extensionModulesMissingReason()) return;
  log('vscode: npm ci in editors/vscode');
  const result = spawnSync(npm, ['ci', '--loglevel=error'], {
    cwd: EXTENSION_DIR,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: quietNpm,
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) throw new Error(`npm ci in editors/vscode failed (exit ${result.status ?? result.signal})`);
}

/**
 * Bundles `dir`/extension.js into `dir`/dist/extension.js (`dir`: the extension's folder, or a
 * copy of it); packages are resolved from editors/vscode/node_modules. Returns the bundle's path
 * and the bundled packages' names. Throws on an error or a warning of esbuild.
 */
export async function bundleExtension(dir = EXTENSION_DIR) {
  // Imported here: the tests read the reasons above without loading esbuild.
  const { build } = await import('esbuild');
  const { noticesText } = await import('./licenses.mjs');
  const outfile = path.join(dir, BUNDLE);
  const result = await build({
    entryPoints: [path.join(dir, 'extension.js')],
    outfile,
    absWorkingDir: repo,
    nodePaths: [EXTENSION_MODULES],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    // The Node.js of VS Code 1.91 (package.json "engines") is 20.
    target: 'node20',
    external: ['vscode'],
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
    metafile: true,
    write: false,
  });
  if (result.warnings.length) throw new Error(`esbuild: ${result.warnings.map((w) => w.text).join('; ')}`);
  const { text: notices, packages } = noticesText(result.metafile, `${BUNDLE} of doclint's VS Code extension`);
  const [output] = result.outputFiles;
  mkdirSync(path.dirname(outfile), { recursive: true });
  writeFileSync(outfile, `${output.text}/*\n${notices.replaceAll('*/', '* /')}\n*/\n`);
  return { bundle: outfile, packages: packages.map((p) => p.name) };
}

/** The extension's version (its package.json). */
export function extensionVersion(dir = EXTENSION_DIR) {
  return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
}

/**
 * Runs `vsce package` in `dir` (bundled already) and writes the .vsix to `out`. Returns vsce's
 * output; throws when it fails or warns.
 */
export function vscePackage(dir, out) {
  // --no-dependencies: the bundle holds every dependency; vsce neither runs npm nor looks into
  // node_modules. stdin is closed: vsce's yes/no prompts (a missing LICENSE, …) fail instead of waiting.
  const result = spawnSync(process.execPath, [vsceBin(), 'package', '--no-dependencies', '--out', out], {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0)
    throw new Error(`vsce package failed (exit ${result.status ?? result.signal}):\n${output.trim()}`);
  const warnings = output.split('\n').filter((line) => /warn/i.test(line));
  if (warnings.length) throw new Error(`vsce package warned:\n${warnings.join('\n')}`);
  return output;
}
