import { runGit } from '../core/git.js';

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

/** Reads when each file under `root` last changed (committed changes only). */
export async function readHistory(root: string): Promise<SiteHistory> {
  const shallow = await runGit(['rev-parse', '--is-shallow-repository'], root);
  if (!shallow.ok) return { ok: false, reason: /not a git repository/i.test(shallow.reason) ? 'the site is not in a git repository' : shallow.reason };
  if (shallow.out.trim() === 'true') return { ok: false, reason: 'the repository is a shallow clone (fetch its history, e.g. `fetch-depth: 0`)' };
  const log = await runGit(['-c', 'core.quotePath=false', 'log', '--format=%x01%H %ct', '--name-only', '--no-renames', '--relative', '--', '.'], root);
  if (!log.ok) return { ok: false, reason: log.reason };
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

/**
 * What the history of the site's repository is, as a key: its HEAD commit and whether the clone
 * is shallow (or why there is none). The same key, the same history: findings of a rule that reads
 * history are reused from a cache only while it holds (a commit that changes no file changes it).
 */
export async function historyState(root: string): Promise<string> {
  const head = await runGit(['rev-parse', 'HEAD', '--is-shallow-repository'], root);
  return head.ok ? `git:${head.out.trim().replace(/\s+/g, ' ')}` : `none:${head.reason.slice(0, 200)}`;
}
