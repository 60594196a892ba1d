// node bench/lsp.js [--saves N] [--pages N] [--page INDEX] [--edits N] [--corpus SITE | --no-corpus]
//                   [--scale N | --scale-site SITE]
// The language server's latency, with the server started as an editor starts it (a child process
// on stdio). Not a test: the targets are read off this output, never asserted.
//
// 1. A generated site of 1,000 pages: open a page, then N times (default 25) edit it, write it and
//    send didSave, timing didSave -> publishDiagnostics for that version.
// 2. A copy of a real site of 1,000+ pages (default: the corpus's mintlify__docs), p50 and p95 of:
//    - opening a page (didOpen -> its diagnostics), on a session that is already up;
//    - a prose edit: didChange -> diagnostics, less the server's debounce (the time the server
//      takes once it starts), and didSave -> diagnostics (a save lints at once);
//    - a docs.json edit: didChange -> docs.json's diagnostics, less the debounce, and didSave.
//    The first of each (the session's first lint, the first check of docs.json) is shown apart.
// The figures of 2 are written into bench/results.md (between the `lsp` markers).
//
// --scale N: instead, 2 on a site of N pages made by scripts/make-scale-site.mjs (e.g. 25000)
// under a temporary folder, removed at the end; --scale-site SITE: on that site, edited in place
// and left as it was (a site made by that script: never a site of value). Written between the
// `lsp-scale` markers.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { generateSite, pagePath } from '../test/lsp/large-site.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const saves = Number(option('--saves', 25));
const pages = Number(option('--pages', 1000));
const pageIndex = Number(option('--page', Math.floor(pages / 2)));
const edits = Number(option('--edits', 40));
const defaultCorpus = path.resolve(repo, '../shared/corpus/mintlify__docs');
const scalePages = option('--scale') === undefined ? undefined : Number(option('--scale'));
let scaleSite = option('--scale-site') === undefined ? undefined : path.resolve(option('--scale-site'));
let madeSite;
if (scalePages !== undefined) {
  const { makeScaleSite } = await import('../scripts/make-scale-site.mjs');
  madeSite = path.join(mkdtempSync(path.join(os.tmpdir(), 'doclint-bench-lsp-scale-')), 'site');
  scaleSite = (await makeScaleSite({ pages: scalePages, out: madeSite })).out;
}
const corpusSite =
  scaleSite ?? (args.includes('--no-corpus') ? undefined : path.resolve(option('--corpus', defaultCorpus)));
const marker = scaleSite ? 'lsp-scale' : 'lsp';

// `doclint lsp --stdio` as editors run it when the CLI dispatches it; the server's own entry
// point otherwise.
const entry = path.join(repo, 'dist/src/lsp/bin.js');
if (!existsSync(entry)) {
  console.error('bench/lsp.js: build first (npm run build)');
  process.exit(2);
}
const { DEFAULT_DEBOUNCE_MS } = await import(pathToFileURL(path.join(repo, 'dist/src/lsp/workspace.js')).href);
const bin = path.join(repo, 'bin/doclint.js');
const viaCli = spawnSync(process.execPath, [bin, 'lsp', '--help'], { encoding: 'utf8' });
const serverArgs =
  viaCli.status === 0 && viaCli.stdout.startsWith('Usage: doclint lsp') ? [bin, 'lsp', '--stdio'] : [entry, '--stdio'];

/** Starts the server on a site; `published(uri, version)` resolves with that version's diagnostics. */
async function startServer(root) {
  const child = spawn(process.execPath, serverArgs, { stdio: ['pipe', 'pipe', 'inherit'] });
  const connection = createMessageConnection(
    new StreamMessageReader(child.stdout),
    new StreamMessageWriter(child.stdin),
  );
  const waiters = new Map();
  connection.onNotification('textDocument/publishDiagnostics', (p) => {
    const key = `${p.uri}#${p.version}`;
    const waiter = waiters.get(key);
    if (waiter) {
      waiters.delete(key);
      waiter(p);
    }
  });
  connection.onRequest('client/registerCapability', () => null);
  connection.onRequest('workspace/configuration', () => []);
  connection.listen();
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(root).href,
    capabilities: {},
  });
  await connection.sendNotification('initialized', {});
  return {
    connection,
    published: (uri, version) => new Promise((resolve) => waiters.set(`${uri}#${version}`, resolve)),
    async stop() {
      await connection.sendRequest('shutdown');
      await connection.sendNotification('exit');
      connection.dispose();
    },
  };
}

