import type { RuleMeta } from '../core/rule.js';
import { siteChecks } from '../checks/index.js';
import { configRules } from '../schema/meta.js';
import { pageRules } from '../../rules/index.js';
import { pageDirectiveMeta } from './directives.js';

/**
 * The single list of rules: the CLI, the configuration, the SARIF rule table, the docs pages and
 * the language server all read it. A new rule is one file plus its entry in the index of its kind.
 */
export function allRules(): RuleMeta[] {
  return [...configRules, ...pageRules.map((rule) => rule.meta), pageDirectiveMeta, ...siteChecks.map((check) => check.meta)];
}

let ids: string[] | undefined;
export function allRuleIds(): string[] {
  return (ids ??= allRules().map((rule) => rule.id));
}

export function findRule(id: string): RuleMeta | undefined {
  return allRules().find((rule) => rule.id === id);
}
