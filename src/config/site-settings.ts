import path from 'node:path';
import { compileGlobs } from '../core/glob.js';
import { UserError } from '../core/errors.js';
import { isInside } from '../core/paths.js';
import { placeOf, realFolder, repositoryRoot } from '../core/place.js';
import { findDoclintrc, type Probe } from './doclintrc-file.js';
import { builtinRegistry, type RuleRegistry } from './registry.js';
import { resolveSettings, type EffectiveSettings, type RuleSetting } from './settings.js';
import type { RuleOverride } from './doclintrc.js';

/*
 * The settings of one site: its configuration file (found or named), what it extends, its plugins,
 * and the command line's overrides. The reader of configuration files loads only when there is one.
 */

export interface ResolvedSettings {
  settings: EffectiveSettings;
  /** The configuration file in use, if any. */
  file?: string;
  /** True for files the configuration's `ignores` exclude from linting. */
  isIgnored(file: string): boolean;
  /** The merged rule settings, for --print-config. */
  rules: Record<string, RuleSetting>;
  /** The merged rule settings of one file (`overrides` that match it applied), for --print-config FILE. */
  rulesFor(file: string): Record<string, RuleSetting>;
  /**
   * What the settings were made from outside the site: the paths looked at for a configuration
   * file and the configuration files read; `modules` when the configuration loads code (plugins),
   * whose own files are not tracked.
   */
  inputs: { probes: Probe[]; modules: boolean };
  /** With `plugins: false`: what the configuration names that was not imported (see `notLoadedLine`). */
  notLoaded: string[];
  /**
   * The patterns of `overrides` that match none of `files` (absolute: every file of the site), each
   * with the folder it is relative to and the same pattern written from `cwd`'s side stripped of that
   * folder, when that one matches (a pattern written from the repository root).
   */
  unmatchedOverrides(files: readonly string[], cwd: string): Array<{ pattern: string; base: string; meant?: string }>;
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
  if (explicit && !isInside(boundary, path.resolve(configFile)))
    return repositoryRoot(path.dirname(configFile)) ?? path.dirname(path.resolve(configFile));
  // Found (or named) inside: it must still be inside once its links are resolved.
  const real = placeOf(configFile);
  let target = real.real;
  if (real.kind === 'symlink') target = realFolder(configFile);
  if (!isInside(realFolder(boundary), target)) {
    throw new UserError(
      `${configFile} leads outside ${boundary} (a symbolic link); doclint reads a configuration file only from inside the repository (name one with --config)`,
    );
  }
  return boundary;
}

/** Rule settings merged in order: a later setting's severity and options win over an earlier one's. */
function mergeRules(layers: Array<Record<string, RuleSetting>>): Record<string, RuleSetting> {
  const rules: Record<string, RuleSetting> = {};
  for (const layer of layers) {
    for (const [id, setting] of Object.entries(layer)) {
      const previous = rules[id];
      rules[id] = { severity: setting.severity ?? previous?.severity, options: setting.options ?? previous?.options };
    }
  }
  return rules;
}

/**
 * The configuration's `overrides`, compiled: which entries match a file (a key, `''` for none) and
 * the rules for a key (the configuration's layers, the matching entries in order, the command line's).
 */
function fileOverrides(
  entries: RuleOverride[],
  layers: Array<Record<string, RuleSetting>>,
  cli: Record<string, RuleSetting>,
) {
  const matchers = entries.map((entry) => {
    // Linear matching (src/core/glob.ts): no pattern can make a run, --print-config or the language server backtrack.
    const match = compileGlobs(entry.files);
    return (file: string) => {
      const rel = path.relative(entry.base, file);
      if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return false;
      const posix = rel.split(path.sep).join('/');
      return match(posix);
    };
  });
  const turnedOn = new Set<string>();
  for (const entry of entries) {
    for (const [id, setting] of Object.entries(entry.rules))
      if (setting.severity !== undefined && setting.severity !== 'off' && cli[id]?.severity !== 'off') turnedOn.add(id);
  }
  return {
    turnedOn,
    matching: (file: string) => matchers.flatMap((match, i) => (match(file) ? [i] : [])).join(','),
    rules: (key: string) =>
      mergeRules([...layers, ...(key === '' ? [] : key.split(',').map((i) => entries[Number(i)]!.rules)), cli]),
  };
}

/** The compiled `overrides` of a configuration. */
type PerFile = ReturnType<typeof fileOverrides>;

/**
 * The rules set on the command line (`--rule`), each known to the registry: an unknown one is an
 * error, but a plugin's rule under `--no-plugins` (then dropped from `rules` too).
 */
function commandLineRules(
  rules: Record<string, RuleSetting>,
  registry: RuleRegistry,
  options: { overrides?: Record<string, RuleSetting>; plugins?: boolean },
): Record<string, RuleSetting> {
  const cli = { ...options.overrides };
  for (const id of Object.keys(cli)) {
    // `--rule acme/no-todo:off` with --no-plugins: a rule of a plugin left out, not a mistake.
    if (!registry.has(id) && options.plugins === false && id.includes('/')) {
      delete rules[id];
      delete cli[id];
      continue;
    }
    if (!registry.has(id))
      throw new UserError(
        `--rule: unknown rule "${id}"${id.includes('/') ? '; is its plugin listed in "plugins" of the configuration?' : ''}`,
      );
  }
  return cli;
}

