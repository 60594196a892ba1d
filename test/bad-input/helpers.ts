import { chmodSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../../src/core/diagnostic.js';
import { runCli, type CliResult } from '../helpers/cli.js';
import { tmpSite } from '../helpers/tmp-site.js';

export const FRONT =
  '---\ntitle: Welcome to the test site\ndescription: What this site is for and where to start.\n---\n\n';

export function config(pages: string[], extra: Record<string, unknown> = {}): string {
  return JSON.stringify(
    {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Test',
      colors: { primary: '#0A7A5E' },
      navigation: { groups: [{ group: 'Start', pages }] },
      ...extra,
    },
    null,
    2,
  );
}

/** A finding as the JSON report gives it (severity as a number), with the file relative to `root`. */
export type Found = Omit<Diagnostic, 'url' | 'fix' | 'severity'> & { severity: number };

export interface JsonRun extends CliResult {
  findings: Found[];
  /** Files the report lists (linted), relative to `root`. */
  files: string[];
}

/** Runs the CLI with `--format json` and reads its report; files are relative to `root`. */
export function lintJson(root: string, args: string[], options: Parameters<typeof runCli>[1] = {}): JsonRun {
  const result = runCli(['--format', 'json', ...args], { cwd: root, ...options });
  let report: Array<{ filePath: string; messages: Array<Omit<Found, 'file'>> }> = [];
  try {
    report = JSON.parse(result.stdout) as typeof report;
  } catch {
    throw new Error(
      `not a JSON report (exit ${result.code}):\n${result.stdout.slice(0, 2000)}\n${result.stderr.slice(0, 2000)}`,
    );
  }
  const rel = (f: string) => path.relative(root, f).split(path.sep).join('/');
  const findings = report.flatMap((entry) =>
    entry.messages.map((m) => ({
      file: rel(entry.filePath),
      line: m.line,
      column: m.column,
      endLine: m.endLine,
      endColumn: m.endColumn,
      ruleId: m.ruleId,
      severity: m.severity,
      message: m.message,
    })),
  );
  return { ...result, findings, files: report.map((e) => rel(e.filePath)) };
}

export function findingsIn(run: JsonRun, file: string): Found[] {
  return run.findings.filter((f) => f.file === file);
}

/** Makes a temp tree readable by everyone (for a run as another user). */
export function openUp(dir: string): void {
  chmodSync(dir, 0o755);
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    const info = statSync(p, { throwIfNoEntry: false });
    if (!info) continue;
    if (info.isDirectory()) openUp(p);
    else chmodSync(p, 0o644);
  }
}

/** True when this process can read a file whatever its permissions (root, or CAP_DAC_OVERRIDE). */
export const permissionsAreIgnored = typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * A temp site in `<base>/site`, so that files named `../x` land in `<base>` (outside the site
 * root, inside a folder of the test's own). Remove `base` when done.
 */
export function siteWithOutside(files: Record<string, string | Buffer>): { base: string; root: string } {
  const base = tmpSite(
    Object.fromEntries(Object.entries(files).map(([name, content]) => [path.join('site', name), content])),
  );
  return { base, root: path.join(base, 'site') };
}
