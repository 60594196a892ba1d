import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { packageRoot } from '../core/package.js';
import { didYouMean } from '../core/suggest.js';
import { UserError } from '../core/errors.js';
import { allRules, findRule } from '../config/registry.js';
import type { RuleMeta } from '../rule-kit/rule.js';

/*
 * The built-in rules as `doclint rules` and `doclint explain` show them, and the MCP server's
 * `list_rules` and `explain_rule` return them: the list in one order, one summary shape, and each
 * rule's page read from the package's own `docs/rules/`, offline.
 */

/** One rule as `doclint rules --format json` prints it (and `list_rules` returns it). */
export interface RuleSummary {
  id: string;
  kind: RuleMeta['kind'];
  severity: RuleMeta['severity'];
  fixable: boolean;
  hasSuggestions: boolean;
  description: string;
  url: string;
}

/** Every built-in rule: docs.json rules, then page rules, then site rules, each by id. */
export function sortedRules(): RuleMeta[] {
  const order = { config: 0, page: 1, site: 2 };
  return [...allRules()].sort((a, b) => order[a.kind] - order[b.kind] || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export function ruleSummary(m: RuleMeta): RuleSummary {
  return {
    id: m.id,
    kind: m.kind,
    severity: m.severity,
    fixable: m.fixable === true,
    hasSuggestions: m.hasSuggestions === true,
    description: m.description,
    url: m.docsUrl,
  };
}

/**
 * The page of a built-in rule, read from the package's docs/rules/ (never a path built from user
 * text). An unknown id is a UserError with a did-you-mean; `lister` names what lists them.
 */
export async function rulePage(id: string, lister = '`doclint rules`'): Promise<{ meta: RuleMeta; text: string }> {
  const meta = findRule(id);
  if (!meta) {
    const near = didYouMean(
      id,
      sortedRules().map((m) => m.id),
    );
    throw new UserError(`unknown rule "${id}"${near ? `; did you mean "${near}"?` : ''} (${lister} lists the rules)`);
  }
  const file = path.join(packageRoot(), 'docs', 'rules', `${meta.id}.md`);
  const text = await readFile(file, 'utf8').catch(() => {
    throw new UserError(`the page of ${meta.id} is not in this installation (${file}); read it at ${meta.docsUrl}`);
  });
  return { meta, text };
}
