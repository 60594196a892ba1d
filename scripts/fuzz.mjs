#!/usr/bin/env node
// Long fuzz run against the build (dist/): `npm run fuzz` (run `npm run build` first).
//
//   node scripts/fuzz.mjs [--runs N] [--seed S] [--bound MS] [--only page,docs.json,terms,cache,writes,fanout,names,external,...]
//
// Runs N cases in all (default 100,000), shared among the surfaces by weight, with a fixed seed
// (default 20240611) so that a failure reproduces. Prints cases, failures and timings per
// surface; on a failure, the shrunk counterexample and how to replay it. Exit code 1 on any
// failure.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '20240611' },
    bound: { type: 'string', default: '2000' },
    only: { type: 'string' },
    verbose: { type: 'boolean', default: false },
  },
});

const dist = (p) => {
  const file = path.join(repo, 'dist', p);
  if (!existsSync(file)) {
    process.stderr.write(`fuzz: ${path.relative(repo, file)} is missing; run \`npm run build\` first\n`);
    process.exit(2);
  }
  return import(pathToFileURL(file).href);
};

const [
  { lintPage },
  { applyFixes },
  { loadDocsJson },
  { checkConfig },
  { SiteSession },
  { resolveSettings, pagePlan },
  { SpecLoader },
  { extensionProblems },
  { default: robotsRule },
  { loadDoclintrc },
  { DoclintrcError },
  { allRuleIds, builtinRegistry },
  { toDiagnostics },
  { runSiteRule },
  { SiteModel },
  { readTextSafe },
  { stringify: stringifyYaml },
  { LintCache },
  { mayBeSlow },
  { DocsJsonReadError },
  { checkWriteTarget },
  { UserError },
  { generateLlmsFullTxt },
  { reporters },
  { compileGlobs },
  { checkUrl, judge },
] = await Promise.all([
  dist('src/engine/lint-page.js'),
  dist('src/engine/fix.js'),
  dist('src/site/docs-json.js'),
  dist('src/engine/config-check.js'),
  dist('src/engine/session.js'),
  dist('src/config/settings.js'),
  dist('src/openapi/loader.js'),
  dist('rules/openapi-extension.js'),
  dist('rules/site-robots-blocks-ai.js'),
  dist('src/config/doclintrc.js'),
  dist('src/config/doclintrc-file.js'),
  dist('src/config/registry.js'),
  dist('src/engine/message-control.js'),
  dist('src/engine/rule-runner.js'),
  dist('src/model/site-model.js'),
  dist('src/core/safe-read.js'),
  import('yaml'),
  dist('src/cache/cache.js'),
  dist('src/pages/pathology.js'),
  dist('src/site/docs-json.js'),
  dist('src/core/place.js'),
  dist('src/core/errors.js'),
  dist('src/llms/llms-txt.js'),
  dist('src/report/index.js'),
  dist('src/core/glob.js'),
  dist('src/services/external/http.js'),
]);
const { createSurfaces, runSurface, describeCounterexample } = await import('../test/fuzz/properties.mjs');

const api = {
  lintPage,
  pagePlan,
  toDiagnostics,
  builtinRegistry,
  applyFixes,
  loadDocsJson,
  checkConfig,
  SiteSession,
  SiteModel,
  resolveSettings,
  SpecLoader,
  extensionProblems,
  robotsRule,
  runSiteRule,
  readTextSafe,
  loadDoclintrc,
  DoclintrcError,
  UserError,
  allRuleIds,
  stringifyYaml,
  LintCache,
  mayBeSlow,
  DocsJsonReadError,
  checkWriteTarget,
  generateLlmsFullTxt,
  reporters,
  compileGlobs,
  checkUrl,
  judge,
};
const { surfaces, cleanup } = createSurfaces(api);

/** Share of the cases per surface (a site case costs about twenty page cases). */
const WEIGHTS = {
  page: 38,
  docsJson: 21,
  spec: 11,
  robots: 9,
  rc: 10,
  site: 5,
  terms: 4,
  cache: 2,
  writes: 2,
  fanout: 1,
  names: 2,
  external: 1,
};
const total = Number(values.runs);
const seed = Number(values.seed);
const boundMs = Number(values.bound);
const only = values.only?.split(',').map((s) => s.trim());
const chosen = Object.entries(WEIGHTS).filter(
  ([key]) => !only || only.includes(key) || only.includes(surfaces[key].name),
);
const weightSum = chosen.reduce((n, [, w]) => n + w, 0);

const rows = [];
let failed = false;
const started = performance.now();
for (const [key, weight] of chosen) {
  const numRuns = Math.max(1, Math.round((total * weight) / weightSum));
  const t = performance.now();
  const result = await runSurface(surfaces[key], { seed, numRuns, boundMs, verbose: values.verbose });
  const seconds = (performance.now() - t) / 1000;
  rows.push({
    surface: result.surface,
    cases: result.failed ? `${result.runs} (failed)` : numRuns,
    seconds: seconds.toFixed(1),
    'mean ms': result.meanMs.toFixed(2),
    'max ms': result.maxMs.toFixed(0),
    'past the bound, time-limited': result.overBound,
  });
  process.stdout.write(
    `fuzz: ${result.surface}: ${result.failed ? 'FAILED' : 'ok'}, ${numRuns} cases in ${seconds.toFixed(1)} s (mean ${result.meanMs.toFixed(2)} ms, max ${result.maxMs.toFixed(0)} ms)\n`,
  );
  if (result.failed) {
    failed = true;
    process.stdout.write(`  error: ${result.error?.stack ?? result.error}\n`);
    process.stdout.write(
      `  counterexample (after ${result.shrinks} shrinks): ${describeCounterexample(result.counterexample)}\n`,
    );
    process.stdout.write(`  replay: node scripts/fuzz.mjs --only ${key} --seed ${result.seed} (path ${result.path})\n`);
  }
}
cleanup();
console.table(rows);
const cases = rows.reduce((n, r) => n + Number(String(r.cases).split(' ')[0]), 0);
process.stdout.write(
  `fuzz: ${cases} cases in ${((performance.now() - started) / 1000).toFixed(1)} s, seed ${seed}, bound ${boundMs} ms per case: ${failed ? 'FAILURES' : 'no failures'}\n`,
);
process.exitCode = failed ? 1 : 0;
