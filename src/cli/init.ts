import { stat } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../core/atomic-write.js';
import { checkSiteWrite } from '../core/place.js';
import { packageRoot } from '../core/package.js';
import { toPosix } from '../core/paths.js';
import { findDoclintrc } from '../config/doclintrc-file.js';
import { UserError } from '../core/errors.js';
import { lint } from '../commands/lint.js';
import { countOf, describeWritten } from '../commands/suppressions.js';
import { readTextSafe, realRoot } from '../core/safe-read.js';
import { findSitesBelow } from '../site/find-below.js';
import { findSiteRoot } from '../site/load.js';
import { conventionSettings, surveySite, type ConventionSetting } from './init-conventions.js';
import { folderGlob } from './init-descriptions.js';
import { builtinRegistry } from '../config/registry.js';
import { checksWords } from '../rule-kit/rule.js';
import { spellingOffer } from '../services/spelling/setup.js';
import type { Values } from './usage.js';
import { ExitCode } from './usage.js';

/*
 * `doclint init [dir]`: finds the site (the folder itself, a folder above, or one below such as
 * `docs/`), writes `.doclintrc.json` at its root with `$schema`, adds `.doclintcache` to the site
 * root's `.gitignore`, sets the house-style rules (`meta.houseStyle`) to the site's conventions
 * (init-conventions.ts: image frames on where the site frames its images, off where it does not;
 * code-block languages off or down to notes where its code blocks mostly name no language;
 * descriptions required or not, folder by folder, as `overrides` entries), and
 * offers the spelling check (off: it needs cspell's library), and
 * with `--suppress-all` records the site's current errors and warnings in
 * `doclint-suppressions.json` (a baseline: later runs report only what is new, with these
 * settings); without it, says what the site has now and how to record it.
 */

export const INIT_FILE = '.doclintrc.json';

const SCHEMA = 'schema/doclintrc.schema.json';

/** A folder's path for messages and commands: relative to where doclint runs, with forward slashes. */
function shown(dir: string, cwd: string): string {
  return toPosix(path.relative(cwd, dir)) || '.';
}

/** The site to set up: the folder's own (it or a folder above holds docs.json), else the one below it. */
async function findSite(start: string, dir: string, cwd: string): Promise<string> {
  const up = await findSiteRoot(start);
  if (up) return up;
  const below = await findSitesBelow(start);
  if (below.length === 1) return below[0]!;
  if (below.length > 1) {
    const list = below.map((s) => `${shown(s, cwd)}/`).join(', ');
    throw new UserError(
      `found ${below.length} sites (${list}); name the one to set up: \`doclint init ${shown(below[0]!, cwd)}\``,
    );
  }
  throw new UserError(
    `no docs.json found in ${dir}, any folder above it or its subfolders; run doclint init in the folder of the site`,
  );
}

/**
 * The `$schema` of the new file: the installed package's schema (node_modules/doclint, looked for
 * from the site root upwards), else the schema of the doclint that runs, as a relative path.
 */
async function schemaPath(root: string): Promise<string> {
  let target = path.join(packageRoot(), SCHEMA);
  for (let dir = root; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', 'doclint', SCHEMA);
    if (
      await stat(candidate).then(
        (s) => s.isFile(),
        () => false,
      )
    ) {
      target = candidate;
      break;
    }
    if (path.dirname(dir) === dir) break;
  }
  const rel = toPosix(path.relative(root, target));
  return rel.startsWith('.') ? rel : `./${rel}`;
}

/** The file init keeps out of git: the `--cache` file at the site root. */
const CACHE_ENTRY = '.doclintcache';

/**
 * Adds `.doclintcache` to the site root's `.gitignore` (created if missing; the repository root's
 * is outside the site, which doclint never writes). Returns what it did, for the summary; a
 * `.gitignore` that already names it, or that cannot be read as a plain file, is left alone.
 */
async function ignoreCache(root: string, cwd: string): Promise<{ line: string; written?: string }> {
  const file = path.join(root, '.gitignore');
  const name = shown(file, cwd);
  const read = readTextSafe(file, { root: realRoot(root), maxBytes: 1024 * 1024 });
  if (!read.ok && read.reason !== 'missing')
    return { line: `Left ${name} alone (${read.message}); add ${CACHE_ENTRY} to it yourself.` };
  const text = read.ok ? read.text : '';
  if (text.split(/\r?\n/).some((line) => /^\/?(\*\*\/)?\.doclintcache\*?$/.test(line.trim())))
    return { line: `${name} already ignores ${CACHE_ENTRY}.` };
  const updated = `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}${CACHE_ENTRY}\n`;
  const refused = await checkSiteWrite(file, cwd, root, name, { tracked: true }).then(
    () => undefined,
    (error: Error) => error.message,
  );
  if (refused) return { line: `Left ${name} alone (${refused}); add ${CACHE_ENTRY} to it yourself.` };
  return writeFileAtomic(file, updated).then(
    () => ({ line: `Added ${CACHE_ENTRY} (the --cache file) to ${name}.`, written: name }),
    (error: NodeJS.ErrnoException) => ({
      line: `Could not add ${CACHE_ENTRY} to ${name} (${error.code ?? error.message}); add it yourself.`,
    }),
  );
}

