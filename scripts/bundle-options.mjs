// The esbuild settings of the command line's bundle, shared by scripts/bundle.mjs (dist/bundle/,
// the package) and scripts/bundle-hook.mjs (hook/, committed for pre-commit and the Action).
import { createHash } from 'node:crypto';
import path from 'node:path';

export const BUILD_PLACEHOLDER = 'doclint-build-0000000000000000';

/** What every bundle of doclint shares: the command line's, the API's and doclint/remark's. */
export const sharedOptions = {
  bundle: true,
  platform: 'node',
  // Prefer ES module builds (jsonc-parser's UMD build hides its requires from the bundler).
  mainFields: ['module', 'main'],
  target: 'node20',
  logLevel: 'warning',
  // DOCLINT_NO_MINIFY=1 keeps names (for profiles).
  minify: !process.env.DOCLINT_NO_MINIFY,
  legalComments: 'none',
  metafile: true,
};

/** CommonJS packages inside an ES module bundle call `require` for Node's built-ins. */
export const esmRequireBanner = {
  js: "import { createRequire as __doclintCreateRequire } from 'node:module'; const require = __doclintCreateRequire(import.meta.url);",
};

/** esbuild options: one CommonJS file per entry (see scripts/bundle.mjs for why CommonJS). */
export const commandLineOptions = {
  ...sharedOptions,
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  // Lets src/schema/compile.ts bundle ajv's compiler (see there); `import.meta.url` of the sources
  // is the bundle file's URL.
  // DOCLINT_BUILD: the build's identity, a hash of the bundles written below (src/core/package.ts).
  define: {
    DOCLINT_BUNDLE: 'true',
    DOCLINT_BUILD: JSON.stringify(BUILD_PLACEHOLDER),
    'import.meta.url': '__doclintModuleUrl',
  },
  banner: { js: "const __doclintModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
  write: false,
};

/**
 * The output files' texts with the build's identity in the place of the placeholder: the hash of
 * what was built (with the placeholder in it), so that a cache made by another build, even of the
 * same version, is not used.
 */
export function withBuildIdentity(outputFiles, outdir) {
  const identity = createHash('sha256');
  for (const file of outputFiles) identity.update(path.relative(outdir, file.path)).update(file.contents);
  const buildId = identity.digest('hex').slice(0, BUILD_PLACEHOLDER.length);
  return outputFiles.map((file) => ({ path: file.path, text: file.text.replaceAll(BUILD_PLACEHOLDER, buildId) }));
}
