import path from 'node:path';
import type { Severity } from '../core/diagnostic.js';
import type { PagePlan, RemarkPlugins } from '../pages/lint.js';
import type { PageRule } from '../rule-kit/rule.js';
import { findDoclintrc, SetupError, type Probe } from './doclintrc-file.js';
import { isInside } from '../core/paths.js';
import { placeOf, realFolder, repositoryRoot } from '../core/place.js';
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
  return JSON.stringify([plan.rules.map((r) => [r.id, r.options ?? null]), [...plan.ruleIds], settings.pluginsKey ?? null, settings.rules]);
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
    if (meta.defaultOff && rules[meta.id]?.severity === undefined) rules[meta.id] = { ...rules[meta.id], severity: 'off' };
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
    plan = { rules, ruleIds: new Set(settings.registry.ids()), syntaxRule: settings.registry.flaggedRule('reportsSyntax'), remark: settings.remark };
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

/** A rule named on the command line that no rule (built-in or plugin) has: exit 2. */
export class UnknownRuleError extends SetupError {}

export interface ResolvedSettings {
  settings: EffectiveSettings;
  /** The configuration file in use, if any. */
  file?: string;
  /** True for files the configuration's `ignores` exclude from linting. */
  isIgnored(file: string): boolean;
  /** The merged rule settings, for --print-config. */
  rules: Record<string, RuleSetting>;
  /**
   * What the settings were made from outside the site: the paths looked at for a configuration
   * file and the configuration files read; `modules` when the configuration loads code (plugins),
   * whose own files are not tracked.
   */
  inputs: { probes: Probe[]; modules: boolean };
  /** With `plugins: false`: what the configuration names that was not imported (see `notLoadedLine`). */
  notLoaded: string[];
}

/** The one warning line of a `--no-plugins` run whose configuration names code; undefined when it names none. */
export function notLoadedLine(notLoaded: readonly string[]): string | undefined {
  if (!notLoaded.length) return undefined;
  return `--no-plugins: not loaded: ${[...new Set(notLoaded)].join(', ')}; their rules and settings do not apply (the rest of the configuration does)`;
}

/**
 * The folder a site's configuration must come from and stay in: the repository holding the site
 * (the folder with `.git`), or the site root outside a repository. A configuration file named
 * with `--config` outside it brings its own: its repository, or its folder.
 */
function configBoundary(siteRoot: string, configFile: string | undefined, explicit: boolean): string {
  const boundary = repositoryRoot(siteRoot) ?? path.resolve(siteRoot);
  if (configFile === undefined) return boundary;
  if (explicit && !isInside(boundary, path.resolve(configFile))) return repositoryRoot(path.dirname(configFile)) ?? path.dirname(path.resolve(configFile));
  // Found (or named) inside: it must still be inside once its links are resolved.
  const real = placeOf(configFile);
  let target = real.real;
  if (real.kind === 'symlink') target = realFolder(configFile);
  if (!isInside(realFolder(boundary), target)) {
    throw new SetupError(
      `${configFile} leads outside ${boundary} (a symbolic link); doclint reads a configuration file only from inside the repository (name one with --config)`,
    );
  }
  return boundary;
}

/**
 * Settings for one site: presets and shared configurations named by `extends`, then the file's
 * `rules`, then command-line overrides. The file is `configFile` when given, else the first one
 * found from the site root up to the repository root. Plugins named by the file are loaded here.
 */
export async function resolveSiteSettings(
  siteRoot: string,
  /** `configFile: null`: no configuration file (not looked for). */
  /** `plugins: false`: `--no-plugins`, nothing the configuration names is imported. */
  options: { configFile?: string | null; overrides?: Record<string, RuleSetting>; plugins?: boolean } = {},
): Promise<ResolvedSettings> {
  const probes: Probe[] = [];
  const file = options.configFile === null ? undefined : (options.configFile ?? (await findDoclintrc(siteRoot, (probe) => probes.push(probe))));
  const boundary = file ? configBoundary(siteRoot, file, options.configFile !== undefined && options.configFile !== null) : undefined;
  // The configuration reader (YAML, ajv, plugins) loads only when there is a file.
  const rc = file ? await (await import('./doclintrc.js')).loadDoclintrc(file, { modules: options.plugins !== false, boundary }) : undefined;
  for (const read of rc?.files ?? []) probes.push({ file: read, what: 'content' });
  const rules: Record<string, RuleSetting> = {};
  const merge = (from: Record<string, RuleSetting>) => {
    for (const [id, setting] of Object.entries(from)) {
      const previous = rules[id];
      rules[id] = { severity: setting.severity ?? previous?.severity, options: setting.options ?? previous?.options };
    }
  };
  for (const layer of rc?.layers ?? []) merge(layer);
  merge(options.overrides ?? {});
  const registry = rc?.registry ?? builtinRegistry();
  for (const id of Object.keys(options.overrides ?? {})) {
    // `--rule acme/no-todo:off` with --no-plugins: a rule of a plugin left out, not a mistake.
    if (!registry.has(id) && options.plugins === false && id.includes('/')) {
      delete rules[id];
      continue;
    }
    if (!registry.has(id))
      throw new UnknownRuleError(`--rule: unknown rule "${id}"${id.includes('/') ? '; is its plugin listed in "plugins" of the configuration?' : ''}`);
  }
  const base = file ? path.dirname(file) : siteRoot;
  const matcher = rc?.ignores.length ? (await import('ignore')).default().add(rc.ignores) : undefined;
  const settings = resolveSettings(rules, registry, rc?.remark, rc?.pluginsKey);
  if (rc?.timeLimits) settings.timeLimits = rc.timeLimits;
  settings.source = {
    siteRoot,
    configFile: file ?? null,
    overrides: options.overrides ?? {},
    ...(options.plugins === false ? { plugins: false as const } : {}),
  };
  return {
    settings,
    file,
    rules,
    inputs: { probes, modules: rc?.loadsModules ?? false },
    notLoaded: rc?.notLoaded ?? [],
    isIgnored: (f) => {
      if (matcher === undefined) return false;
      const rel = path.relative(base, f);
      return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) && matcher.ignores(rel.split(path.sep).join('/'));
    },
  };
}
