#!/usr/bin/env node
// `npm run gen` writes hook/: the command line built, committed so that the pre-commit hooks
// (.pre-commit-hooks.yaml, `language: script`) and the GitHub Action (action.yml) run doclint
// straight from a checkout of this repository, with nothing to install or build (no npm, no
// dependencies: a few seconds instead of minutes). It holds:
//
//   doclint.cjs               the entry: bin/doclint.js with its paths pointed into hook/
//   main.cjs                  the command line and, loaded on a worker thread only, the page worker:
//                             the sources dist/bundle/ builds, in one file (the language server and
//                             the MCP server, with the MCP SDK, are left out: a hook or the Action
//                             never starts them)
//   page-worker-start.cjs     where a worker thread of the page pass starts
//   replay.cjs                what a --cache run replays from (as dist/bundle/replay.cjs)
//   schema/                   docs.json's schema and its precompiled validator (minified), which
//                             the build otherwise writes to the ignored schema/docs.validator.cjs
//   THIRD-PARTY-NOTICES.txt   the licences of the bundled packages
//
// The rest (package.json, the rule pages, the configuration schema, bin/code-cache.cjs) is read
// from the checkout. The build is deterministic: the same sources and lock file give the same bytes.
// scripts/gen.mjs runs it last: `npm run gen` writes hook/, and `node scripts/gen.mjs --check`
// (npm test) changes nothing and exits 1 when hook/ is not what the sources build (so does
// `node scripts/bundle-hook.mjs --check` alone).
import { build, transform } from 'esbuild';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { commandLineOptions, withBuildIdentity } from './bundle-options.mjs';
import { noticesText } from './licenses.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const hook = path.join(repo, 'hook');
const check = process.argv.includes('--check');

/** The language server's stand-in: `doclint lsp` from hook/ says where to get it. */
const LSP_STUB = `export async function runLsp() {
  process.stderr.write('doclint: the language server is not in this build (hook/, for pre-commit and the GitHub Action): install the doclint package and run its \`doclint lsp --stdio\`\\n');
  return 2;
}
`;

/** The MCP server's stand-in: `doclint mcp` from hook/ says where to get it (the SDK would add about 170 KB). */
const MCP_STUB = `export async function runMcp() {
  process.stderr.write('doclint: the MCP server is not in this build (hook/, for pre-commit and the GitHub Action): install the doclint package and run its \`doclint mcp\` (see docs/agents.md)\\n');
  return 2;
}
`;

/** bin/doclint.js, pointed at hook/: each piece must occur exactly once. */
const ENTRY_EDITS = [
  [
    "'use strict';\n",
    "'use strict';\n// Generated from bin/doclint.js by scripts/bundle-hook.mjs (`npm run gen`): do not edit.\n",
  ],
  ["path.join(__dirname, '../dist/bundle/main.cjs')", "path.join(__dirname, 'main.cjs')"],
  [
    "'doclint: the build is missing (dist/bundle/main.cjs): run `npm run build` in the doclint folder\\n'",
    "'doclint: the build is missing (hook/main.cjs): run `npm run gen` in the doclint folder\\n'",
  ],
  ["require('./code-cache.cjs')", "require('../bin/code-cache.cjs')"],
  ["require('../dist/bundle/replay.cjs')", "require('./replay.cjs')"],
];

function entry() {
  let text = readFileSync(path.join(repo, 'bin/doclint.js'), 'utf8');
  for (const [from, to] of ENTRY_EDITS) {
    const count = text.split(from).length - 1;
    if (count !== 1)
      throw new Error(
        `bundle-hook: bin/doclint.js has ${count} occurrences of ${from.trim()} (1 expected): update ENTRY_EDITS in scripts/bundle-hook.mjs`,
      );
    text = text.replace(from, () => to);
  }
  return text;
}

