// What the corpus differentials (differential-links, differential-a11y) share: their options, the
// platform's pinned CLI installed, doclint's build current, and the corpus sites to run.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { MINT_VERSION, mintBin, platformInstalled } from './platform.mjs';

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

  const bundle = path.join(repo, 'dist/bundle/main.cjs');
  const builtAt = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
  const stale =
    builtAt === 0 || Math.max(...['src', 'rules', 'schema'].map((d) => newest(path.join(repo, d)))) > builtAt;
  if (stale && options.build) {
    console.error(`${name}: dist/ is missing or older than the sources; running \`npm run build\` …`);
    const built = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build', '--silent'], {
      cwd: repo,
      stdio: ['ignore', 2, 2],
    });
    if (built.status !== 0) fail('`npm run build` failed');
  } else if (stale && builtAt === 0) fail('dist/ is missing; run `npm run build` first');
  else if (stale) console.error(`${name}: note: dist/ is older than the sources (--no-build)`);

  const corpusDir = process.env.DOCLINT_CORPUS ?? path.resolve(repo, '../shared/corpus');
  if (!existsSync(corpusDir)) fail(`no corpus at ${corpusDir} (set DOCLINT_CORPUS)`);
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

/** The newest modification time of the files under a folder. */
function newest(dir) {
  let time = 0;
  if (!existsSync(dir)) return time;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) time = Math.max(time, statSync(path.join(entry.parentPath ?? entry.path, entry.name)).mtimeMs);
  }
  return time;
}
