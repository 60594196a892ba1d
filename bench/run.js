// npm run bench [-- [--runs N] [--no-bound] [--no-scale | --scale-only] [--scale-sizes 1000,5000,25000]
//                   [--scale-runs N] [--scale-corpus SITE] site...]
// For each site, runs each command in its own process, alternating commands run by run, and
// prints the median wall time, CPU time and peak RSS of:
//   (a) floor   - a bare parse of the same pages with the same parser, on one thread
//   (b) cold    - doclint on the whole site (--threads auto: one worker thread per core)
//   (c) cold1   - the same on one worker thread (--threads 1), for the scaling
//   (d) warm    - doclint --cache on the whole site, cache already filled: the same command over
//                 the unchanged site, answered from its record (src/cache/run-record.ts)
//   (d') warmFull - the same made in full (DOCLINT_NO_REPLAY=1): every file's signature checked
//                 against the cache, the findings read from it
//   (e) one     - doclint on one page of the site (the pre-commit case)
//   (f) edited  - doclint --cache after that page was edited (on a copy of the site)
//   and doclint --version against `node -e 0` (start-up); (i) the CPU of each phase (bench/phases.js:
//   parse, page rules, page facts, site checks, on one thread in process)
// with the ratios: cold runs to the floor, short runs to `node -e 0`. Then (g) what pathological pages
// cost: a generated site of five pages the parser would take minutes over, each bounded by the
// pre-scan (a finding by its text, the same at any load). Then (h) the scale table: sites of 1,000, 5,000 and 25,000 pages made by
// scripts/make-scale-site.mjs (versions x languages of one corpus site, the same mix of pages at
// every size) under a temporary folder, each linted cold and bare-parsed (the floor), alternated, in
// one run: ms per page of both and their ratio, peak RSS and RSS per page (the 25k leg takes about
// 11 minutes; `--scale-sizes` picks others, `--no-scale` skips the table, `--scale-only` measures
// only it). The machine's load average is recorded with every site and size. Results go to
// bench/results.json and bench/results.md. No timing assertion lives in the test suite: this is
// the measurement.
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, readFileSync, rmSync, writeFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadInventory } from '../dist/src/site/inventory.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
let runs = 5;
let bound = true;
let scale = true;
let scaleOnly = false;
let scaleSizes = [1000, 5000, 25000];
let scaleRuns = 1;
let scaleCorpus = path.resolve(repo, '../shared/corpus/mintlify__docs');
const sites = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Number(args[++i]);
  else if (args[i] === '--no-bound') bound = false;
  else if (args[i] === '--no-scale') scale = false;
  else if (args[i] === '--scale-only') scaleOnly = true;
  else if (args[i] === '--scale-sizes') scaleSizes = args[++i].split(',').map(Number);
  else if (args[i] === '--scale-runs') scaleRuns = Number(args[++i]);
  else if (args[i] === '--scale-corpus') scaleCorpus = path.resolve(args[++i]);
  else sites.push(path.resolve(args[i]));
}
if (scaleOnly) bound = false;
if (!sites.length && !scaleOnly) {
  const corpus = path.resolve(repo, '../shared/corpus');
  const defaults = ['mintlify__docs', 'firecrawl__firecrawl-docs'].map((name) => path.join(corpus, name));
  if (defaults.every((site) => existsSync(path.join(site, 'docs.json')))) sites.push(...defaults);
  else sites.push(path.join(repo, 'fixtures/example'));
}

const bin = path.join(repo, 'bin/doclint.js');
const hook = path.join(repo, 'bench/usage-hook.js');
const usageFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'doclint-bench-')), 'usage.jsonl');

