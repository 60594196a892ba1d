import type { Diagnostic, Finding } from '../../src/core/diagnostic.js';
import { toDiagnostics } from '../../src/engine/message-control.js';
import { builtinRegistry } from '../../src/config/registry.js';
import { pagePlan, resolveSettings, type RuleSetting } from '../../src/config/settings.js';
import { lintPage, type PageInput } from '../../src/engine/lint-page.js';

/** Findings as message control gives them with the default settings: severities and URLs from the rules' meta. */
export function withSeverity(findings: Finding[]): Diagnostic[] {
  return toDiagnostics(findings, builtinRegistry(), resolveSettings());
}

/** One page through the page pass with these rule settings (default: every rule at its default), findings with severities. */
export function lintOnePage(
  input: PageInput,
  rules: Record<string, RuleSetting> = {},
): { diagnostics: Diagnostic[]; facts: ReturnType<typeof lintPage>['facts'] } {
  const settings = resolveSettings(rules);
  const result = lintPage(input, pagePlan(settings));
  return { diagnostics: toDiagnostics(result.findings, settings.registry, settings), facts: result.facts };
}
