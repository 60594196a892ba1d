import { stat } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../core/atomic-write.js';
import { packageRoot } from '../core/package.js';
import { toPosix } from '../core/paths.js';
import { findDoclintrc } from '../engine/doclintrc-file.js';
import { lint, UsageError } from '../engine/lint.js';
import { describeWritten } from '../engine/suppressions.js';
import { findSitesBelow } from '../site/find-below.js';
import { findSiteRoot } from '../site/load.js';
import type { Values } from './main.js';
import { ExitCode } from './usage.js';

/*
 * `doclint init [dir]`: finds the site (the folder itself, a folder above, or one below such as
 * `docs/`), writes `.doclintrc.json` at its root with `$schema`, and with `--suppress-all` records
 * the site's current errors in `doclint-suppressions.json` (a baseline: later runs report only
 * what is new).
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
    throw new UsageError(`found ${below.length} sites (${list}); name the one to set up: \`doclint init ${shown(below[0]!, cwd)}\``);
  }
  throw new UsageError(`no docs.json found in ${dir}, any folder above it or its subfolders; run doclint init in the folder of the site`);
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

export async function init(args: string[], values: Values, cwd: string): Promise<number> {
  if (args.length > 1) throw new UsageError('doclint init takes at most one folder');
  const dir = args[0] ?? '.';
  const start = path.resolve(cwd, dir);
  if (
    !(await stat(start).then(
      (s) => s.isDirectory(),
      () => false,
    ))
  )
    throw new UsageError(`no such folder: ${dir}`);
  const root = await findSite(start, dir, cwd);
  const file = path.join(root, INIT_FILE);
  const existing = await findDoclintrc(root);
  if (existing && !values.force) {
    throw new UsageError(`${shown(existing, cwd)} already configures this site; doclint init does not replace it (use --force to write a new ${INIT_FILE})`);
  }
  const config = { $schema: await schemaPath(root), extends: 'doclint:recommended', rules: {} };
  await writeFileAtomic(file, JSON.stringify(config, null, 2) + '\n').catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot write ${shown(file, cwd)} (${error.code ?? error.message})`);
  });
  const out = [`Wrote ${shown(file, cwd)} (extends doclint:recommended).`];
  const written = [shown(file, cwd)];
  if (values['suppress-all']) {
    const run = await lint({ paths: [root], cwd, threads: 'auto', suppressions: { location: values['suppressions-location'], record: true } });
    for (const w of run.suppressionsWritten) {
      out.push(`${describeWritten(w, cwd)}.`);
      written.push(shown(w.file, cwd));
    }
  }
  const command = root === cwd ? 'npx doclint' : `npx doclint ${shown(root, cwd)}`;
  out.push(`Next: commit ${written.join(' and ')}, and run \`${command}\` in CI.`);
  process.stdout.write(out.join('\n') + '\n');
  return ExitCode.Ok;
}
