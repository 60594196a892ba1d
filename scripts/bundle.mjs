// Bundles the command line into dist/bundle/: main.cjs (the command line and the language server),
// page-worker.cjs (a worker thread of the page pass) and replay.cjs (src/cli/replay.ts), each one CommonJS file instead of
// several hundred small ES modules. CommonJS because that is what Node 20 can keep compiled between
// runs (bin/code-cache.cjs: V8's code cache; Node 22.1 and later keep ES modules compiled too, but
// not Node 20): compiling the bundle was a third of a short run. Parts a run may not need (the MDX
// parser, the site checks, the reporters, the language server) are imported lazily in the sources:
// esbuild keeps them in the file but runs their module code only on first use.
import { build } from 'esbuild';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { writeNotices } from './licenses.mjs';
import { fileURLToPath } from 'node:url';
import { commandLineOptions, esmRequireBanner, sharedOptions, withBuildIdentity } from './bundle-options.mjs';

const outdir = fileURLToPath(new URL('../dist/bundle/', import.meta.url));
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  ...commandLineOptions,
  entryPoints: {
    main: fileURLToPath(new URL('../src/cli/main.ts', import.meta.url)),
    'page-worker': fileURLToPath(new URL('../src/engine/page-worker.ts', import.meta.url)),
    // Loaded first by bin/doclint.js: replays a recorded --cache run (small; none of the linter).
    replay: fileURLToPath(new URL('../src/cli/replay.ts', import.meta.url)),
  },
  outdir,
});

for (const file of withBuildIdentity(result.outputFiles, outdir)) {
  mkdirSync(path.dirname(file.path), { recursive: true });
  writeFileSync(file.path, file.text);
}

// A worker thread starts here: the worker's bundle, through the code cache.
writeFileSync(
  `${outdir}page-worker-start.cjs`,
  "'use strict';\nrequire('../../bin/code-cache.cjs').load(require('node:path').join(__dirname, 'page-worker.cjs'), { saveAfterMs: 2000 });\n",
);

// What went into the bundle: scripts/licenses.mjs reads it for the README's table of bundled
// packages; the licence texts ship beside the bundle.
writeFileSync(fileURLToPath(new URL('../dist/bundle-meta.json', import.meta.url)), JSON.stringify(result.metafile));
const { missing } = writeNotices(result.metafile, `${outdir}THIRD-PARTY-NOTICES.txt`);
if (missing.length)
  console.error(`bundle: no licence file in ${missing.join(', ')} (their package.json licence is listed)`);

// The public API (package.json "exports" "."): ES modules in dist/api/, for plugins and their
// tests. index.js holds the rule kit and the RuleTester; the engine the RuleTester runs rules
// through is a chunk of its own, loaded on its first case, so a plugin that only defines rules
// loads none of it. None of the command line is in it. Its declarations: scripts/types.mjs.
const apiOutdir = fileURLToPath(new URL('../dist/api/', import.meta.url));
rmSync(apiOutdir, { recursive: true, force: true });
const api = await build({
  entryPoints: { index: fileURLToPath(new URL('../src/api/index.ts', import.meta.url)) },
  outdir: apiOutdir,
  ...sharedOptions,
  splitting: true,
  format: 'esm',
  define: { DOCLINT_BUNDLE: 'true' },
  // CommonJS modules in the bundle (ajv's compiler, see src/schema/compile.ts) require Node's own modules.
  banner: esmRequireBanner,
});
const commandLine = Object.keys(api.metafile.inputs).filter((file) => /^src\/(cli|lsp|report)\//.test(file));
if (commandLine.length)
  throw new Error(`bundle: the API (src/api) reaches the command line: ${commandLine.join(', ')}`);

// doclint/remark: the page rules as remark-lint plugins (scripts/bundle-remark.mjs).
await import('./bundle-remark.mjs');
