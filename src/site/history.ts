import { runGit } from '../core/git.js';

/*
 * When each file of a site last changed, from git: one `git log` over the site's folder, read
 * newest first, and the commit graph (one `git log --topo-order` over the whole history) to tell
 * whether one change came after another by ancestry, not by timestamp: a change committed in the
 * same second as another, or rebased after it, is ordered by the history it was built on. No shell;
 * bounded in time and output.
 */

/** The last commit that changed a file. */
export interface FileChange {
  commit: string;
  /** Commit time, seconds since the epoch. */
  time: number;
}

/** The history of a site's files, or why there is none. */
export type SiteHistory =
  | {
      ok: true;
      last(relative: string): FileChange | undefined;
      /** Whether `later` is not part of the history `earlier` was built on (it is neither `earlier` nor one of its ancestors). */
      isNewer(later: string, earlier: string): boolean;
    }
  | { ok: false; reason: string };

/** Reads when each file under `root` last changed (committed changes only). */
export async function readHistory(root: string): Promise<SiteHistory> {
  const shallow = await runGit(['rev-parse', '--is-shallow-repository'], root);
  if (!shallow.ok)
    return {
      ok: false,
      reason: /not a git repository/i.test(shallow.reason) ? 'the site is not in a git repository' : shallow.reason,
    };
  if (shallow.out.trim() === 'true')
    return { ok: false, reason: 'the repository is a shallow clone (fetch its history, e.g. `fetch-depth: 0`)' };
  const [log, graph] = await Promise.all([
    runGit(
      [
        '-c',
        'core.quotePath=false',
        'log',
        '--format=%x01%H %ct',
        '--name-only',
        '--no-renames',
        '--relative',
        '--',
        '.',
      ],
      root,
    ),
    runGit(['log', '--topo-order', '--format=%H %P'], root),
  ]);
  if (!log.ok) return { ok: false, reason: log.reason };
  if (!graph.ok) return { ok: false, reason: graph.reason };
  const last = new Map<string, FileChange>();
  let current: FileChange | undefined;
  for (const line of log.out.split('\n')) {
    if (line.startsWith('\u0001')) {
      const [commit = '', time = '0'] = line.slice(1).split(' ');
      current = { commit, time: Number(time) };
    } else if (line && current && !last.has(line)) last.set(line, current);
  }
  // Topological order: every commit is listed before its parents.
  const order = new Map<string, number>();
  const parents = new Map<string, string[]>();
  for (const line of graph.out.split('\n')) {
    const [commit, ...rest] = line.trim().split(' ');
    if (!commit) continue;
    order.set(commit, order.size);
    parents.set(commit, rest);
  }
  const answers = new Map<string, boolean>();
  const isAncestor = (ancestor: string, of: string): boolean => {
    const limit = order.get(ancestor);
    const start = order.get(of);
    // An ancestor is listed after each of its descendants; a commit listed before cannot be one.
    if (limit === undefined || start === undefined || limit < start) return false;
    const key = `${ancestor} ${of}`;
    const known = answers.get(key);
    if (known !== undefined) return known;
    const seen = new Set<string>([of]);
    const queue = [of];
    let found = false;
    while (queue.length && !found) {
      const commit = queue.pop()!;
      for (const parent of parents.get(commit) ?? []) {
        if (parent === ancestor) found = true;
        const at = order.get(parent);
        // Every commit on a path down to the ancestor is listed before it.
        if (at === undefined || at > limit || seen.has(parent)) continue;
        seen.add(parent);
        queue.push(parent);
      }
    }
    answers.set(key, found);
    return found;
  };
  return {
    ok: true,
    last: (relative) => last.get(relative),
    isNewer: (later, earlier) => later !== earlier && !isAncestor(later, earlier),
  };
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
