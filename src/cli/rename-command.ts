import path from 'node:path';
import { UserError } from '../core/errors.js';
import { ExitCode, parseCommandLine } from './usage.js';

export const RENAME_HELP = `Usage: doclint rename OLD NEW [--dry-run] [--no-redirect]

Moves a page (or a folder of pages) and updates what refers to it: docs.json navigation
(in $ref files too), links, images, <Card href> and other href/src attributes, imports and
<Snippet file> in pages and snippets, and redirect destinations; then adds a redirect from
the old path to the new one. OLD and NEW are paths (from here) or routes (/guides/intro,
from the site root). Every file is written as one change: all of it, or nothing.

Options:
      --dry-run       Print the moves and the edits as a unified diff; change nothing
      --no-redirect   Add no redirect (a page that was never published)
  -h, --help          Print this help
`;

const RENAME_OPTIONS = {
  'dry-run': { type: 'boolean' },
  'no-redirect': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** `doclint rename OLD NEW [--dry-run]`: returns the exit code (2 with one line when refused). */
export async function runRename(argv: string[], cwd: string): Promise<number> {
  const fail = (message: string, code: number = ExitCode.Failure) => {
    process.stderr.write(`doclint rename: ${message}\n`);
    return code;
  };
  let parsed;
  try {
    parsed = parseCommandLine(argv, RENAME_OPTIONS, 'doclint rename --help');
  } catch (error) {
    return fail((error as UserError).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(RENAME_HELP);
    return ExitCode.Ok;
  }
  if (positionals.length !== 2) return fail('takes two arguments, OLD and NEW (run "doclint rename --help")');
  const [oldArg, newArg] = positionals as [string, string];
  try {
    const { findSiteRoot } = await import('../site/load.js');
    const { SiteSession } = await import('../engine/session.js');
    const { resolveSettings } = await import('../config/settings.js');
    const { applyRename, planRename, resolveRename, sessionSource } = await import('../commands/rename.js');
    const start = path.isAbsolute(oldArg) ? oldArg : oldArg.startsWith('/') ? cwd : path.resolve(cwd, oldArg);
    const root = (await findSiteRoot(start)) ?? (await findSiteRoot(cwd));
    if (!root) return fail(`no docs.json found for ${oldArg} or any folder above it`);
    const session = await SiteSession.open(root, resolveSettings());
    session.retainTexts = true;
    try {
      const site = session.site;
      if (site.config.value === undefined)
        return fail(
          `${path.relative(cwd, site.config.rootFile) || 'docs.json'} does not parse; fix it first (run doclint on it)`,
        );
      const subject = resolveRename(site, cwd, oldArg, newArg);
      const plan = await planRename(site, sessionSource(session), subject, { redirect: !values['no-redirect'] });
      // The baseline follows the work: the recorded findings of what moves move with it.
      const { renamedSuppressions } = await import('../commands/suppressions.js');
      const baseline = renamedSuppressions(root, (file) => movedPath(plan, file));
      const planned = plan.changes.length;
      if (baseline)
        plan.changes.push({ ...baseline, edits: [{ start: 0, end: baseline.original.length, text: baseline.output }] });
      const show = (file: string) => path.relative(cwd, file).split(path.sep).join('/') || file;
      const moveLine = `${plan.move.folder ? 'move folder' : 'move'} ${show(plan.move.from)} -> ${show(plan.move.to)}`;
      const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
      const snippets = plan.pages.filter((p) => p.snippet).length;
      const pages = plan.pages.length - snippets;
      const moved = [pages ? count(pages, 'page') : '', snippets ? count(snippets, 'snippet') : '']
        .filter(Boolean)
        .join(' and ');
      const edits = plan.changes.slice(0, planned).reduce((n, c) => n + c.edits.length, 0);
      const suppressions = baseline
        ? `, ${count(baseline.entries, 'suppression')} moved in ${show(baseline.file)}`
        : '';
      const summary = `${moved} moved, ${edits} ${edits === 1 ? 'edit' : 'edits'} in ${planned} ${planned === 1 ? 'file' : 'files'}${plan.redirect ? `, redirect ${plan.redirect.source} -> ${plan.redirect.destination} added` : ''}${suppressions}`;
      if (values['dry-run']) {
        const { createTwoFilesPatch } = await import('diff');
        process.stdout.write(`${moveLine}\n`);
        for (const change of plan.changes) {
          const before = show(change.file);
          const after = show(movedPath(plan, change.file));
          process.stdout.write(
            createTwoFilesPatch(`a/${before}`, `b/${after}`, change.original, change.output, undefined, undefined, {
              context: 3,
            }).replace(/^=+\n/, ''),
          );
        }
        for (const note of plan.notes) process.stdout.write(`note: ${note}\n`);
        process.stdout.write(`dry run: ${summary}; nothing was changed\n`);
        return ExitCode.Ok;
      }
      await applyRename(plan);
      for (const note of plan.notes) process.stderr.write(`doclint rename: note: ${note}\n`);
      process.stdout.write(`${moveLine}\n${summary}\n`);
      return ExitCode.Ok;
    } finally {
      session.close();
    }
  } catch (error) {
    if (error instanceof UserError) return fail(error.describe(cwd), error.exitCode);
    const e = error as Error;
    if (process.env.DOCLINT_DEBUG) process.stderr.write(`${e?.stack ?? ''}\n`);
    return fail(`internal error: ${e?.message ?? String(error)}`);
  }
}

/** Where a file is after the plan's move. */
function movedPath(plan: { move: { from: string; to: string; folder: boolean } }, file: string): string {
  if (file === plan.move.from) return plan.move.to;
  if (plan.move.folder && file.startsWith(plan.move.from + path.sep))
    return plan.move.to + file.slice(plan.move.from.length);
  return file;
}
