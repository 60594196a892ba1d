import path from 'node:path';
import { validateConfig } from '../../src/schema/validate.js';
import { loadDocsJson } from '../../src/site/docs-json.js';
import { config, spanOf, writeSite } from './helpers.js';

/** The validation gives data (no rule ids): the docs.json rules turn it into findings. */
describe('validateConfig as data', () => {
  test('errors, unknown keys and placeholder values, each with its pointer and place', async () => {
    const text = config({
      theme: 'mintt',
      colours: { primary: '#000' },
      tabs: [],
      integrations: { ga4: { measurementId: 'G-XXXXXXX' }, posthog: { apiKey: 'phc_...', apiHost: 'nope' } },
    });
    const root = writeSite({ 'docs.json': text });
    const file = path.join(root, 'docs.json');
    const doc = await loadDocsJson(file, root);
    const v = validateConfig(doc);
    const at = (needle: string) => ({ file, ...spanOf(text, needle) });
    const range = (needle: string) => [text.indexOf(needle), text.indexOf(needle) + needle.length];
    expect(v.errors).toEqual([
      {
        pointer: '/theme',
        on: 'value',
        place: at('"mintt"'),
        message: 'theme must be one of mint, maple, palm, willow, linden, almond, aspen, sequoia, luma (got "mintt"); did you mean "mint"?',
      },
      {
        pointer: '/integrations/posthog/apiHost',
        on: 'value',
        place: at('"nope"'),
        message: 'integrations.posthog.apiHost must be a full URL such as "https://example.com/path" (got "nope")',
      },
    ]);
    expect(v.unknownKeys).toEqual([
      { pointer: '/colours', on: 'key', key: 'colours', owner: undefined, reason: 'unknown', closest: 'colors', closestPresent: true, place: at('"colours"'), nameRange: range('"colours"') },
      { pointer: '/tabs', on: 'key', key: 'tabs', owner: undefined, reason: 'navigation-at-top-level', place: at('"tabs"'), nameRange: range('"tabs"') },
    ]);
    expect(v.placeholders).toEqual([
      {
        pointer: '/integrations/ga4/measurementId',
        path: 'integrations.ga4.measurementId',
        provider: 'ga4',
        field: 'measurementId',
        value: 'G-XXXXXXX',
        empty: false,
        label: 'measurement ID',
        place: at('"G-XXXXXXX"'),
      },
      {
        pointer: '/integrations/posthog/apiKey',
        path: 'integrations.posthog.apiKey',
        provider: 'posthog',
        field: 'apiKey',
        value: 'phc_...',
        empty: false,
        label: 'API key',
        place: at('"phc_..."'),
      },
    ]);
    expect(JSON.stringify(v)).not.toMatch(/ruleId|config-/);
  });

  test('a docs.json that did not parse has nothing to validate', async () => {
    const root = writeSite({ 'docs.json': '{ "theme": ' });
    const doc = await loadDocsJson(path.join(root, 'docs.json'), root);
    expect(doc.value).toBeUndefined();
    expect(validateConfig(doc)).toEqual({ errors: [], unknownKeys: [], placeholders: [] });
  });
});
