import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { UserError } from '../core/errors.js';
import { GIT_ENV, GIT_MAX_BYTES, GIT_TIMEOUT_MS, runGit } from '../core/git.js';
/**
 * The most committed text read for removed files in all: past it, a removed file stands as an
 * empty file (its anchors are not known; a link to one of them is then not reported).
 */
const REMOVED_TOTAL_BYTES = 256 * 1024 * 1024;
/** Removed files whose committed text the site before the change needs: pages, snippets, specs. */
const TEXT_FILE = /\.(mdx?|jsx|tsx|json|ya?ml)$/i;

/** What `git commit` would record: the files it adds or changes, and the files it removes. */
export interface StagedChange {
  /** Files added, changed, copied to or renamed to, that exist in the working tree (absolute). */
  files: string[];
  /** Files deleted or renamed away (absolute), with their content at HEAD (empty for images and other binary files). */
  removed: Map<string, Buffer>;
  /** Site configurations (`docs.json`) the change deletes or renames away, and no `docs.json` is left in their folder (absolute). */
  configsRemoved: string[];
  /** Site configurations (`docs.json`) the change edits, with their content before it (absolute). */
  configsBefore: Map<string, Buffer>;
}

/**
 * The content at HEAD of several files, with one `git cat-file --batch` (one process, not one per
 * file: 3,000 deleted files took 24 s): sizes first (`--batch-check`), then the contents of those
 * that fit in `budget` (read in order while the total is under it); the others are empty.
 */
async function contentsAt(flag: string, rev: string, paths: string[], top: string, budget: number): Promise<Buffer[]> {
  const out = paths.map(() => Buffer.alloc(0));
  // The batch protocol is one path per line.
  const batchable = paths.map((p, i) => [p, i] as const).filter(([p]) => !p.includes('\n') && !p.includes('\r'));
  if (!batchable.length) return out;
  const sizes = String(
    await gitWithInput(flag, ['cat-file', '--batch-check'], top, batchable.map(([p]) => `${rev}:${p}\n`).join('')),
  ).split('\n');
  const wanted: number[] = [];
  let total = 0;
  batchable.forEach(([, i], k) => {
    const m = /^[0-9a-f]+ blob (\d+)$/.exec(sizes[k] ?? '');
    // Past GIT_MAX_BYTES a file stands as empty, as past the budget.
    if (!m || total >= budget || Number(m[1]) > GIT_MAX_BYTES) return;
    total += Number(m[1]);
    wanted.push(i);
  });
  if (!wanted.length) return out;
  const data = (await gitWithInput(
    flag,
    ['cat-file', '--batch'],
    top,
    wanted.map((i) => `${rev}:${paths[i]}\n`).join(''),
  )) as Buffer;
  let at = 0;
  for (const i of wanted) {
    const eol = data.indexOf(10, at);
    if (eol < 0) break;
    const m = /^[0-9a-f]+ blob (\d+)$/.exec(data.subarray(at, eol).toString('latin1'));
    if (!m) {
      at = eol + 1;
      continue;
    }
    const size = Number(m[1]);
    out[i] = Buffer.from(data.subarray(eol + 1, eol + 1 + size));
    at = eol + 1 + size + 1;
  }
  return out;
}

/** A git command given text on its standard input; its output as a buffer (bounded as `git`). */
function gitWithInput(flag: string, args: string[], cwd: string, input: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, {
      cwd,
      env: GIT_ENV(),
      windowsHide: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new UserError(`${flag}: \`git ${args[0]}\` did not finish within ${GIT_TIMEOUT_MS / 1000} s`));
    }, GIT_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > REMOVED_TOTAL_BYTES + 2 * GIT_MAX_BYTES) {
        child.kill();
        clearTimeout(timer);
        reject(
          new UserError(
            `${flag}: \`git ${args[0]}\` printed more than ${(REMOVED_TOTAL_BYTES + 2 * GIT_MAX_BYTES) / 1024 / 1024} MB`,
          ),
        );
      } else chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4096) stderr += chunk.toString('utf8');
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        error.code === 'ENOENT' ? new UserError(`${flag} needs git, and git is not installed (or not on PATH)`) : error,
      );
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(chunks));
      else
        reject(
          new UserError(
            `${flag}: \`git ${args[0]}\` failed${stderr.trim() ? `: ${stderr.trim().split('\n')[0]}` : ''}`,
          ),
        );
    });
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}

