import { builtinRules } from '../../rules/index.js';
import type { Rule, RuleKind, RuleMeta } from '../rule-kit/rule.js';

/** The rules of a run by id: built-in and plugin rules, and remark plugins' ids. */
export interface RuleLookup {
  get(id: string): RuleMeta | undefined;
  has(id: string): boolean;
  ids(): Iterable<string>;
}

/**
 * The rules of a run: the built-in ones (rules/index.ts, generated from the files in rules/) and
 * those of the configuration's plugins. The only module under src/ that imports rules/: the CLI,
 * the configuration, message control, the SARIF rule table, `npm run gen` and the language server
 * all read the rules from here.
 */
export class RuleRegistry implements RuleLookup {
  private readonly byId = new Map<string, Rule>();
  /** Metas of rules that exist only as ids of remark plugins' messages. */
  private readonly extraMetas = new Map<string, RuleMeta>();

  constructor(rules: Iterable<Rule>) {
    for (const rule of rules) this.byId.set(rule.meta.id, rule);
  }

  /** A registry with more rules (a plugin's rule with a built-in rule's id is refused by the loader). */
  with(rules: Iterable<Rule>, metas: Iterable<RuleMeta> = []): RuleRegistry {
    const out = new RuleRegistry([...this.byId.values(), ...rules]);
    for (const [id, meta] of this.extraMetas) out.extraMetas.set(id, meta);
    for (const meta of metas) out.extraMetas.set(meta.id, meta);
    return out;
  }

  rule(id: string): Rule | undefined {
    return this.byId.get(id);
  }

  get(id: string): RuleMeta | undefined {
    return this.byId.get(id)?.meta ?? this.extraMetas.get(id);
  }

  has(id: string): boolean {
    return this.byId.has(id) || this.extraMetas.has(id);
  }

  *ids(): Iterable<string> {
    yield* this.byId.keys();
    yield* this.extraMetas.keys();
  }

  /** Every rule that has a check, in registration order. */
  rules(kind?: RuleKind): Rule[] {
    const all = [...this.byId.values()];
    return kind ? all.filter((r) => r.meta.kind === kind) : all;
  }

  /** Every rule's meta (remark plugins' included). */
  metas(): RuleMeta[] {
    return [...[...this.byId.values()].map((r) => r.meta), ...this.extraMetas.values()];
  }

  /** The metas that set one of the flags of `RuleMeta` (`notDisableable`, `houseStyle`…), in registration order. */
  withFlag(flag: RuleFlag): RuleMeta[] {
    return this.metas().filter((meta) => meta[flag] !== undefined && meta[flag] !== false);
  }
}

/** The flags of `RuleMeta` the engine finds rules by. */
export type RuleFlag =
  | 'readsConfigValidation'
  | 'independentOfConfig'
  | 'notDisableable'
  | 'reportsRemovedTargets'
  | 'houseStyle'
  | 'validatesSpecs';

let builtin: RuleRegistry | undefined;

/** The built-in rules. */
export function builtinRegistry(): RuleRegistry {
  return (builtin ??= new RuleRegistry(builtinRules));
}

/** Metas of the built-in rules. */
export function allRules(): RuleMeta[] {
  return builtinRegistry().metas();
}

export function allRuleIds(): string[] {
  return [...builtinRegistry().ids()];
}

export function findRule(id: string): RuleMeta | undefined {
  return builtinRegistry().get(id);
}
