// Bundles the command line into dist/bundle/: one module graph instead of several hundred small
// ES modules, which is most of a short run's start-up. Lazily loaded parts (the MDX parser, the
// site checks, the reporters, the language server) stay separate chunks, loaded on first use.
import { build } from 'esbuild';
import { rmSync, writeFileSync } from 'node:fs';
import { writeNotices } from './licenses.mjs';
import { fileURLToPath } from 'node:url';

const outdir = fileURLToPath(new URL('../dist/bundle/', import.meta.url));
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  // The page pass's worker thread is an entry of its own (dist/bundle/page-worker.js), sharing
  // chunks with the command line.
  entryPoints: {
    main: fileURLToPath(new URL('../src/cli/main.ts', import.meta.url)),
    'page-worker': fileURLToPath(new URL('../src/engine/page-worker.ts', import.meta.url)),
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  // Prefer ES module builds (jsonc-parser's UMD build hides its requires from the bundler).
  mainFields: ['module', 'main'],
  target: 'node20',
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
  // DOCLINT_NO_MINIFY=1 keeps names (for profiles).
  minify: !process.env.DOCLINT_NO_MINIFY,
  legalComments: 'none',
  // Lets src/schema/compile.ts bundle ajv's compiler (see there).
  define: { DOCLINT_BUNDLE: 'true' },
  metafile: true,
  // CommonJS dependencies inside an ES module bundle need a real `require`.
  banner: { js: "import { createRequire as __doclintCreateRequire } from 'node:module'; const require = __doclintCreateRequire(import.meta.url);" },
});

// What went into the bundle: scripts/licenses.mjs reads it for the README's table of bundled
// packages; the licence texts ship beside the bundle.
writeFileSync(fileURLToPath(new URL('../dist/bundle-meta.json', import.meta.url)), JSON.stringify(result.metafile));
const { missing } = writeNotices(result.metafile, `${outdir}THIRD-PARTY-NOTICES.txt`);
if (missing.length) console.error(`bundle: no licence file in ${missing.join(', ')} (their package.json licence is listed)`);
