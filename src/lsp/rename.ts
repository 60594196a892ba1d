import type { RenameFilesParams, TextEdit, WorkspaceEdit } from 'vscode-languageserver/node';
import { LineIndex } from '../core/text.js';
import { planRename, resolveRename, sessionSource, type RenamePlan } from '../engine/rename.js';
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
export async function willRenameFiles(workspace: Workspace, params: RenameFilesParams, log: (message: string) => void): Promise<WorkspaceEdit | null> {
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
      if (change.edits.some((e) => ranges.some(([a, b]) => e.start < b && a < e.end))) {
        log(`doclint: rename: ${change.file} is edited by two of the renames at once; the second is left out`);
        continue;
      }
      const lines = new LineIndex(change.original);
      const at = (offset: number) => {
        const p = lines.position(offset);
        return { line: p.line - 1, character: p.column - 1 };
      };
      (changes[uri] ??= []).push(...change.edits.map((e) => ({ range: { start: at(e.start), end: at(e.end) }, newText: e.text })));
      touched.set(uri, [...ranges, ...change.edits.map((e): [number, number] => [e.start, e.end])]);
    }
  }
  return Object.keys(changes).length ? { changes } : null;
}
