/*
 * Drift test: doclint's heading slugs (src/platform/slug.ts) against the platform's own code, the
 * pinned @mintlify/common that `node scripts/platform-install.mjs` installs. doclint re-implements
 * the platform's anchors so that it can tell which `#fragment` links resolve; when the platform
 * changes a rule, these tests fail and name the input that now differs.
 *
 * Compared, on curated titles and on thousands of generated ones (fast-check, fixed seeds):
 * - the raw slug of a title (`rawHeadingSlug` / the platform's `slugify`);
 * - the id as the page shows it (`cleanHeadingId` / the platform's `safeCleanHeadingId`);
 * - the page-wide counter over repeated titles (`slugCounter` / the counter the platform's
 *   `remarkComponentIds` gives markdown headings);
 * - the table of contents' second pass that keeps ids unique (`uniqueIds` / the platform's
 *   `remarkExtractTableOfContents`), run on pages of plain headings: that pass writes the cleaned,
 *   unique id on each heading, and the `Heading` component cleans its id once more when it
 *   renders (the platform's `COMPONENTS_WITH_CLEANED_ID`; its link checker does the same);
 * - custom ids, `## Title {#id}` (`normaliseCustomId` / the platform's `{#id}` pre-pass).
 */
import fc from 'fast-check';
import {
  cleanHeadingId,
  markdownHeadingId,
  normaliseCustomId,
  rawHeadingSlug,
  slugCounter,
  uniqueIds,
} from '../../src/platform/slug.js';
import { CURATED_PAGES, CURATED_TITLES, sample, titleArbitrary, titleListArbitrary } from './generators.js';
import { common, platformMissingReason } from './platform.js';
import { testIf } from '../helpers/needs.js';

const reason = platformMissingReason();
const maybe = testIf(reason);

const SEED = 20250611;

interface SlugModule {
  slugify(text: string): string;
  cleanHeadingId(id: string): string;
  safeCleanHeadingId(id: string): string;
}
type Tree = { type: 'root'; children: Array<Record<string, unknown>> };
interface Attribute {
  type: string;
  name: string;
  value: unknown;
}
interface ComponentIdsModule {
  remarkComponentIds(metadata: Record<string, unknown>): (tree: Tree) => void;
}
interface TocModule {
  remarkExtractTableOfContents(
    extracts: Record<string, unknown>,
    metadata: Record<string, unknown>,
  ): (tree: Tree) => void;
}
interface UnicodeIdsModule {
  rehypeUnicodeIds(): (tree: Tree) => void;
}
interface CustomIdModule {
  preprocessCustomHeadingIds(content: string): string;
}

let platform: SlugModule;
let componentIds: ComponentIdsModule;
let toc: TocModule;
let customIds: CustomIdModule;
let unicodeIds: UnicodeIdsModule;

beforeAll(async () => {
  if (reason) return;
  platform = await common<SlugModule>('slugify.js');
  componentIds = await common<ComponentIdsModule>('mdx/plugins/remark/remarkComponentIds.js');
  toc = await common<TocModule>('mdx/plugins/remark/remarkExtractTableOfContents.js');
  customIds = await common<CustomIdModule>('mdx/preprocessCustomHeadingIds.js');
  unicodeIds = await common<UnicodeIdsModule>('mdx/plugins/rehype/rehypeUnicodeIds.js');
});

/** A page of `## <title>` headings, as the platform's parser makes it. */
function headingTree(titles: readonly string[]): Tree {
  return {
    type: 'root',
    children: titles.map((value) => ({ type: 'heading', depth: 2, children: [{ type: 'text', value }] })),
  };
}

function idOf(node: Record<string, unknown>): string {
  const attr = (node.attributes as Attribute[] | undefined)?.find((a) => a.name === 'id');
  return typeof attr?.value === 'string' ? attr.value : '';
}

/** The raw ids the platform's heading pass gives a page of headings (its page-wide counter included). */
function platformCountedIds(titles: readonly string[]): string[] {
  const tree = headingTree(titles);
  componentIds.remarkComponentIds({})(tree);
  return tree.children.map(idOf);
}

/** The ids a page of headings shows, after the platform's table-of-contents pass (which makes them unique). */
function platformPageIds(titles: readonly string[]): string[] {
  const tree = headingTree(titles);
  componentIds.remarkComponentIds({})(tree);
  toc.remarkExtractTableOfContents({}, {})(tree);
  // A heading left with an empty id gets its text, encoded (a later pass of the compile).
  unicodeIds.rehypeUnicodeIds()(tree);
  // The `Heading` component cleans its id when it renders.
  return tree.children.map((node) => platform.safeCleanHeadingId(idOf(node)));
}

function doclintCountedIds(titles: readonly string[]): string[] {
  const count = slugCounter();
  return titles.map((t) => count(rawHeadingSlug(t)));
}

function doclintPageIds(titles: readonly string[]): string[] {
  const count = slugCounter();
  const unique = uniqueIds();
  return titles.map((t) => markdownHeadingId(t, count, unique));
}

/** The custom id the platform's `{#id}` pre-pass writes for `## Title {#<id>}`; undefined when it does not take the line. */
function platformCustomId(id: string): string | undefined {
  const first = customIds.preprocessCustomHeadingIds(`## Title {#${id}}`).split('\n')[0]!;
  const m = /^<h2 id="(.*)">$/s.exec(first);
  return m ? m[1] : undefined;
}