/** "14 errors and 7 warnings", "1 error", "3 warnings". */
function findings(errors: number, warnings: number): string {
  const parts = [errors ? countOf(errors, 'error') : '', warnings ? countOf(warnings, 'warning') : ''].filter(Boolean);
  return parts.join(' and ');
}

export async function init(args: string[], values: Values, cwd: string): Promise<number> {
  if (args.length > 1) throw new UserError('doclint init takes at most one folder');
  const dir = args[0] ?? '.';
  const start = path.resolve(cwd, dir);
  if (
    !(await stat(start).then(
      (s) => s.isDirectory(),
      () => false,
    ))
  )
    throw new UserError(`no such folder: ${dir}`);
  const root = await findSite(start, dir, cwd);
  const file = path.join(root, INIT_FILE);
  const existing = await findDoclintrc(root);
  if (existing && !values.force) {
    throw new UserError(
      `${shown(existing, cwd)} already configures this site; doclint init does not replace it (use --force to write a new ${INIT_FILE})`,
    );
  }
  const conventions = conventionSettings(await surveySite(root));
  const setting = (c: ConventionSetting) => (c.options ? [c.setting, c.options] : c.setting);
  const rules = Object.fromEntries(conventions.filter((c) => c.folder === undefined).map((c) => [c.rule, setting(c)]));
  // A folder's own decision: an entry of `overrides`, after those of the folders it is in (a later entry wins).
  const overrides = conventions
    .filter((c) => c.folder !== undefined)
    .map((c) => ({ files: [folderGlob(c.folder!)], rules: { [c.rule]: setting(c) } }));
  const config = {
    $schema: await schemaPath(root),
    extends: 'doclint:recommended',
    rules,
    ...(overrides.length ? { overrides } : {}),
  };
  // Not through a link, into a FIFO or out of the repository (src/core/place.ts); `--force` replaces a tracked one.
  await checkSiteWrite(file, cwd, root, shown(file, cwd), { tracked: true, what: 'the configuration' });
  await writeFileAtomic(file, JSON.stringify(config, null, 2) + '\n').catch((error: NodeJS.ErrnoException) => {
    throw new UserError(`cannot write ${shown(file, cwd)} (${error.code ?? error.message})`);
  });
  const out = [
    `Wrote ${shown(file, cwd)} (extends doclint:recommended).`,
    ...conventions.map((c) => `${c.rule}${c.folder === undefined ? '' : ` in ${c.folder}/`}: ${c.why}`),
  ];
  // Spelling is offered, not set: it needs a library beside doclint, and a site's words.
  for (const rule of builtinRegistry().rules('page')) if (checksWords(rule)) out.push(spellingOffer(rule.meta.id));
  const written = [shown(file, cwd)];
  const ignored = await ignoreCache(root, cwd);
  out.push(ignored.line);
  if (ignored.written) written.push(ignored.written);
  const command = root === cwd ? 'npx doclint' : `npx doclint ${shown(root, cwd)}`;
  if (values['suppress-all']) {
    const run = await lint({
      paths: [root],
      cwd,
      threads: 'auto',
      suppressions: { location: values['suppressions-location'], record: true },
    });
    for (const w of run.suppressionsWritten) {
      out.push(`${describeWritten(w, cwd)}.`);
      written.push(shown(w.file, cwd));
    }
  } else {
    // What the site has now, and how to make a gate of it that fails only on what is new.
    const run = await lint({ paths: [root], cwd, threads: 'auto' });
    const errors = run.diagnostics.filter((d) => d.severity === 'error').length;
    const warnings = run.diagnostics.filter((d) => d.severity === 'warning').length;
    if (errors + warnings === 0) out.push('The site has no errors or warnings.');
    else {
      const fails = errors
        ? `\`${command}\` fails until the errors are fixed`
        : `\`${command} --max-warnings 0\` fails on them`;
      out.push(
        `The site has ${findings(errors, warnings)}: ${fails}. To fail only on new ones, record these as a baseline: \`${command} --suppress-all\`.`,
      );
    }
  }
  out.push(`Next: commit ${written.join(', ').replace(/, ([^,]*)$/, ' and $1')}, and run \`${command}\` in CI.`);
  process.stdout.write(out.join('\n') + '\n');
  return ExitCode.Ok;
}
