/*
 * Drift test: `endpointFilename` (src/platform/slug.ts), the file name part of a generated
 * endpoint page's URL, against the platform's own `prepareStringToBeValidFilename` (pinned
 * @mintlify/common, `openapi/filenameUtils.js`), which turns an OpenAPI operation's summary (or its
 * path, or a webhook's name) into the page's slug. doclint uses it to know the URLs of endpoint
 * pages, so a difference is a link to an endpoint page judged wrongly.
 */
import fc from 'fast-check';
import { endpointFilename } from '../../src/platform/slug.js';
import { CURATED_TITLES, titleArbitrary } from './generators.js';
import { common, platformMissingReason } from './platform.js';
import { testIf } from '../helpers/needs.js';

const reason = platformMissingReason();
const maybe = testIf(reason);

const SEED = 20250613;

interface FilenameModule {
  prepareStringToBeValidFilename(text: string | undefined): string | undefined;
}

let platform: FilenameModule;

beforeAll(async () => {
  if (reason) return;
  platform = await common<FilenameModule>('openapi/filenameUtils.js');
});

/** Summaries, paths and webhook names as specs write them. */
const CURATED: readonly (string | undefined)[] = [
  undefined,
  '',
  ' ',
  '  Leading space',
  'Trailing space  ',
  "Get task's document payload",
  'Delete a DLQ message',
  'Create task (beta)',
  'API v2.0 / Create-Update',
  '/users/{userId}/tasks',
  '/v1/items/{item_id}/sub-items',
  '/{a}{b}',
  '/a/{b}/c/{d}',
  '{',
  '}',
  '{}',
  '{x',
  'x}',
  'Task Management',
  'a - b',
  'a -- b',
  'a---b',
  'a----b',
  '-a-',
  '--a--',
  ' - ',
  'Tom & Jerry: 100%?',
  'Créer un utilisateur & Hello',
  'order.created',
  'noSummaryHook',
  'Line\nbreak',
  'Line\r\nbreak',
  'Tab\tinside',
  'Multiple   spaces',
  'UPPER lower MiXeD',
  'İstanbul',
  'ΣΊΣΥΦΟΣ',
  '🚀 Launch',
  'a/b\\c',
  "a,b.c(d)e'f",
  'a#b?c=d&e',
  'x+y',
];

describe("endpoint page file names: doclint against the platform's prepareStringToBeValidFilename", () => {
  maybe(`endpointFilename is the platform's (${CURATED.length} curated summaries, paths and names)`, () => {
    const differing = CURATED.flatMap((text) => {
      const expected = platform.prepareStringToBeValidFilename(text);
      const actual = endpointFilename(text);
      return actual === expected ? [] : [{ text, platform: expected, doclint: actual }];
    });
    expect(differing).toEqual([]);
  });

  maybe(`endpointFilename is the platform's (${CURATED_TITLES.length} curated heading titles)`, () => {
    const differing = CURATED_TITLES.flatMap((text) => {
      const expected = platform.prepareStringToBeValidFilename(text);
      const actual = endpointFilename(text);
      return actual === expected ? [] : [{ text, platform: expected, doclint: actual }];
    });
    expect(differing).toEqual([]);
  });

  maybe("endpointFilename is the platform's (5,000 generated strings, with braces, dashes and line breaks)", () => {
    const extra = fc.constantFrom(
      '{',
      '}',
      '{id}',
      '{a}{b}',
      '-',
      '--',
      ' - ',
      '\n',
      '\r\n',
      '/',
      '(',
      ')',
      ',',
      '.',
      "'",
      ' ',
    );
    const text = fc.array(fc.oneof(titleArbitrary(4), extra), { maxLength: 8 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (t) => {
        expect(endpointFilename(t)).toBe(platform.prepareStringToBeValidFilename(t));
      }),
      { seed: SEED, numRuns: 5000 },
    );
  });
});
