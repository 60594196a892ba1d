import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Diagnostic } from '../../src/core/diagnostic.js';
import { builtinRegistry } from '../../src/engine/registry.js';
import { SiteSession } from '../../src/engine/session.js';
import { resolveSettings, type RuleSetting } from '../../src/engine/settings.js';
import { MINIMAL_CONFIG } from './tmp-site.js';

/*
 * Table-driven tests of one docs.json or site rule, like `ruleTester` for page rules: each case is
 * a small site (files by path; a minimal docs.json and index page are added when not given), run
 * through the real session with every other rule off.
 */

export const SITE_FRONT = '---\ntitle: A page\ndescription: A page of a test site.\n---\n\n';

export interface SiteExpected {
  /** Site-relative file of the finding. */
  file: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  message: string;
  /** Severity, when the case checks it (kinds of problem have their own). */
  severity?: Diagnostic['severity'];
  /** Related locations: `file:line:column message`. */
  related?: string[];
}

export interface SiteCase {
  name: string;
  files: Record<string, string>;
  options?: unknown;
}

export interface SiteInvalidCase extends SiteCase {
  errors: SiteExpected[];
}

/** Findings of one rule on a site written from `files`. */
export async function lintSiteWith(ruleId: string, files: Record<string, string>, options?: unknown): Promise<{ root: string; found: Diagnostic[] }> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'doclint-site-rule-'));
  const all = { 'docs.json': MINIMAL_CONFIG, 'index.mdx': `${SITE_FRONT}## Start\n`, ...files };
  for (const [name, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  const rules: Record<string, RuleSetting> = {};
  // The rule under test runs at its default severity, also when it is off by default.
  const meta = builtinRegistry().rule(ruleId)?.meta;
  for (const id of builtinRegistry().ids()) rules[id] = id === ruleId ? { options, ...(meta?.defaultOff && { severity: meta.severity }) } : { severity: 'off' };
  const session = await SiteSession.open(root, resolveSettings(rules));
  const { diagnostics } = await session.lint(() => true, { whole: true });
  return { root, found: diagnostics.filter((d) => d.ruleId === ruleId) };
}

export function siteRuleTester(ruleId: string, cases: { valid: SiteCase[]; invalid: SiteInvalidCase[] }): void {
  const meta = builtinRegistry().get(ruleId);
  describe(ruleId, () => {
    test('is a registered docs.json or site rule', () => {
      expect(meta && meta.kind !== 'page').toBe(true);
    });
    describe('valid', () => {
      for (const c of cases.valid) {
        test(c.name, async () => {
          const { found } = await lintSiteWith(ruleId, c.files, c.options);
          expect(found.map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual([]);
        });
      }
    });
    describe('invalid', () => {
      for (const c of cases.invalid) {
        test(c.name, async () => {
          const { root, found } = await lintSiteWith(ruleId, c.files, c.options);
          const rel = (f: string) => path.relative(root, f).split(path.sep).join('/');
          const actual = found.map((d, i) => {
            const e = c.errors[i];
            const out: SiteExpected = { file: rel(d.file), line: d.line, column: d.column, message: d.message };
            if (e?.endLine !== undefined) out.endLine = d.endLine;
            if (e?.endColumn !== undefined) out.endColumn = d.endColumn;
            if (e?.severity !== undefined) out.severity = d.severity;
            if (d.related?.length) out.related = d.related.map((r) => `${rel(r.file)}:${r.line}:${r.column} ${r.message}`);
            return out;
          });
          expect(actual).toEqual(c.errors);
          for (const d of found) expect(d.url).toBe(meta!.docsUrl);
        });
      }
    });
  });
}
