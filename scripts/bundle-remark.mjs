// Bundles `doclint/remark` (src/remark/index.ts: doclint's page rules as remark-lint plugins) into
// dist/remark/index.js: one ES module, as unified presets are loaded (`.remarkrc.mjs`, remark-cli,
// eslint-plugin-mdx), with its dependencies (unified-lint-rule, the parser extensions) inside.
// Minified with names kept (plugin names are how unified presets are told apart). scripts/bundle.mjs runs it.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { writeNotices } from './licenses.mjs';
import { esmRequireBanner, sharedOptions } from './bundle-options.mjs';

const outdir = fileURLToPath(new URL('../dist/remark/', import.meta.url));
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: { index: fileURLToPath(new URL('../src/remark/index.ts', import.meta.url)) },
  outdir,
  ...sharedOptions,
  format: 'esm',
  keepNames: true,
  define: { DOCLINT_BUNDLE: 'true', DOCLINT_BUILD: JSON.stringify('doclint-remark') },
  banner: esmRequireBanner,
});
const { missing } = writeNotices(result.metafile, `${outdir}THIRD-PARTY-NOTICES.txt`);
if (missing.length)
  console.error(`bundle: no licence file in ${missing.join(', ')} (their package.json licence is listed)`);
