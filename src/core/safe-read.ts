import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { isInside } from './paths.js';

/*
 * The one way doclint reads a file of a site (docs.json and its $ref files, pages, specs,
 * robots.txt, .mintignore, the cache, configuration files): only a regular file, only inside the
 * folder it must be in after every symbolic link is resolved, and never more bytes than the
 * caller's limit. A device, a FIFO or a socket is never opened for reading, so nothing can hang or
 * stream without end; a link out of the root is never followed.
 */

export type ReadRefusal =
  /** No such file (or a folder on the way is not one). */
  | 'missing'
  /** The file, after resolving symbolic links, is outside the folder it must be in. */
  | 'outside'
  /** Not a regular file: a folder, a device, a FIFO or a socket. */
  | 'not-a-file'
  /** Larger than the limit. */
  | 'too-large'
  /** Permissions or another I/O error (`code` says which). */
  | 'unreadable';

/** What `readListedFile` tells of the file it read (from the open descriptor, before reading). */
export interface ReadSignature {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
}

export type SafeRead =
  | { ok: true; buffer: Buffer; realPath: string; signature?: ReadSignature }
  | { ok: false; reason: ReadRefusal; code: string; size?: number; message: string };

export interface SafeReadOptions {
  /** The folder the file must be inside, as a real path (see `realRoot`). Omitted: anywhere. */
  root?: string;
  /** Largest size read, in bytes. */
  maxBytes: number;
}

const NONBLOCK = typeof constants.O_NONBLOCK === 'number' ? constants.O_NONBLOCK : 0;
/** Not on Windows: there, listed files take the full checks of readFileSafe. */
const NOFOLLOW = typeof constants.O_NOFOLLOW === 'number' ? constants.O_NOFOLLOW : undefined;

/** The real path of a folder (symbolic links resolved), or the path itself when it cannot be resolved. */
export function realRoot(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    return path.resolve(folder);
  }
}

function refusal(reason: ReadRefusal, code: string, message: string, size?: number): SafeRead {
  return size === undefined ? { ok: false, reason, code, message } : { ok: false, reason, code, message, size };
}

function describeSize(bytes: number): string {
  return bytes >= 1048576 ? `${(bytes / 1048576).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/** Reads a file under the rules above. Never throws. */
export function readFileSafe(file: string, options: SafeReadOptions): SafeRead {
  let real: string;
  try {
    // The C library's realpath: one call, where the JavaScript one stats every folder of the path
    // (a third of the time of reading a 5,000-page site).
    real = realpathSync.native(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
    if (code === 'ENOENT' || code === 'ENOTDIR') return refusal('missing', code, 'the file does not exist');
    if (code === 'ELOOP') return refusal('unreadable', code, 'the file is a loop of symbolic links');
    return refusal('unreadable', code, `the file cannot be read (${code})`);
  }
  if (options.root !== undefined && !isInside(options.root, real)) {
    return refusal(
      'outside',
      'EOUTSIDE',
      'it leads outside the site root (a symbolic link); doclint only reads files inside the site',
    );
  }
  let fd: number | undefined;
  try {
    // Checked before opening: opening a FIFO blocks, opening some devices has effects.
    const info = statSync(real);
    if (!info.isFile())
      return refusal(
        'not-a-file',
        'ENOTFILE',
        info.isDirectory()
          ? 'it is a folder, not a file'
          : 'it is not a regular file (a device, FIFO or socket); it was not read',
      );
    if (info.size > options.maxBytes) {
      return refusal(
        'too-large',
        'ETOOBIG',
        `the file is too large (${describeSize(info.size)}; the limit is ${describeSize(options.maxBytes)})`,
        info.size,
      );
    }
    fd = openSync(real, constants.O_RDONLY | NONBLOCK);
    // The file may have been swapped between the checks and the open: check what was opened.
    const opened = fstatSync(fd);
    if (!opened.isFile())
      return refusal('not-a-file', 'ENOTFILE', 'it is not a regular file (a device, FIFO or socket); it was not read');
    // Read up to the limit plus one byte, whatever the size said (a file can grow meanwhile).
    const chunks: Buffer[] = [];
    let total = 0;
    const chunkSize = Math.min(Math.max(opened.size, 4096) + 1, options.maxBytes + 1);
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(chunkSize, options.maxBytes + 1 - total));
      if (chunk.length === 0) break;
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n));
      total += n;
      if (total > options.maxBytes) {
        return refusal(
          'too-large',
          'ETOOBIG',
          `the file is too large (more than ${describeSize(options.maxBytes)})`,
          total,
        );
      }
    }
    return { ok: true, buffer: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total), realPath: real };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
    if (code === 'ENOENT') return refusal('missing', code, 'the file does not exist');
    if (code === 'EISDIR') return refusal('not-a-file', 'ENOTFILE', 'it is a folder, not a file');
    return refusal('unreadable', code, `the file cannot be read (${code})`);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Reads a file that a walk of the site (src/site/walk.ts) listed as a regular file, reached
 * through real folders only (the walk follows no symbolic link): the same guarantees as
 * readFileSafe without its realpath, which is most of the cost of reading a 5,000-page site. The
 * file is opened without following a symbolic link and without blocking, and what was opened is
 * checked on its descriptor; should it have become anything else since it was listed (a symbolic
 * link, a FIFO, a folder), or should anything fail, readFileSafe decides with its full checks.
 * `path` must be the listed path (root joined with the walk's relative path).
 */
export function readListedFile(file: string, options: SafeReadOptions): SafeRead {
  if (NOFOLLOW === undefined) return readFileSafe(file, options);
  let fd: number | undefined;
  try {
    fd = openSync(file, constants.O_RDONLY | NONBLOCK | NOFOLLOW);
    const info = fstatSync(fd);
    if (!info.isFile() || info.size > options.maxBytes) return readFileSafe(file, options);
    const signature = { size: info.size, mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs, ino: info.ino };
    // One read of the size plus one byte: a regular file that returns less is at its end.
    const chunk = Buffer.allocUnsafe(info.size + 1);
    const n = readSync(fd, chunk, 0, chunk.length, 0);
    if (n > info.size) return readFileSafe(file, options); // it grew meanwhile
    return { ok: true, buffer: n === chunk.length ? chunk : chunk.subarray(0, n), realPath: file, signature };
  } catch {
    return readFileSafe(file, options);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** `readFileSafe` decoded as UTF-8 (a BOM, when present, is kept). */
export function readTextSafe(
  file: string,
  options: SafeReadOptions,
): { ok: true; text: string } | Extract<SafeRead, { ok: false }> {
  const read = readFileSafe(file, options);
  return read.ok ? { ok: true, text: read.buffer.toString('utf8') } : read;
}

/** Error of a refused read, for async readers that reject. */
export class SafeReadError extends Error {
  constructor(
    readonly reason: ReadRefusal,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
