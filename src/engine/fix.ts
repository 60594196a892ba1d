import { constants } from 'node:fs';
import { access, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { checkWriteTarget } from '../core/place.js';
import { writeFileAtomic } from '../core/atomic-write.js';
import type { Diagnostic, Fix } from '../core/diagnostic.js';
import { UserError } from '../core/errors.js';

export interface FixOutcome<D = Diagnostic> {
  output: string;
  /** The findings whose fixes were applied. */
  applied: D[];
}

/**
 * Applies the fixes of `diagnostics` to `text`: in order of position, skipping any fix that
 * overlaps one already taken (a later pass picks it up). Every byte outside a fix is kept.
 */
export function applyFixes<D extends Pick<Diagnostic, 'fix' | 'suggestions'>>(
  text: string,
  diagnostics: D[],
  options: { suggestions?: boolean } = {},
): FixOutcome<D> {
  // With `suggestions`, a finding without a fix contributes its first suggestion (`--fix-suggestions`).
  const pick = (d: D): Fix | undefined => d.fix ?? (options.suggestions ? d.suggestions?.[0]?.fix : undefined);
  const withFix = diagnostics
    .map((d) => ({ d, fix: pick(d) }))
    .filter((x): x is { d: D; fix: Fix } => x.fix !== undefined);
  withFix.sort((a, b) => a.fix.range[0] - b.fix.range[0] || a.fix.range[1] - b.fix.range[1]);
  const applied: D[] = [];
  let output = '';
  let cursor = 0;
  for (const { d, fix } of withFix) {
    const [start, end] = fix.range;
    if (start < cursor || start > end || end > text.length) continue;
    output += text.slice(cursor, start) + fix.text;
    cursor = end;
    applied.push(d);
  }
  return { output: output + text.slice(cursor), applied };
}

/**
 * Replaces a file's content atomically: a temporary file in the same folder, the original's
 * permissions, then a rename over it. Refuses (a UserError, reported on the file's line of the report) when the file on disk no longer
 * holds `expected`, the text the fixes were computed from, and when writing it
 * would lose something: bytes that are not UTF-8, a read-only file, hard links; and where a
 * checkout could steer it (see checkWriteTarget: out of `hooks.root`, the site, through a link; a
 * FIFO or device). `hooks.beforeRename` lets tests inject failures.
 */
export async function writeAtomic(
  file: string,
  expected: string,
  output: string,
  hooks: { root?: string; beforeRename?: (temp: string) => Promise<void> } = {},
): Promise<void> {
  // Through a symbolic link, the file it points at is replaced (and the link kept): it must be a
  // regular file inside the site once every link is resolved (src/core/place.ts), never a FIFO
  // (reading one would block the run) or a device.
  const root = hooks.root ?? path.dirname(path.resolve(file));
  const place = await checkWriteTarget(file, root, file, {
    within: { folder: root, name: 'the site' },
    tracked: true,
    followLink: true,
    what: 'the fix',
  });
  const target = place.kind === 'missing' ? file : place.real;
  const bytes = await readFile(target);
  const current = bytes.toString('utf8');
  if (current !== expected) throw new UserError(`${file} changed since it was read; not fixed`);
  // Bytes that are not UTF-8 were read as U+FFFD: writing the text back would replace them.
  if (!bytes.equals(Buffer.from(current, 'utf8')))
    throw new UserError(`${file} is not valid UTF-8; not fixed (writing it would replace the invalid bytes)`);
  const info = await stat(target);
  // The rename below would replace even a read-only file (only the folder's permission counts).
  if (
    (info.mode & 0o222) === 0 ||
    !(await access(target, constants.W_OK).then(
      () => true,
      () => false,
    ))
  ) {
    throw new UserError(`${file} is read-only; not fixed`);
  }
  if (info.nlink > 1) throw new UserError(`${file} has other hard links; not fixed (replacing it would separate them)`);
  await writeFileAtomic(target, output, {
    mode: info.mode & 0o7777,
    beforeRename: async (temp) => {
      await hooks.beforeRename?.(temp);
      // Last look: a change that landed while the temp file was written wins over the fix.
      if ((await readFile(target, 'utf8')) !== expected)
        throw new UserError(`${file} changed since it was read; not fixed`);
    },
  });
}
