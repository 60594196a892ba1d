import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BIN = path.join(REPO, 'bin/doclint.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the built CLI in a child process, as a user or a CI job would. The time limit only stops a
 * run that hangs (generous: a loaded machine is slow, and no test measures time).
 */
export function runCli(
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; input?: string | Buffer } = {},
): CliResult {
  const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1', ...options.env };
  delete env.FORCE_COLOR;
  if (options.env?.FORCE_COLOR) env.FORCE_COLOR = options.env.FORCE_COLOR;
  if (options.env?.FORCE_COLOR) delete env.NO_COLOR;
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? REPO,
    env,
    input: options.input,
    encoding: 'utf8',
    timeout: 150000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
