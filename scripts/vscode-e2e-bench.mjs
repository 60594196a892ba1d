#!/usr/bin/env node
// Save → diagnostic in a real VS Code: `node scripts/vscode-e2e-bench.mjs [rounds]` (after
// scripts/vscode-e2e-install.mjs, scripts/package-vscode.mjs and `npm run build`). On a copy of the
// example site, with the extension installed in code-server, each round types a heading that skips a
// level into index.mdx and saves, and times until the Problems panel shows the finding; then deletes
// the line, saves, and times until it is gone. Prints the median and 95th percentile of each.
// A measurement, not a test: the figures go to bench/results.md.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { e2eMissingReason, startVSCode } from './vscode-e2e.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const rounds = Number(process.argv[2] ?? 20);
const missing = e2eMissingReason();
if (missing) {
  console.error(`vscode-e2e-bench: ${missing}`);
  process.exit(2);
}
const scratch = mkdtempSync(path.join(os.tmpdir(), 'doclint-vscode-bench-'));
const site = path.join(scratch, 'site');
cpSync(path.join(repo, 'fixtures/example'), site, { recursive: true });
// doclint from this checkout, as doclint.path points to it.
const vscode = await startVSCode({
  folder: site,
  scratch: path.join(scratch, 'vscode'),
  settings: { 'doclint.path': path.join(repo, 'bin/doclint.js') },
});
const shown = [];
const gone = [];
const has = (rows) => rows.some((row) => row.includes('doclint(page-heading-increment)'));
try {
  await vscode.open('index.mdx');
  await vscode.waitForProblems(() => true);
  for (let i = 0; i < rounds; i++) {
    await vscode.focusEditor();
    await vscode.page.keyboard.press('Control+End');
    await vscode.page.keyboard.type('#### Pass limits');
    let start = performance.now();
    await vscode.page.keyboard.press('Control+S');
    await vscode.waitForProblems(has);
    shown.push(performance.now() - start);
    await vscode.page.keyboard.press('Shift+Home');
    await vscode.page.keyboard.press('Backspace');
    start = performance.now();
    await vscode.page.keyboard.press('Control+S');
    await vscode.waitForProblems((rows) => !has(rows));
    gone.push(performance.now() - start);
  }
} catch (error) {
  if (process.env.DOCLINT_BENCH_SHOT) await vscode.page.screenshot({ path: process.env.DOCLINT_BENCH_SHOT });
  throw error;
} finally {
  await vscode.close();
  rmSync(scratch, { recursive: true, force: true });
}
const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
};
const line = (name, values) =>
  `${name}: p50 ${quantile(values, 0.5).toFixed(0)} ms, p95 ${quantile(values, 0.95).toFixed(0)} ms (${values.length} saves)`;
console.log(line('save → finding shown', shown));
console.log(line('save → finding gone', gone));
