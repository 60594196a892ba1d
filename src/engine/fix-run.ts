import { append, type Diagnostic } from '../core/diagnostic.js';
import { UserError } from '../core/errors.js';
import { isInside } from '../core/paths.js';
import { applyFixes, writeAtomic } from './fix.js';
import type { LintResult, SiteSession } from './session.js';

/*
 * `--fix` over a session: fixes applied pass after pass to the text that was linted, then written.
 */

/** A file whose content the fixes changed. */
export interface FixedFile {
  file: string;
  original: string;
  output: string;
  /** Set when the file could not be written (it changed meanwhile, or the write failed). */
  error?: string;
  /** How many fixes (and, with `fixSuggestions`, suggestions) were applied to it. */
  fixes: number;
}

/** Fix passes per run: a fix can make room for another (overlapping fixes wait a pass). */
const MAX_FIX_PASSES = 10;

/** Writes the fixes; a fix that was not written changed nothing: its file is reported as it is on disk. */
export async function writeFixes(run: {
  /** The roots of the run's sites. */
  roots: string[];
  /** Every finding of the run (those of files whose fix was not written are replaced). */
  all: Diagnostic[];
  fixed: FixedFile[];
  /** Per file, the findings before any fix. */
  unfixed: Map<string, Diagnostic[]>;
}): Promise<void> {
  const { all, fixed, unfixed } = run;
  const failed = new Set<string>();
  for (const change of fixed) {
    try {
      // Within the site the file belongs to (docs.json and its `$ref` files, pages).
      const root = run.roots.find((r) => isInside(r, change.file));
      await writeAtomic(change.file, change.original, change.output, root ? { root } : {});
    } catch (error) {
      change.error =
        error instanceof UserError
          ? error.message
          : `${change.file}: cannot write the fix (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
      failed.add(change.file);
    }
  }
  if (failed.size) {
    // A fix that was not written changed nothing: report those files as they are on disk.
    const kept = all.filter((d) => !failed.has(d.file));
    all.length = 0;
    append(
      append(all, kept),
      [...failed].flatMap((file) => unfixed.get(file) ?? []),
    );
  }
}

/**
 * Applies fixes pass after pass, re-linting the changed text from memory, until nothing more
 * applies. Returns the findings that remain after the fixes.
 */
export async function fixLoop(
  session: SiteSession,
  inScope: (file: string) => boolean,
  first: LintResult,
  fixed: FixedFile[],
  suggestions: boolean,
): Promise<LintResult> {
  let result = first;
  const changes = new Map<string, FixedFile>();
  for (let pass = 0; pass < MAX_FIX_PASSES; pass++) {
    const byFile = new Map<string, Diagnostic[]>();
    for (const d of result.diagnostics) {
      if (!d.fix && !(suggestions && d.suggestions?.length)) continue;
      let list = byFile.get(d.file);
      if (!list) byFile.set(d.file, (list = []));
      list.push(d);
    }
    let configChanged = false;
    let changedAny = false;
    for (const [file, list] of byFile) {
      const change = changes.get(file);
      // The fixes' offsets refer to the text that was linted: they are applied to exactly that
      // text (never to the file read again), and the write refuses a file that changed since.
      const text = change?.output ?? session.lintedText(file) ?? session.site.config.files.get(file)?.text;
      if (text === undefined) continue;
      const { output, applied } = applyFixes(text, list, { suggestions });
      if (!applied.length || output === text) continue;
      if (change) {
        change.output = output;
        change.fixes += applied.length;
      } else changes.set(file, { file, original: text, output, fixes: applied.length });
      session.setOverlay(file, output);
      if (session.site.config.files.has(file)) configChanged = true;
      changedAny = true;
    }
    if (!changedAny) break;
    if (configChanged) await session.reloadSite({ inventory: false });
    result = await session.lint(inScope);
  }
  append(
    fixed,
    [...changes.values()].filter((c) => c.output !== c.original),
  );
  return result;
}