/** Inputs where doclint and the platform differ, with both values. */
function mismatches<I, O>(inputs: readonly I[], ours: (input: I) => O, theirs: (input: I) => O) {
  return inputs.flatMap((input) => {
    const platformValue = theirs(input);
    const doclintValue = ours(input);
    return JSON.stringify(platformValue) === JSON.stringify(doclintValue)
      ? []
      : [{ input, platform: platformValue, doclint: doclintValue }];
  });
}

/** Pages of titles where the ids differ: the page, and each title whose id differs with both ids. */
function pageMismatches(
  pages: readonly (readonly string[])[],
  ours: (titles: readonly string[]) => string[],
  theirs: (titles: readonly string[]) => string[],
) {
  return pages.flatMap((titles) => {
    const platformIds = theirs(titles);
    const doclintIds = ours(titles);
    const differing = titles.flatMap((title, i) =>
      platformIds[i] === doclintIds[i] ? [] : [{ title, platform: platformIds[i], doclint: doclintIds[i] }],
    );
    return differing.length ? [{ page: titles, differing }] : [];
  });
}

describe('heading slugs: doclint against the platform', () => {
  maybe(`rawHeadingSlug is the platform's slugify (${CURATED_TITLES.length} curated titles)`, () => {
    expect(mismatches(CURATED_TITLES, rawHeadingSlug, (t) => platform.slugify(t))).toEqual([]);
  });

  maybe("rawHeadingSlug is the platform's slugify (3,000 generated titles)", () => {
    fc.assert(
      fc.property(titleArbitrary(), (title) => {
        expect(rawHeadingSlug(title)).toBe(platform.slugify(title));
      }),
      { seed: SEED, numRuns: 3000 },
    );
  });

  maybe(
    "cleanHeadingId is the platform's safeCleanHeadingId (raw slugs of the curated titles, and the titles themselves)",
    () => {
      const inputs = [
        ...CURATED_TITLES.map((t) => platform.slugify(t)),
        ...CURATED_TITLES,
        '%',
        '%2',
        '%%41',
        '%E2%80',
        '%C3%A9',
        '%c3%a9',
        '%ZZ%41',
        '100%1',
        '%E0%A4%A',
      ];
      expect(mismatches(inputs, cleanHeadingId, (id) => platform.safeCleanHeadingId(id))).toEqual([]);
    },
  );

  maybe("cleanHeadingId is the platform's safeCleanHeadingId (2,000 generated ids and their raw slugs)", () => {
    fc.assert(
      fc.property(titleArbitrary(), (text) => {
        expect(cleanHeadingId(text)).toBe(platform.safeCleanHeadingId(text));
        const raw = platform.slugify(text);
        expect(cleanHeadingId(raw)).toBe(platform.safeCleanHeadingId(raw));
      }),
      { seed: SEED + 1, numRuns: 2000 },
    );
  });

  maybe(
    `slugCounter numbers repeated slugs as the platform's heading pass does (${CURATED_PAGES.length} curated pages)`,
    () => {
      expect(pageMismatches(CURATED_PAGES, doclintCountedIds, platformCountedIds)).toEqual([]);
    },
  );

  maybe("slugCounter numbers repeated slugs as the platform's heading pass does (500 generated pages)", () => {
    fc.assert(
      fc.property(titleListArbitrary(), (titles) => {
        expect(doclintCountedIds(titles)).toEqual(platformCountedIds(titles));
      }),
      { seed: SEED + 2, numRuns: 500 },
    );
  });

  maybe(
    `heading ids after the table-of-contents pass (uniqueIds) are the platform's (${CURATED_PAGES.length + 1} curated pages)`,
    () => {
      expect(pageMismatches([...CURATED_PAGES, CURATED_TITLES], doclintPageIds, platformPageIds)).toEqual([]);
    },
  );

  maybe("heading ids after the table-of-contents pass (uniqueIds) are the platform's (500 generated pages)", () => {
    fc.assert(
      fc.property(titleListArbitrary(), (titles) => {
        expect(doclintPageIds(titles)).toEqual(platformPageIds(titles));
      }),
      { seed: SEED + 3, numRuns: 500 },
    );
  });

  maybe(
    "normaliseCustomId is the platform's `{#id}` pre-pass (curated ids, and the generated ones it takes: about 1,700 of 2,000)",
    () => {
      const curated = [
        'custom-id',
        'My Id!',
        ' spaced  out ',
        'a<b>c',
        'q&a',
        "it's",
        'x:y',
        '(x)',
        '[x]',
        '{x',
        '🚀 launch',
        'tab\tsep',
        'Ünï',
        'a/b',
        'a.b',
        'a%20b',
        '#x',
        '"q"',
      ];
      const taken = curated.filter((id) => platformCustomId(id) !== undefined);
      expect(taken).toEqual(curated);
      expect(mismatches(taken, normaliseCustomId, (id) => platformCustomId(id)!)).toEqual([]);
      const generated = sample(titleArbitrary(8), 2000, SEED + 4).filter(
        (id) => !/[}\n\r]/.test(id) && platformCustomId(id) !== undefined,
      );
      expect(generated.length).toBeGreaterThan(1000);
      expect(mismatches(generated, normaliseCustomId, (id) => platformCustomId(id)!)).toEqual([]);
    },
  );
});
