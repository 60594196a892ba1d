import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** How long one git command may take before the run gives up with a one-line error. */
const GIT_TIMEOUT_MS = 20000;
/** The most a git command may print (a removed spec or page is read whole, like any site file). */
const GIT_MAX_BYTES = 64 * 1024 * 1024;
/**
 * The most committed text read for removed files in all: past it, a removed file stands as an
 * empty file (its anchors are not known; a link to one of them is then not reported).
 */
const REMOVED_TOTAL_BYTES = 256 * 1024 * 1024;
/** Removed files whose committed text the site before the change needs: pages, snippets, specs. */
const TEXT_FILE = /\.(mdx?|jsx|tsx|json|ya?ml)$/i;

export class StagedError extends Error {
  override name = 'StagedError';
}

/** What `git commit` would record: the files it adds or changes, and the files it removes. */
export interface StagedChange {
  /** Files added, changed, copied to or renamed to, that exist in the working tree (absolute). */
  files: string[];
  /** Files deleted or renamed away (absolute), with their content at HEAD (empty for images and other binary files). */
  removed: Map<string, Buffer>;
}

function git(args: string[], cwd: string, encoding: 'utf8' | 'buffer'): Promise<string | Buffer> {
  return new Promise((resolve, reject) => {
    // No shell: arguments are passed as they are. A prompt or a pager cannot hold the run.
    execFile(
      'git',
      args,
      {
        cwd,
        encoding,
        timeout: GIT_TIMEOUT_MS,
        maxBuffer: GIT_MAX_BYTES,
        env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_PAGER: 'cat', LC_ALL: 'C' },
        windowsHide: true,
      },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const e = error as NodeJS.ErrnoException & { killed?: boolean };
        if (e.code === 'ENOENT') return reject(new StagedError('--staged needs git, and git is not installed (or not on PATH)'));
        if (e.killed) return reject(new StagedError(`--staged: \`git ${args[0]}\` did not finish within ${GIT_TIMEOUT_MS / 1000} s`));
        const said = String(stderr).trim().split('\n')[0] ?? '';
        reject(new StagedError(`--staged: \`git ${args[0]}\` failed${said ? `: ${said}` : ''}`));
      },
    );
  });
}

/**
 * Parses `git diff --cached --name-status -M -z`: NUL-separated fields, a status (`M`, `A`, `D`,
 * `T`, `R086`, `C100`…) then one path, or two for a rename or a copy.
 */
export function parseNameStatus(output: string): { changed: string[]; removed: string[] } {
  const fields = output.split('\u0000');
  const changed: string[] = [];
  const removed: string[] = [];
  for (let i = 0; i < fields.length;) {
    const status = fields[i++]!;
    if (status === '') continue;
    const kind = status[0];
    if (kind === 'R' || kind === 'C') {
      const from = fields[i++];
      const to = fields[i++];
      if (from === undefined || to === undefined) break;
      if (kind === 'R') removed.push(from);
      changed.push(to);
      continue;
    }
    const file = fields[i++];
    if (file === undefined) break;
    if (kind === 'D') removed.push(file);
    else if (kind !== 'U' && kind !== 'X') changed.push(file);
  }
  return { changed, removed };
}

/** The staged change of the git repository that holds `cwd`. */
export async function stagedChange(cwd: string): Promise<StagedChange> {
  let top: string;
  try {
    top = String(await git(['rev-parse', '--show-toplevel'], cwd, 'utf8')).trim();
  } catch (error) {
    if (error instanceof StagedError && error.message.includes('failed')) throw new StagedError(`--staged: ${cwd} is not inside a git repository`);
    throw error;
  }
  const { changed, removed } = parseNameStatus(
    String(await git(['diff', '--cached', '--name-status', '-M', '-z', '--no-ext-diff', '--no-color'], top, 'utf8')),
  );
  const files = changed.map((f) => path.resolve(top, f)).filter((f) => existsSync(f));
  const gone = new Map<string, Buffer>();
  let total = 0;
  for (const rel of removed) {
    const abs = path.resolve(top, rel);
    // A removed file that is back in the working tree (unstaged) is not gone from the site the run sees.
    if (existsSync(abs)) continue;
    const wanted = TEXT_FILE.test(rel) && total < REMOVED_TOTAL_BYTES;
    const content = wanted ? ((await git(['cat-file', 'blob', `HEAD:${rel}`], top, 'buffer').catch(() => Buffer.alloc(0))) as Buffer) : Buffer.alloc(0);
    total += content.length;
    gone.set(abs, content);
  }
  return { files, removed: gone };
}
