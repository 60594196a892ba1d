import path from 'node:path';
import { append, type Finding } from '../core/diagnostic.js';
import { toPosix } from '../core/paths.js';
import type { SiteModel } from '../model/site-model.js';
import type { Rule } from '../rule-kit/rule.js';
import type { SiteReuse, Used } from '../cache/site-reuse.js';
import { isOnSomewhere, type EffectiveSettings } from '../config/settings.js';
import type { Unchecked } from './message-control.js';
import { limitMs, timeLimit } from './page-pass.js';
import { runSiteRule, type SitePass } from './rule-runner.js';

/*
 * The site checks of a lint pass: the docs.json rules, then every site rule. Each is a unit of
 * work handed to the reuse of the pass (src/cache/site-reuse.ts), which does it or answers it
 * from an earlier run: nothing here knows whether there is a cache.
 */

/** What one lint pass could not check: rules that did not finish, and pages that did not parse. */
export interface Run {
  unchecked: Unchecked;
  /** Rules that did not finish (stopped, failed): their findings are not kept. */
  unfinished: Set<string>;
  /** Tells that a rule did not finish, and why. */
  incomplete: (id: string) => (why: string) => void;
}

/** A lint pass's record of what it could not check, empty. */
export function newRun(): Run {
  const unchecked: Unchecked = { rules: new Map(), files: new Map() };
  const unfinished = new Set<string>();
  const incomplete = (id: string) => (why: string) => {
    unfinished.add(id);
    unchecked.rules.set(id, why);
  };
  return { unchecked, unfinished, incomplete };
}

/** What the site checks of one lint pass work with. */
export interface SiteCheckPass {
  settings: EffectiveSettings;
  site: SiteModel;
  pass: SitePass;
  run: Run;
  reuse: SiteReuse;
  /** The page pass stopped at its time limit: what was found is not complete. */
  stopped: () => boolean;
}

/**
 * The docs.json rules when a docs.json file is in scope (returns whether one is), and the rules
 * left unchecked when docs.json did not parse.
 */
export async function configChecks(
  c: SiteCheckPass,
  inScope: (file: string) => boolean,
  findings: Finding[],
  files: string[],
): Promise<boolean> {
  const { settings, site, run } = c;
  const { registry } = settings;
  const isOn = (rule: Rule) => isOnSomewhere(settings, rule.meta.id);
  const configFiles = [...site.config.files.keys()];
  const configInScope = configFiles.some(inScope);
  if (configInScope) {
    append(files, configFiles.filter(inScope));
    const rules = registry.rules('config').filter(isOn);
    append(findings, await c.reuse.config(() => configFindings(c, rules)));
  }
  if (site.config.value === undefined) {
    // Only the rules that need no docs.json ran (its syntax rule among them): the others' findings are missing.
    const why = `${toPosix(path.relative(site.root, site.config.rootFile))} did not parse, so the site checks did not run`;
    for (const rule of [...registry.rules('config'), ...registry.rules('site')]) {
      if (isOn(rule) && !rule.meta.independentOfConfig) run.unchecked.rules.set(rule.meta.id, why);
    }
  }
  return configInScope;
}

/** The docs.json rules, and whether each finished. */
async function configFindings(
  c: SiteCheckPass,
  rules: Rule[],
): Promise<{ findings: Finding[]; complete: boolean; used: Used }> {
  const { site, settings, pass, run } = c;
  const found: Finding[] = [];
  const used: Used = { history: false, external: [] };
  let complete = true;
  for (const rule of rules) {
    // Only a rule independent of docs.json (its syntax rule) has something to say about one that does not parse.
    if (site.config.value === undefined && !rule.meta.independentOfConfig) continue;
    const told = run.incomplete(rule.meta.id);
    const failed = (why: string) => {
      complete = false;
      told(why);
    };
    const options = settings.rules[rule.meta.id]?.options;
    append(found, await runSiteRule(rule, site, options, pass, undefined, failed, used));
  }
  return { findings: found, complete, used };
}

/**
 * Runs the site rules that apply (those of `only`, when given), each through the reuse of the
 * pass; with what they asked for, all together (for the whole site's entry).
 */
export async function siteChecks(
  c: SiteCheckPass,
  options: { whole: boolean; configInScope: boolean; only?: ReadonlySet<string> },
): Promise<{ findings: Finding[]; used: Used }> {
  const { settings, site, pass, run } = c;
  const siteFindings: Finding[] = [];
  const all: Used = { history: false, external: [] };
  const siteLimit = {
    ms: limitMs(settings, 'siteCheck'),
    passed: (what: string) => timeLimit(settings, 'siteCheck', what),
  };
  for (const rule of settings.registry.rules('site')) {
    const { id } = rule.meta;
    if (!isOnSomewhere(settings, id) || (options.only && !options.only.has(id))) continue;
    if (site.config.value === undefined && !rule.meta.independentOfConfig) continue;
    if (rule.meta.reportsInConfigOnly && !options.whole && !options.configInScope) continue;
    const found = await c.reuse.rule(id, rule.meta.readsFacts, options.whole, async () => {
      const used: Used = { history: false, external: [] };
      const ruleOptions = settings.rules[id]?.options;
      const findings = await runSiteRule(rule, site, ruleOptions, pass, siteLimit, run.incomplete(id), used);
      all.history ||= used.history;
      append(all.external, used.external);
      return { findings, complete: !c.stopped() && !run.unfinished.has(id), used };
    });
    append(siteFindings, found);
  }
  return { findings: siteFindings, used: all };
}
