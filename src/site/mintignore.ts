import path from 'node:path';
import ignore from 'ignore';
import { UserError } from '../core/errors.js';
import { DEFAULT_IGNORES } from '../platform/files.js';

/** What the site model asks of the platform's ignore rules. */
export interface PathIgnores {
  /** True when the platform ignores a site-relative path (forward slashes). */
  ignores(relative: string): boolean;
}

/** A pattern that is a plain name or path: no wildcard, class, escape, negation or comment, ASCII only. */
const LITERAL = /^[\x20-\x7e]+$/;
const SPECIAL = /[*?[\]\\!#]/;

/**
 * The platform's ignore rules: its defaults, then the lines of `.mintignore` (gitignore
 * semantics, case-insensitive, as the `ignore` package reads them).
 *
 * A `.mintignore` of up to 1 MB holds some 100,000 patterns, and the `ignore` package tests each
 * path against each of them. So, with the same answers:
 * - a line written again is kept once, at its last place (the last rule that matches decides);
 * - when no line re-includes (`!`), a path is ignored when the defaults ignore it or some
 *   pattern matches it or a folder above it; plain names (`drafts`, `old.mdx`, `build/`) and
 *   plain paths (`/drafts/old`, `a/b/`) are then looked up in sets, and only the patterns with
 *   wildcards are tested one by one.
 * More than MAX_MINTIGNORE_PATTERNS patterns to test one by one is a MintignoreLimitError (the
 * run stops with one line naming the file) rather than minutes of matching.
 */
/** Patterns of `.mintignore` tested one by one against every file of the site (wildcards; every line when one re-includes). */
export const MAX_MINTIGNORE_PATTERNS = 1000;

/** A `.mintignore` with more patterns than MAX_MINTIGNORE_PATTERNS to test one by one. */
export class MintignoreLimitError extends UserError {
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`${file}: ${reason}`);
  }

  override describe(cwd: string): string {
    return `${path.relative(cwd, this.file) || this.file}: ${this.reason}`;
  }
}

function tooMany(file: string, count: number, negated: boolean): MintignoreLimitError {
  const what = negated
    ? 'patterns and a `!` line (with a `!` line every pattern is tested against every file)'
    : 'patterns with wildcards (each is tested against every file)';
  return new MintignoreLimitError(
    file,
    `has ${count.toLocaleString('en-US')} ${what}; doclint reads at most ${MAX_MINTIGNORE_PATTERNS.toLocaleString('en-US')}: name folders (\`drafts/\`) or use one wildcard for many files (\`*.draft.mdx\`)`,
  );
}

export function platformIgnores(mintignore: string | undefined, file = '.mintignore'): PathIgnores {
  const defaults = ignore().add([...DEFAULT_IGNORES]);
  if (mintignore === undefined) return defaults;
  const lines = mintignore.split(/\r?\n/).map((line) => line.trim());
  const last = new Map<string, number>();
  lines.forEach((line, i) => last.set(line, i));
  const unique = lines.filter((line, i) => last.get(line) === i);
  if (unique.some((line) => line.startsWith('!'))) {
    const count = unique.filter((line) => line !== '' && !line.startsWith('#')).length;
    if (count > MAX_MINTIGNORE_PATTERNS) throw tooMany(file, count, true);
    return ignore().add([...DEFAULT_IGNORES, ...unique]);
  }

  // No re-inclusion: each kind of pattern can be asked on its own.
  const names = new Set<string>(); // a name at any depth
  const dirNames = new Set<string>(); // a folder name at any depth (`build/`)
  const paths = new Set<string>(); // a path from the root
  const dirPaths = new Set<string>(); // a folder path from the root (`/drafts/old/`)
  const globs: string[] = [];
  for (const line of unique) {
    if (line === '' || line.startsWith('#')) continue;
    const dirOnly = line.endsWith('/');
    const body = line.replace(/\/+$/, '');
    const plain =
      LITERAL.test(line) &&
      !SPECIAL.test(line) &&
      body !== '' &&
      !/(?:^|\/)\.{1,2}(?:\/|$)|\/\//.test(body.replace(/^\//, ''));
    if (!plain) {
      globs.push(line);
      continue;
    }
    const lower = body.toLowerCase();
    if (lower.includes('/')) (dirOnly ? dirPaths : paths).add(lower.replace(/^\//, ''));
    else (dirOnly ? dirNames : names).add(lower);
  }
  if (globs.length > MAX_MINTIGNORE_PATTERNS) throw tooMany(file, globs.length, false);
  const wild = globs.length ? ignore().add(globs) : undefined;
  return {
    ignores(relative: string): boolean {
      if (defaults.ignores(relative) || wild?.ignores(relative)) return true;
      const lower = relative.toLowerCase();
      const isDir = lower.endsWith('/');
      const segments = lower.replace(/\/+$/, '').split('/');
      let prefix = '';
      for (let i = 0; i < segments.length; i++) {
        const name = segments[i]!;
        prefix = i === 0 ? name : `${prefix}/${name}`;
        // Folders above the path, and the path itself when it names a folder (`a/`).
        const folder = i < segments.length - 1 || isDir;
        if (names.has(name) || paths.has(prefix)) return true;
        if (folder && (dirNames.has(name) || dirPaths.has(prefix))) return true;
      }
      return false;
    },
  };
}
