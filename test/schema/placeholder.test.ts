import { fieldLabel, isPlaceholder } from '../../src/schema/placeholder.js';
import { config, expectedAt, lintDocsJson } from './helpers.js';

describe('isPlaceholder', () => {
  test.each([
    '<API_KEY>',
    '<MEASUREMENT_ID>',
    'https://<your-posthog-host>',
    'YOUR_MEASUREMENT_ID',
    'your-api-key',
    'YOUR MIXPANEL TOKEN',
    'G-XXXXXXX',
    'G-XXXXXXXXXX',
    'GTM-XXXXXX',
    'phc_XXXXXXXX',
    'xxxxxxxx',
    'xxxx-xxxx-xxxx',
    '********',
    'phc_...',
    'abc…',
    '...',
    'TODO',
    'todo: add key',
    'TBD',
    'FIXME',
    'REPLACE_ME',
    'replace-me',
    'CHANGEME',
    'insert key here',
    'placeholder',
    'required',
    'MEASUREMENT_ID',
    'API_KEY',
    '{{GA_ID}}',
    '${POSTHOG_KEY}',
  ])('%s is a placeholder', (value) => {
    expect(isPlaceholder(value)).toBe(true);
  });

  test.each([
    'G-8KQ2TZ4M1R',
    'GTM-KJQH6F2',
    'phc_Xr7bV2kQm9LpT4sWz6NcA1dHf3JyE8uGo5iRqKvBn0',
    'pk_963cd5673bdab99d6452d82210e66c3ed5b2',
    'q7fz3xkd',
    'https://eu.i.posthog.com',
    'docs.acme.io',
    'add-ons.acme.io',
    'enterprise-docs',
    'nqJxiRG15Y6M594P8Sb8ESEciU3VC2',
    '3712345',
    '6',
    'acme/docs',
    'Analytics',
    'consent',
    'axxxb',
  ])('%s is a real value', (value) => {
    expect(isPlaceholder(value)).toBe(false);
  });

  test.each([
    ['ga4', 'measurementId', 'measurement ID'],
    ['posthog', 'apiKey', 'API key'],
    ['clearbit', 'publicApiKey', 'public API key'],
    ['mixpanel', 'projectToken', 'project token'],
    ['hotjar', 'hjid', 'Hotjar site ID'],
    ['gtm', 'tagId', 'Tag Manager container ID'],
    ['segment', 'key', 'Segment write key'],
    ['adobe', 'launchUrl', 'Adobe launch URL'],
  ])('%s.%s reads as "%s"', (provider, field, label) => {
    expect(fieldLabel(provider, field)).toBe(label);
  });
});

describe('config-placeholder', () => {
  test.each([
    [
      { ga4: { measurementId: 'G-XXXXXXX' } },
      '"G-XXXXXXX"',
      'integrations.ga4.measurementId looks like a placeholder ("G-XXXXXXX"); set your real measurement ID',
    ],
    [{ posthog: { apiKey: 'phc_...' } }, '"phc_..."', 'integrations.posthog.apiKey looks like a placeholder ("phc_..."); set your real API key'],
    [
      { mixpanel: { projectToken: 'YOUR_MIXPANEL_PROJECT_TOKEN' } },
      '"YOUR_MIXPANEL_PROJECT_TOKEN"',
      'integrations.mixpanel.projectToken looks like a placeholder ("YOUR_MIXPANEL_PROJECT_TOKEN"); set your real project token',
    ],
    [{ amplitude: { apiKey: '<API_KEY>' } }, '"<API_KEY>"', 'integrations.amplitude.apiKey looks like a placeholder ("<API_KEY>"); set your real API key'],
    [{ intercom: { appId: 'REPLACE_ME' } }, '"REPLACE_ME"', 'integrations.intercom.appId looks like a placeholder ("REPLACE_ME"); set your real app ID'],
    [{ hotjar: { hjid: 'TODO', hjsv: '6' } }, '"TODO"', 'integrations.hotjar.hjid looks like a placeholder ("TODO"); set your real Hotjar site ID'],
    [{ segment: { key: '' } }, '""', 'integrations.segment.key is empty; set your real Segment write key'],
  ])('%j', async (integrations, needle, message) => {
    const text = config({ integrations });
    expect(await lintDocsJson(text)).toEqual([expectedAt(text, needle, 'config-placeholder', 'warning', message)]);
  });

  test('a placeholder that also breaks the schema is one error that says both', async () => {
    const text = config({ integrations: { ga4: { measurementId: '<MEASUREMENT_ID>' } } });
    expect(await lintDocsJson(text)).toEqual([
      expectedAt(
        text,
        '"<MEASUREMENT_ID>"',
        'config-schema',
        'error',
        'integrations.ga4.measurementId must begin with "G" (got "<MEASUREMENT_ID>"); it looks like a placeholder, set your real measurement ID',
      ),
    ]);
  });

  test('an empty value that breaks a limit: the schema error alone', async () => {
    const text = config({ integrations: { intercom: { appId: '' } } });
    expect(await lintDocsJson(text)).toEqual([
      expectedAt(text, '""', 'config-schema', 'error', 'integrations.intercom.appId must be at least 6 characters long (got "", 0 characters)'),
    ]);
  });

  test('values outside integrations and choice fields are not checked', async () => {
    const text = config({ name: 'TODO', integrations: { mixpanel: { projectToken: '9f8e7d6c', region: 'us' } }, seo: { metatags: { description: 'TODO' } } });
    expect(await lintDocsJson(text)).toEqual([]);
  });
});
