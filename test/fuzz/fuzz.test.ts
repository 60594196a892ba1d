// Property tests with a fixed seed: a few thousand generated and damaged inputs per run of the
// suite (`npm run fuzz` runs the same properties on 100,000 cases against the build). A failure
// prints the shrunk counterexample; turn it into a regression test in test/bad-input/.
import { stringify as stringifyYaml } from 'yaml';
import { extensionProblems } from '../../rules/openapi-extension.js';
import robotsRule from '../../rules/site-robots-blocks-ai.js';
import { readTextSafe } from '../../src/core/safe-read.js';
import { toDiagnostics } from '../../src/engine/message-control.js';
import { runSiteRule } from '../../src/engine/rule-runner.js';
import { SiteModel } from '../../src/model/site-model.js';
import { DoclintrcError } from '../../src/config/doclintrc-file.js';
import { applyFixes } from '../../src/engine/fix.js';
import { loadDoclintrc } from '../../src/config/doclintrc.js';
import { UserError } from '../../src/core/errors.js';
import { allRuleIds, builtinRegistry } from '../../src/config/registry.js';
import { SiteSession } from '../../src/engine/session.js';
import { pagePlan, resolveSettings } from '../../src/config/settings.js';
import { SpecLoader } from '../../src/openapi/loader.js';
import { lintPage } from '../../src/engine/lint-page.js';
import { checkConfig } from '../../src/engine/config-check.js';
import { DocsJsonReadError, loadDocsJson } from '../../src/site/docs-json.js';
import { LintCache } from '../../src/cache/cache.js';
import { mayBeSlow } from '../../src/pages/pathology.js';
import { checkWriteTarget } from '../../src/core/place.js';
import { generateLlmsFullTxt } from '../../src/llms/llms-txt.js';
import { reporters } from '../../src/report/index.js';
import { compileGlobs } from '../../src/core/glob.js';
import { checkUrl, judge } from '../../src/services/external/http.js';
import { createSurfaces, describeCounterexample, runSurface } from './properties.mjs';

const SEED = 20240611;
/**
 * No time bound per case in the suite (a test never times itself): a case that hangs fails at
 * jest's timeout. `npm run fuzz` measures and bounds each case; DOCLINT_FUZZ_BOUND_MS sets one here.
 */
const BOUND_MS = Number(process.env.DOCLINT_FUZZ_BOUND_MS ?? Number.POSITIVE_INFINITY);

const { surfaces, cleanup } = createSurfaces({
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
});

afterAll(cleanup);

// Cases per surface: about 2,000 in all, 15-20 s on a quiet machine (pages and configuration
// files cost most: each configuration builds its own page processor).
const RUNS: Array<[keyof typeof surfaces, number]> = [
  ['page', 200],
  ['docsJson', 1000],
  ['spec', 200],
  ['robots', 100],
  ['rc', 60],
  ['site', 20],
  ['terms', 40],
  ['cache', 20],
  ['writes', 100],
  ['fanout', 12],
  ['names', 30],
  ['external', 40],
];

describe('fuzz (fixed seed)', () => {
  test.each(RUNS)(
    '%s: %i generated inputs never crash, hang or misplace a finding',
    async (name, numRuns) => {
      const result = await runSurface(surfaces[name], { seed: SEED, numRuns, boundMs: BOUND_MS });
      if (result.failed) {
        throw new Error(
          `${result.surface} failed after ${result.runs} cases: ${String((result.error as Error | undefined)?.message ?? result.error)}\ncounterexample: ${describeCounterexample(result.counterexample)}`,
        );
      }
      expect(result.runs).toBe(numRuns);
    },
    // A guard against a hang, not a measure: a loaded machine runs the 1,000 docs.json cases in
    // minutes (the run of each case is never timed here).
    900000,
  );
});
