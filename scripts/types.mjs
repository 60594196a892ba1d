// Writes the type declarations of the public API (package.json "exports" ".": src/api/index.ts)
// into dist/types/: the .d.ts of every module the API's types reach, and, under dist/types/vendor/,
// the declarations of the packages they name (mdast, unist, yaml, …), with the imports of those
// packages rewritten to relative paths. The package has no dependencies (everything is bundled), so
// a plugin's type check finds every type in the package itself. Node's own types (`node:*`,
// @types/node) are left to the plugin's project.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = path.join(root, 'dist/types');
const entry = path.join(root, 'src/api/index.ts');

const parsed = ts.getParsedCommandLineOfConfigFile(
  path.join(root, 'tsconfig.json'),
  {},
  { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
);
const options = {
  ...parsed.options,
  types: ['node'],
  noEmit: false,
  declaration: true,
  emitDeclarationOnly: true,
  declarationMap: false,
  sourceMap: false,
  outDir,
  rootDir: root,
};
const program = ts.createProgram([entry], options);
const emitted = new Map();
const result = program.emit(undefined, (file, text) => emitted.set(path.normalize(file), text), undefined, true);
const errors = ts
  .getPreEmitDiagnostics(program)
  .concat(result.diagnostics)
  .filter((d) => d.category === ts.DiagnosticCategory.Error);
if (errors.length) {
  console.error(
    ts.formatDiagnostics(errors, {
      getCanonicalFileName: (f) => f,
      getCurrentDirectory: () => root,
      getNewLine: () => '\n',
    }),
  );
  process.exit(1);
}

/** Where a file of node_modules goes: dist/types/vendor/<its path under node_modules>. */
function vendored(file) {
  const at = file.lastIndexOf(`${path.sep}node_modules${path.sep}`);
  return path.join(outDir, 'vendor', file.slice(at + '/node_modules/'.length));
}

/** A relative module specifier from one declaration file to another (`.d.ts` → `.js`, as NodeNext resolves it). */
function specifier(from, to) {
  let rel = path.relative(path.dirname(from), to).split(path.sep).join('/');
  rel = rel.replace(/\.d\.(m|c)?ts$/, (_, m) => `.${m ?? ''}js`);
  return rel.startsWith('.') ? rel : `./${rel}`;
}

/** The module format TypeScript reads a declaration file in (its package's "type", its extension). */
const format = (file) => ts.getImpliedNodeFormatForFile(file, undefined, ts.sys, options) ?? ts.ModuleKind.ESNext;

const quoted = (name) => new RegExp(`(['"])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\1`, 'g');

// Walk from the entry's declarations: ours are kept as emitted, those of packages are copied and
// their bare imports made relative.
const written = new Map();
const queue = [
  {
    out: path.join(outDir, 'src/api/index.d.ts'),
    source: path.join(outDir, 'src/api/index.d.ts'),
    text: emitted.get(path.join(outDir, 'src/api/index.d.ts')),
  },
];
const seen = new Set();
while (queue.length) {
  const { out, source, text: original } = queue.shift();
  if (seen.has(out)) continue;
  seen.add(out);
  if (original === undefined) throw new Error(`types: nothing emitted for ${path.relative(root, source)}`);
  let text = original;
  const info = ts.preProcessFile(text, true, true);
  const names = new Set(
    [...info.importedFiles, ...(info.ambientExternalModules ?? []).map((fileName) => ({ fileName }))].map(
      (f) => f.fileName,
    ),
  );
  // Resolved from where the file came from (the sources' output beside the sources, a package in node_modules).
  const containing = source.startsWith(outDir) ? path.join(root, path.relative(outDir, source)) : source;
  for (const name of names) {
    if (name.startsWith('node:')) continue;
    const resolved = ts.resolveModuleName(
      name,
      containing,
      options,
      ts.sys,
      undefined,
      undefined,
      format(containing),
    ).resolvedModule;
    if (!resolved) continue;
    const target = path.normalize(resolved.resolvedFileName);
    if (target.includes(`${path.sep}node_modules${path.sep}@types${path.sep}node${path.sep}`)) continue;
    let next;
    if (target.includes(`${path.sep}node_modules${path.sep}`)) {
      next = { out: vendored(target), source: target, text: ts.sys.readFile(target) };
    } else {
      const out = path
        .join(outDir, path.relative(root, target))
        .replace(/\.ts$/, '.d.ts')
        .replace(/\.d\.d\.ts$/, '.d.ts');
      next = { out, source: out, text: emitted.get(out) };
    }
    queue.push(next);
    if (!ts.isExternalModuleNameRelative(name))
      text = text.replace(quoted(name), (_, q) => `${q}${specifier(out, next.out)}${q}`);
  }
  // `/// <reference types="x" />` of a package: a reference to its copied declarations.
  for (const ref of info.typeReferenceDirectives) {
    if (ref.fileName === 'node') continue;
    const resolved = ts.resolveTypeReferenceDirective(
      ref.fileName,
      containing,
      options,
      ts.sys,
    ).resolvedTypeReferenceDirective;
    if (!resolved?.resolvedFileName) continue;
    const target = path.normalize(resolved.resolvedFileName);
    queue.push({ out: vendored(target), source: target, text: ts.sys.readFile(target) });
    text = text.replace(
      new RegExp(`/// <reference types=(['"])${ref.fileName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\1\\s*/>`),
      `/// <reference path="${path.relative(path.dirname(out), vendored(target)).split(path.sep).join('/')}" />`,
    );
  }
  written.set(out, text);
}

rmSync(outDir, { recursive: true, force: true });
for (const [file, text] of written) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}
// Each copied package keeps its module format (its package.json's "type"): TypeScript reads its
// declarations as it would in node_modules.
const packages = new Set();
for (const file of written.keys()) {
  const rel = path.relative(path.join(outDir, 'vendor'), file);
  if (rel.startsWith('..')) continue;
  const parts = rel.split(path.sep);
  packages.add(parts[0].startsWith('@') ? path.join(parts[0], parts[1]) : parts[0]);
}
for (const name of packages) {
  const from = path.join(root, 'node_modules', name);
  const { type, version, license } = JSON.parse(readFileSync(path.join(from, 'package.json'), 'utf8'));
  writeFileSync(
    path.join(outDir, 'vendor', name, 'package.json'),
    `${JSON.stringify({ name, version, license, type: type ?? 'commonjs', private: true })}\n`,
  );
  // Their licence texts go with them.
  for (const file of readdirSync(from))
    if (/^(licen[cs]e|copying)/i.test(file))
      copyFileSync(path.join(from, file), path.join(outDir, 'vendor', name, file));
}
