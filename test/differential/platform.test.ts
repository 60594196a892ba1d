import { findRule } from '../../src/config/registry.js';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkConfig } from '../../src/engine/config-check.js';
import { loadDocsJson } from '../../src/site/docs-json.js';
import { makeDocuments } from './generate.mjs';
import {
  corpusDir,
  createDoclint,
  formatSummary,
  loadCorpus,
  loadPlatform,
  PLATFORM_PACKAGE,
  runDifferential,
  summarize,
} from './harness.mjs';
import { testIf } from '../helpers/needs.js';

/*
 * doclint against the platform's own docs.json validator, on the same documents: generated ones
 * (fixed seed), mutations of them, and the real corpus when it is beside the repository. Every
 * document the platform rejects, doclint must reject with an error; every document it accepts
 * must get no doclint error — except for the differences docs/platform-differences.md explains.
 * `node scripts/differential.mjs` runs the same comparison on 5,000 documents.
 */

const COUNT = 500;
const SEED = 20240611;
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const platform = await loadPlatform();
const validate = platform.validate;
const version = platform.validate ? platform.version : '';
const maybe = testIf(validate ? undefined : platform.reason);

const CORPUS_REASON = `no corpus of real sites: ${path.resolve(REPO, '../shared/corpus')} is missing (set DOCLINT_CORPUS to the folder of sites)`;

describe(`agreement with ${PLATFORM_PACKAGE}`, () => {
  maybe(
    `${COUNT} generated and mutated docs.json documents get the platform's verdict`,
    async () => {
      await agree([]);
    },
    120_000,
  );

  // The same comparison with the real docs.json files (and mutations of them) among the documents.
  testIf(validate ? (corpusDir(REPO) ? undefined : CORPUS_REASON) : platform.reason)(
    `${COUNT} documents with every real docs.json of the corpus get the platform's verdict`,
    async () => {
      const corpus = await loadCorpus(REPO, loadDocsJson);
      expect(corpus.length).toBeGreaterThan(0);
      const records = await agree(corpus);
      expect(records.filter((r) => r.kind === 'corpus').length).toBe(corpus.length);
    },
    120_000,
  );
});

async function agree(corpus: Awaited<ReturnType<typeof loadCorpus>>) {
  const documents = makeDocuments({ count: COUNT, seed: SEED, corpus });
  expect(documents).toHaveLength(COUNT);
  const doclint = createDoclint({ loadDocsJson, checkConfig, severityOf: (id) => findRule(id)?.severity });
  const records = await runDifferential({ documents, platform: { validate: validate! }, doclint });
  const summary = summarize(records);
  console.log(
    `differential against ${PLATFORM_PACKAGE} ${version} (seed ${SEED}, ${corpus.length} real files):\n${formatSummary(summary)}`,
  );

  // The documents exercise both verdicts, from every source.
  expect(records.filter((r) => r.platform.ok).length).toBeGreaterThan(COUNT / 5);
  expect(records.filter((r) => !r.platform.ok).length).toBeGreaterThan(COUNT / 5);
  // Valid documents are valid for both, and every real docs.json is.
  expect(records.filter((r) => r.kind === 'valid' && !(r.platform.ok && r.doclint.ok)).map((r) => r.id)).toEqual([]);
  expect(records.filter((r) => r.kind === 'corpus' && !(r.platform.ok && r.doclint.ok)).map((r) => r.id)).toEqual([]);
  // No disagreement other than the explained ones.
  expect(
    summary.unexplained.map((r) => ({ id: r.id, side: r.side, mutations: r.mutations, details: r.details })),
  ).toEqual([]);
  return records;
}
