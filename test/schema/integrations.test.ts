import { config, expectedAt, lintDocsJson } from './helpers.js';

/** A valid settings object for every provider the platform accepts. */
const VALID: Record<string, Record<string, unknown>> = {
  adobe: { launchUrl: 'https://assets.adobedtm.com/launch-EN1234.min.js' },
  amplitude: { apiKey: 'f3a9c2e1b7d4a6c8' },
  clarity: { projectId: 'k2x9m4p7q1' },
  clearbit: { publicApiKey: 'pk_4f1e2d3c9b8a' },
  cookies: { key: 'consent', value: 'granted' },
  fathom: { siteId: 'ABCDEFGH' },
  frontchat: { snippetId: '3f9a2c7e' },
  ga4: { measurementId: 'G-8KQ2TZ4M1R' },
  gtm: { tagId: 'GTM-KJQH6F2' },
  heap: { appId: '1234567890' },
  hightouch: { writeKey: 'wk_7f3e9a', apiHost: 'https://us-east-1.hightouch-events.com' },
  hotjar: { hjid: '3712345', hjsv: '6' },
  intercom: { appId: 'q7fz3xkd' },
  koala: { publicApiKey: 'pk_963cd5673b' },
  logrocket: { appId: 'acme/docs' },
  mixpanel: { projectToken: '9f8e7d6c5b4a', region: 'eu' },
  onetrust: { domainScript: '0190a1b2-c3d4-7e5f', categoryId: 'C0002', scriptSource: 'https://cdn.cookielaw.org/scripttemplates/otSDKStub.js' },
  pirsch: { id: '8Xq2Lm4Np' },
  plausible: { domain: 'docs.acme.io', server: 'plausible.acme.io' },
  posthog: { apiKey: 'phc_Xr7bV2kQm9LpT4sW', apiHost: 'https://eu.i.posthog.com', sessionRecording: true },
  segment: { key: 'nqJxiRG15Y6M594P', cdnUrl: 'https://cdn.acme.io' },
  telemetry: { enabled: false },
  transcend: { bundleId: 'a1b2-c3_d4', analyticsPurpose: 'Analytics' },
};

/** Required fields per provider, as the platform reference lists them. */
const REQUIRED: Record<string, string[]> = {
  adobe: ['launchUrl'],
  amplitude: ['apiKey'],
  clarity: ['projectId'],
  clearbit: ['publicApiKey'],
  cookies: [],
  fathom: ['siteId'],
  frontchat: ['snippetId'],
  ga4: ['measurementId'],
  gtm: ['tagId'],
  heap: ['appId'],
  hightouch: ['writeKey'],
  hotjar: ['hjid', 'hjsv'],
  intercom: ['appId'],
  koala: ['publicApiKey'],
  logrocket: ['appId'],
  mixpanel: ['projectToken'],
  onetrust: ['domainScript'],
  pirsch: ['id'],
  plausible: ['domain'],
  posthog: ['apiKey'],
  segment: ['key'],
  telemetry: [],
  transcend: ['bundleId'],
};

const ALL_PROVIDERS = Object.keys(VALID).sort();

describe('integrations: valid settings', () => {
  test('every provider of the platform is known', () => {
    expect(ALL_PROVIDERS).toEqual(Object.keys(REQUIRED).sort());
    expect(ALL_PROVIDERS).toHaveLength(23);
  });

  test.each(ALL_PROVIDERS)('%s with valid settings: no findings', async (provider) => {
    expect(await lintDocsJson(config({ integrations: { [provider]: VALID[provider] } }))).toEqual([]);
  });

  test('all providers at once: no findings', async () => {
    expect(await lintDocsJson(config({ integrations: VALID }))).toEqual([]);
  });

  test.each(['cookies', 'telemetry'])('%s has no required field', async (provider) => {
    expect(await lintDocsJson(config({ integrations: { [provider]: {} } }))).toEqual([]);
  });
});

describe('integrations: missing required fields', () => {
  const cases = ALL_PROVIDERS.filter((p) => REQUIRED[p]!.length > 0);
  test.each(cases)('%s without its required fields', async (provider) => {
    const text = config({ integrations: { [provider]: {} } });
    const expected = REQUIRED[provider]!.map((field) =>
      expectedAt(text, `"${provider}"`, 'config-schema', 'error', `integrations.${provider} is missing "${field}"`),
    );
    expect(await lintDocsJson(text)).toEqual(expected);
  });
});

type Case = [name: string, settings: Record<string, unknown>, expected: Array<[needle: string, message: string]>];

