import { execFile } from 'node:child_process';

/*
 * When each file of a site last changed, from git: one `git log` over the site's folder, read
 * newest first. No shell; bounded in time and output.
 */

/** The last commit that changed a file. */
export interface FileChange {
  commit: string;
  /** Commit time, seconds since the epoch. */
  time: number;
}

/** The history of a site's files, or why there is none. */
export type SiteHistory = { ok: true; last(relative: string): FileChange | undefined } | { ok: false; reason: string };

const GIT_TIMEOUT_MS = 20000;
const GIT_MAX_BYTES = 64 * 1024 * 1024;

function git(args: string[], cwd: string): Promise<{ ok: true; out: string } | { ok: false; reason: string }> {
  return new Promise((resolve) => {
    execFile(
      'git',
      args,
      {
        cwd,
        encoding: 'utf8',
        timeout: GIT_TIMEOUT_MS,
        maxBuffer: GIT_MAX_BYTES,
        env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_PAGER: 'cat', LC_ALL: 'C' },
        windowsHide: true,
      },
      (error, stdout, stderr) => {
        if (!error) return resolve({ ok: true, out: stdout });
        const e = error as NodeJS.ErrnoException & { killed?: boolean };
        if (e.code === 'ENOENT') return resolve({ ok: false, reason: 'git is not installed (or not on PATH)' });
        if (e.killed) return resolve({ ok: false, reason: `\`git ${args[0]}\` did not finish within ${GIT_TIMEOUT_MS / 1000} s` });
        if (/not a git repository/i.test(String(stderr))) return resolve({ ok: false, reason: 'the site is not in a git repository' });
        resolve({ ok: false, reason: `\`git ${args[0]}\` failed: ${String(stderr).trim().split('\n')[0] ?? ''}` });
      },
    );
  });
}

/** Reads when each file under `root` last changed (committed changes only). */
export async function readHistory(root: string): Promise<SiteHistory> {
  const shallow = await git(['rev-parse', '--is-shallow-repository'], root);
  if (!shallow.ok) return shallow;
  if (shallow.out.trim() === 'true') return { ok: false, reason: 'the repository is a shallow clone (fetch its history, e.g. `fetch-depth: 0`)' };
  const log = await git(['-c', 'core.quotePath=false', 'log', '--format=%x01%H %ct', '--name-only', '--no-renames', '--relative', '--', '.'], root);
  if (!log.ok) return log;
  const last = new Map<string, FileChange>();
  let current: FileChange | undefined;
  for (const line of log.out.split('\n')) {
    if (line.startsWith('\u0001')) {
      const [commit = '', time = '0'] = line.slice(1).split(' ');
      current = { commit, time: Number(time) };
    } else if (line && current && !last.has(line)) last.set(line, current);
  }
  return { ok: true, last: (relative) => last.get(relative) };
}
