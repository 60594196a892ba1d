import path from 'node:path';
import { isInside } from '../core/paths.js';
import { readTextSafe, realRoot } from '../core/safe-read.js';
import type { Diagnostic, Severity } from '../core/diagnostic.js';
import type { RuleMeta } from '../rule-kit/rule.js';
import type { ReportInput } from './types.js';

/** The path of a file relative to `cwd`, with forward slashes (the file itself when it is `cwd`). */
export function relativePath(cwd: string, file: string): string {
  return (path.relative(cwd, file) || path.basename(file)).split(path.sep).join('/');
}

/** The rule table of the run (the CLI passes the registry's). */
export function rulesOf(input: ReportInput): RuleMeta[] {
  return input.rules;
}

export interface Counts {
  error: number;
  warning: number;
  info: number;
}

export function countBySeverity(diagnostics: Iterable<Diagnostic>): Counts {
  const counts: Counts = { error: 0, warning: 0, info: 0 };
  for (const d of diagnostics) counts[d.severity]++;
  return counts;
}

export const SEVERITY_ORDER: Severity[] = ['error', 'warning', 'info'];

/** `n word` or `n words`. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * The files a run linted, with the pages among them named: `11 files (9 pages)`. The pages (and
 * snippets) are what the progress line counts; the other files are docs.json, what it pulls in
 * with `$ref`, OpenAPI specs and the like.
 */
export function filesText(files: readonly string[]): string {
  const pages = files.filter((file) => /\.mdx?$/i.test(file)).length;
  return pages === 0 || pages === files.length
    ? plural(files.length, pages === 0 ? 'file' : 'page')
    : `${plural(files.length, 'file')} (${plural(pages, 'page')})`;
}

/**
 * Characters XML 1.0 cannot carry at all, not even as character references: C0 controls other
 * than tab, LF and CR, lone surrogates, U+FFFE and U+FFFF. They become U+FFFD.
 */
/**
 * Control characters (C0, DEL, C1), the Unicode line and paragraph separators, and the
 * bidirectional controls (marks, embeddings, overrides, isolates: U+202E shows `gpj.exe` as
 * `exe.jpg`).
 */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const CONTROLS_BUT_LINE_BREAKS =
  /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text for a terminal or a CI log, where a file name, a rule id or a message may come from
 * anyone's pull request: control characters written as escapes (`\n`, `\r`, `\t`, `\u001b`),
 * so that nothing starts a line of its own (`::stop-commands::` in GitHub Actions) or drives the
 * terminal (ESC). `keepLineBreaks` leaves LF and CR to the caller.
 */
export function escapeControls(text: string, keepLineBreaks = false): string {
  return text.replace(keepLineBreaks ? CONTROLS_BUT_LINE_BREAKS : CONTROLS, (c) =>
    c === '\n'
      ? '\\n'
      : c === '\r'
        ? '\\r'
        : c === '\t'
          ? '\\t'
          : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const XML_INVALID =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Escapes text for XML and HTML element content and attribute values (either quote). */
export function escapeXml(text: string): string {
  return text.replace(XML_INVALID, '\uFFFD').replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);
}

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/**
 * Escapes text for an XML attribute value: as `escapeXml`, and tab, LF and CR as character
 * references, which a parser keeps (a literal one is normalised to a space).
 */
export function escapeXmlAttribute(text: string): string {
  return escapeXml(text).replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
}

/** The largest file a report quotes from: the largest docs.json or `$ref` file doclint reads. */
const MAX_SOURCE_BYTES = 16 * 1024 * 1024;

/**
 * Reads linted files for code frames, each once per report, through the safe reader
 * (src/core/safe-read.ts): only a regular file inside one of the linted sites (`input.sites`; the
 * current folder when none is given) after symbolic links are resolved, never a FIFO or device,
 * at most 16 MB. `undefined` when a file cannot be read so (deleted since the run, outside,
 * too large): the report then shows no frame. A text linted in place of its file (`input.sources`:
 * standard input) is quoted as it was linted.
 */
export function sourceReader(
  input: Pick<ReportInput, 'sites' | 'cwd' | 'sources'>,
): (file: string) => string | undefined {
  const roots = (input.sites?.length ? input.sites : [input.cwd]).map((root) => ({
    root: path.resolve(root),
    real: undefined as string | undefined,
  }));
  const cache = new Map<string, string | undefined>();
  return (file) => {
    const linted = input.sources?.get(file);
    if (linted !== undefined) return linted;
    if (!cache.has(file)) {
      let text: string | undefined;
      const site = roots.find((r) => isInside(r.root, file));
      if (site) {
        const read = readTextSafe(file, { root: (site.real ??= realRoot(site.root)), maxBytes: MAX_SOURCE_BYTES });
        text = read.ok ? read.text : undefined;
      }
      cache.set(file, text);
    }
    return cache.get(file);
  };
}