// Each case sets one provider; the needle is the text the finding must cover exactly.
const INVALID: Case[] = [
  ['ga4 id of the wrong type', { ga4: { measurementId: 4410 } }, [['4410', 'integrations.ga4.measurementId must be a string (got number 4410)']]],
  [
    'ga4 id not beginning with G (Universal Analytics id)',
    { ga4: { measurementId: 'UA-4410-2' } },
    [['"UA-4410-2"', 'integrations.ga4.measurementId must begin with "G" (got "UA-4410-2")']],
  ],
  [
    'ga4 id in lower case',
    { ga4: { measurementId: 'g-8kq2tz4m1r' } },
    [['"g-8kq2tz4m1r"', 'integrations.ga4.measurementId must begin with "G" (got "g-8kq2tz4m1r")']],
  ],
  ['gtm id not beginning with G', { gtm: { tagId: 'KJQH6F2' } }, [['"KJQH6F2"', 'integrations.gtm.tagId must begin with "G" (got "KJQH6F2")']]],
  ['gtm id of the wrong type', { gtm: { tagId: true } }, [['true', 'integrations.gtm.tagId must be a string (got boolean true)']]],
  [
    'posthog key not beginning with phc_',
    { posthog: { apiKey: 'pk_live_123' } },
    [['"pk_live_123"', 'integrations.posthog.apiKey must begin with "phc_" (got a value not shown: its key names a credential)']],
  ],
  [
    'posthog host that is not a URI',
    { posthog: { apiKey: 'phc_abc123', apiHost: 'eu.i.posthog.com' } },
    [['"eu.i.posthog.com"', 'integrations.posthog.apiHost must be a full URL such as "https://example.com/path" (got "eu.i.posthog.com")']],
  ],
  [
    'posthog sessionRecording as a string',
    { posthog: { apiKey: 'phc_abc123', sessionRecording: 'yes' } },
    [['"yes"', 'integrations.posthog.sessionRecording must be true or false (got "yes")']],
  ],
  [
    'adobe launch URL that is a bare file name',
    { adobe: { launchUrl: 'launch-EN1234.min.js' } },
    [['"launch-EN1234.min.js"', 'integrations.adobe.launchUrl must be a full URL such as "https://example.com/path" (got "launch-EN1234.min.js")']],
  ],
  ['adobe launch URL of the wrong type', { adobe: { launchUrl: 42 } }, [['42', 'integrations.adobe.launchUrl must be a string (got number 42)']]],
  [
    'intercom app id shorter than 6',
    { intercom: { appId: 'q7fz3' } },
    [['"q7fz3"', 'integrations.intercom.appId must be at least 6 characters long (got "q7fz3", 5 characters)']],
  ],
  [
    'frontchat snippet id shorter than 6',
    { frontchat: { snippetId: '3f9' } },
    [['"3f9"', 'integrations.frontchat.snippetId must be at least 6 characters long (got "3f9", 3 characters)']],
  ],
  [
    'hotjar id as a number and no version',
    { hotjar: { hjid: 3712345 } },
    [
      ['"hotjar"', 'integrations.hotjar is missing "hjsv"'],
      ['3712345', 'integrations.hotjar.hjid must be a string (got number 3712345)'],
    ],
  ],
  [
    'mixpanel region not in us/eu/in',
    { mixpanel: { projectToken: '9f8e7d6c', region: 'europe' } },
    [['"europe"', 'integrations.mixpanel.region must be one of us, eu, in (got "europe")']],
  ],
  [
    'transcend bundle id with spaces',
    { transcend: { bundleId: 'my bundle' } },
    [['"my bundle"', 'integrations.transcend.bundleId may only contain letters, numbers, hyphens and underscores (got "my bundle")']],
  ],
  ['cookies key as a number', { cookies: { key: 1 } }, [['1', 'integrations.cookies.key must be a string (got number 1)']]],
  ['telemetry flag as a string', { telemetry: { enabled: 'false' } }, [['"false"', 'integrations.telemetry.enabled must be true or false (got "false")']]],
  [
    'plausible server of the wrong type',
    { plausible: { domain: 'docs.acme.io', server: 8080 } },
    [['8080', 'integrations.plausible.server must be a string (got number 8080)']],
  ],
  // The platform wants host names here, and rejects a URL.
  [
    'plausible domain written as an https URL',
    { plausible: { domain: 'https://docs.acme.io' } },
    [['"https://docs.acme.io"', 'integrations.plausible.domain must not start with "https://"; write the host name only (got "https://docs.acme.io")']],
  ],
  [
    'transcend bundle id with spaces around it (trimmed, valid) and an empty purpose',
    { transcend: { bundleId: ' a1b2 ', analyticsPurpose: '  ' } },
    [['"  "', 'integrations.transcend.analyticsPurpose must be 1 to 100 characters long, not counting spaces around it (got "  ")']],
  ],
  [
    'koala key shorter than 2',
    { koala: { publicApiKey: 'k' } },
    [['"k"', 'integrations.koala.publicApiKey must be at least 2 characters long (got 1 characters)']],
  ],
  [
    'onetrust script source over http',
    { onetrust: { domainScript: '0190a1b2', scriptSource: 'http://cdn.cookielaw.org/otSDKStub.js' } },
    [['"http://cdn.cookielaw.org/otSDKStub.js"', 'integrations.onetrust.scriptSource must be an https URL (got "http://cdn.cookielaw.org/otSDKStub.js")']],
  ],
  [
    'segment CDN URL with a query',
    { segment: { key: 'nqJxiRG15Y', cdnUrl: 'https://cdn.acme.io/?v=2' } },
    [['"https://cdn.acme.io/?v=2"', 'integrations.segment.cdnUrl must be an https URL without a query or fragment (got "https://cdn.acme.io/?v=2")']],
  ],
  // Lengths count UTF-16 code units, as the platform does: three emoji are six.
  ['intercom app id of three emoji (six code units) is long enough', { intercom: { appId: '😀😀😀' } }, []],
  ['a provider that is a string, not an object', { ga4: 'G-8KQ2TZ4M1R' }, [['"G-8KQ2TZ4M1R"', 'integrations.ga4 must be an object (got "G-8KQ2TZ4M1R")']]],
  [
    'an unknown key next to the required one',
    { ga4: { measurementId: 'G-8KQ2TZ4M1R', debug: true } },
    [['"debug"', 'unknown key "debug" in integrations.ga4; the platform ignores it']],
  ],
];

