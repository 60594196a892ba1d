import { statSync } from 'node:fs';
import path from 'node:path';
import { readTextSafe, realRoot } from '../core/safe-read.js';
import { toPosix } from '../core/paths.js';
import { categorize } from '../platform/files.js';
import { SPEC_EXTENSIONS } from '../openapi/loader.js';
import { looksLikeOpenApi } from '../site/specs.js';
import { DOCLINTRC_FILES } from '../config/doclintrc-file.js';
import { SUPPRESSIONS_FILE } from './suppressions.js';
import { DEFAULT_CACHE_FILE } from '../cache/cache.js';
import type { SiteModel } from '../model/site-model.js';

/*
 * Where a report (`-o`) or llms.txt (`llms-txt --out`) may be written inside a site. The platform
 * decides what is part of a site: a path it would read as a page, a snippet or the configuration
 * (docs.json, mint.json, .mintignore, a file docs.json's `$ref` names), an OpenAPI spec, the
 * llms.txt or robots.txt it serves from the site root, and doclint's own files (its
 * configuration, suppressions and cache), is never a report's place, whether or not it exists
 * yet: the same command gets the same answer every time. Any other file (`report.json`,
 * `doclint.sarif`, `report.html`, `junit.xml`) is a static file to the platform, published as it
 * is and read by no rule: a report may be written there, and written again by the next run, under
 * the checks of src/core/place.ts (no symbolic link, FIFO or device, no file git tracks). The run
 * that writes it leaves it out of its own listing of the site (`SessionOptions.leaveOut`), so its
 * findings do not depend on whether an earlier run wrote it; a run without `-o` sees it as one
 * more static file of the site (a link to it resolves), as the platform would publish it.
 */

/** Names doclint reads as its own (configuration, suppressions, cache), wherever they are in a site. */
const DOCLINT_FILES = new Set([...DOCLINTRC_FILES, SUPPRESSIONS_FILE, DEFAULT_CACHE_FILE]);

/** Files at the site root that the site serves in place of the ones the platform generates, and rules read. */
const SERVED_FILES = new Map([
  ['llms.txt', 'the llms.txt the site serves'],
  ['robots.txt', 'the robots.txt the site serves'],
]);

function doclintFile(relative: string): string | undefined {
  const base = path.posix.basename(relative);
  return DOCLINT_FILES.has(base) ? `a file doclint reads (${base})` : undefined;
}

/** What the platform or doclint would read a missing site-relative path as, or undefined for a static file. */
function contentKind(relative: string): string | undefined {
  const own = doclintFile(relative);
  if (own) return own;
  const served = SERVED_FILES.get(relative.toLowerCase());
  if (served) return served;
  switch (categorize(relative, NO_IMPORTS)) {
    case 'page':
      return 'a page of the site (the platform publishes .md and .mdx files as pages)';
    case 'snippet':
      return 'a snippet of the site';
    case 'config':
      return 'the configuration of the site';
    default:
      return undefined;
  }
}

const NO_IMPORTS: ReadonlySet<string> = new Set();

/**
 * Why a report may not be written at `file` (absolute) in this site, as the one-line message for
 * the user (`name`: how the path is shown), or undefined when it may (outside the site, in a
 * folder the platform ignores, or a static file). `inputs`: other files the run read (its
 * configuration files, suppressions file, cache).
 */
export function reportPlaceProblem(
  site: SiteModel,
  file: string,
  name: string,
  inputs: ReadonlySet<string> = NO_INPUTS,
): string | undefined {
  const rel = toPosix(path.relative(site.root, file));
  const inside = rel !== '' && !rel.startsWith('../') && rel !== '..' && !path.isAbsolute(rel);
  const overwrite = `${name} is a file of the site; doclint does not write a report over it (choose another path)`;
  const would = (kind: string) =>
    `${name} would be ${kind}; doclint does not write a report there (choose another path)`;
  if (site.config.files.has(file)) return overwrite;
  // On disk, not in the listing: the run leaves its own report out of that.
  const exists = statSync(file, { throwIfNoEntry: false }) !== undefined;
  // doclint's own files (its configuration, suppressions, cache) are read wherever they are named, whatever the platform ignores.
  const own = inputs.has(file)
    ? `a file doclint reads (${path.basename(file)})`
    : inside
      ? doclintFile(rel)
      : undefined;
  if (own) return exists ? overwrite : would(own);
  if (!inside) return undefined;
  if (site.isIgnored(rel)) return undefined;
  const kind = contentKind(rel);
  if (kind) return exists ? overwrite : would(kind);
  if (exists && isSpec(site.root, file)) return overwrite;
  return undefined;
}

const NO_INPUTS: ReadonlySet<string> = new Set();

/** An OpenAPI spec of the site, as the site's discovery of specs tells one (src/site/specs.ts). */
function isSpec(root: string, file: string): boolean {
  if (!SPEC_EXTENSIONS.includes(path.extname(file).toLowerCase())) return false;
  const read = readTextSafe(file, { root: realRoot(root), maxBytes: SNIFFED_BYTES });
  return read.ok && looksLikeOpenApi(read.text);
}

/** The largest file the site reads as a spec (src/engine/session.ts): a larger one is none. */
const SNIFFED_BYTES = 64 * 1024 * 1024;

/** The path a run leaves out of its listing: its report, when that is a static file of the site (see above). */
export function leftOut(root: string, file: string | undefined): string | undefined {
  if (!file) return undefined;
  const rel = toPosix(path.relative(root, file));
  if (rel === '' || rel.startsWith('../') || rel === '..' || path.isAbsolute(rel)) return undefined;
  return contentKind(rel) || isSpec(root, path.resolve(file)) ? undefined : rel;
}
