#!/usr/bin/env node
// Packages the VS Code extension (editors/vscode/) into a .vsix (see scripts/vscode-extension.mjs):
//
//   node scripts/package-vscode.mjs [--dir FOLDER] [--out FILE] [--bundle-only]
//
// installs what is missing (the extension's devDependencies with `npm ci` in editors/vscode, the
// pinned @vscode/vsce into .cache/vsce/: both need the npm registry once), writes the bundle
// (dist/extension.js of the folder) and runs `vsce package`, which writes
// editors/vscode/doclint-vscode-<version>.vsix (ignored by git). --dir packages a copy of the
// extension's folder instead (the tests do), --out names the .vsix, --bundle-only stops after
// the bundle. Exit 0 when done, 1 when a step failed or vsce printed a warning.
import { statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  bundleExtension,
  EXTENSION_DIR,
  extensionVersion,
  installExtensionModules,
  installVsce,
  VSCE_VERSION,
  vscePackage,
} from './vscode-extension.mjs';

const { values } = parseArgs({
  options: { dir: { type: 'string' }, out: { type: 'string' }, 'bundle-only': { type: 'boolean' } },
});
const dir = path.resolve(values.dir ?? EXTENSION_DIR);

try {
  installExtensionModules();
  const { bundle, packages } = await bundleExtension(dir);
  console.log(
    `vscode: bundled ${path.relative(process.cwd(), bundle)} (${statSync(bundle).size} bytes; ${packages.join(', ')})`,
  );
  if (!values['bundle-only']) {
    installVsce();
    const out = path.resolve(values.out ?? path.join(dir, `doclint-vscode-${extensionVersion(dir)}.vsix`));
    vscePackage(dir, out);
    console.log(
      `vscode: packaged ${path.relative(process.cwd(), out)} (${statSync(out).size} bytes) with @vscode/vsce ${VSCE_VERSION}`,
    );
  }
} catch (error) {
  console.error(`vscode: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