describe('integrations: invalid settings', () => {
  test.each(INVALID)('%s', async (_name, settings, expected) => {
    const text = config({ integrations: settings });
    const found = await lintDocsJson(text);
    expect(found).toEqual(
      expected.map(([needle, message]) =>
        expectedAt(
          text,
          needle,
          message.startsWith('unknown key') ? 'config-unknown-key' : 'config-schema',
          message.startsWith('unknown key') ? 'warning' : 'error',
          message,
        ),
      ),
    );
  });

  test('integrations that is not an object', async () => {
    const text = config({ integrations: ['ga4'] });
    expect(await lintDocsJson(text)).toEqual([
      expectedAt(text, '[\n    "ga4"\n  ]', 'config-schema', 'error', 'integrations must be an object (got an array)'),
    ]);
  });
});

describe('integrations: unknown providers are errors', () => {
  test('a misspelt provider gets a suggestion', async () => {
    const text = config({ integrations: { segmentt: { key: 'nqJxiRG15Y' } } });
    expect(await lintDocsJson(text)).toEqual([
      expectedAt(text, '"segmentt"', 'config-schema', 'error', 'unknown integration provider "segmentt"; did you mean "segment"?'),
    ]);
  });

  test('"ga" is not a provider name (ga4 is)', async () => {
    const text = config({ integrations: { ga: { measurementId: 'G-1' } } });
    expect(await lintDocsJson(text)).toEqual([expectedAt(text, '"ga"', 'config-schema', 'error', 'unknown integration provider "ga"; did you mean "ga4"?')]);
  });

  test('an unrelated name lists the supported providers', async () => {
    const text = config({ integrations: { matomo: { siteId: '1' } } });
    expect(await lintDocsJson(text)).toEqual([
      expectedAt(text, '"matomo"', 'config-schema', 'error', `unknown integration provider "matomo"; supported providers are ${ALL_PROVIDERS.join(', ')}`),
    ]);
  });
});

describe('integrations: a misspelt required field', () => {
  test('is reported twice: the missing field (error, why the build fails) and the misspelling (warning, with the rename fix)', async () => {
    const text = config({ integrations: { ga4: { measurmentId: 'G-8KQ2TZ4M1R' } } });
    expect(await lintDocsJson(text)).toEqual([
      expectedAt(text, '"ga4"', 'config-schema', 'error', 'integrations.ga4 is missing "measurementId"; did you misspell it as "measurmentId"?'),
      expectedAt(text, '"measurmentId"', 'config-unknown-key', 'warning', 'unknown key "measurmentId" in integrations.ga4; did you mean "measurementId"?'),
    ]);
  });
});
