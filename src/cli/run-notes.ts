import path from 'node:path';
import { notLoadedLine } from '../config/site-settings.js';
import { countOf, describeWritten } from '../commands/suppressions.js';
import type { LintOptions, LintRun } from '../commands/lint.js';
import { escapeControls } from '../report/support.js';
import { ExitCode, type Values } from './usage.js';

/*
 * What a lint run says on standard error besides its report (plugins not loaded, files ignored,
 * fixes and suppressions written, suppressions unused or kept), and the exit code that follows.
 */

export type Print = (stream: 'stdout' | 'stderr', text: string) => void;

/** The warnings of a run on standard error: plugins not loaded, files ignored, suppressions written, fixes not written. */
export function printNotes(result: LintRun, cwd: string, print: Print, fix: LintOptions['fix']): void {
  const skipped = notLoadedLine(result.notLoaded);
  if (skipped) print('stderr', `doclint: warning: ${skipped}\n`);
  for (const notice of result.notices) print('stderr', `doclint: warning: ${notice}\n`);
  for (const file of result.ignored) {
    print(
      'stderr',
      `doclint: warning: ${path.relative(cwd, file) || file}: File ignored because of a matching ignore pattern. Use --no-ignore to override.\n`,
    );
  }
  for (const change of result.fixed) if (change.error) print('stderr', `doclint: ${escapeControls(change.error)}\n`);
  const written = result.fixed.filter((change) => !change.error);
  if (fix === 'write' && written.length) {
    const fixes = written.reduce((n, change) => n + change.fixes, 0);
    print('stderr', `doclint: --fix applied ${countOf(fixes, 'fix', 'fixes')} in ${countOf(written.length, 'file')}\n`);
  }
  for (const w of result.suppressionsWritten) print('stderr', `doclint: ${escapeControls(describeWritten(w, cwd))}\n`);
}

/**
 * The exit code: 2 for recorded suppressions that no longer occur in a whole-site run, 1 for errors
 * or warnings past `--max-warnings`, else 0.
 */
export function exitCode(
  result: LintRun,
  values: Values,
  cwd: string,
  print: Print,
  counts: { errors: number; warnings: number; maxWarnings: number },
): number {
  const { errors, warnings, maxWarnings } = counts;
  let code: number = ExitCode.Ok;
  if (result.heldSuppressions.length) print('stderr', heldText(result.heldSuppressions));
  if (result.relaxedSuppressions.length) print('stderr', relaxedNote(result.relaxedSuppressions, cwd));
  // As ESLint: recorded suppressions that no longer occur fail a whole-site run until pruned. A
  // run over files (a hook, an editor) and a run with --pass-on-unpruned-suppressions only say so,
  // with the command that prunes them: the writer who fixed an old error is not stopped, but
  // learns before CI's whole-site run fails on it.
  const unused = result.unusedSuppressions;
  const failing = values['pass-on-unpruned-suppressions'] ? [] : unused.filter((u) => u.whole);
  if (failing.length) {
    print('stderr', unusedText(failing, cwd));
    code = ExitCode.Failure;
  } else {
    if (unused.length) print('stderr', unusedNote(unused, result.sites, cwd));
    if (errors > 0) code = ExitCode.Problems;
    else if (maxWarnings >= 0 && warnings > maxWarnings) {
      print(
        'stderr',
        `doclint: ${countOf(warnings, 'warning')} ${warnings === 1 ? 'exceeds' : 'exceed'} --max-warnings ${maxWarnings}\n`,
      );
      code = ExitCode.Problems;
    }
  }
  return code;
}

