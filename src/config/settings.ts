import type { Severity } from '../core/diagnostic.js';
import type { PagePlan, RemarkPlugins } from './page-plan.js';
import type { PageRule } from '../rule-kit/rule.js';
import { builtinRegistry, type RuleRegistry } from './registry.js';

export type SeveritySetting = Severity | 'off';

export interface RuleSetting {
  /** undefined = the rule's default severity. */
  severity?: SeveritySetting;
  options?: unknown;
}

/**
 * What a run is configured with, after presets, the configuration file and command-line
 * overrides are merged: the rules (built-in and plugins') and each rule's setting.
 */
export interface EffectiveSettings {
  rules: Record<string, RuleSetting>;
  registry: RuleRegistry;
  /** remark plugins to run on every page's tree, when the configuration names some. */
  remark?: RemarkPlugins;
  /** A text that identifies the plugins in use (part of the cache key). */
  pluginsKey?: string;
  /** Time limits of the page pass and of site checks (the configuration's `timeLimits`). */
  timeLimits?: TimeLimits;
  /**
   * Where these settings came from, when they can be made again from it (a worker thread of the
   * page pass does): the site root, the configuration file (none: `null`) and the command line's
   * rule settings. Settings made in memory (tests, a fallback of the language server) have none.
   */
  source?: SettingsSource;
  /**
   * With `overrides` in the configuration: the settings of one file (the same object for files the
   * same entries match). Absent: every file has these settings.
   */
  forFile?: (file: string) => EffectiveSettings;
  /** The configuration's `overrides`, as text (part of the fingerprint and the cache key). */
  overridesKey?: string;
  /** Rules off in `rules` that an entry of `overrides` turns on for some files. */
  onInSomeFiles?: ReadonlySet<string>;
}

/** The settings of one file: these, or an `overrides` entry's over them. */
export function settingsFor(settings: EffectiveSettings, file: string): EffectiveSettings {
  return settings.forFile?.(file) ?? settings;
}

/** Whether a rule is on for some file: in `rules`, or in an entry of `overrides`. */
export function isOnSomewhere(settings: EffectiveSettings, id: string): boolean {
  return settings.rules[id]?.severity !== 'off' || settings.onInSomeFiles?.has(id) === true;
}

/** Seconds a page's parse and rules, and one site check, may take before the run is stopped. */
export interface TimeLimits {
  page?: number;
  siteCheck?: number;
}

export interface SettingsSource {
  siteRoot: string;
  configFile: string | null;
  overrides: Record<string, RuleSetting>;
  /** False: `--no-plugins` (nothing of the configuration imported). */
  plugins?: false;
}

/**
 * The watchdogs' defaults, in seconds: last resorts far above any real page or check, which stop
 * the run (exit 2) rather than decide what is checked. The slowest real pages (changelogs of
 * 90–390 KB) take 0.4–2.5 s of CPU, up to ten times that on a busy machine; pathological pages are
 * bounded by the page pass's pre-scan, by their text alone.
 */
export const DEFAULT_TIME_LIMITS: Required<TimeLimits> = { page: 120, siteCheck: 300 };

/**
 * What a page pass run with these settings depends on, as text: two settings with the same
 * fingerprint lint every page alike (a worker thread checks its own against the main thread's).
 */
export function planFingerprint(settings: EffectiveSettings): string {
  const plan = pagePlan(settings);
  return JSON.stringify([
    plan.rules.map((r) => [r.id, r.options ?? null]),
    [...plan.ruleIds],
    settings.pluginsKey ?? null,
    settings.rules,
    settings.overridesKey ?? null,
  ]);
}

export function resolveSettings(
  overrides: Record<string, RuleSetting> = {},
  registry: RuleRegistry = builtinRegistry(),
  remark?: RemarkPlugins,
  pluginsKey?: string,
): EffectiveSettings {
  const rules = { ...overrides };
  // A rule that is off by default stays off until a severity is configured (options alone do not turn it on).
  for (const meta of registry.metas()) {
    if (meta.defaultOff && rules[meta.id]?.severity === undefined)
      rules[meta.id] = { ...rules[meta.id], severity: 'off' };
  }
  return { rules, registry, remark, pluginsKey };
}

const plans = new WeakMap<EffectiveSettings, PagePlan>();

/** The page rules that are on, with their options: what the page pass runs on every page. */
export function pagePlan(settings: EffectiveSettings): PagePlan {
  let plan = plans.get(settings);
  if (!plan) {
    const rules = (settings.registry.rules('page') as PageRule[])
      .filter((rule) => settings.rules[rule.meta.id]?.severity !== 'off')
      .map((rule) => ({ id: rule.meta.id, rule, options: settings.rules[rule.meta.id]?.options }));
    plan = {
      rules,
      ruleIds: new Set(settings.registry.ids()),
      remark: settings.remark,
    };
    plans.set(settings, plan);
  }
  return plan;
}

/** Parses `id:severity` (`--rule page-link-text:off`); severity is off, info, warn(ing) or error. */
export function parseSeverity(value: string): SeveritySetting | undefined {
  switch (value.trim().toLowerCase()) {
    case 'off':
    case '0':
      return 'off';
    case 'info':
      return 'info';
    case 'warn':
    case 'warning':
    case '1':
      return 'warning';
    case 'error':
    case '2':
      return 'error';
    default:
      return undefined;
  }
}

/** How a severity is written in a configuration file. */
export function severityWord(severity: SeveritySetting): string {
  return severity === 'warning' ? 'warn' : severity;
}
