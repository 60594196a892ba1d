// npm run bench [-- [--runs N] site...]
// For each site, runs each command in its own process, alternating commands run by run, and
// prints the median wall time, CPU time and peak RSS of:
//   (a) floor  - a bare parse of the same pages with the same parser
//   (b) cold   - doclint on the whole site
//   (c) warm   - doclint --cache on the whole site, cache already filled (when --cache exists)
//   (d) one    - doclint on one page of the site (the pre-commit case)
//   (e) edited - doclint --cache after that page was edited (on a copy of the site)
//   and doclint --version against `node -e 0` (start-up)
// with the ratios to the floor, and pages per second. Results go to bench/results.json and
// bench/results.md. No timing assertion lives in the test suite: this is the measurement.
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadInventory } from '../dist/src/site/inventory.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
let runs = 5;
const sites = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Number(args[++i]);
  else sites.push(path.resolve(args[i]));
}
if (!sites.length) {
  const corpus = path.resolve(repo, '../shared/corpus');
  if (existsSync(corpus)) {
    for (const name of readdirSync(corpus).sort()) if (existsSync(path.join(corpus, name, 'docs.json'))) sites.push(path.join(corpus, name));
  } else {
    sites.push(path.join(repo, 'fixtures/example'));
  }
}

const bin = path.join(repo, 'bin/doclint.js');
const hook = path.join(repo, 'bench/usage-hook.js');
const usageFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'doclint-bench-')), 'usage.jsonl');
const hasCache = spawnSync(process.execPath, [bin, '--help'], { encoding: 'utf8' }).stdout.includes('--cache');

function measure(argv, cwd) {
  rmSync(usageFile, { force: true });
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['--import', hook, ...argv], {
    cwd,
    env: { ...process.env, DOCLINT_BENCH_USAGE: usageFile, NO_COLOR: '1' },
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0 && r.status !== 1) throw new Error(`${argv.join(' ')} exited ${r.status}: ${r.stderr}`);
  const usage = JSON.parse(readFileSync(usageFile, 'utf8').trim().split('\n').pop());
  return { wallMs, ...usage };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const results = [];
for (const site of sites) {
  const pages = [...(await loadInventory(site)).pages.keys()];
  const onePage = pages.find((p) => !p.includes('snippets/') && p.split('/').length > 1) ?? pages[0];
  const cacheFile = path.join(os.tmpdir(), `doclint-bench-${path.basename(site)}.cache`);
  const editable = mkdtempSync(path.join(os.tmpdir(), 'doclint-bench-site-'));
  cpSync(site, editable, { recursive: true });
  const prepare = { edited: () => appendFileSync(path.join(editable, onePage), '\n') };
  const commands = {
    floor: [path.join(repo, 'bench/bare-parse.js'), site],
    cold: [bin, '--format', 'json', '--output-file', os.devNull, site],
    ...(hasCache ? { warm: [bin, '--cache', '--cache-location', cacheFile, '--format', 'json', '--output-file', os.devNull, site] } : {}),
    one: [bin, '--format', 'json', '--output-file', os.devNull, path.join(site, onePage)],
    // (e) warm --cache after one page was edited, on a copy of the site (a newline appended before each run).
    ...(hasCache ? { edited: [bin, '--cache', '--format', 'json', '--output-file', os.devNull, editable] } : {}),
    // Start-up: doclint --version against Node starting and doing nothing.
    version: [bin, '--version'],
    node: ['-e', '0'],
  };
  if (hasCache) measure(commands.warm, site); // fill the caches
  if (hasCache) measure(commands.edited, editable);
  const samples = Object.fromEntries(Object.keys(commands).map((k) => [k, []]));
  for (let i = 0; i < runs; i++) {
    for (const [name, argv] of Object.entries(commands)) {
      prepare[name]?.();
      samples[name].push(measure(argv, site));
    }
  }
  rmSync(editable, { recursive: true, force: true });
  const row = { site: path.basename(site), pages: pages.length, runs };
  for (const [name, list] of Object.entries(samples)) {
    row[name] = { wallMs: median(list.map((s) => s.wallMs)), cpuMs: median(list.map((s) => s.cpuMs)), maxRssMiB: median(list.map((s) => s.maxRssKiB)) / 1024 };
  }
  row.ratios = Object.fromEntries(['cold', 'warm', 'edited', 'one'].filter((k) => k in commands).map((k) => [`${k}/floor`, row[k].wallMs / row.floor.wallMs]));
  row.ratios['version/node'] = row.version.wallMs / row.node.wallMs;
  row.onePage = onePage;
  row.pagesPerSecond = pages.length / (row.cold.wallMs / 1000);
  results.push(row);
  process.stdout.write(
    `${row.site}: floor ${row.floor.wallMs.toFixed(0)} ms, cold ${row.cold.wallMs.toFixed(0)} ms (${row.ratios['cold/floor'].toFixed(2)}x)` +
      `${row.warm ? `, warm ${row.warm.wallMs.toFixed(0)} ms, one page edited ${row.edited.wallMs.toFixed(0)} ms` : ''}, one page ${row.one.wallMs.toFixed(0)} ms, --version ${row.version.wallMs.toFixed(0)} ms (node -e 0: ${row.node.wallMs.toFixed(0)} ms), peak RSS ${row.cold.maxRssMiB.toFixed(0)} MiB\n`,
  );
}

const machine = `${os.cpus()[0]?.model ?? 'cpu'} x ${os.availableParallelism()}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
writeFileSync(path.join(repo, 'bench/results.json'), JSON.stringify({ date: new Date().toISOString(), machine, results }, null, 2) + '\n');
const fmt = (x) => (x === undefined ? 'n/a' : `${(x.wallMs / 1000).toFixed(2)} s`);
const lines = [
  '# Benchmark results',
  '',
  `Machine: ${machine}. Medians of ${runs} runs per command, commands alternated run by run, each in its own process (start-up included).`,
  '',
  '| site | pages | floor (bare parse) | doclint cold | ratio | warm `--cache` | ratio | warm, one page edited | one page | ratio | `--version` | `node -e 0` | pages/s | peak RSS cold |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...results.map(
    (r) =>
      `| ${r.site} | ${r.pages} | ${fmt(r.floor)} | ${fmt(r.cold)} | ${r.ratios['cold/floor'].toFixed(2)} | ${fmt(r.warm)} | ${r.warm ? r.ratios['warm/floor'].toFixed(2) : 'n/a'} | ${fmt(r.edited)} | ${fmt(r.one)} | ${r.ratios['one/floor'].toFixed(2)} | ${fmt(r.version)} | ${fmt(r.node)} | ${r.pagesPerSecond.toFixed(0)} | ${r.cold.maxRssMiB.toFixed(0)} MiB |`,
  ),
  '',
  `One page: ${results.map((r) => `\`${r.onePage}\` (${r.site})`).join(', ')}. Wall times include Node's own start-up (the \`node -e 0\` column).`,
  '',
];
writeFileSync(path.join(repo, 'bench/results.md'), lines.join('\n'));
process.stdout.write(`\nwrote bench/results.md and bench/results.json\n`);
