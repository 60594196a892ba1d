// node bench/lsp.js [--saves N] [--pages N] [--page INDEX]
// The language server's save-to-diagnostics latency: generates a site of 1,000 pages into a temp
// folder, starts the server as an editor does (a child process on stdio), opens a typical page,
// then N times (default 25) edits the page, writes it and sends didSave, timing from didSave to
// the publishDiagnostics for that version. Prints the median, p90, min and max. Not a test: the
// target (a median under 50 ms) is read off this output, never asserted.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { generateSite, pagePath } from '../test/lsp/large-site.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const saves = option('--saves', 25);
const pages = option('--pages', 1000);
const pageIndex = option('--page', Math.floor(pages / 2));

// `doclint lsp --stdio` as editors run it when the CLI dispatches it; the server's own entry
// point otherwise.
const entry = path.join(repo, 'dist/src/lsp/bin.js');
if (!existsSync(entry)) {
  console.error('bench/lsp.js: build first (npm run build)');
  process.exit(2);
}
const bin = path.join(repo, 'bin/doclint.js');
const viaCli = spawnSync(process.execPath, [bin, 'lsp', '--help'], { encoding: 'utf8' });
const serverArgs = viaCli.status === 0 && viaCli.stdout.startsWith('Usage: doclint lsp') ? [bin, 'lsp', '--stdio'] : [entry, '--stdio'];

const root = generateSite(mkdtempSync(path.join(os.tmpdir(), 'doclint-bench-lsp-')), pages);
const file = path.join(root, `${pagePath(pageIndex)}.mdx`);
const uri = pathToFileURL(file).href;
const original = readFileSync(file, 'utf8');

const child = spawn(process.execPath, serverArgs, { stdio: ['pipe', 'pipe', 'inherit'] });
const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
const waiters = new Map();
connection.onNotification('textDocument/publishDiagnostics', (p) => {
  if (p.uri !== uri) return;
  const waiter = waiters.get(p.version);
  if (waiter) {
    waiters.delete(p.version);
    waiter(p);
  }
});
connection.onRequest('client/registerCapability', () => null);
connection.listen();
const published = (version) => new Promise((resolve) => waiters.set(version, resolve));

await connection.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(root).href, capabilities: {} });
await connection.sendNotification('initialized', {});

let t = performance.now();
let next = published(1);
await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'mdx', version: 1, text: original } });
await next;
const openMs = performance.now() - t;

const times = [];
let version = 1;
for (let i = 0; i < saves; i++) {
  version++;
  // Alternate between a clean page and one with a finding, as an editing session does.
  const text = i % 2 === 0 ? original.replace('## Troubleshooting', `## Troubleshooting ${i}\n\nSee [here](/${pagePath(0)}).`) : original;
  await connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
  writeFileSync(file, text);
  next = published(version);
  t = performance.now();
  await connection.sendNotification('textDocument/didSave', { textDocument: { uri } });
  const p = await next;
  times.push(performance.now() - t);
  const expected = i % 2 === 0 ? 1 : 0;
  if (p.diagnostics.length !== expected) throw new Error(`save ${i}: expected ${expected} finding(s), got ${JSON.stringify(p.diagnostics)}`);
}

await connection.sendRequest('shutdown');
await connection.sendNotification('exit');
connection.dispose();
rmSync(root, { recursive: true, force: true });

const sorted = [...times].sort((a, b) => a - b);
const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
const ms = (x) => `${x.toFixed(1)} ms`;
console.log(`server: node ${path.relative(repo, serverArgs[0])} ${serverArgs.slice(1).join(' ')}`);
console.log(`site: ${pages} generated pages; page: ${pagePath(pageIndex)}.mdx`);
console.log(`first diagnostics after didOpen (cold session): ${ms(openMs)}`);
console.log(
  `didSave -> publishDiagnostics over ${saves} saves: median ${ms(median)}, p90 ${ms(at(0.9))}, min ${ms(sorted[0])}, max ${ms(sorted[sorted.length - 1])}`,
);
console.log(`target: median under 50 ms: ${median < 50 ? 'met' : 'NOT met'}`);
