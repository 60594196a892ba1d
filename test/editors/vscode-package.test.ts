import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import { REPO } from '../helpers/cli.js';
import { testIf } from '../helpers/needs.js';
import { tmpSite } from '../helpers/tmp-site.js';
import {
  EXTENSION_DIR,
  extensionModulesMissingReason,
  VSCE_VERSION,
  vsceMissingReason,
} from '../../scripts/vscode-extension.mjs';

/*
 * The VS Code extension's build (scripts/package-vscode.mjs): on a copy of editors/vscode, the
 * bundle loads as the editor loads it (only `vscode` left outside), and `vsce package` writes a
 * .vsix of exactly the bundle, package.json, README and LICENSE, without a warning.
 * The bundle needs the extension's own dependencies (`npm ci` in editors/vscode), the .vsix the
 * pinned vsce in .cache/vsce: where they are missing, the tests skip, saying so.
 */

/** A copy of the extension's folder as git holds it: sources, package.json, README, LICENSE, .vscodeignore (no node_modules, bundle or .vsix). */
function extensionCopy(): string {
  const dir = path.join(tmpSite({}), 'vscode');
  cpSync(EXTENSION_DIR, dir, {
    recursive: true,
    filter: (source) =>
      !/^(node_modules|dist)$|\.vsix$/.test(path.relative(EXTENSION_DIR, source).split(path.sep)[0] ?? ''),
  });
  return dir;
}

/** A stand-in for the `vscode` module in which every member is a class (vscode-languageclient extends some of the API's classes as it loads). */
function anyApi(): unknown {
  const api: unknown = new Proxy(class {}, {
    get: (target, key) => (key === 'prototype' || typeof key === 'symbol' ? Reflect.get(target, key) : api),
  });
  return api;
}

function packageScript(...args: string[]) {
  return spawnSync(process.execPath, [path.join(REPO, 'scripts/package-vscode.mjs'), ...args], { encoding: 'utf8' });
}

/** The file list of a .vsix (a zip), read from its central directory. */
function zipEntries(file: string): string[] {
  const zip = readFileSync(file);
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  const names: string[] = [];
  for (let i = 0, at = zip.readUInt32LE(end + 16); i < count; i++) {
    const nameLength = zip.readUInt16LE(at + 28);
    names.push(zip.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return names.sort();
}

describe('packaging the VS Code extension', () => {
  testIf(extensionModulesMissingReason())(
    'the bundle is one file that needs only `vscode`, and exports activate and deactivate',
    () => {
      const dir = extensionCopy();
      const run = packageScript('--dir', dir, '--bundle-only');
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const bundle = path.join(dir, 'dist/extension.js');
      const text = readFileSync(bundle, 'utf8');
      // The licences of what it bundles end it.
      expect(text).toMatch(/\nvscode-languageclient \d+\.\d+\.\d+ \(MIT\)\n/);
      const required: string[] = [];
      const realRequire = createRequire(bundle);
      const load = (name: string) => {
        required.push(name);
        return name === 'vscode' ? anyApi() : realRequire(name);
      };
      const module = { exports: {} as Record<string, unknown> };
      new Function('require', 'module', 'exports', '__filename', '__dirname', text)(
        load,
        module,
        module.exports,
        bundle,
        path.dirname(bundle),
      );
      expect(Object.keys(module.exports).sort()).toEqual(['activate', 'deactivate']);
      expect(typeof module.exports.activate).toBe('function');
      expect(typeof module.exports.deactivate).toBe('function');
      // `vscode` and Node.js's own modules: no package is left to be installed beside it.
      expect(
        required.filter((name) => name !== 'vscode' && !name.startsWith('node:') && !builtinModules.includes(name)),
      ).toEqual([]);
      expect(required).toContain('vscode');
    },
  );

  testIf(vsceMissingReason())(
    `vsce ${VSCE_VERSION} packages the bundle, package.json, README and LICENSE, and nothing else, without a warning`,
    () => {
      const dir = extensionCopy();
      const out = path.join(dir, 'out.vsix');
      const run = packageScript('--dir', dir, '--out', out);
      expect(run.stderr).toBe('');
      expect(run.stdout).not.toMatch(/warn/i);
      expect(run.status).toBe(0);
      expect(existsSync(out)).toBe(true);
      expect(zipEntries(out)).toEqual([
        '[Content_Types].xml',
        'extension.vsixmanifest',
        'extension/LICENSE.txt',
        'extension/dist/extension.js',
        'extension/package.json',
        'extension/readme.md',
      ]);
    },
  );
});
