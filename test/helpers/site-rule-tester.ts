import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Diagnostic } from '../../src/core/diagnostic.js';
import { builtinRegistry } from '../../src/config/registry.js';
import { SiteSession, type LintResult } from '../../src/engine/session.js';
import { resolveSettings, type RuleSetting } from '../../src/config/settings.js';
import { MINIMAL_CONFIG } from './tmp-site.js';
import {
  RuleTester,
  SITE_FRONT,
  type ExpectedError,
  type SiteCase as RuleTesterSiteCase,
} from '../../src/api/rule-tester.js';

/*
 * Table-driven tests of one docs.json or site rule, like `ruleTester` for page rules: each case is
 * a small site (files by path; a minimal docs.json and index page are added when not given), run
 * through the real session with every other rule off (the public RuleTester does it).
 */

export { SITE_FRONT };

/** A finding a case expects (file: site-relative), as the RuleTester compares it (related places: `file:line:column message`). */
export type SiteExpected = ExpectedError & { file: string };

/** A site case, as the RuleTester takes it (its files given). */
export type SiteCase = Omit<RuleTesterSiteCase, 'files'> & { files: Record<string, string> };

export interface SiteInvalidCase extends SiteCase {
  errors: SiteExpected[];
}

/** Findings of one rule on a site written from `files`, and what the pass said (`notices`, `spelling`). */
export async function lintSiteWith(
  ruleId: string,
  files: Record<string, string>,
  options?: unknown,
): Promise<{ root: string; found: Diagnostic[]; pass: Omit<LintResult, 'diagnostics'> }> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'doclint-site-rule-'));
  const all = { 'docs.json': MINIMAL_CONFIG, 'index.mdx': `${SITE_FRONT}## Start\n`, ...files };
  for (const [name, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  const rules: Record<string, RuleSetting> = {};
  // The rule under test runs at its default severity, also when it is off by default.
  const meta = builtinRegistry().rule(ruleId)?.meta;
  for (const id of builtinRegistry().ids())
    rules[id] = id === ruleId ? { options, ...(meta?.defaultOff && { severity: meta.severity }) } : { severity: 'off' };
  const session = await SiteSession.open(root, resolveSettings(rules));
  try {
    const { diagnostics, ...pass } = await session.lint(() => true, { whole: true });
    return { root, found: diagnostics.filter((d) => d.ruleId === ruleId), pass };
  } finally {
    session.close();
  }
}

/** Table-driven tests of one built-in docs.json or site rule, by the public RuleTester (src/api/rule-tester.ts). */
export function siteRuleTester(ruleId: string, cases: { valid: SiteCase[]; invalid: SiteInvalidCase[] }): void {
  const rule = builtinRegistry().rule(ruleId);
  test(`${ruleId} is a registered docs.json or site rule`, () => {
    expect(rule && rule.meta.kind !== 'page').toBe(true);
  });
  if (!rule || rule.meta.kind === 'page') return;
  void new RuleTester().run(ruleId, rule, cases);
}
