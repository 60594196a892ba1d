import type { RenameFilesParams, TextEdit, WorkspaceEdit } from 'vscode-languageserver/node';
import { append } from '../core/diagnostic.js';
import { LineIndex } from '../core/text.js';
import { planRename, resolveRename, sessionSource, type RenamePlan } from '../commands/rename.js';
import { fileToUri, uriToFile } from './uri.js';
import type { Workspace } from './workspace.js';

/** What the server asks the editor to announce before renaming: pages, and folders (of pages). */
export const RENAME_FILTERS = [
  { scheme: 'file', pattern: { glob: '**/*.{md,mdx}', matches: 'file' as const } },
  { scheme: 'file', pattern: { glob: '**/*', matches: 'folder' as const } },
];

/**
 * `workspace/willRenameFiles`: the edits `doclint rename` would make for each page or folder the
 * editor is about to rename (navigation, links, imports, redirects), as one WorkspaceEdit on the
 * files as they are before the move (the editor applies it, then renames). A rename doclint
 * refuses (NEW exists, OLD is not a page of a site) contributes nothing; `log` says why.
 */
export async function willRenameFiles(
  workspace: Workspace,
  params: RenameFilesParams,
  log: (message: string) => void,
): Promise<WorkspaceEdit | null> {
  const changes: Record<string, TextEdit[]> = {};
  const touched = new Map<string, Array<[number, number]>>();
  for (const { oldUri, newUri } of params.files) {
    const oldFile = uriToFile(oldUri);
    const newFile = uriToFile(newUri);
    if (!oldFile || !newFile) continue;
    let plan: RenamePlan | undefined;
    try {
      plan = await workspace.withSession(oldUri, async (session) => {
        const subject = resolveRename(session.site, session.root, oldFile, newFile);
        return planRename(session.site, sessionSource(session), subject);
      });
    } catch (error) {
      log(`doclint: ${oldFile} -> ${newFile}: not updating references: ${(error as Error)?.message ?? String(error)}`);
      continue;
    }
    if (!plan) continue;
    for (const note of plan.notes) log(`doclint: rename: ${note}`);
    for (const change of plan.changes) {
      const uri = fileToUri(change.file);
      const ranges = touched.get(uri) ?? [];
      // Two renames in one request that edit the same text: the first one's edit is kept.
      if (change.edits.some((e) => overlaps(ranges, e.start, e.end))) {
        log(`doclint: rename: ${change.file} is edited by two of the renames at once; the second is left out`);
        continue;
      }
      const lines = new LineIndex(change.original);
      const at = (offset: number) => {
        const p = lines.position(offset);
        return { line: p.line - 1, character: p.column - 1 };
      };
      // Appended one by one: 130,000 edits spread into one call overflow the stack.
      append(
        (changes[uri] ??= []),
        change.edits.map((e) => ({ range: { start: at(e.start), end: at(e.end) }, newText: e.text })),
      );
      touched.set(
        uri,
        append(
          ranges,
          change.edits.map((e): [number, number] => [e.start, e.end]),
        ).sort((x, y) => x[0] - y[0] || x[1] - y[1]),
      );
    }
  }
  return Object.keys(changes).length ? { changes } : null;
}

/**
 * Whether [start, end) overlaps one of the ranges (sorted by start): a binary search for the
 * last range that starts before `end`, then a look back while ranges could still reach `start`.
 * Ranges of one file's edits do not overlap each other, so their ends grow with their starts.
 */
function overlaps(ranges: Array<[number, number]>, start: number, end: number): boolean {
  let lo = 0;
  let hi = ranges.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ranges[mid]![0] < end) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo - 1; i >= 0; i--) {
    const [a, b] = ranges[i]!;
    if (start < b && a < end) return true;
    if (b <= start) return false;
  }
  return false;
}
