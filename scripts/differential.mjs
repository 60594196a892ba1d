#!/usr/bin/env node
// Differential run of doclint's docs.json checks against the platform's own validator:
//   node scripts/differential.mjs [N] [--seed S] [--json FILE] [--show-explained] [--rejections]
// N documents (default 5000) generated from a fixed seed (valid, integrations, mutated, and the
// real corpus in ../shared/corpus when it is there, with mutations of it). Prints the agreement
// rate and the disagreements grouped by cause. Exits 1 when a disagreement is not one of the
// differences explained in docs/platform-differences.md. Needs `npm run build` (it runs dist/).
import { existsSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const repo = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args.splice(i, 2)[1];
};
const seed = Number(option('--seed') ?? 20240611);
const jsonOut = option('--json');
const showExplained = args.includes('--show-explained');
const showRejections = args.includes('--rejections');
const count = Number(args.find((a) => /^\d+$/.test(a)) ?? 5000);

const dist = path.join(repo, 'dist/src');
if (!existsSync(path.join(dist, 'engine/config-check.js'))) {
  console.error('differential: dist/ is missing; run `npm run build` first');
  process.exit(2);
}
const { loadDocsJson } = await import(path.join(dist, 'site/docs-json.js'));
const { checkConfig } = await import(path.join(dist, 'engine/config-check.js'));
const { findRule } = await import(path.join(dist, 'config/registry.js'));
const harness = await import('../test/differential/harness.mjs');
const { makeDocuments } = await import('../test/differential/generate.mjs');

const platform = await harness.loadPlatform();
if (!platform.validate) {
  console.error(`differential: ${platform.reason}`);
  process.exit(2);
}
const started = performance.now();
const corpus = await harness.loadCorpus(repo, loadDocsJson);
const documents = makeDocuments({ count, seed, corpus });
const generated = performance.now();
const records = await harness.runDifferential({
  documents,
  platform,
  doclint: harness.createDoclint({ loadDocsJson, checkConfig, severityOf: (id) => findRule(id)?.severity }),
});
const done = performance.now();
const summary = harness.summarize(records);

console.log(
  `${harness.PLATFORM_PACKAGE} ${platform.version}; seed ${seed}; ${corpus.length} real docs.json files${corpus.length ? '' : ' (no corpus found)'}; generated in ${((generated - started) / 1000).toFixed(1)} s, validated in ${((done - generated) / 1000).toFixed(1)} s`,
);
console.log(harness.formatSummary(summary, { showExplained }));
if (showRejections) {
  console.log(
    `\nwhy the platform rejected documents (first issue), ${summary.rejectionCauses.length} distinct reasons:`,
  );
  for (const c of summary.rejectionCauses) console.log(`${String(c.count).padStart(6)}  ${c.key}`);
}
if (jsonOut)
  writeFileSync(
    jsonOut,
    JSON.stringify(
      { seed, count, summary: { ...summary, unexplained: summary.unexplained.map((r) => r.id) } },
      null,
      2,
    ),
  );
if (summary.unexplained.length > 0) {
  console.log(`\n${summary.unexplained.length} disagreement(s) not explained in docs/platform-differences.md`);
  process.exit(1);
}
