import path from 'node:path';
import { readFileSafe, readListedFile } from '../core/safe-read.js';
import type { SiteTextReader } from '../model/site-model.js';

/** Largest file a site rule reads through the site model (specs, robots.txt). */
const MAX_SITE_FILE_BYTES = 64 * 1024 * 1024;

/** What the reader of a session's site files reads through. */
export interface SiteReaderHost {
  /** The site root. */
  root: string;
  /** The real path of the site root (see `realRoot`). */
  realRoot: string;
  /** Editor buffers (text) and standard input (its bytes), by absolute path: they override the disk. */
  overlays: ReadonlyMap<string, string | Buffer>;
  /** Whether the walk listed a file (site-relative path), asked at each read: the listing changes on reload. */
  listed: (relative: string) => boolean;
}

/** Reads a file of the site for a rule: the editor's buffer first, else the disk under the safe-read rules. */
export function siteFileReader(host: SiteReaderHost): SiteTextReader {
  /** The site root with a trailing separator. */
  const rootPrefix = host.root.endsWith(path.sep) ? host.root : host.root + path.sep;
  return (file) => {
    const overlay = host.overlays.get(file);
    if (overlay !== undefined) {
      // The same limit as the file on disk.
      const bytes = typeof overlay === 'string' ? Buffer.byteLength(overlay, 'utf8') : overlay.length;
      if (bytes > MAX_SITE_FILE_BYTES)
        return {
          ok: false,
          code: 'ETOOBIG',
          message: `the file is too large (${(bytes / 1048576).toFixed(1)} MB; the limit is ${MAX_SITE_FILE_BYTES / 1048576} MB)`,
        };
      return { ok: true, text: typeof overlay === 'string' ? overlay : overlay.toString('utf8') };
    }
    // A file the walk listed is read without a realpath (see readListedFile); any other path with every check.
    const rel = file.startsWith(rootPrefix) ? file.slice(rootPrefix.length) : undefined;
    const listed = rel !== undefined && path.sep === '/' && host.listed(rel);
    const read = listed
      ? readListedFile(file, { root: host.realRoot, maxBytes: MAX_SITE_FILE_BYTES })
      : readFileSafe(file, { root: host.realRoot, maxBytes: MAX_SITE_FILE_BYTES });
    return read.ok
      ? { ok: true, text: read.buffer.toString('utf8') }
      : { ok: false, code: read.code, message: read.message };
  };
}
