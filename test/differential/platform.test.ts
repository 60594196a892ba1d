import { findRule } from '../../src/engine/registry.js';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateConfigDetailed } from '../../src/schema/validate.js';
import { loadDocsJson } from '../../src/site/docs-json.js';
import { makeDocuments } from './generate.mjs';
import { createDoclint, formatSummary, loadCorpus, loadPlatform, PLATFORM_PACKAGE, runDifferential, summarize } from './harness.mjs';

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
if (!validate) console.log(`differential test skipped: ${platform.reason}`);
const maybe = validate ? test : test.skip;

describe(`agreement with ${PLATFORM_PACKAGE}`, () => {
  maybe(
    `${COUNT} generated, mutated and real docs.json documents get the platform's verdict`,
    async () => {
      const corpus = await loadCorpus(REPO, loadDocsJson);
      const documents = makeDocuments({ count: COUNT, seed: SEED, corpus });
      expect(documents).toHaveLength(COUNT);
      const doclint = createDoclint({ loadDocsJson, validateConfigDetailed, severityOf: (id) => findRule(id)?.severity });
      const records = await runDifferential({ documents, platform: { validate: validate! }, doclint });
      const summary = summarize(records);
      console.log(`differential against ${PLATFORM_PACKAGE} ${version} (seed ${SEED}, ${corpus.length} real files):\n${formatSummary(summary)}`);

      // The documents exercise both verdicts, from every source.
      expect(records.filter((r) => r.platform.ok).length).toBeGreaterThan(COUNT / 5);
      expect(records.filter((r) => !r.platform.ok).length).toBeGreaterThan(COUNT / 5);
      // Valid documents are valid for both, and every real docs.json is.
      expect(records.filter((r) => r.kind === 'valid' && !(r.platform.ok && r.doclint.ok)).map((r) => r.id)).toEqual([]);
      expect(records.filter((r) => r.kind === 'corpus' && !(r.platform.ok && r.doclint.ok)).map((r) => r.id)).toEqual([]);
      // No disagreement other than the explained ones.
      expect(summary.unexplained.map((r) => ({ id: r.id, side: r.side, mutations: r.mutations, details: r.details }))).toEqual([]);
    },
    120_000,
  );
});