function measure(argv, cwd, env = {}) {
  rmSync(usageFile, { force: true });
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['--import', hook, ...argv], {
    cwd,
    env: { ...process.env, DOCLINT_BENCH_USAGE: usageFile, NO_COLOR: '1', ...env },
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0 && r.status !== 1) throw new Error(`${argv.join(' ')} exited ${r.status}: ${r.stderr}`);
  const usage = JSON.parse(readFileSync(usageFile, 'utf8').trim().split('\n').pop());
  return { wallMs, ...usage, stdout: r.stdout };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

const results = [];
for (const site of scaleOnly ? [] : sites) {
  const pages = [...(await loadInventory(site)).pages.keys()];
  const onePage = pages.find((p) => !p.includes('snippets/') && p.split('/').length > 1) ?? pages[0];
  const cacheFile = path.join(os.tmpdir(), `doclint-bench-${path.basename(site)}.cache`);
  const editable = mkdtempSync(path.join(os.tmpdir(), 'doclint-bench-site-'));
  cpSync(site, editable, { recursive: true });
  const prepare = { edited: () => appendFileSync(path.join(editable, onePage), '\n') };
  const envs = { warmFull: { DOCLINT_NO_REPLAY: '1' } };
  const json = ['--format', 'json', '--output-file', os.devNull];
  const commands = {
    floor: [path.join(repo, 'bench/bare-parse.js'), site],
    cold: [bin, ...json, site],
    cold1: [bin, '--threads', '1', ...json, site],
    warm: [bin, '--cache', '--cache-location', cacheFile, ...json, site],
    warmFull: [bin, '--cache', '--cache-location', cacheFile, ...json, site],
    one: [bin, ...json, path.join(site, onePage)],
    // Warm --cache after one page was edited, on a copy of the site (a newline appended before each run).
    edited: [bin, '--cache', ...json, editable],
    // Start-up: doclint --version against Node starting and doing nothing.
    version: [bin, '--version'],
    node: ['-e', '0'],
  };
  measure(commands.warm, site); // fill the caches
  measure(commands.edited, editable);
  const loadBefore = load();
  const samples = Object.fromEntries(Object.keys(commands).map((k) => [k, []]));
  for (let i = 0; i < runs; i++) {
    for (const [name, argv] of Object.entries(commands)) {
      prepare[name]?.();
      samples[name].push(measure(argv, site, envs[name]));
    }
  }
  rmSync(editable, { recursive: true, force: true });
  rmSync(cacheFile, { force: true });
  const row = { site: path.basename(site), pages: pages.length, runs, load: { before: loadBefore, after: load() } };
  for (const [name, list] of Object.entries(samples)) {
    row[name] = {
      wallMs: median(list.map((s) => s.wallMs)),
      cpuMs: median(list.map((s) => s.cpuMs)),
      maxRssMiB: median(list.map((s) => s.maxRssKiB)) / 1024,
    };
  }
  row.ratios = {
    'cold/floor': row.cold.wallMs / row.floor.wallMs,
    'cold1/floor': row.cold1.wallMs / row.floor.wallMs,
    'warm/node': row.warm.wallMs / row.node.wallMs,
    'warmFull/node': row.warmFull.wallMs / row.node.wallMs,
    'edited/node': row.edited.wallMs / row.node.wallMs,
    'one/node': row.one.wallMs / row.node.wallMs,
    'version/node': row.version.wallMs / row.node.wallMs,
  };
  row.onePage = onePage;
  row.pagesPerSecond = pages.length / (row.cold.wallMs / 1000);
  // (i) Where the CPU goes, phase by phase (bench/phases.js: one thread, in process, cold).
  const phaseRun = spawnSync(process.execPath, [path.join(repo, 'bench/phases.js'), site], {
    cwd: site,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  row.phases = phaseRun.status === 0 ? JSON.parse(phaseRun.stdout.trim().split('\n').pop()) : undefined;
  results.push(row);
  const s = (x) => `${(x.wallMs / 1000).toFixed(2)} s`;
  process.stdout.write(
    `${row.site} (load ${row.load.before} -> ${row.load.after}): floor ${s(row.floor)}, cold ${s(row.cold)} (${row.ratios['cold/floor'].toFixed(2)}x floor, ` +
      `${row.cold.maxRssMiB.toFixed(0)} MiB), one thread ${s(row.cold1)} (${row.ratios['cold1/floor'].toFixed(2)}x), ` +
      `warm ${s(row.warm)} (${row.ratios['warm/node'].toFixed(2)}x node -e 0), made in full ${s(row.warmFull)} (${row.ratios['warmFull/node'].toFixed(2)}x), edited ${s(row.edited)} (${row.ratios['edited/node'].toFixed(2)}x), ` +
      `one page ${s(row.one)} (${row.ratios['one/node'].toFixed(2)}x), --version ${s(row.version)}, node -e 0 ${s(row.node)}\n`,
  );
  if (row.phases) process.stdout.write(`${row.site} CPU by phase (one thread): ${phaseText(row.phases)}\n`);
}

/**
 * (g) What pathological pages cost: a site whose pages would each take the parser minutes (a run of
 * 80,000 `*_`, 40,000 balanced braces, setext headings, 2,000 `_`x n `x` `_`x n matches) and one
 * past the page budget (20,000 lines of list items), all bounded by the pre-scan, by their text.
 */
let boundRow;
if (bound) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'doclint-bench-bound-'));
  const front = '---\ntitle: A page\ndescription: A page of the benchmark site.\n---\n\n';
  const pages = {
    stars: `${front}${'*_'.repeat(40000)}\n`,
    braces: `${front}${'{'.repeat(20000)}${'}'.repeat(20000)}\n`,
    setext: `${front}${'a\n=\n'.repeat(16000)}`,
    matches: `${front}${'_'.repeat(2000)}x${'_'.repeat(2000)}\n`,
    lines: `${front}${'- a\n'.repeat(20000)}`,
  };
  writeFileSync(
    path.join(root, 'docs.json'),
    JSON.stringify({
      theme: 'mint',
      name: 'Bound',
      colors: { primary: '#0A7A5E' },
      navigation: { pages: ['index', ...Object.keys(pages)] },
    }),
  );
  writeFileSync(path.join(root, 'index.mdx'), `${front}Hello.\n`);
  for (const [name, text] of Object.entries(pages)) writeFileSync(path.join(root, `${name}.mdx`), text);
  const list = [];
  let bounded = 0;
  for (let i = 0; i < Math.min(runs, 3); i++) {
    const r = measure([bin, '--format', 'json', root], root);
    list.push(r);
    bounded = JSON.parse(r.stdout)
      .flatMap((f) => f.messages)
      .filter((m) => m.ruleId === 'page-mdx-syntax').length;
  }
  rmSync(root, { recursive: true, force: true });
  boundRow = {
    pages: Object.keys(pages).length,
    kiB: Object.values(pages).reduce((n, t) => n + Buffer.byteLength(t), 0) / 1024,
    wallMs: median(list.map((s) => s.wallMs)),
    maxRssMiB: median(list.map((s) => s.maxRssKiB)) / 1024,
    bounded,
    load: load(),
  };
  process.stdout.write(
    `pathological pages: ${boundRow.pages} pages: run ${(boundRow.wallMs / 1000).toFixed(2)} s, ${bounded} pages bounded by the pre-scan\n`,
  );
}

