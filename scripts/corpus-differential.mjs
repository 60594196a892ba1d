// What the corpus differentials (differential-links, differential-a11y; differential-openapi for
// the build and the corpus) share: their options, the platform's pinned CLI installed, doclint's
// build current, the corpus sites to run, a temporary folder for the site copies, and the two runs
// on a copy (the platform's, cached per site, and doclint's JSON report).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MINT_VERSION, mintBin, platformInstalled } from './platform.mjs';

/** How long one run (the platform's or doclint's) may take on a site. */
const TIMEOUT_MS = 10 * 60 * 1000;

export const stripAnsi = (s) => s.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').replace(/\x1b\][^\x07]*\x07/g, '');
export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Reads the command line of the differential `name` (`differential-links`), installs the platform
 * when it is missing, builds doclint when dist/ is older than its sources (unless --no-build), and
 * lists the corpus sites (all, or the one --site names). Exits 2 with one line on a usage or setup
 * error. Returns `{ options, sites, corpusDir, fail }`.
 */
export function corpusDifferentialSetup(name, repo) {
  const usage = `usage: node scripts/${name}.mjs [--site NAME] [--json FILE] [--examples N] [--keep] [--fresh] [--no-build]`;
  const fail = (message) => {
    console.error(`${name}: ${message}`);
    process.exit(2);
  };
  const options = { site: undefined, json: undefined, examples: 3, keep: false, fresh: false, build: true };
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const value = () => {
      if (i + 1 >= args.length) fail(`${a} needs a value\n${usage}`);
      return args[++i];
    };
    if (a === '--site') options.site = value();
    else if (a === '--json') options.json = path.resolve(value());
    else if (a === '--examples') {
      options.examples = Number(value());
      if (!Number.isInteger(options.examples) || options.examples < 0)
        fail(`--examples needs a whole number\n${usage}`);
    } else if (a === '--keep') options.keep = true;
    else if (a === '--fresh') options.fresh = true;
    else if (a === '--no-build') options.build = false;
    else if (a === '-h' || a === '--help') {
      console.log(usage);
      process.exit(0);
    } else fail(`unknown argument ${a}\n${usage}`);
  }

  if (!platformInstalled()) {
    console.error(`${name}: installing the platform (mint ${MINT_VERSION}) …`);
    const installed = spawnSync(process.execPath, [path.join(repo, 'scripts/platform-install.mjs')], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (installed.status !== 0 || !platformInstalled())
      fail(`cannot install the platform's CLI (mint ${MINT_VERSION}); it needs the npm registry`);
  }
  if (!existsSync(mintBin()))
    fail(`${mintBin()} is missing; reinstall with \`node scripts/platform-install.mjs --force\``);

  currentBuild(name, repo, options.build, fail);
  const corpusDir = corpusFolder(repo, fail);
  let sites = readdirSync(corpusDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort();
  if (options.site) {
    const exact = sites.filter((s) => s === options.site);
    const partial = sites.filter((s) => s.toLowerCase().includes(options.site.toLowerCase()));
    const chosen = exact.length ? exact : partial;
    if (chosen.length !== 1)
      fail(
        `--site ${options.site} matches ${chosen.length ? chosen.join(', ') : 'no site'}; sites: ${sites.join(', ')}`,
      );
    sites = chosen;
  }
  return { options, sites, corpusDir, fail };
}

/**
 * Builds doclint when dist/ is missing or older than its sources and `build` is true (else says
 * that it is older); `fail` (exit 2) when the build fails or there is no dist/ to run.
 */
export function currentBuild(name, repo, build, fail) {
  const bundle = path.join(repo, 'dist/bundle/main.cjs');
  const builtAt = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
  const stale =
    builtAt === 0 || Math.max(...['src', 'rules', 'schema'].map((d) => newest(path.join(repo, d)))) > builtAt;
  if (stale && build) {
    console.error(`${name}: dist/ is missing or older than the sources; running \`npm run build\` …`);
    const built = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build', '--silent'], {
      cwd: repo,
      stdio: ['ignore', 2, 2],
    });
    if (built.status !== 0) fail('`npm run build` failed');
  } else if (stale && builtAt === 0) fail('dist/ is missing; run `npm run build` first');
  else if (stale) console.error(`${name}: note: dist/ is older than the sources (--no-build)`);
}

/** The corpus: $DOCLINT_CORPUS, else ../shared/corpus beside the repository; `fail` when it is not there. */
export function corpusFolder(repo, fail) {
  const corpusDir = process.env.DOCLINT_CORPUS ?? path.resolve(repo, '../shared/corpus');
  if (!existsSync(corpusDir)) fail(`no corpus at ${corpusDir} (set DOCLINT_CORPUS)`);
  return corpusDir;
}

/** The newest modification time of the files under a folder. */
function newest(dir) {
  let time = 0;
  if (!existsSync(dir)) return time;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) time = Math.max(time, statSync(path.join(entry.parentPath ?? entry.path, entry.name)).mtimeMs);
  }
  return time;
}

/** The folder holding docs.json (or mint.json): the site folder itself, else the shallowest one below it. */
export function findDocsRoot(siteDir) {
  let level = [siteDir];
  for (let depth = 0; depth < 4 && level.length; depth++) {
    const hit =
      level.find((d) => existsSync(path.join(d, 'docs.json'))) ??
      level.find((d) => existsSync(path.join(d, 'mint.json')));
    if (hit) return hit;
    level = level.flatMap((d) =>
      readdirSync(d, { withFileTypes: true })
        .filter((e) => e.isDirectory() && e.name !== 'node_modules' && !e.name.startsWith('.'))
        .map((e) => path.join(d, e.name)),
    );
  }
  return undefined;
}

