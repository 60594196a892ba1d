import fc from 'fast-check';
import { checkPathOrUrl, type PathOrUrlKind } from '../../src/schema/checks.js';
import { PLATFORM_PACKAGE } from './harness.mjs';
import { testIf } from '../helpers/needs.js';

/*
 * doclint's path and URL checks (src/schema/checks.ts) against the platform's own string schemas,
 * on random strings: plain text, web URLs, and values built from the prefixes the rules look at.
 */

type StringSchema = { safeParse(value: unknown): { success: boolean } };

async function platformSchemas(): Promise<Record<PathOrUrlKind, StringSchema> | string> {
  const base = `${PLATFORM_PACKAGE}/dist/mint-config/schemas/v2/properties/`;
  try {
    const { hrefSchema, secureHrefSchema } = (await import(`${base}reusable/href.js`)) as Record<string, StringSchema>;
    const { secureUrlSchema } = (await import(`${base}reusable/safeUrl.js`)) as Record<string, StringSchema>;
    const { openapiStringSchema } = (await import(`${base}reusable/openapi.js`)) as Record<string, StringSchema>;
    const { graphqlStringSchema } = (await import(`${base}reusable/graphql.js`)) as Record<string, StringSchema>;
    const { seoOrganizationSchema } = (await import(`${base}seo.js`)) as Record<
      string,
      { shape: { url: StringSchema } }
    >;
    const integrations = (await import(`${base}integrations.js`)) as {
      integrationsSchema: {
        shape: Record<string, { unwrap(): { shape: Record<string, { unwrap(): StringSchema }> } }>;
      };
    };
    const field = (provider: string, name: string) =>
      integrations.integrationsSchema.shape[provider]!.unwrap().shape[name]!.unwrap();
    return {
      url: seoOrganizationSchema!.shape.url,
      href: hrefSchema!,
      'secure-href': secureHrefSchema!,
      'secure-url': secureUrlSchema!,
      'https-url': field('onetrust', 'scriptSource'),
      'cdn-url': field('segment', 'cdnUrl'),
      'spec-source': openapiStringSchema!,
      'https-source': graphqlStringSchema!,
    };
  } catch (error) {
    return `${PLATFORM_PACKAGE} cannot be imported (${String((error as Error).message).split('\n')[0]})`;
  }
}

const schemas = await platformSchemas();
const maybe = testIf(typeof schemas === 'string' ? schemas : undefined);

const PREFIXES = [
  '',
  ' ',
  '/',
  '//',
  '#',
  '?',
  'mailto:',
  'http://',
  'https://',
  'HTTPS://',
  'ftp://',
  'javascript:',
  'data:',
  'file:///',
  'C:\\',
  './',
  '../',
  'https://example.com/',
  'https://example.com/a.svg',
  'https://example.com/x.exe/',
];
const SUFFIXES = ['', '/', '//', '?', '?a=1', '#', '#x', '.svg', '.ZIP', '.exe/', ' ', '%', '%2e', '%E0%A4%A', 'a b'];
const value = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ maxLength: 12, unit: 'grapheme' }),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc
    .tuple(
      fc.constantFrom(...PREFIXES),
      fc.oneof(fc.domain(), fc.string({ maxLength: 10 }), fc.webPath()),
      fc.constantFrom(...SUFFIXES),
    )
    .map((parts) => parts.join('')),
);

describe(`path and URL checks agree with ${PLATFORM_PACKAGE}`, () => {
  maybe.each([
    'url',
    'href',
    'secure-href',
    'secure-url',
    'https-url',
    'cdn-url',
    'spec-source',
    'https-source',
  ] as PathOrUrlKind[])('%s', (kind) => {
    const schema = (schemas as Record<PathOrUrlKind, StringSchema>)[kind];
    fc.assert(
      fc.property(value, (v) => checkPathOrUrl(kind, v) === schema.safeParse(v).success),
      { seed: 20240611, numRuns: 3000 },
    );
  });
});
