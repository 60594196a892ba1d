import { execFile } from 'node:child_process';

/*
 * One git command, as doclint runs every one: no shell (arguments pass as they are), no prompt or
 * pager that could hold the run, bounded in time and output.
 */

/** How long one git command may take. */
export const GIT_TIMEOUT_MS = 20000;
/** The most a git command may print. */
export const GIT_MAX_BYTES = 64 * 1024 * 1024;

/** The environment git runs in: no prompt, no pager, messages in English. */
export const GIT_ENV = (): NodeJS.ProcessEnv => ({
  ...process.env,
  GIT_TERMINAL_PROMPT: '0',
  GIT_PAGER: 'cat',
  LC_ALL: 'C',
});

/** What a git command printed, or why it did not run to the end (`reason`: one line). */
export type GitOutcome =
  { ok: true; out: string } | { ok: false; kind: 'missing' | 'timeout' | 'failed'; reason: string };

/** Runs git in `cwd`; its standard output as text. */
export function runGit(args: string[], cwd: string): Promise<GitOutcome> {
  return new Promise((resolve) => {
    execFile(
      'git',
      args,
      { cwd, encoding: 'utf8', timeout: GIT_TIMEOUT_MS, maxBuffer: GIT_MAX_BYTES, env: GIT_ENV(), windowsHide: true },
      (error, stdout, stderr) => {
        if (!error) return resolve({ ok: true, out: stdout });
        const e = error as NodeJS.ErrnoException & { killed?: boolean };
        if (e.code === 'ENOENT')
          return resolve({ ok: false, kind: 'missing', reason: 'git is not installed (or not on PATH)' });
        if (e.killed)
          return resolve({
            ok: false,
            kind: 'timeout',
            reason: `\`git ${args[0]}\` did not finish within ${GIT_TIMEOUT_MS / 1000} s`,
          });
        const said = String(stderr).trim().split('\n')[0] ?? '';
        resolve({ ok: false, kind: 'failed', reason: `\`git ${args[0]}\` failed${said ? `: ${said}` : ''}` });
      },
    );
  });
}
