import { mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { readListedFile, realRoot } from '../../src/core/safe-read.js';
import { LintCache } from '../../src/cache/cache.js';
import { loadInventory, type FileMemo } from '../../src/site/inventory.js';
import { listFiles } from '../../src/site/walk.js';
import { testIf } from '../helpers/needs.js';
import { tmpSite } from '../helpers/tmp-site.js';

const identity = (root: string) => ({ doclint: '0.0.0-test', root, settings: '[]' });
const HOUR = 3_600_000;

/** A cache of `root` whose run started `aheadMs` from now (files written now are then long settled). */
const loadCache = (root: string, aheadMs = HOUR) =>
  LintCache.load(path.join(root, '.doclintcache'), identity(root), realRoot(root), { now: Date.now() + aheadMs });

/** Reads `rel` as the listing does and records it in `cache`. */
function readAndRecord(cache: LintCache, root: string, rel: string, sources: string[] = []): string {
  const read = readListedFile(path.join(root, rel), { root: realRoot(root), maxBytes: 1 << 20 });
  if (!read.ok) throw new Error(read.message);
  const hash = `hash-of-${read.buffer.toString('utf8').length}`;
  cache.record(rel, read.signature, hash, sources);
  return hash;
}

describe('the cache remembers unchanged files (size, times, inode)', () => {
  test('a file recorded by one run is vouched for by the next while it is unchanged', async () => {
    const root = tmpSite({ 'docs.json': '{}', 'a.mdx': 'Hello.\n' });
    const first = await loadCache(root);
    const hash = readAndRecord(first, root, 'a.mdx', ['/snippets/x.mdx']);
    await first.save(true);
    const second = await loadCache(root);
    expect(second.unchanged('a.mdx', path.join(root, 'a.mdx'))).toEqual({
      sig: expect.any(String),
      hash,
      sources: ['/snippets/x.mdx'],
    });
  });

  test('what the `<Snippet file>` elements of a file include is remembered with it', async () => {
    const root = tmpSite({ 'docs.json': '{}', 'a.mdx': '<Snippet file="note.mdx" />\n' });
    const first = await loadCache(root);
    const read = readListedFile(path.join(root, 'a.mdx'), { root: realRoot(root), maxBytes: 1 << 20 });
    if (!read.ok) throw new Error(read.message);
    first.record('a.mdx', read.signature, 'h', [], ['note.mdx']);
    await first.save(true);
    const second = await loadCache(root);
    expect(second.unchanged('a.mdx', path.join(root, 'a.mdx'))).toEqual({
      sig: expect.any(String),
      hash: 'h',
      sources: [],
      snippets: ['note.mdx'],
    });
  });

  test('rewritten with the same size and its modification time put back, it is read again (its change time moved)', async () => {
    const root = tmpSite({ 'docs.json': '{}', 'a.mdx': 'Hello.\n' });
    const file = path.join(root, 'a.mdx');
    const before = statSync(file);
    const first = await loadCache(root);
    readAndRecord(first, root, 'a.mdx');
    await first.save(true);
    // `touch -r` copies the times to the nanosecond (utimes from JavaScript would round them).
    execFileSync('touch', ['-r', file, path.join(root, 'times')]);
    // Write the same number of bytes until the change time differs from the recorded one (the
    // file system's clock may not have ticked since), each time putting the modification time back.
    const sleep = new Int32Array(new SharedArrayBuffer(4));
    for (let attempt = 0; attempt < 1000 && statSync(file).ctimeMs === before.ctimeMs; attempt++) {
      Atomics.wait(sleep, 0, 0, 2);
      writeFileSync(file, 'Jello.\n');
      execFileSync('touch', ['-m', '-r', path.join(root, 'times'), file]);
    }
    expect(statSync(file).ctimeMs).not.toBe(before.ctimeMs);
    expect(statSync(file).mtimeMs).toBe(before.mtimeMs);
    expect(statSync(file).size).toBe(before.size);
    const second = await loadCache(root);
    expect(second.unchanged('a.mdx', file)).toBeUndefined();
  });

  test('a file written within 2.5 s before the run is not vouched for (a later write in the same clock tick would not show)', async () => {
    const root = tmpSite({ 'docs.json': '{}', 'a.mdx': 'Hello.\n' });
    const first = await loadCache(root, 1000); // the run "started" one second after the file was written
    readAndRecord(first, root, 'a.mdx');
    await first.save(true);
    const second = await loadCache(root);
    expect(second.unchanged('a.mdx', path.join(root, 'a.mdx'))).toBeUndefined();
    const header = JSON.parse(readFileSync(path.join(root, '.doclintcache'), 'utf8').split('\n')[1]!) as {
      files?: object;
    };
    expect(header.files).toEqual({});
  });

  test('a file replaced by a symbolic link to the same content is not vouched for', async () => {
    const root = tmpSite({ 'docs.json': '{}', 'a.mdx': 'Hello.\n', 'b.mdx': 'Hello.\n' });
    const first = await loadCache(root);
    readAndRecord(first, root, 'a.mdx');
    await first.save(true);
    execFileSync('rm', [path.join(root, 'a.mdx')]);
    symlinkSync(path.join(root, 'b.mdx'), path.join(root, 'a.mdx'));
    const second = await loadCache(root);
    expect(second.unchanged('a.mdx', path.join(root, 'a.mdx'))).toBeUndefined();
  });

  test('the listing does not read a file the memo vouches for, and reads (and records) the others', async () => {
    const root = tmpSite({
      'docs.json': '{}',
      'remembered.mdx': 'No imports in these bytes.\n',
      'read.mdx': "import Part from '/part.mdx';\n\n<Part />\n",
      'part.mdx': 'A part.\n',
      'other.mdx': 'Imported only by what the memo remembers.\n',
      'includes.mdx':
        '<Snippet file="/Legal.mdx" />\n\nimportant <Snippet file={"tip.mdx"} /> and <Snippet file="tip.mdx"/>\n',
    });
    const recorded: string[] = [];
    const memo: FileMemo = {
      unchanged: (rel) =>
        rel === 'remembered.mdx' ? { hash: 'h', sources: ['/other.mdx'], snippets: ['old.mdx'] } : undefined,
      record: (rel, signature, hash, sources, snippets) => {
        expect(signature?.size).toBe(readFileSync(path.join(root, rel)).length);
        expect(hash).toMatch(/^[0-9a-f]{40}$/);
        recorded.push(`${rel}: ${sources.join(' ')}${snippets.length ? ` <Snippet> ${snippets.join(' ')}` : ''}`);
      },
    };
    const prefetched = new Map<string, Buffer>();
    const inventory = await loadInventory(root, { fileMemo: memo, keep: () => true, prefetched });
    expect(Object.fromEntries(inventory.importers)).toEqual({
      '/other.mdx': ['remembered.mdx'],
      '/part.mdx': ['read.mdx'],
    });
    expect(recorded).toEqual([
      'includes.mdx:  <Snippet> legal.mdx tip.mdx',
      'other.mdx: ',
      'part.mdx: ',
      'read.mdx: /part.mdx',
    ]);
    // What `<Snippet file>` elements include: as read, or as the memo remembers.
    expect(Object.fromEntries(inventory.inclusions)).toEqual({
      'includes.mdx': ['legal.mdx', 'tip.mdx'],
      'other.mdx': [],
      'part.mdx': [],
      'read.mdx': [],
      'remembered.mdx': ['old.mdx'],
    });
    // The bytes of what was read wait for the page pass; what was not read is not there.
    expect([...prefetched.keys()].sort()).toEqual(['includes.mdx', 'other.mdx', 'part.mdx', 'read.mdx']);
    expect(inventory.pages.get('other.mdx')?.isSnippet).toBe(true);
  });
});

describe('listing and reading the files of a site', () => {
  test('the walk lists regular files only: no symbolic link (to a file or a folder), no FIFO, nothing under node_modules or .git', () => {
    const outside = tmpSite({ 'secret.mdx': 'Outside.\n' });
    const root = tmpSite({
      'docs.json': '{}',
      'b.mdx': 'B\n',
      'a/c.md': 'C\n',
      '.hidden/d.mdx': 'D\n',
      'node_modules/pkg/e.mdx': 'E\n',
      'deep/node_modules/f.mdx': 'F\n',
      '.git/HEAD': 'ref\n',
    });
    symlinkSync(path.join(outside, 'secret.mdx'), path.join(root, 'link.mdx'));
    symlinkSync(outside, path.join(root, 'linked-folder'));
    mkdirSync(path.join(root, 'empty'));
    execFileSync('mkfifo', [path.join(root, 'pipe.mdx')]);
    expect(listFiles(root)).toEqual(['.hidden/d.mdx', 'a/c.md', 'b.mdx', 'docs.json']);
  });

  testIf(os.platform() === 'win32' ? 'O_NOFOLLOW does not exist on Windows' : undefined)(
    'a listed file that became a symbolic link out of the site meanwhile is refused by the full checks',
    () => {
      const outside = tmpSite({ 'secret.mdx': 'Outside.\n' });
      const root = tmpSite({ 'docs.json': '{}', 'page.mdx': 'Inside.\n' });
      const file = path.join(root, 'page.mdx');
      const ok = readListedFile(file, { root: realRoot(root), maxBytes: 1024 });
      expect(ok).toMatchObject({ ok: true, signature: { size: 8 } });
      expect(ok.ok && ok.buffer.toString()).toBe('Inside.\n');
      execFileSync('rm', [file]);
      symlinkSync(path.join(outside, 'secret.mdx'), file);
      expect(readListedFile(file, { root: realRoot(root), maxBytes: 1024 })).toEqual({
        ok: false,
        reason: 'outside',
        code: 'EOUTSIDE',
        message: 'it leads outside the site root (a symbolic link); doclint only reads files inside the site',
      });
      execFileSync('rm', [file]);
      execFileSync('mkfifo', [file]);
      expect(readListedFile(file, { root: realRoot(root), maxBytes: 1024 })).toEqual({
        ok: false,
        reason: 'not-a-file',
        code: 'ENOTFILE',
        message: 'it is not a regular file (a device, FIFO or socket); it was not read',
      });
      writeFileSync(path.join(root, 'big.mdx'), 'x'.repeat(2048));
      expect(readListedFile(path.join(root, 'big.mdx'), { root: realRoot(root), maxBytes: 1024 })).toEqual({
        ok: false,
        reason: 'too-large',
        code: 'ETOOBIG',
        size: 2048,
        message: 'the file is too large (2 KB; the limit is 1 KB)',
      });
    },
  );
});
