import { withSeverity } from '../helpers/severity.js';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Diagnostic } from '../../src/core/diagnostic.js';
import { loadDocsJson } from '../../src/site/docs-json.js';
import { checkConfig } from '../../src/engine/config-check.js';

/** Writes files (path → text) into a fresh temp folder; returns its root. */
export function writeSite(files: Record<string, string | Buffer>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'doclint-schema-'));
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(root, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  return root;
}

/** A diagnostic as the tests compare it: file relative to the site, no URL. */
export type Found = Omit<Diagnostic, 'url' | 'fix' | 'severity'> & { severity: string };

export function compact(root: string, d: Diagnostic): Found {
  return {
    file: path.relative(root, d.file),
    line: d.line,
    column: d.column,
    endLine: d.endLine,
    endColumn: d.endColumn,
    ruleId: d.ruleId,
    severity: d.severity,
    message: d.message,
  };
}

/** loadDocsJson + the docs.json rules on a throwaway site: parse findings first, then schema findings. */
export async function lintConfig(files: Record<string, string | Buffer>): Promise<{ root: string; found: Found[]; raw: Diagnostic[] }> {
  const root = writeSite(files);
  const doc = await loadDocsJson(path.join(root, 'docs.json'), root);
  const { syntax, validation } = await checkConfig(doc);
  const raw = withSeverity([...syntax, ...validation.map(({ pointer: _, ...d }) => d)]);
  return { root, found: raw.map((d) => compact(root, d)), raw };
}

/** Shorthand: lint a lone docs.json. */
export async function lintDocsJson(text: string): Promise<Found[]> {
  return (await lintConfig({ 'docs.json': text })).found;
}

/**
 * The 1-based range of the `nth` occurrence of `needle` in `text` (found by plain text search,
 * independently of the parser), for exact position assertions that stay readable.
 */
export function spanOf(text: string, needle: string, nth = 0): Pick<Found, 'line' | 'column' | 'endLine' | 'endColumn'> {
  let at = -1;
  for (let i = 0; i <= nth; i++) {
    at = text.indexOf(needle, at + 1);
    if (at === -1) throw new Error(`spanOf: occurrence ${nth} of ${JSON.stringify(needle)} not found`);
  }
  const pos = (offset: number) => {
    const before = text.slice(0, offset).split('\n');
    return { line: before.length, column: before[before.length - 1]!.length + 1 };
  };
  const start = pos(at);
  const end = pos(at + needle.length);
  return { line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
}

/** A valid docs.json with `extra` top-level properties merged in (pretty-printed, 2 spaces). */
export function config(extra: Record<string, unknown> = {}, base: Record<string, unknown> = BASE): string {
  return JSON.stringify({ ...base, ...extra }, null, 2);
}

export const BASE: Record<string, unknown> = {
  $schema: 'https://mintlify.com/docs.json',
  theme: 'mint',
  name: 'Acme',
  colors: { primary: '#0A7A5E' },
  navigation: { groups: [{ group: 'Start', pages: ['index'] }] },
};

export function expectedAt(text: string, needle: string, ruleId: string, severity: string, message: string, nth = 0, file = 'docs.json'): Found {
  return { file, ...spanOf(text, needle, nth), ruleId, severity, message };
}

/** The range of the opening brace of the object that (first) contains `marker`. */
export function braceBefore(text: string, marker: string): Pick<Found, 'line' | 'column' | 'endLine' | 'endColumn'> {
  const at = text.indexOf(marker);
  if (at === -1) throw new Error(`braceBefore: ${JSON.stringify(marker)} not found`);
  let depth = 0;
  for (let i = at - 1; i >= 0; i--) {
    const c = text[i];
    if (c === '}') depth++;
    else if (c === '{') {
      if (depth === 0) {
        const lines = text.slice(0, i).split('\n');
        const line = lines.length;
        const column = lines[lines.length - 1]!.length + 1;
        return { line, column, endLine: line, endColumn: column + 1 };
      }
      depth--;
    }
  }
  throw new Error(`braceBefore: no object around ${JSON.stringify(marker)}`);
}
