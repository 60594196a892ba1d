import { defineMeta, type RuleMeta } from '../core/rule.js';

/** The rules that check docs.json itself. `config-json` findings come from `loadConfig`; the rest from `validateConfig`. */
export const configJsonMeta = defineMeta({
  id: 'config-json',
  kind: 'config',
  description: 'docs.json (and every file it pulls in with "$ref") must be well-formed JSON.',
  severity: 'error',
  fixable: false,
});

export const configSchemaMeta = defineMeta({
  id: 'config-schema',
  kind: 'config',
  description: 'docs.json must follow the platform schema: required fields, types, allowed values and integration limits.',
  severity: 'error',
  fixable: false,
});

export const configUnknownKeyMeta = defineMeta({
  id: 'config-unknown-key',
  kind: 'config',
  description: 'Keys the platform does not know are ignored; they are usually misspellings.',
  severity: 'warning',
  fixable: true,
});

export const configPlaceholderMeta = defineMeta({
  id: 'config-placeholder',
  kind: 'config',
  description: 'Integration keys and IDs must not be left as placeholders such as "<API_KEY>" or "G-XXXXXXX".',
  severity: 'warning',
  fixable: false,
});

export const configRules: RuleMeta[] = [configJsonMeta, configSchemaMeta, configUnknownKeyMeta, configPlaceholderMeta];
