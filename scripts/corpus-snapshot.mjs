// Saves doclint's output on every corpus site, or compares it with a saved copy: the proof that a
// refactor changed no finding. For each site it keeps the JSON report of a lint run with every rule
// on (the default-off ones included), the JSON scorecard and the llms.txt, each with its exit code.
//
//   node scripts/corpus-snapshot.mjs --save DIR      (before the change)
//   node scripts/corpus-snapshot.mjs --compare DIR   (after: exit 1 and the first differing lines)
//
// Options: --site NAME (one site), --corpus DIR (default ../shared/corpus). Uses the built bin
// (run `npm run build` first).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const usage = 'usage: node scripts/corpus-snapshot.mjs --save DIR | --compare DIR [--site NAME] [--corpus DIR]';
const fail = (message) => {
  console.error(`corpus-snapshot: ${message}`);
  process.exit(2);
};
let mode;
let dir;
let only;
let corpus = path.resolve(root, '..', 'shared', 'corpus');
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  const value = () => (i + 1 < args.length ? args[++i] : fail(`${a} needs a value\n${usage}`));
  if (a === '--save' || a === '--compare') {
    mode = a.slice(2);
    dir = path.resolve(value());
  } else if (a === '--site') only = value();
  else if (a === '--corpus') corpus = path.resolve(value());
  else fail(`unknown argument ${a}\n${usage}`);
}
if (!mode) fail(usage);
if (!existsSync(corpus)) fail(`no corpus at ${corpus}`);
if (mode === 'compare' && !existsSync(dir)) fail(`nothing saved at ${dir}`);

const bin = path.join(root, 'bin', 'doclint.js');
// The rules that are off by default, turned on (a severity given to any other rule would change
// the severities of its kinds of problem).
const everyRule = ['--rule', 'agent-redirect-cross-host:warn', '--rule', 'page-image-frame:warn'];

function run(argv, cwd) {
  const r = spawnSync(process.execPath, [bin, ...argv], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

const sites = readdirSync(corpus, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(path.join(corpus, d.name, 'docs.json')))
  .map((d) => d.name)
  .filter((name) => !only || name === only)
  .sort();
if (sites.length === 0) fail(only ? `no site ${only} in ${corpus}` : `no sites in ${corpus}`);

const outputs = {
  'lint.json': (site) => run(['--format', 'json', '--threads', '1', ...everyRule, '.'], site),
  'score.json': (site) => run(['score', '.', '--format', 'json'], site),
  'llms.txt': (site) => run(['llms-txt', '.'], site),
};

let differ = 0;
for (const name of sites) {
  const site = path.join(corpus, name);
  for (const [file, produce] of Object.entries(outputs)) {
    const r = produce(site);
    const text = `exit ${r.status}\n--- stderr\n${r.stderr}--- stdout\n${r.stdout}`;
    const target = path.join(dir, name, file);
    if (mode === 'save') {
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, text);
      continue;
    }
    const saved = existsSync(target) ? readFileSync(target, 'utf8') : undefined;
    if (saved === text) continue;
    differ++;
    const a = (saved ?? '').split('\n');
    const b = text.split('\n');
    let line = 0;
    while (line < a.length && a[line] === b[line]) line++;
    console.log(`${name}/${file}: differs from line ${line + 1}`);
    console.log(`  saved: ${(a[line] ?? '(end)').slice(0, 300)}`);
    console.log(`  now:   ${(b[line] ?? '(end)').slice(0, 300)}`);
  }
  console.log(`${name}: ${mode === 'save' ? 'saved' : 'compared'}`);
}
if (mode === 'compare') {
  console.log(differ === 0 ? `identical on ${sites.length} sites` : `${differ} outputs differ`);
  process.exit(differ === 0 ? 0 : 1);
}
