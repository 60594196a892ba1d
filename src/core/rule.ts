import type { Severity } from './diagnostic.js';

/** Where rule documentation lives; each rule has `docs/rules/<id>.md`. */
export const DOCS_BASE_URL = 'https://github.com/doclint/doclint/blob/main/docs/rules/';

export function ruleUrl(id: string): string {
  return `${DOCS_BASE_URL}${id}.md`;
}

/**
 * What every rule declares, whether it checks docs.json (`config`), one page (`page`) or the
 * whole site (`site`). The registry in src/engine/registry.ts is the single list of them.
 */
export interface RuleMeta {
  id: string;
  kind: 'config' | 'page' | 'site';
  /** One line, written for a docs writer. */
  description: string;
  /** Default severity when the rule is on. */
  severity: Severity;
  fixable: boolean;
  docsUrl: string;
  /** JSON Schema of the rule's options, if it takes any. */
  optionsSchema?: Record<string, unknown>;
}

export function defineMeta(meta: Omit<RuleMeta, 'docsUrl'>): RuleMeta {
  return { ...meta, docsUrl: ruleUrl(meta.id) };
}
