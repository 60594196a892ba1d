import { readdirSync, readFileSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../../src/core/diagnostic.js';
import { applyFixes, writeAtomic } from '../../src/engine/fix.js';
import { UserError } from '../../src/core/errors.js';
import { tmpSite } from '../helpers/tmp-site.js';

const finding = (start: number, end: number, text: string): Diagnostic => ({
  file: '/x.mdx',
  line: 1,
  column: 1,
  endLine: 1,
  endColumn: 1,
  ruleId: 'r',
  severity: 'warning',
  message: 'm',
  url: 'u',
  fix: { range: [start, end], text },
});

describe('applyFixes', () => {
  test('applies fixes in order and keeps every other byte', () => {
    expect(applyFixes('aaa bbb ccc', [finding(8, 11, 'CCC'), finding(0, 3, 'A')]).output).toBe('A bbb CCC');
  });
  test('skips a fix that overlaps one already applied (a later pass takes it)', () => {
    const result = applyFixes('abcdef', [finding(0, 4, 'X'), finding(2, 5, 'Y')]);
    expect(result.output).toBe('Xef');
    expect(result.applied).toHaveLength(1);
  });
  test('ignores findings without fixes and fixes out of range', () => {
    const plain = { ...finding(0, 1, ''), fix: undefined };
    expect(applyFixes('abc', [plain, finding(2, 9, 'Z')]).output).toBe('abc');
  });
});

describe('writeAtomic', () => {
  function file(content: string) {
    const dir = tmpSite({ 'page.mdx': content });
    const f = path.join(dir, 'page.mdx');
    chmodSync(f, 0o604);
    return { dir, f };
  }

  test('replaces the content and keeps the permissions', async () => {
    const { f } = file('old');
    await writeAtomic(f, 'old', 'new');
    expect(readFileSync(f, 'utf8')).toBe('new');
    expect(statSync(f).mode & 0o777).toBe(0o604);
  });

  test('refuses a file that changed since it was read', async () => {
    const { f } = file('changed by someone');
    await expect(writeAtomic(f, 'old', 'new')).rejects.toThrow(
      new UserError(`${f} changed since it was read; not fixed`),
    );
    expect(readFileSync(f, 'utf8')).toBe('changed by someone');
  });

  test('a change that lands while the fix is written wins; no temp file is left', async () => {
    const { dir, f } = file('old');
    await expect(
      writeAtomic(f, 'old', 'new', { beforeRename: async () => writeFileSync(f, 'edited meanwhile') }),
    ).rejects.toThrow(new UserError(`${f} changed since it was read; not fixed`));
    expect(readFileSync(f, 'utf8')).toBe('edited meanwhile');
    expect(readdirSync(dir)).toEqual(['page.mdx']);
  });

  test('a write that fails halfway leaves the original intact and no temp file', async () => {
    const { dir, f } = file('old');
    await expect(
      writeAtomic(f, 'old', 'new', {
        beforeRename: async () => {
          throw new Error('disk full');
        },
      }),
    ).rejects.toThrow('disk full');
    expect(readFileSync(f, 'utf8')).toBe('old');
    expect(readdirSync(dir)).toEqual(['page.mdx']);
  });
});
