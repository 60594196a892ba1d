import path from 'node:path';
import type { Severity } from '../core/diagnostic.js';
import type { PageSettings } from '../pages/lint.js';
import { findRcFile } from './config-file.js';

export type SeveritySetting = Severity | 'off';

export interface RuleSetting {
  /** undefined = the rule's default severity. */
  severity?: SeveritySetting;
  options?: unknown;
}

/** Per-rule settings after presets, config files and command-line overrides are merged. */
export interface EffectiveSettings {
  rules: Record<string, RuleSetting>;
  /** The same, in the form the page pass takes. */
  page: PageSettings;
}

export function resolveSettings(overrides: Record<string, RuleSetting> = {}): EffectiveSettings {
  const rules: Record<string, RuleSetting> = {};
  const page: PageSettings = { rules: {} };
  for (const [id, override] of Object.entries(overrides)) {
    rules[id] = override;
    // The page pass reads only the ids of page rules; a severity left out is the rule's default.
    if (id.startsWith('page-')) page.rules[id] = { severity: override.severity, options: override.options };
  }
  return { rules, page };
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

export interface ResolvedConfig {
  settings: EffectiveSettings;
  /** The configuration file in use, if any. */
  file?: string;
  /** True for files the configuration's `ignores` exclude from linting. */
  isIgnored(file: string): boolean;
  /** The merged rule settings, for --print-config. */
  rules: Record<string, RuleSetting>;
}

/**
 * Settings for one site: presets named by `extends`, then the file's `rules`, then command-line
 * overrides. The file is `configFile` when given, else the first one found from the site root up.
 */
export async function resolveConfig(siteRoot: string, options: { configFile?: string; overrides?: Record<string, RuleSetting> } = {}): Promise<ResolvedConfig> {
  const file = options.configFile ?? (await findRcFile(siteRoot));
  // The configuration reader (YAML, ajv, the rule registry) loads only when there is a file.
  const rc = file ? await (await import('./rc.js')).loadRcFile(file) : undefined;
  const presetRules = rc?.extends.length ? (await import('./rc.js')).presetRules : () => ({});
  const rules: Record<string, RuleSetting> = {};
  const merge = (from: Record<string, RuleSetting>) => {
    for (const [id, setting] of Object.entries(from)) {
      const previous = rules[id];
      rules[id] = { severity: setting.severity ?? previous?.severity, options: setting.options ?? previous?.options };
    }
  };
  for (const preset of rc?.extends ?? []) merge(presetRules(preset));
  merge(rc?.rules ?? {});
  merge(options.overrides ?? {});
  const base = file ? path.dirname(file) : siteRoot;
  const matcher = rc?.ignores.length ? (await import('ignore')).default().add(rc.ignores) : undefined;
  return {
    settings: resolveSettings(rules),
    file,
    rules,
    isIgnored: (f) => {
      if (matcher === undefined) return false;
      const rel = path.relative(base, f);
      return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) && matcher.ignores(rel.split(path.sep).join('/'));
    },
  };
}