/** Settings per file: each file gets the settings of the `overrides` entries whose patterns match it. */
function perFileSettings(
  settings: EffectiveSettings,
  perFile: PerFile,
  overridesKey: string,
  make: (from: Record<string, RuleSetting>) => EffectiveSettings,
): void {
  settings.overridesKey = overridesKey;
  const made = new Map<string, EffectiveSettings>();
  // Asked for every finding: each file's patterns are matched once.
  const byFile = new Map<string, EffectiveSettings>();
  settings.forFile = (f) => {
    let one = byFile.get(f);
    if (one) return one;
    const key = perFile.matching(f);
    one = key === '' ? settings : made.get(key);
    if (!one) made.set(key, (one = make(perFile.rules(key))));
    byFile.set(f, one);
    return one;
  };
  settings.onInSomeFiles = perFile.turnedOn;
}

/** The patterns of `overrides` that match none of `files` (each with what was meant, when a prefix was written twice). */
function unmatchedPatterns(
  overrides: readonly RuleOverride[],
  siteRoot: string,
  files: readonly string[],
  cwd: string,
): Array<{ pattern: string; base: string; meant?: string }> {
  // A configuration above the site may hold patterns for other folders (other sites): only
  // those that lead into this site are judged.
  const intoSite = (base: string, pattern: string) => {
    const rel = path.relative(base, siteRoot).split(path.sep).join('/');
    return rel === '' || rel.startsWith('..') || pattern.startsWith(`${rel}/`);
  };
  const out: Array<{ pattern: string; base: string; meant?: string }> = [];
  const seen = new Set<string>();
  for (const entry of overrides) {
    const rels = files
      .map((f) => path.relative(entry.base, f))
      .filter((rel) => rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel));
    const posix = rels.map((rel) => rel.split(path.sep).join('/'));
    for (const pattern of entry.files) {
      if (pattern.startsWith('!') || !intoSite(entry.base, pattern) || seen.has(`${entry.base}\0${pattern}`)) continue;
      seen.add(`${entry.base}\0${pattern}`);
      const match = compileGlobs([pattern]);
      if (posix.some((f) => match(f))) continue;
      // Written from where doclint runs: the configuration's folder named again in front.
      const prefix = path.relative(cwd, entry.base).split(path.sep).join('/');
      const stripped =
        prefix && !prefix.startsWith('..') && pattern.startsWith(`${prefix}/`)
          ? pattern.slice(prefix.length + 1)
          : undefined;
      const meant = stripped && posix.some(compileGlobs([stripped])) ? stripped : undefined;
      out.push({ pattern, base: entry.base, ...(meant ? { meant } : {}) });
    }
  }
  return out;
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
  const file =
    options.configFile === null
      ? undefined
      : (options.configFile ?? (await findDoclintrc(siteRoot, (probe) => probes.push(probe))));
  const boundary = file
    ? configBoundary(siteRoot, file, options.configFile !== undefined && options.configFile !== null)
    : undefined;
  // The configuration reader (YAML, ajv, plugins) loads only when there is a file.
  const rc = file
    ? await (await import('./doclintrc.js')).loadDoclintrc(file, { modules: options.plugins !== false, boundary })
    : undefined;
  for (const read of rc?.files ?? []) probes.push({ file: read, what: 'content' });
  const registry = rc?.registry ?? builtinRegistry();
  const layers = [...(rc?.layers ?? [])];
  const rules = mergeRules([...layers, options.overrides ?? {}]);
  const cli = commandLineRules(rules, registry, options);
  const base = file ? path.dirname(file) : siteRoot;
  const matcher = rc?.ignores.length ? (await import('ignore')).default().add(rc.ignores) : undefined;
  const make = (from: Record<string, RuleSetting>) => {
    const made = resolveSettings(from, registry, rc?.remark, rc?.pluginsKey);
    if (rc?.timeLimits) made.timeLimits = rc.timeLimits;
    made.source = {
      siteRoot,
      configFile: file ?? null,
      overrides: options.overrides ?? {},
      ...(options.plugins === false ? { plugins: false as const } : {}),
    };
    return made;
  };
  const settings = make(rules);
  const perFile = rc?.overrides.length ? fileOverrides(rc.overrides, layers, cli) : undefined;
  if (perFile) perFileSettings(settings, perFile, JSON.stringify(rc!.overrides), make);
  const unmatchedOverrides = (files: readonly string[], cwd: string) =>
    perFile ? unmatchedPatterns(rc!.overrides, siteRoot, files, cwd) : [];
  return {
    settings,
    file,
    rules,
    unmatchedOverrides,
    rulesFor: (f) => (perFile ? perFile.rules(perFile.matching(f)) : rules),
    inputs: { probes, modules: rc?.loadsModules ?? false },
    notLoaded: rc?.notLoaded ?? [],
    isIgnored: (f) => {
      if (matcher === undefined) return false;
      const rel = path.relative(base, f);
      return (
        rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) && matcher.ignores(rel.split(path.sep).join('/'))
      );
    },
  };
}