const sortNum = (xs) => [...xs].sort((a, b) => a - b);
const quantile = (xs, q) => {
  const s = sortNum(xs);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
};
const median = (xs) => {
  const s = sortNum(xs);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x) => `${x.toFixed(1)} ms`;

// ---------------------------------------------------------------------------------------------
// 1. The generated site.
if (!scaleSite) {
  const root = generateSite(mkdtempSync(path.join(os.tmpdir(), 'doclint-bench-lsp-')), pages);
  const file = path.join(root, `${pagePath(pageIndex)}.mdx`);
  const uri = pathToFileURL(file).href;
  const original = readFileSync(file, 'utf8');
  const server = await startServer(root);
  let t = performance.now();
  let next = server.published(uri, 1);
  await server.connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'mdx', version: 1, text: original },
  });
  await next;
  const openMs = performance.now() - t;
  const times = [];
  let version = 1;
  for (let i = 0; i < saves; i++) {
    version++;
    // Alternate between a clean page and one with a finding, as an editing session does.
    const text =
      i % 2 === 0
        ? original.replace('## Troubleshooting', `## Troubleshooting ${i}\n\nSee [here](/${pagePath(0)}).`)
        : original;
    await server.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: [{ text }],
    });
    writeFileSync(file, text);
    next = server.published(uri, version);
    t = performance.now();
    await server.connection.sendNotification('textDocument/didSave', { textDocument: { uri } });
    const p = await next;
    times.push(performance.now() - t);
    const expected = i % 2 === 0 ? 1 : 0;
    if (p.diagnostics.length !== expected)
      throw new Error(`save ${i}: expected ${expected} finding(s), got ${JSON.stringify(p.diagnostics)}`);
  }
  await server.stop();
  rmSync(root, { recursive: true, force: true });
  console.log(`server: node ${path.relative(repo, serverArgs[0])} ${serverArgs.slice(1).join(' ')}`);
  console.log(`generated site: ${pages} pages; page: ${pagePath(pageIndex)}.mdx`);
  console.log(`  first diagnostics after didOpen (cold session): ${ms(openMs)}`);
  console.log(
    `  didSave -> publishDiagnostics over ${saves} saves: median ${ms(median(times))}, p95 ${ms(quantile(times, 0.95))}, max ${ms(Math.max(...times))}`,
  );
}

