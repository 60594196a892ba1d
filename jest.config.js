import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Three projects. `unit`: the sources directly (rules, engine, site model, reporters), no build
 * needed — `npm run test:unit`. `e2e`: what runs the built command line or language server in a
 * child process — `npm run test:e2e` (it builds first). `npm test` runs both. `slow`: the
 * end-to-end tests that drive a real host (VS Code, Neovim, pre-commit with a clone, the MCP SDK),
 * the platform differential, the fuzzing and the files that take more than about 30 s alone —
 * `npm run test:slow` (it builds first); CI runs it after `npm test`, so every test runs in CI.
 *
 * Jest runs the TypeScript sources directly: @swc/jest strips types (no type check here; `npm test`
 * runs `tsc --noEmit` first), and Node's VM modules run the ESM-only unified stack.
 */

// @swc/core unpacks its native binding (30 MB) into a cache it keeps, by default
// ~/.cache/swc-native-0: it is kept in the project's ignored .cache/ instead, so that a test run
// leaves nothing in the home folder. Set here, before jest loads the transformer; the workers
// inherit it.
if (!process.env.SWC_NATIVE_BINDING_CACHE) {
  const cache = path.join(path.dirname(fileURLToPath(import.meta.url)), '.cache', 'swc-native');
  mkdirSync(cache, { recursive: true, mode: 0o700 });
  process.env.SWC_NATIVE_BINDING_CACHE = cache;
}

const SLOW = [
  '<rootDir>/test/editors/vscode-real.test.ts',
  '<rootDir>/test/lsp/nvim.test.ts',
  '<rootDir>/test/cli/pin-advice.test.ts',
  '<rootDir>/test/mcp/',
  '<rootDir>/test/differential/',
  '<rootDir>/test/fuzz/',
  '<rootDir>/test/cli/threads.test.ts',
  '<rootDir>/test/cli/rename-corpus.test.ts',
  '<rootDir>/test/bad-input/yaml.test.ts',
  '<rootDir>/test/bad-input/huge.test.ts',
  '<rootDir>/test/bad-input/report-in-site.test.ts',
];

const E2E = [
  '<rootDir>/test/cli/',
  '<rootDir>/test/lsp/',
  '<rootDir>/test/mcp/',
  '<rootDir>/test/differential/',
  '<rootDir>/test/fuzz/',
  '<rootDir>/test/engine/plugins.test.ts',
  '<rootDir>/test/report/action.test.ts',
  '<rootDir>/test/report/cli-formats.test.ts',
  '<rootDir>/test/report/html.test.ts',
  '<rootDir>/test/bad-input/',
  '<rootDir>/test/editors/vscode-real.test.ts',
  '<rootDir>/test/editors/vscode-client.test.ts',
];

const match = (paths) => paths.map((p) => (p.endsWith('/') ? `${p}**/*.test.ts` : p));

const shared = {
  testEnvironment: 'node',
  // Jest's transform cache, in the project's ignored .cache/ (its default is in the system's
  // temporary folder): a test run writes nothing outside the checkout but its temporary root.
  cacheDirectory: '<rootDir>/.cache/jest',
  setupFiles: ['<rootDir>/test/helpers/test-realm.cjs'],
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'es6' } },
    ],
  },
};

export default {
  // A safety net for a test that hangs, generous enough for a loaded machine: no test measures time.
  testTimeout: 180000,
  // Everything the run writes is under one temporary root, removed at the end.
  globalSetup: '<rootDir>/test/helpers/global-setup.mjs',
  globalTeardown: '<rootDir>/test/helpers/global-teardown.mjs',
  // Jest's summary counts skipped tests; the skip reporter also names them, with their reasons.
  reporters: ['default', '<rootDir>/test/helpers/skip-reporter.cjs'],
  // Jest's default is one worker less than the cores: one on 2 cores. Most test files wait on
  // child processes, so two workers overlap them; a worker whose memory grew past the limit is
  // replaced after its file, which bounds the run's peak.
  maxWorkers: 2,
  workerIdleMemoryLimit: '1GB',
  projects: [
    { ...shared, displayName: 'unit', testPathIgnorePatterns: ['/node_modules/', ...E2E, ...SLOW] },
    { ...shared, displayName: 'e2e', testMatch: match(E2E), testPathIgnorePatterns: ['/node_modules/', ...SLOW] },
    { ...shared, displayName: 'slow', testMatch: match(SLOW) },
  ],
};
