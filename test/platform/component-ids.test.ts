/*
 * Drift test: the ids doclint gives components (src/platform/slug.ts) against the platform's own
 * functions in the pinned @mintlify/common:
 * - `componentIdCounter` (ids of `<Accordion title>` and `<View title>`, repeats numbered `-1`,
 *   `-2`…) against `generateComponentId`, and against the counters of the platform's
 *   `remarkComponentIds` run on pages of `<View>`s and of `<Accordion>`s (titles without markdown:
 *   the platform reads an Accordion's title as markdown first, which the page test covers);
 * - `paramFieldId` (`<ParamField>`, `<Param>`, `<ResponseField>`) against `generateParamFieldId`.
 * A `#fragment` link to a component is checked against these ids.
 */
import fc from 'fast-check';
import { componentIdCounter, paramFieldId } from '../../src/platform/slug.js';
import { CURATED_TITLES, titleArbitrary, titleListArbitrary } from './generators.js';
import { common, platformMissingReason } from './platform.js';
import { testIf } from '../helpers/needs.js';

const reason = platformMissingReason();
const maybe = testIf(reason);

const SEED = 20250614;

type Tree = { type: 'root'; children: Array<Record<string, unknown>> };
interface Attribute {
  type: string;
  name: string;
  value: unknown;
}

let generateComponentId: (title: string, count?: number) => string;
let generateParamFieldId: (name: string, count: number) => string;
let remarkComponentIds: (metadata: Record<string, unknown>) => (tree: Tree) => void;
let remarkParseTitleMarkdown: () => (tree: Tree) => void;
let titleMarkdownToText: (title: string) => string;

beforeAll(async () => {
  if (reason) return;
  const ids = await common<{
    generateComponentId: typeof generateComponentId;
    remarkComponentIds: typeof remarkComponentIds;
  }>('mdx/plugins/remark/remarkComponentIds.js');
  generateComponentId = ids.generateComponentId;
  remarkComponentIds = ids.remarkComponentIds;
  generateParamFieldId = (
    await common<{ generateParamFieldId: typeof generateParamFieldId }>('mdx/plugins/rehype/rehypeParamFieldIds.js')
  ).generateParamFieldId;
  remarkParseTitleMarkdown = (
    await common<{ remarkParseTitleMarkdown: typeof remarkParseTitleMarkdown }>(
      'mdx/plugins/remark/remarkTitleMarkdown.js',
    )
  ).remarkParseTitleMarkdown;
  titleMarkdownToText = (await common<{ titleMarkdownToText: typeof titleMarkdownToText }>('mdx/titleMarkdown.js'))
    .titleMarkdownToText;
});

/** The ids the platform's component pass gives a page of `<name title="…">` elements, in order. */
function platformIds(name: 'View' | 'Accordion', titles: readonly string[]): string[] {
  const tree: Tree = {
    type: 'root',
    children: titles.map((title) => ({
      type: 'mdxJsxFlowElement',
      name,
      attributes: [{ type: 'mdxJsxAttribute', name: 'title', value: title }],
      children: [],
    })),
  };
  remarkParseTitleMarkdown()(tree);
  remarkComponentIds({})(tree);
  return tree.children.map((node) => {
    const id = (node.attributes as Attribute[]).find((a) => a.name === 'id');
    return typeof id?.value === 'string' ? id.value : '';
  });
}

function doclintIds(titles: readonly string[]): string[] {
  const next = componentIdCounter();
  return titles.map((t) => next(t));
}

/** Titles as a page gives them to the id pass: not empty (an empty title gives no id at all). */
const nonEmpty = (titles: readonly string[]) => titles.filter((t) => t !== '');

const PARAM_NAMES: readonly string[] = [
  'user_id',
  'userId',
  'UserID',
  'X-API-Key',
  'x-api-key',
  'data.items',
  'data[].id',
  'page[size]',
  'HTTPStatus',
  'httpStatus',
  'getHTTPResponseCode',
  'Foo Bar',
  'param-x',
  'id',
  'ID',
  '_id',
  '__proto__',
  'a_1',
  'a1b2',
  'v2.0',
  'über',
  'Größe',
  'naïve',
  '日本語',
  '🚀',
  'C++',
  'a & b',
  'a-1',
  'a_1_2',
  '',
  ' ',
  '-',
];

describe('component ids: doclint against the platform', () => {
  maybe(
    `componentIdCounter's first id is the platform's generateComponentId (${CURATED_TITLES.length} curated titles and 1,000 generated)`,
    () => {
      const differing = nonEmpty(CURATED_TITLES).flatMap((title) => {
        const expected = generateComponentId(title);
        const actual = componentIdCounter()(title);
        return actual === expected ? [] : [{ title, platform: expected, doclint: actual }];
      });
      expect(differing).toEqual([]);
      fc.assert(
        fc.property(
          titleArbitrary().filter((t) => t !== ''),
          (title) => {
            expect(componentIdCounter()(title)).toBe(generateComponentId(title));
          },
        ),
        { seed: SEED, numRuns: 1000 },
      );
    },
  );

  maybe("componentIdCounter numbers repeats as the platform's <View> ids (200 generated pages)", () => {
    fc.assert(
      fc.property(titleListArbitrary().map(nonEmpty), (titles) => {
        expect(doclintIds(titles)).toEqual(platformIds('View', titles));
      }),
      { seed: SEED + 1, numRuns: 200 },
    );
  });

  maybe(
    "componentIdCounter numbers repeats as the platform's <Accordion> ids, titles without markdown (150 generated pages)",
    () => {
      fc.assert(
        fc.property(
          titleListArbitrary().map((titles) => nonEmpty(titles).filter((t) => titleMarkdownToText(t) === t)),
          (titles) => {
            expect(doclintIds(titles)).toEqual(platformIds('Accordion', titles));
          },
        ),
        { seed: SEED + 2, numRuns: 150 },
      );
    },
  );

  maybe(`paramFieldId is the platform's generateParamFieldId (${PARAM_NAMES.length} curated names, counts 0–3)`, () => {
    const differing = PARAM_NAMES.flatMap((name) =>
      [0, 1, 2, 3].flatMap((count) => {
        const expected = generateParamFieldId(name, count);
        const actual = paramFieldId(name, count);
        return actual === expected ? [] : [{ name, count, platform: expected, doclint: actual }];
      }),
    );
    expect(differing).toEqual([]);
  });

  maybe("paramFieldId is the platform's generateParamFieldId (1,000 generated names and counts)", () => {
    const name = fc.oneof(titleArbitrary(6), fc.constantFrom(...PARAM_NAMES));
    fc.assert(
      fc.property(name, fc.nat(12), (n, count) => {
        expect(paramFieldId(n, count)).toBe(generateParamFieldId(n, count));
      }),
      { seed: SEED + 3, numRuns: 1000 },
    );
  });
});