/** (h) The scale table: generated versioned sites of growing size, cold against the floor. */
const scaleRows = [];
if (scale) {
  const { makeScaleSite } = await import('../scripts/make-scale-site.mjs');
  for (const size of scaleSizes) {
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'doclint-bench-scale-')), 'site');
    const made = await makeScaleSite({ pages: size, corpus: scaleCorpus, out });
    const pages = (await loadInventory(out)).pages.size;
    const files = [...(await loadInventory(out)).pages.values()].map((p) => p.file);
    const mb = files.reduce((sum, f) => sum + readFileSync(f).length, 0) / 1e6;
    const docsLines = readFileSync(path.join(out, 'docs.json'), 'utf8').split('\n').length;
    const commands = {
      floor: [path.join(repo, 'bench/bare-parse.js'), out],
      cold: [bin, '--format', 'json', '--output-file', os.devNull, out],
    };
    const loadBefore = load();
    const samples = { floor: [], cold: [] };
    for (let i = 0; i < scaleRuns; i++)
      for (const [name, argv] of Object.entries(commands)) samples[name].push(measure(argv, out));
    rmSync(path.dirname(out), { recursive: true, force: true });
    const row = {
      pages,
      versions: made.versions,
      languages: 3,
      mb,
      docsLines,
      runs: scaleRuns,
      load: { before: loadBefore, after: load() },
    };
    for (const [name, list] of Object.entries(samples)) {
      row[name] = {
        wallMs: median(list.map((x) => x.wallMs)),
        cpuMs: median(list.map((x) => x.cpuMs)),
        maxRssMiB: median(list.map((x) => x.maxRssKiB)) / 1024,
        msPerPage: median(list.map((x) => x.wallMs)) / pages,
      };
    }
    row.ratio = row.cold.wallMs / row.floor.wallMs;
    row.kibPerPage = (row.cold.maxRssMiB * 1024) / pages;
    const first = scaleRows[0] ?? row;
    row.ratioToSmallest = row.ratio / first.ratio;
    row.marginalKiBPerPage =
      row === first ? undefined : ((row.cold.maxRssMiB - first.cold.maxRssMiB) * 1024) / (row.pages - first.pages);
    scaleRows.push(row);
    writeResults(false);
    process.stdout.write(
      `scale ${pages} pages (${row.versions} versions x 3 languages, ${mb.toFixed(0)} MB, load ${row.load.before} -> ${row.load.after}): ` +
        `floor ${row.floor.msPerPage.toFixed(2)} ms/page, cold ${row.cold.msPerPage.toFixed(2)} ms/page (${row.ratio.toFixed(2)}x floor, ` +
        `${row.ratioToSmallest.toFixed(2)}x the smallest site's ratio), peak RSS ${row.cold.maxRssMiB.toFixed(0)} MiB (${row.kibPerPage.toFixed(1)} KiB/page` +
        `${row.marginalKiBPerPage === undefined ? '' : `, ${row.marginalKiBPerPage.toFixed(1)} KiB per added page`})\n`,
    );
  }
}