/** The unused suppressions, as ESLint reports them, with the entries named (at most ten). */
function unusedText(unused: LintRun['unusedSuppressions'], cwd: string): string {
  const files = [...new Set(unused.map((u) => escapeControls(path.relative(cwd, u.in) || u.in)))];
  const lines = [
    `doclint: ${countOf(unused.length, 'suppression')} in ${files.join(', ')} no longer ${unused.length === 1 ? 'occurs' : 'occur'}; run with --prune-suppressions to remove them, or --pass-on-unpruned-suppressions to ignore them:`,
  ];
  // The suppressions file is committed input: its names are escaped (a rule id could hold a line break).
  for (const u of unused.slice(0, 10))
    lines.push(`  ${escapeControls(u.file)}  ${escapeControls(u.ruleId)}  ${u.count} fewer than recorded`);
  if (unused.length > 10) lines.push(`  … and ${unused.length - 10} more`);
  return lines.join('\n') + '\n';
}

/**
 * A run that does not fail on them (over files: a hook, an editor; or with
 * --pass-on-unpruned-suppressions): the unused suppressions in one line, starting as the failure of
 * a whole-site run does, with the one command that prunes them.
 */
function unusedNote(unused: LintRun['unusedSuppressions'], sites: string[], cwd: string): string {
  const rel = (file: string) => escapeControls(path.relative(cwd, file) || '.');
  const files = [...new Set(unused.map((u) => u.in))];
  const first = unused
    .slice(0, 3)
    .map((u) => escapeControls(`${u.file} ${u.ruleId}`))
    .join(', ');
  const more = unused.length > 3 ? `, … and ${unused.length - 3} more` : '';
  const verb = unused.length === 1 ? 'occurs' : 'occur';
  return `doclint: ${countOf(unused.length, 'suppression')} in ${files.map(rel).join(', ')} no longer ${verb} (${first}${more}); a whole-site run (CI) fails on ${unused.length === 1 ? 'it' : 'them'} until pruned: run \`${pruneCommand(files, sites, cwd)}\` and commit ${files.map(rel).join(', ')}\n`;
}

/** The command that prunes these suppressions files: the sites, and the file where it is not the default. */
function pruneCommand(files: string[], sites: string[], cwd: string): string {
  const quote = (p: string) => (/^[\w./@+-]+$/.test(p) ? p : `'${p.replace(/'/g, `'\\''`)}'`);
  const arg = (p: string) => quote(escapeControls(path.relative(cwd, p) || '.'));
  const words = ['npx doclint --prune-suppressions'];
  const elsewhere = files.filter((f) => !sites.some((site) => path.join(site, 'doclint-suppressions.json') === f));
  if (elsewhere.length === 1) words.push(`--suppressions-location ${arg(elsewhere[0]!)}`);
  const roots = sites.map((site) => path.relative(cwd, site) || '.');
  if (!(roots.length === 1 && roots[0] === '.')) words.push(...sites.map(arg));
  return words.join(' ');
}

/** Recorded suppressions of rules the configuration now turns off (or to notes) for their files: one line, not a failure. */
function relaxedNote(relaxed: LintRun['relaxedSuppressions'], cwd: string): string {
  const files = [...new Set(relaxed.map((u) => escapeControls(path.relative(cwd, u.in) || u.in)))];
  const first = relaxed
    .slice(0, 3)
    .map((u) => escapeControls(`${u.file} ${u.ruleId}`))
    .join(', ');
  const more = relaxed.length > 3 ? `, … and ${relaxed.length - 3} more` : '';
  const one = relaxed.length === 1;
  return `doclint: note: ${countOf(relaxed.length, 'suppression')} in ${files.join(', ')} ${one ? 'is' : 'are'} of a rule the configuration now turns off (or to notes) for ${one ? 'its file' : 'their files'} (${first}${more}); \`doclint --prune-suppressions\` on the site removes ${one ? 'it' : 'them'}\n`;
}

/** Suppressions kept because part of the site was not checked: one line, with why. */
function heldText(held: LintRun['heldSuppressions']): string {
  const reasons = [...new Set(held.map((h) => h.reason))];
  const shown = reasons.slice(0, 3).join('; ') + (reasons.length > 3 ? `; and ${reasons.length - 3} more` : '');
  return `doclint: suppressions kept: ${shown} (${countOf(held.length, 'recorded entry', 'recorded entries')} not judged)\n`;
}
