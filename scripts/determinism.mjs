// node scripts/determinism.mjs [--busy N] [site...]   (after `npm run build`)
//
// Same input, same output: lints each site (default: every site of ../shared/corpus) as a CI gate
// would, in five ways, and checks that the JSON reports and exit codes are byte-identical:
//   idle      --threads auto on a quiet machine
//   busy      the same while N processes (default 8) spin on every core
//   threads1  --threads 1
//   cold      --cache into a new cache file
//   warm      --cache again (answered from the cache)
// It also checks that no finding is a time-limit or "not checked" note: a real page is never cut
// short. Prints one line per site and ends with "N passed, N failed"; exits 1 on a difference.
// Timings are printed for information and asserted nowhere.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(repo, 'bin/doclint.js');
const args = process.argv.slice(2);
let busyCount = 8;
const sites = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--busy') busyCount = Number(args[++i]);
  else sites.push(path.resolve(args[i]));
}
if (!sites.length) {
  const corpus = path.resolve(repo, '../shared/corpus');
  if (!existsSync(corpus)) {
    console.log('determinism: skipped, ../shared/corpus is not here (name sites to check instead)');
    process.exit(0);
  }
  for (const name of readdirSync(corpus).sort())
    if (existsSync(path.join(corpus, name, 'docs.json'))) sites.push(path.join(corpus, name));
}
if (!existsSync(path.join(repo, 'dist/bundle'))) {
  console.error('determinism: run `npm run build` first');
  process.exit(2);
}

const scratch = mkdtempSync(path.join(os.tmpdir(), 'doclint-determinism-'));
/** @type {import('node:child_process').ChildProcess[]} */
let spinners = [];
const stopSpinners = () => {
  for (const p of spinners) p.kill('SIGKILL');
  spinners = [];
};
process.on('exit', () => {
  stopSpinners();
  rmSync(scratch, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

function lint(site, extra) {
  const started = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [bin, '-f', 'json', ...extra, site], {
    cwd: site,
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    // The user's cache folder is not touched: run records and code caches go to the scratch folder.
    env: { ...process.env, NO_COLOR: '1', XDG_CACHE_HOME: path.join(scratch, 'xdg-cache') },
  });
  return {
    code: r.status,
    stdout: r.stdout,
    stderr: r.stderr,
    seconds: Number(process.hrtime.bigint() - started) / 1e9,
  };
}

/** A process that keeps a core busy, and ends by itself once this script is gone (even after `kill -9`). */
const SPIN = `const parent = ${process.pid}; for (let i = 1; ; i++) if (i % 5e7 === 0) try { process.kill(parent, 0); } catch { process.exit(0); }`;

function busy(run) {
  for (let i = 0; i < busyCount; i++) spinners.push(spawn(process.execPath, ['-e', SPIN], { stdio: 'ignore' }));
  try {
    return run();
  } finally {
    stopSpinners();
  }
}

const CUT_SHORT = /^not checked\b|took longer than/;
let passed = 0;
let failed = 0;
for (const site of sites) {
  const name = path.basename(site);
  const cache = path.join(scratch, `${name}.cache`);
  const runs = {
    idle: lint(site, []),
    busy: busy(() => lint(site, [])),
    threads1: lint(site, ['--threads', '1']),
    cold: lint(site, ['--cache', '--cache-location', cache]),
    warm: lint(site, ['--cache', '--cache-location', cache]),
  };
  rmSync(cache, { force: true });
  const base = runs.idle;
  const problems = [];
  if (base.code !== 0 && base.code !== 1)
    problems.push(`idle run exited ${base.code}: ${base.stderr.trim().split('\n')[0]}`);
  for (const [way, r] of Object.entries(runs)) {
    if (way === 'idle') continue;
    if (r.code !== base.code) problems.push(`${way}: exit ${r.code}, idle ${base.code}`);
    if (r.stdout !== base.stdout) problems.push(`${way}: the report differs from the idle run's`);
  }
  let findings = 0;
  try {
    for (const file of JSON.parse(base.stdout)) {
      for (const m of file.messages) {
        findings++;
        if (CUT_SHORT.test(m.message)) problems.push(`${path.relative(site, file.filePath)}:${m.line}: ${m.message}`);
      }
    }
  } catch {
    problems.push('the idle run printed no JSON report');
  }
  const times = Object.entries(runs)
    .map(([way, r]) => `${way} ${r.seconds.toFixed(1)} s`)
    .join(', ');
  if (problems.length) {
    failed++;
    console.log(`FAIL ${name}: ${problems.slice(0, 10).join('; ')}`);
  } else {
    passed++;
    console.log(`ok   ${name}: ${findings} findings, exit ${base.code}, byte-identical 5 ways (${times})`);
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