writeResults(true);
rmSync(path.dirname(usageFile), { recursive: true, force: true });

/** The CPU of each phase of bench/phases.js, and the share of the work after the parse in the parse's CPU. */
function phaseText(p) {
  const sec = (ms) => `${(ms / 1000).toFixed(2)} s`;
  return `parse ${sec(p.parseMs)}, page rules ${sec(p.rulesMs)}, page facts ${sec(p.factsMs)}, site checks ${sec(p.siteMs)} (rules + facts + site = ${(p.afterParseShare * 100).toFixed(0)}% of the parse; whole run ${sec(p.totalMs)})`;
}

/** Writes bench/results.json and bench/results.md (after each size of the scale table, and at the end). */
function writeResults(final) {
  const cpu = os.cpus()[0]?.model ?? 'cpu';
  const machine = `${cpu} x ${os.availableParallelism()}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  const jsonFile = path.join(repo, 'bench/results.json');
  const previousJson = existsSync(jsonFile) ? JSON.parse(readFileSync(jsonFile, 'utf8')) : {};
  writeFileSync(
    jsonFile,
    JSON.stringify(
      {
        ...previousJson,
        date: new Date().toISOString(),
        machine,
        ...(scaleOnly ? {} : { results, bound: boundRow }),
        ...(scale ? { scale: { corpus: path.basename(scaleCorpus), rows: scaleRows } } : {}),
      },
      null,
      2,
    ) + '\n',
  );
  const fmt = (x) => (x === undefined ? 'n/a' : `${(x.wallMs / 1000).toFixed(2)} s`);
  const r2 = (x) => x.toFixed(2);
  const lines = [
    '<!-- sites -->',
    `Machine: ${machine}; ${os.availableParallelism()} threads by default (\`--threads auto\`). Medians of ${runs} runs per command, commands alternated run by run, each in its own process (start-up included). Load average (1, 5, 15 min) before and after each site's runs in the last column: the machine is shared, and a load above its core count slows the threaded runs more than the single-threaded floor.`,
    '',
    '| site | pages | floor (bare parse, 1 thread) | cold | cold / floor | cold, `--threads 1` | / floor | peak RSS cold | warm `--cache` (replayed) | / `node -e 0` | warm, made in full | / `node -e 0` | warm, one page edited | / `node -e 0` | one page | / `node -e 0` | `--version` | `node -e 0` | load |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...results.map(
      (r) =>
        `| ${r.site} | ${r.pages} | ${fmt(r.floor)} | ${fmt(r.cold)} | ${r2(r.ratios['cold/floor'])} | ${fmt(r.cold1)} | ${r2(r.ratios['cold1/floor'])} | ${r.cold.maxRssMiB.toFixed(0)} MiB | ${fmt(r.warm)} | ${r2(r.ratios['warm/node'])} | ${fmt(r.warmFull)} | ${r2(r.ratios['warmFull/node'])} | ${fmt(r.edited)} | ${r2(r.ratios['edited/node'])} | ${fmt(r.one)} | ${r2(r.ratios['one/node'])} | ${fmt(r.version)} | ${fmt(r.node)} | ${r.load.before} → ${r.load.after} |`,
    ),
    '',
    `CPU time (user + system, all threads): ${results.map((r) => `${r.site}: floor ${(r.floor.cpuMs / 1000).toFixed(1)} s, cold ${(r.cold.cpuMs / 1000).toFixed(1)} s, cold on one thread ${(r.cold1.cpuMs / 1000).toFixed(1)} s`).join('; ')}.`,
    '',
    `CPU by phase (\`node bench/phases.js SITE\`: the site linted in one process on one thread, cold, each phase's CPU counted in process; test/engine/phase-cpu.test.ts bounds the share): ${results.map((r) => (r.phases ? `${r.site}: ${phaseText(r.phases)}` : `${r.site}: not measured`)).join('; ')}.`,
    '',
    'Warm: the same `--cache` command over the unchanged site is answered from the record of its last run (see the README, Cache); "made in full" is that run with `DOCLINT_NO_REPLAY=1`.',
    '',
    `One page: ${results.map((r) => `\`${r.onePage}\` (${r.site})`).join(', ')}. Wall times include Node's own start-up (the \`node -e 0\` column).`,
    '',
    ...(boundRow
      ? [
          `Pathological pages: a site of ${boundRow.pages} pages that would each take the parser minutes (${boundRow.kiB.toFixed(0)} KiB: a run of 80,000 \`*_\`, 40,000 balanced braces, 16,000 setext headings, 2,000 \`_\` around an \`x\`, 20,000 lines of list items), bounded by the pre-scan: the run takes ${(boundRow.wallMs / 1000).toFixed(2)} s (median of ${Math.min(runs, 3)}), peak RSS ${boundRow.maxRssMiB.toFixed(0)} MiB, and gives ${boundRow.bounded} \`page-mdx-syntax\` findings (load ${boundRow.load}).`,
          '',
        ]
      : []),
    '<!-- /sites -->',
  ];
  const kib = (x) => (x === undefined ? '—' : `${x.toFixed(1)} KiB`);
  const scaleLines = [
    '<!-- scale -->',
    '## Scale',
    '',
    `Sites made by \`node scripts/make-scale-site.mjs --pages N\` from ${path.basename(scaleCorpus)} (its pages copied into versions × 3 languages, the same mix of pages at every size, docs.json with \`navigation.versions[].languages[]\` and 1,000 redirects), each linted cold (\`--threads auto\`, ${os.availableParallelism()} worker threads) and bare-parsed on one thread (the floor, \`bench/bare-parse.js\`), alternated, ${scaleRuns === 1 ? 'one run each' : `medians of ${scaleRuns} runs`}, in one \`npm run bench\` run on ${machine}. "vs. smallest" is the cold / floor ratio over the smallest site's; RSS per page is peak RSS over the pages, "per added page" the growth of peak RSS from the smallest site over the pages added. The machine is shared: the load average (1, 5, 15 min) before and after each size is in the last column.`,
    '',
    '| pages | versions × languages | MB of pages | docs.json lines | floor | floor ms/page | cold | cold ms/page | cold / floor | vs. smallest | peak RSS cold | RSS per page | per added page | peak RSS floor | load |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...scaleRows.map(
      (r) =>
        `| ${r.pages} | ${r.versions} × 3 | ${r.mb.toFixed(0)} | ${r.docsLines} | ${fmt(r.floor)} | ${r2(r.floor.msPerPage)} | ${fmt(r.cold)} | ${r2(r.cold.msPerPage)} | ${r2(r.ratio)} | ${r2(r.ratioToSmallest)} | ${r.cold.maxRssMiB.toFixed(0)} MiB | ${kib(r.kibPerPage)} | ${kib(r.marginalKiBPerPage)} | ${r.floor.maxRssMiB.toFixed(0)} MiB | ${r.load.before} → ${r.load.after} |`,
    ),
    '',
    `CPU time (user + system, all threads): ${scaleRows.map((r) => `${r.pages} pages: floor ${(r.floor.cpuMs / 1000).toFixed(1)} s, cold ${(r.cold.cpuMs / 1000).toFixed(1)} s`).join('; ')}.`,
    '<!-- /scale -->',
  ];

  /** Replaces the block between `<!-- name -->` and `<!-- /name -->`, or adds it before the language server's figures. */
  function replaceBlock(text, name, block) {
    const open = `<!-- ${name} -->`;
    const close = `<!-- /${name} -->`;
    const start = text.indexOf(open);
    const end = text.indexOf(close);
    if (start >= 0 && end > start) return text.slice(0, start) + block + text.slice(end + close.length);
    const lsp = text.indexOf('<!-- lsp -->');
    return lsp >= 0
      ? `${text.slice(0, lsp)}${block}\n\n${text.slice(lsp)}`
      : `${text.replace(/\n*$/, '\n\n')}${block}\n`;
  }
  // What this run did not measure (and the language server's figures, bench/lsp.js) stays as it was.
  const resultsFile = path.join(repo, 'bench/results.md');
  let text = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '# Benchmark results\n\n';
  if (!scaleOnly) text = replaceBlock(text, 'sites', lines.join('\n'));
  if (scale) text = replaceBlock(text, 'scale', scaleLines.join('\n'));
  writeFileSync(resultsFile, text);
  if (final) process.stdout.write(`\nwrote bench/results.md and bench/results.json\n`);
}
