/**
 * Two projects. `unit`: the sources directly (rules, engine, site model, reporters), no build
 * needed — `npm run test:unit`. `e2e`: what runs the built command line or language server in a
 * child process, real tools (pre-commit, Neovim, Chromium), the platform differential and the
 * fuzzing — `npm run test:e2e` (it builds first). `npm test` runs both.
 *
 * Jest runs the TypeScript sources directly: @swc/jest strips types (no type check here; `npm test`
 * runs `tsc --noEmit` first), and Node's VM modules run the ESM-only unified stack.
 */
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

const shared = {
  testEnvironment: 'node',
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
  projects: [
    { ...shared, displayName: 'unit', testPathIgnorePatterns: ['/node_modules/', ...E2E] },
    { ...shared, displayName: 'e2e', testMatch: E2E.map((p) => (p.endsWith('/') ? `${p}**/*.test.ts` : p)) },
  ],
};
