import type { Severity } from '../core/diagnostic.js';
import type { PageSettings } from '../pages/lint.js';
import { allRules } from './registry.js';

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
  for (const meta of allRules()) {
    const override = overrides[meta.id];
    if (!override) continue;
    rules[meta.id] = override;
    if (meta.kind === 'page') page.rules[meta.id] = { severity: override.severity ?? meta.severity, options: override.options };
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