// ---------------------------------------------------------------------------------------------
// 2. A copy of a real site.
if (corpusSite && existsSync(path.join(corpusSite, 'docs.json'))) {
  // A scale site is edited in place (and left as it was); a corpus site on a copy.
  const root = scaleSite ?? mkdtempSync(path.join(os.tmpdir(), 'doclint-bench-lsp-site-'));
  if (!scaleSite) cpSync(corpusSite, root, { recursive: true });
  const { loadInventory } = await import(pathToFileURL(path.join(repo, 'dist/src/site/inventory.js')).href);
  const inventory = await loadInventory(root);
  const candidates = [...inventory.pages.values()]
    .filter((p) => !p.isSnippet && !p.relative.startsWith('snippets/'))
    .map((p) => ({ ...p, size: readFileSync(p.file).length }))
    .filter((p) => p.size > 2000 && p.size < 30000)
    .sort((a, b) => (a.relative < b.relative ? -1 : 1));
  const step = Math.max(1, Math.floor(candidates.length / 24));
  const opened = candidates.filter((_, i) => i % step === 0).slice(0, 24);
  const edited = opened[0];
  const server = await startServer(root);
  const open = async (page) => {
    const uri = pathToFileURL(page.file).href;
    const next = server.published(uri, 1);
    const t = performance.now();
    await server.connection.sendNotification('textDocument/didOpen', {
      textDocument: {
        uri,
        languageId: page.file.endsWith('.json') ? 'json' : 'mdx',
        version: 1,
        text: readFileSync(page.file, 'utf8'),
      },
    });
    await next;
    return performance.now() - t;
  };
  const firstOpen = await open(edited);
  const openTimes = [];
  for (const page of opened.slice(1)) openTimes.push(await open(page));

  /** Edits a document `count` times, alternating two texts; returns [didChange ms (less debounce), didSave ms]. */
  const editLoop = async (file, texts, count) => {
    const uri = pathToFileURL(file).href;
    let version = 1;
    const change = [];
    const save = [];
    for (let i = 0; i < count; i++) {
      const text = texts[i % 2];
      version++;
      let next = server.published(uri, version);
      let t = performance.now();
      await server.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version },
        contentChanges: [{ text }],
      });
      await next;
      change.push(performance.now() - t - DEFAULT_DEBOUNCE_MS);
      // The same version saved: a save lints at once (and publishes that version again).
      writeFileSync(file, text);
      next = server.published(uri, version);
      t = performance.now();
      await server.connection.sendNotification('textDocument/didSave', { textDocument: { uri } });
      await next;
      save.push(performance.now() - t);
    }
    return [change, save];
  };

  const pageText = readFileSync(edited.file, 'utf8');
  const proseTexts = [pageText.replace(/\n*$/, '\n\nOne more sentence of prose, added while editing.\n'), pageText];
  const [proseChange, proseSave] = await editLoop(edited.file, proseTexts, edits);

  const docsFile = path.join(root, 'docs.json');
  const docsText = readFileSync(docsFile, 'utf8');
  const docsUri = pathToFileURL(docsFile).href;
  let t = performance.now();
  const docsOpened = server.published(docsUri, 1);
  await server.connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri: docsUri, languageId: 'json', version: 1, text: docsText },
  });
  await docsOpened;
  const docsFirst = performance.now() - t;
  const named = docsText.match(/"name"\s*:\s*"([^"]*)"/);
  const docsEdited = named
    ? docsText.replace(named[0], named[0].replace(/"$/, ' Docs"'))
    : docsText.replace(/\s*$/, '\n\n');
  const [docsChange, docsSave] = await editLoop(docsFile, [docsEdited, docsText], Math.max(6, Math.floor(edits / 2)));
  if (process.env.DOCLINT_BENCH_SAMPLES) console.log({ proseChange, docsChange, docsSave });
  await server.stop();
  if (!scaleSite) rmSync(root, { recursive: true, force: true });
  if (madeSite) rmSync(path.dirname(madeSite), { recursive: true, force: true });

  const line = (name, xs) => `${name}: p50 ${ms(median(xs))}, p95 ${ms(quantile(xs, 0.95))} (${xs.length} samples)`;
  const figures = {
    site: scaleSite ? 'a site made by scripts/make-scale-site.mjs' : path.basename(corpusSite),
    pages: inventory.pages.size,
    load: os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' '),
    firstOpenMs: firstOpen,
    docsFirstMs: docsFirst,
    rows: [
      ['opening a page (session up)', openTimes],
      ['prose edit: didChange → diagnostics, after the debounce', proseChange],
      ['prose edit: didSave → diagnostics', proseSave],
      ['docs.json edit: didChange → diagnostics, after the debounce', docsChange],
      ['docs.json edit: didSave → diagnostics', docsSave],
    ],
  };
  console.log(
    `real site: a copy of ${figures.site} (${figures.pages} pages); edited page ${edited.relative}; debounce ${DEFAULT_DEBOUNCE_MS} ms`,
  );
  console.log(`  first page opened (the session starts: docs.json, the file list, the page): ${ms(firstOpen)}`);
  console.log(
    `  docs.json opened (the first check of docs.json: the site checks, over every page's front matter): ${ms(docsFirst)}`,
  );
  for (const [name, xs] of figures.rows) console.log(`  ${line(name, xs)}`);

  const resultsFile = path.join(repo, 'bench/results.md');
  const block = [
    `<!-- ${marker} -->`,
    scaleSite ? '## Language server at scale' : '## Language server',
    '',
    `\`node bench/lsp.js${scaleSite ? (scalePages ? ` --scale ${scalePages}` : ' --scale-site SITE') : ''}\`: the server as an editor starts it, on ${scaleSite ? '' : 'a copy of '}${figures.site} (${figures.pages} pages), load average ${figures.load} at the end. The server's debounce of ${DEFAULT_DEBOUNCE_MS} ms after a change is subtracted from the didChange figures.`,
    '',
    '| what | p50 | p95 | samples |',
    '| --- | ---: | ---: | ---: |',
    ...figures.rows.map(([name, xs]) => `| ${name} | ${ms(median(xs))} | ${ms(quantile(xs, 0.95))} | ${xs.length} |`),
    '',
    `Once per session: the first page opened (docs.json, the file list, the page) ${ms(firstOpen)}; docs.json opened (the first check of docs.json: the site checks, over every page's front matter) ${ms(docsFirst)}.`,
    `<!-- /${marker} -->`,
    '',
  ].join('\n');
  const current = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '# Benchmark results\n\n';
  const start = current.indexOf(`<!-- ${marker} -->`);
  const end = current.indexOf(`<!-- /${marker} -->`);
  const next =
    start >= 0 && end > start
      ? current.slice(0, start) + block + current.slice(end + `<!-- /${marker} -->\n`.length)
      : `${current.replace(/\n*$/, '\n\n')}${block}`;
  writeFileSync(resultsFile, next);
  console.log(`wrote the language server figures into bench/results.md (${marker})`);
}