/** Every file and folder under a root, as relative POSIX paths (no .git, no node_modules). */
export function listTree(root) {
  const files = [];
  const dirs = [];
  const walk = (rel) => {
    for (const entry of readdirSync(path.join(root, rel), { withFileTypes: true })) {
      if (entry.name === '.git' || entry.name === 'node_modules') continue;
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        dirs.push(child);
        walk(child);
      } else if (entry.isFile()) files.push(child);
    }
  };
  walk('');
  return { files: files.sort(), dirs };
}

/**
 * The temporary folder of a differential's site copies and raw outputs, removed by `cleanup`
 * (and on Ctrl-C) unless `keep`.
 */
export function workFolder(name, keep) {
  const work = mkdtempSync(path.join(os.tmpdir(), `doclint-${name}-`));
  const cleanup = () => {
    if (!keep) rmSync(work, { recursive: true, force: true });
  };
  process.on('SIGINT', () => {
    cleanup();
    process.exit(130);
  });
  return { work, cleanup };
}

/** Runs a command with its output in files; resolves with its exit code (or signal), never rejects. */
function run(command, args, { cwd, env, stdoutFile, stderrFile }) {
  return new Promise((resolve) => {
    const out = openSync(stdoutFile, 'w');
    const err = openSync(stderrFile, 'w');
    const started = performance.now();
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', out, err] });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, TIMEOUT_MS);
    const done = (code, error) => {
      clearTimeout(timer);
      closeSync(out);
      closeSync(err);
      resolve({ code, error, timedOut, ms: performance.now() - started });
    };
    child.on('error', (e) => done(null, e));
    child.on('exit', (code, signal) => done(code ?? signal));
  });
}

/**
 * Runs `mint <mintArgs>` in the copy of `site` (or takes its output cached in .cache/<name>/, kept
 * while the hash of the site's `files` and of the command is the same, unless `fresh`).
 */
export async function platformRun({ name, repo, mintArgs, fresh }, site, copy, files, work) {
  const digest = createHash('sha256');
  digest.update(`mint ${MINT_VERSION} ${mintArgs.join(' ')}\0`);
  for (const f of files) {
    digest.update(f);
    digest.update('\0');
    digest.update(readFileSync(path.join(copy, f)));
    digest.update('\0');
  }
  const hash = digest.digest('hex').slice(0, 24);
  const cacheDir = path.join(repo, '.cache', name);
  const cacheFile = path.join(cacheDir, `${site}.json`);
  if (!fresh && existsSync(cacheFile)) {
    try {
      const cached = JSON.parse(readFileSync(cacheFile, 'utf8'));
      if (cached.hash === hash && cached.mintVersion === MINT_VERSION) return { ...cached, cached: true };
    } catch {}
  }
  const stdoutFile = path.join(work, `${site}.mint.out`);
  const stderrFile = path.join(work, `${site}.mint.err`);
  const env = {
    ...process.env,
    MINTLIFY_TELEMETRY_DISABLED: '1',
    DO_NOT_TRACK: '1',
    CLI_TEST_MODE: 'true',
    NODE_OPTIONS:
      `${process.env.NODE_OPTIONS ?? ''} --require ${JSON.stringify(path.join(repo, 'scripts/mint-preload.cjs'))}`.trim(),
    NO_COLOR: '1',
    FORCE_COLOR: '0',
  };
  const result = await run(mintBin(), mintArgs, { cwd: copy, env, stdoutFile, stderrFile });
  const record = {
    hash,
    mintVersion: MINT_VERSION,
    exitCode: result.code,
    timedOut: result.timedOut,
    spawnError: result.error?.message,
    ms: result.ms,
    stdout: stripAnsi(readFileSync(stdoutFile, 'utf8')),
    stderr: stripAnsi(readFileSync(stderrFile, 'utf8')),
  };
  if (!record.timedOut && !record.spawnError && (record.exitCode === 0 || record.exitCode === 1)) {
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(cacheFile, JSON.stringify(record));
  }
  return { ...record, cached: false };
}

/**
 * Runs doclint (`bin/doclint.js --format json`, with `args` before the copy) on the copy of `site`:
 * `{ ms, report }`, the report as parsed JSON, or `{ ms, error }` when doclint exits with 2 or more.
 */
export async function doclintRun(repo, site, copy, work, args = []) {
  const outFile = path.join(work, `${site}.doclint.json`);
  const stderrFile = path.join(work, `${site}.doclint.err`);
  const result = await run(
    process.execPath,
    [path.join(repo, 'bin/doclint.js'), '--format', 'json', '--output-file', outFile, ...args, copy],
    {
      cwd: copy,
      env: { ...process.env, NO_COLOR: '1' },
      stdoutFile: path.join(work, `${site}.doclint.out`),
      stderrFile,
    },
  );
  if (result.code !== 0 && result.code !== 1) {
    return {
      error: `doclint exited with ${result.code}: ${readFileSync(stderrFile, 'utf8').trim().split('\n')[0] ?? ''}`,
      ms: result.ms,
    };
  }
  return { ms: result.ms, report: JSON.parse(readFileSync(outFile, 'utf8')) };
}
