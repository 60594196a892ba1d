import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Diagnostic } from '../core/diagnostic.js';
import { isStrictlyInside } from '../core/paths.js';
import { applyFixes } from '../engine/fix.js';
import { toDiagnostics } from '../engine/message-control.js';
import { builtinRegistry } from '../config/registry.js';
import { SiteSession } from '../engine/session.js';
import { pagePlan, resolveSettings, type EffectiveSettings, type RuleSetting } from '../config/settings.js';
import { lintPage } from '../engine/lint-page.js';
import type { Rule } from '../rule-kit/rule.js';

/*
 * The part of the engine the RuleTester runs a rule through (src/api/rule-tester.ts imports this
 * module on first use, so a plugin that imports `defineRule` loads none of it): the page pass for
 * a page rule, a whole site session for a site or docs.json rule, each with only that rule on.
 */

export { applyFixes };

/** Settings with only `rule` on (at its default severity, also when it is off by default), with these options. */
function onlyRule(rule: Rule, options: unknown): EffectiveSettings {
  const registry = builtinRegistry().with([rule]);
  const rules: Record<string, RuleSetting> = {};
  for (const id of registry.ids()) rules[id] = { severity: 'off' };
  rules[rule.meta.id] = { options, ...(rule.meta.defaultOff && { severity: rule.meta.severity }) };
  return resolveSettings(rules, registry);
}

/** A page rule's findings on one page, as message control gives them (severity, URL). */
export function lintPageWith(
  rule: Rule,
  file: string,
  text: string,
  options: unknown,
  isSnippet: boolean,
): Diagnostic[] {
  const settings = onlyRule(rule, options);
  // A page case is a page at the site's root.
  return toDiagnostics(
    lintPage({ file, relative: path.basename(file), text, isSnippet }, pagePlan(settings)).findings,
    settings.registry,
    settings,
  );
}

/** Writes a site (site-relative path → text) into a new temporary folder; returns its real path. */
export function writeSite(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'doclint-rule-tester-')));
  try {
    for (const [name, text] of Object.entries(files)) {
      const file = path.resolve(root, name);
      if (!isStrictlyInside(root, file))
        throw new Error(`RuleTester: the file "${name}" of a case is not inside the site`);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
  } catch (error) {
    removeSite(root);
    throw error;
  }
  return root;
}

export function removeSite(root: string): void {
  rmSync(root, { recursive: true, force: true });
}

export function readSiteFile(file: string): string {
  return readFileSync(file, 'utf8');
}

export function writeSiteFile(file: string, text: string): void {
  writeFileSync(file, text);
}

/** A site or docs.json rule's findings on the site at `root`: a lint of the whole site with only that rule on. */
export async function lintSiteWith(rule: Rule, root: string, options: unknown): Promise<Diagnostic[]> {
  const session = await SiteSession.open(root, onlyRule(rule, options));
  try {
    const { diagnostics } = await session.lint(() => true, { whole: true });
    return diagnostics.filter((d) => d.ruleId === rule.meta.id);
  } finally {
    session.close();
  }
}