/** A git command's output; a one-line error (named after the flag) when it did not run to the end. */
async function git(flag: string, args: string[], cwd: string): Promise<string> {
  const ran = await runGit(args, cwd);
  if (ran.ok) return ran.out;
  throw new UserError(ran.kind === 'missing' ? `${flag} needs git, and ${ran.reason}` : `${flag}: ${ran.reason}`);
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

/** The top folder of the git repository that holds `cwd`. */
async function topOf(flag: string, cwd: string): Promise<string> {
  try {
    return (await git(flag, ['rev-parse', '--show-toplevel'], cwd)).trim();
  } catch (error) {
    if (error instanceof UserError && error.message.includes('failed'))
      throw new UserError(`${flag}: ${cwd} is not inside a git repository`);
    throw error;
  }
}

/**
 * A change from `git diff --name-status` output: the files it adds or changes that exist, and the
 * files it removes (gone from the working tree), with their content at `rev`.
 */
async function changeOf(
  flag: string,
  top: string,
  rev: string,
  nameStatus: string,
  untracked: string[] = [],
): Promise<StagedChange> {
  const { changed, removed } = parseNameStatus(nameStatus);
  const files = [...new Set([...changed, ...untracked])].map((f) => path.resolve(top, f)).filter((f) => existsSync(f));
  // A removed file that is back in the working tree (unstaged) is not gone from the site the run sees.
  const goneRel = removed.filter((rel) => !existsSync(path.resolve(top, rel)));
  const texts = goneRel.filter((rel) => TEXT_FILE.test(rel));
  const contents = await contentsAt(flag, rev, texts, top, REMOVED_TOTAL_BYTES);
  const byRel = new Map(texts.map((rel, i) => [rel, contents[i]!]));
  const gone = new Map<string, Buffer>();
  for (const rel of goneRel) gone.set(path.resolve(top, rel), byRel.get(rel) ?? Buffer.alloc(0));
  const configsRemoved = goneRel
    .filter((rel) => path.posix.basename(rel) === 'docs.json')
    .map((rel) => path.resolve(top, rel));
  // docs.json as it was: its navigation says which removed pages were published.
  const edited = changed.filter((rel) => path.posix.basename(rel) === 'docs.json' && TEXT_FILE.test(rel));
  const before = await contentsAt(flag, rev, edited, top, REMOVED_TOTAL_BYTES);
  const configsBefore = new Map(
    edited.flatMap((rel, i) => (before[i]!.length ? [[path.resolve(top, rel), before[i]!] as const] : [])),
  );
  return { files, removed: gone, configsRemoved, configsBefore };
}

const DIFF = ['--name-status', '-M', '-z', '--no-ext-diff', '--no-color'];

/** The staged change of the git repository that holds `cwd`. */
export async function stagedChange(cwd: string): Promise<StagedChange> {
  const top = await topOf('--staged', cwd);
  return changeOf('--staged', top, 'HEAD', await git('--staged', ['diff', '--cached', ...DIFF], top));
}

/**
 * What a branch changed since it left `ref`: the difference between the merge base of `ref` and
 * HEAD and the working tree (commits, staged and unstaged changes alike), and the files git does
 * not track yet (not ignored). Removed files have their content at the merge base.
 */
export async function changeSince(cwd: string, ref: string): Promise<StagedChange> {
  const flag = '--changed-since';
  if (ref.startsWith('-') || /[\u0000-\u001f]/.test(ref))
    throw new UserError(`${flag} takes a git revision such as origin/main (got "${ref}")`);
  const top = await topOf(flag, cwd);
  let base: string;
  try {
    base = (await git(flag, ['merge-base', ref, 'HEAD'], top)).trim();
  } catch (error) {
    if (error instanceof UserError && error.message.includes('failed'))
      throw new UserError(
        `${flag}: no common commit of ${ref} and HEAD (is ${ref} a branch or commit of this repository, fetched?)`,
      );
    throw error;
  }
  const diff = await git(flag, ['diff', ...DIFF, base, '--'], top);
  const untracked = (await git(flag, ['ls-files', '--others', '--exclude-standard', '-z'], top))
    .split('\u0000')
    .filter(Boolean);
  return changeOf(flag, top, base, diff, untracked);
}