async function bundles() {
  const result = await build({
    ...commandLineOptions,
    entryPoints: { replay: path.join(repo, 'src/cli/replay.ts') },
    // One file for the command line and the page worker: the worker's module code runs only when
    // page-worker-start.cjs asks for it, on a worker thread.
    stdin: {
      contents:
        "export { main } from './src/cli/main.ts';\nexport const startPageWorker = () => import('./src/engine/page-worker.ts');\n",
      resolveDir: repo,
      sourcefile: 'hook-main.ts',
      loader: 'ts',
    },
    outdir: hook,
    // stdin's output is named by outfile only; entryPoints and stdin together name it `stdin`.
    entryNames: '[name]',
    plugins: [
      {
        name: 'no-language-server',
        setup(b) {
          b.onResolve({ filter: /^\.\.\/lsp\/cli\.js$/ }, () => ({ path: 'lsp-cli', namespace: 'doclint-hook' }));
          b.onResolve({ filter: /^\.\.\/mcp\/cli\.js$/ }, () => ({ path: 'mcp-cli', namespace: 'doclint-hook' }));
          b.onLoad({ filter: /.*/, namespace: 'doclint-hook' }, (args) => ({
            contents: args.path === 'mcp-cli' ? MCP_STUB : LSP_STUB,
            loader: 'js',
          }));
        },
      },
    ],
  });
  const files = withBuildIdentity(result.outputFiles, hook).map((file) => ({
    rel: path.basename(file.path) === 'stdin.cjs' ? 'main.cjs' : path.relative(hook, file.path),
    text: file.text,
  }));
  return { files, metafile: result.metafile };
}

/** docs.json's schema and its validator, compiled by src/schema/compile.ts (as scripts/compile-schema.mjs does), minified. */
async function schemaFiles() {
  const tmp = path.join(repo, 'node_modules/.cache/doclint-hook');
  mkdirSync(tmp, { recursive: true });
  const compiler = path.join(tmp, `compile-${process.pid}.mjs`);
  await build({
    entryPoints: [path.join(repo, 'src/schema/compile.ts')],
    outfile: compiler,
    bundle: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    logLevel: 'warning',
  });
  let code;
  try {
    const { generateStandalone } = await import(pathToFileURL(compiler).href);
    code = generateStandalone(readFileSync(path.join(repo, 'schema/docs.schema.json'), 'utf8'));
  } finally {
    rmSync(compiler, { force: true });
  }
  const minified = await transform(code, {
    loader: 'js',
    format: 'cjs',
    minify: true,
    legalComments: 'none',
    target: 'node20',
  });
  return [
    { rel: 'schema/docs.schema.json', text: readFileSync(path.join(repo, 'schema/docs.schema.json'), 'utf8') },
    {
      rel: 'schema/docs.validator.cjs',
      text: `// Generated from schema/docs.schema.json by scripts/bundle-hook.mjs: do not edit.\n${minified.code}`,
    },
  ];
}

async function hookFiles() {
  const { files, metafile } = await bundles();
  const { text: notices } = noticesText(metafile, 'hook/');
  return [
    { rel: 'doclint.cjs', text: entry(), executable: true },
    ...files,
    {
      rel: 'page-worker-start.cjs',
      text: "'use strict';\nrequire('../bin/code-cache.cjs').load(require('node:path').join(__dirname, 'main.cjs'), { saveAfterMs: 2000 }).startPageWorker();\n",
    },
    ...(await schemaFiles()),
    { rel: 'THIRD-PARTY-NOTICES.txt', text: notices },
  ].sort((a, b) => (a.rel < b.rel ? -1 : 1));
}

/** Every file under `dir`, as paths relative to it. */
function listFiles(dir, prefix = '') {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );
}

const files = await hookFiles();
const expected = new Set(files.map((f) => f.rel));
const stale = [];
for (const file of files) {
  const target = path.join(hook, file.rel);
  let problem;
  if (!existsSync(target)) problem = 'is missing';
  else if (readFileSync(target, 'utf8') !== file.text) problem = 'differs';
  else if (file.executable && process.platform !== 'win32' && !(statSync(target).mode & 0o100))
    problem = 'is not executable';
  if (!problem) continue;
  stale.push(`${file.rel} ${problem}`);
  if (check) continue;
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, file.text);
  if (file.executable) chmodSync(target, 0o755);
}
for (const rel of listFiles(hook).filter((rel) => !expected.has(rel))) {
  stale.push(`${rel} is not built`);
  if (!check) rmSync(path.join(hook, rel));
}
if (check && stale.length) {
  console.error(
    `bundle-hook: hook/ is not what the sources build (${stale.join('; ')}): run \`npm run gen\` and commit hook/`,
  );
  process.exitCode = 1;
} else if (!check) {
  const size = files.reduce((sum, f) => sum + Buffer.byteLength(f.text), 0);
  const summary = `${files.length} files, ${(size / 1024).toFixed(0)} KiB`;
  console.error(
    stale.length
      ? `bundle-hook: wrote hook/ (${summary}): ${stale.join('; ')}`
      : `bundle-hook: hook/ up to date (${summary})`,
  );
}
