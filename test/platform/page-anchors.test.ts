/*
 * Drift test: the anchors doclint finds on a page (src/platform/anchors.ts, through the page
 * linter's facts) against the ids of the platform's real page compile, `getMdx` of the pinned
 * @mintlify/common — the same compile that builds a page of the published site, table of
 * contents included. A `#fragment` link is checked against these anchors, so every difference is
 * a link doclint would judge wrongly.
 *
 * For each page (curated ones, and generated ones from a fixed seed: headings of levels 1–6,
 * repeated titles, `{#id}`, inline code, emphasis and links in headings, smart punctuation,
 * `mode: custom`, headings inside `<Accordion>` and `<Tab>`, `<Steps>`/`<Step titleSize>`,
 * `<Update label>`, `<Tab title>`, `<ParamField>`, explicit ids), the compiled page's elements that
 * carry an `id` are read, and each is taken as the page shows it: `Heading`, `Step` and `Update`
 * clean their id when they render (the platform's `COMPONENTS_WITH_CLEANED_ID`), the components of
 * `COMPONENTS_WITHOUT_ID` show none, every other element shows its id as it is. Then:
 * - the id of each markdown heading (the element on the heading's line; `''` when there is none)
 *   must equal doclint's `facts.headings[i].id`, in order;
 * - all other ids must equal doclint's `facts.ids`, compared as sets (sorted, each id once): the
 *   list has no order, and a link only asks whether an id is there.
 * A page the platform compiles must also parse in doclint (pages that do not are that test's
 * failures and are left out of the id comparisons), and a page it cannot compile must be a syntax
 * error to doclint.
 */
import { pagePlan, resolveSettings } from '../../src/config/settings.js';
import { lintPage } from '../../src/engine/lint-page.js';
import { pageArbitrary, sample } from './generators.js';
import { common, platformMissingReason, renderPages, type RenderedPage } from './platform.js';
import { testIf } from '../helpers/needs.js';

const reason = platformMissingReason();
const maybe = testIf(reason);

const SEED = 20250612;
const GENERATED = 250;

/** Small pages, each on one rule of the platform's anchors (the first of a pair is what most pages do). */
const CURATED: ReadonlyArray<readonly [string, string]> = [
  [
    'levels 1–6, one title repeated',
    '# Top\n\n## Overview\n\n## Overview\n\n### Overview\n\n#### Overview\n\n##### Overview\n\n###### Overview\n',
  ],
  ['a numbered title after a repeated one', '## Overview\n\n## Overview 2\n\n## Overview\n'],
  [
    'custom ids {#id}, repeated, with spaces and punctuation, at level 5',
    '## Title {#custom-id}\n\n## Other title {#My Id!}\n\n## Title {#custom-id}\n\n## Spaced { #spaced }\n\n##### Five {#five}\n',
  ],
  ['custom id that normalises to nothing', '## API v2.0 {#!}\n'],
  [
    'punctuation, slashes, plus signs, accents, emoji',
    "## Dify.ai\n\n## /newtask\n\n## BYOK (cloud + local)\n\n## Get task's document payload\n\n## C++ & C#\n\n## Über café\n\n## What's new?\n\n## emoji 🚀 rocket\n\n## 100% sure\n",
  ],
  [
    'inline code, emphasis, links, images, inline components in headings',
    '## `code` heading\n\n## **Bold** and [link](/x)\n\n## Title <Badge>New</Badge>\n\n## ![img](/a.png) Pic title\n\n## <Icon icon="rocket" /> Launch\n',
  ],
  ['math in a heading', '## Math $x^2$ here\n'],
  ['strikethrough in a heading', '## a~~b~~c\n'],
  ['footnote reference in a heading', '## Note[^1]\n\n[^1]: The note.\n'],
  [
    'smart punctuation: quotes, dashes, ellipses',
    '## Say "hi"\n\n## Wait...\n\n## a--b\n\n## a---b\n\n## x - y\n\n## Don\'t stop\n\n## users\' data\n',
  ],
  ['headings whose slug is empty', '## \n\n##\n\n## ?\n\n## ? 2\n'],
  ['headings of punctuation the slug drops', '## .\n\n## -\n\n## (!)\n'],
  ['mode: custom', '---\nmode: custom\n---\n\n## Heading in custom mode\n\n<h2 id="jsx">\nJSX\n</h2>\n'],
  ['mode: custom, custom id', '---\nmode: custom\n---\n\n## With id {#kept}\n'],
  ['mode: frame', '---\nmode: frame\n---\n\n## Heading in frame mode\n'],
  [
    'accordions: repeated title, explicit id, heading inside',
    '<Accordion title="My Accordion: one">\n\n## Inside accordion\n\n</Accordion>\n\n<Accordion title="My Accordion: one">\n\nx\n\n</Accordion>\n\n<Accordion title="Custom" id="acc-id">\n\nx\n\n</Accordion>\n\n## Inside accordion\n',
  ],
  [
    'accordion titles with markdown',
    '<Accordion title="Uses `code` and **bold**">\n\nx\n\n</Accordion>\n\n<Accordion title="See [the docs](/docs)">\n\nx\n\n</Accordion>\n',
  ],
  ['accordion whose title slugs to nothing', '<Accordion title="🚀">\n\nSome text.\n\n</Accordion>\n'],
  [
    'accordion and view with the same title',
    '<Accordion title="Install">\n\nx\n\n</Accordion>\n\n<View title="Install">\n\ny\n\n</View>\n',
  ],
  [
    'steps: title sizes from Step and Steps, explicit id, noAnchor',
    '<Steps>\n<Step title="Install it">\n\nx\n\n</Step>\n<Step title="Configure" titleSize="h2">\n\ny\n\n</Step>\n<Step title="Check it!" titleSize="h3" id="My Step">\n\nz\n\n</Step>\n</Steps>\n\n<Steps titleSize="h2">\n<Step title="Configure">\n\nx\n\n</Step>\n<Step title="Skip" noAnchor>\n\nx\n\n</Step>\n</Steps>\n',
  ],
  ['step title with markdown', '<Steps>\n<Step title="Run `npm i`" titleSize="h2">\n\nx\n\n</Step>\n</Steps>\n'],
  [
    'param fields: precedence of query/path/body/header, repeats, explicit ids',
    '<ParamField path="user_id" type="string" required>\n\nx\n\n</ParamField>\n\n<ParamField query="userId">\n\nx\n\n</ParamField>\n\n<ParamField query="userId">\n\nx\n\n</ParamField>\n\n<ResponseField name="data.items" type="array">\n\ny\n\n</ResponseField>\n\n<ParamField body="Foo Bar" id="explicit">\n\nx\n\n</ParamField>\n\n<ParamField header="X-API-Key">\n\nx\n\n</ParamField>\n\n<ParamField query="x" id="param-x-1">\n\nx\n\n</ParamField>\n\n<ParamField query="x">\n\nx\n\n</ParamField>\n\n<ParamField query="x">\n\nx\n\n</ParamField>\n\n<Param path="p" body="b">\n\nx\n\n</Param>\n',
  ],
  [
    'updates: labels, repeats, a heading inside, a heading after',
    '<Update label="2024-01-01" description="v1">\n\nx\n\n</Update>\n\n<Update label="March 2024 release!">\n\ny\n\n</Update>\n\n<Update label="Same">\n\ny\n\n</Update>\n\n<Update label="Same">\n\n## Inside update\n\n</Update>\n\n## Same\n',
  ],
  ['update whose label slugs to nothing', '<Update label=".">\n\nx\n\n</Update>\n'],
  [
    'tabs: repeated title, raw punctuation, heading inside',
    '<Tabs>\n<Tab title="First Tab">\n\n## In tab\n\n</Tab>\n<Tab title="First Tab">\n\nb\n\n</Tab>\n<Tab title="Setup: Advanced">\n\nc\n\n</Tab>\n</Tabs>\n',
  ],
  ['tab title with markdown', '<Tabs>\n<Tab title="Use `code`">\n\nd\n\n</Tab>\n</Tabs>\n'],
  [
    'tab explicit id that a title would take',
    '<Tabs>\n<Tab title="First Tab">\n\na\n\n</Tab>\n<Tab title="Second" id="first-tab-2">\n\nb\n\n</Tab>\n<Tab title="First Tab">\n\nc\n\n</Tab>\n</Tabs>\n',
  ],
  ['views', '<View title="Python SDK">\n\nx\n\n</View>\n\n<View title="Python SDK">\n\ny\n\n</View>\n'],
  [
    'explicit ids on html, callouts, cards and inline elements',
    '<div id="raw-div">\n\nx\n\n</div>\n\n<Note id="note-id">\n\nn\n\n</Note>\n\nText <span id="inline-span">s</span> here.\n\n<Card title="Card" id="card-id">\n\nc\n\n</Card>\n',
  ],
  [
    'a heading inside Expandable',
    '<Expandable title="props">\n\n## Hidden heading\n\n</Expandable>\n\n## Hidden heading\n',
  ],
  [
    'jsx headings h2–h4, one-line and multi-line',
    '<h2 id="x">JSX heading</h2>\n\n<h3>No id here</h3>\n\n<h2 id="x">\nAgain\n</h2>\n\n<h4>\nMulti line\n</h4>\n',
  ],
  ['an unknown component with an id (the platform removes it)', '<Foo id="unknown">\n\nx\n\n</Foo>\n'],
  ['jsx headings h5 and h6', '<h5 id="five">Five</h5>\n\n<h6 id="six">\nSix\n</h6>\n'],
  ['Heading component without an id, then a markdown heading', '<Heading level={2}>\nTitle\n</Heading>\n\n## Title\n'],
  [
    'Heading component with an id, then an update of the same id',
    '<Heading level={2} id="x">\nA\n</Heading>\n\n<Update label="x">\n\ny\n\n</Update>\n',
  ],
  // Smart punctuation runs over the page's text as one string: a quote at either end of a heading
  // turns by the text around it.
  ['a quote at the end of a heading, before another heading', "## a '\n\n## b\n"],
  [
    'a quote at the start of a heading, after a paragraph',
    'Read the guide.\n\n## "Listener" application\n\n## "Quoted" first\n',
  ],
  [
    'a quote at the start of a heading, after a list and inline code',
    '- item `code`\n\n## \'Single\' quotes\n\n<Note>\nText\n</Note>\n\n## "After" a note\n',
  ],
  ['a heading with a quote at the start of the page', '## "First" heading\n\nText.\n'],
  ['a heading in fenced code is no heading', '```md\n## Not a heading\n```\n\n## After the code\n'],
];

/** Pages the platform cannot compile (its build shows an error page instead): doclint must find them broken too. */
/**
 * Differences doclint keeps, each explained in docs/platform-differences.md: the page, the
 * heading ids the platform gives it, and doclint's. Asserted both ways, so that a change on
 * either side shows.
 */
const KNOWN: ReadonlyArray<readonly [string, string, string[], string[]]> = [];

const BROKEN: ReadonlyArray<readonly [string, string]> = [
  ['an unclosed element', '<div>\n\nText.\n'],
  ['a custom id in a list item', '- ## Title {#x}\n'],
  ['a custom id in a block quote', '> ## Title {#x}\n'],
  ['a custom id on a heading indented by four spaces', '    ## Title {#x}\n'],
  ['a custom id on a heading with no text', '## {#x}\n'],
];

interface Platform {
  safeCleanHeadingId(id: string): string;
  COMPONENTS_WITHOUT_ID: ReadonlySet<string>;
  COMPONENTS_WITH_CLEANED_ID: ReadonlySet<string>;
}

let platform: Platform;

beforeAll(async () => {
  if (reason) return;
  const slug = await common<{ safeCleanHeadingId(id: string): string }>('slugify.js');
  const ids = await common<{
    COMPONENTS_WITHOUT_ID: ReadonlySet<string>;
    COMPONENTS_WITH_CLEANED_ID: ReadonlySet<string>;
  }>('mdx/componentIds.js');
  platform = {
    safeCleanHeadingId: slug.safeCleanHeadingId,
    COMPONENTS_WITHOUT_ID: ids.COMPONENTS_WITHOUT_ID,
    COMPONENTS_WITH_CLEANED_ID: ids.COMPONENTS_WITH_CLEANED_ID,
  };
});

const isHeadingElement = (name: string) => name === 'Heading' || /^h[1-6]$/.test(name);

interface Comparison {
  page: string;
  syntaxError: boolean;
  headings: { platform: string[]; doclint: string[] };
  ids: { platform: string[]; doclint: string[] };
}

/** The page's anchors, from the platform's compile and from doclint, side by side. */
function compare(page: string, rendered: RenderedPage): Comparison {
  const { facts } = lintPage({ file: '/site/page.mdx', text: page, isSnippet: false }, pagePlan(resolveSettings({})));
  const shown = (name: string, id: string) =>
    platform.COMPONENTS_WITH_CLEANED_ID.has(name) ? platform.safeCleanHeadingId(id) : id;
  const used = new Set<number>();
  const headingIds = facts.headings.map((h) => {
    const i = rendered.elements.findIndex((e, n) => !used.has(n) && e.line === h.line && isHeadingElement(e.name));
    if (i < 0) return '';
    used.add(i);
    const e = rendered.elements[i]!;
    return e.id === null ? '' : shown(e.name, e.id);
  });
  const others = rendered.elements
    .filter((e, n) => !used.has(n) && e.id !== null && !platform.COMPONENTS_WITHOUT_ID.has(e.name))
    .map((e) => shown(e.name, e.id!))
    .filter((id) => id !== '');
  return {
    page,
    syntaxError: facts.syntaxError,
    headings: { platform: headingIds, doclint: facts.headings.map((h) => h.id) },
    ids: { platform: [...new Set(others)].sort(), doclint: [...new Set(facts.ids)].sort() },
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

let known: Array<{ platform: string[]; doclint: string[] }> = [];
let results: {
  curated: Comparison[];
  generated: Comparison[];
  failures: string[];
  unparsed: string[];
  broken: Array<{ name: string; platform: boolean; doclint: boolean }>;
};

beforeAll(async () => {
  if (reason) return;
  const pages = [...CURATED.map(([, page]) => page), ...sample(pageArbitrary(), GENERATED, SEED)];
  const all = await renderPages([...pages, ...BROKEN.map(([, page]) => page), ...KNOWN.map(([, page]) => page)]);
  const rendered = all.slice(0, pages.length);
  const renderedBroken = all.slice(pages.length, pages.length + BROKEN.length);
  known = all.slice(pages.length + BROKEN.length).map((r, i) => compare(KNOWN[i]![1], r).headings);
  const broken = BROKEN.map(([name, page], i) => ({
    name,
    platform: renderedBroken[i]!.parseFailed,
    doclint: lintPage({ file: '/site/page.mdx', text: page, isSnippet: false }, pagePlan(resolveSettings({}))).facts
      .syntaxError,
  }));
  const failures = pages.flatMap((page, i) =>
    rendered[i]!.parseFailed ? [`${page}\n${rendered[i]!.log.join('\n')}`] : [],
  );
  const comparisons = pages.map((page, i) => compare(page, rendered[i]!));
  const unparsed = comparisons.filter((c) => c.syntaxError).map((c) => c.page);
  results = {
    curated: comparisons.slice(0, CURATED.length),
    generated: comparisons.slice(CURATED.length),
    failures,
    unparsed,
    broken,
  };
}, 120_000);

/** Curated pages (that doclint parses) whose ids differ, by name. */
function curatedDifferences(part: 'headings' | 'ids') {
  return results.curated.flatMap((c, i) =>
    c.syntaxError || same(c[part].platform, c[part].doclint)
      ? []
      : [{ name: CURATED[i]![0], page: c.page, ...c[part] }],
  );
}

/** Generated pages (that doclint parses) whose ids differ: how many, and the first few. */
function generatedDifferences(part: 'headings' | 'ids') {
  const differing = results.generated
    .filter((c) => !c.syntaxError && !same(c[part].platform, c[part].doclint))
    .map((c) => ({ page: c.page, ...c[part] }));
  return { count: differing.length, first: differing.slice(0, 5) };
}

describe("page anchors: doclint against the platform's page compile", () => {
  maybe(`every page compiles on the platform (${CURATED.length} curated + ${GENERATED} generated pages)`, () => {
    expect(results.failures).toEqual([]);
  });

  maybe(
    `every page the platform compiles parses in doclint (${CURATED.length} curated + ${GENERATED} generated pages)`,
    () => {
      expect({ count: results.unparsed.length, first: results.unparsed.slice(0, 3) }).toEqual({ count: 0, first: [] });
    },
  );

  maybe(`pages the platform cannot compile are syntax errors in doclint (${BROKEN.length} curated pages)`, () => {
    expect(results.broken.filter((b) => b.platform !== b.doclint)).toEqual([]);
    // The pages are broken for the platform: the comparison means something.
    expect(results.broken.filter((b) => !b.platform).map((b) => b.name)).toEqual([]);
  });

  maybe(`known differences stay as documented (${KNOWN.length} pages)`, () => {
    expect(known).toEqual(
      KNOWN.map(([, , platformIds, doclintIds]) => ({ platform: platformIds, doclint: doclintIds })),
    );
  });

  maybe(`markdown heading ids are the platform's (${CURATED.length} curated pages)`, () => {
    expect(curatedDifferences('headings')).toEqual([]);
  });

  maybe(`component and explicit ids are the platform's (${CURATED.length} curated pages)`, () => {
    expect(curatedDifferences('ids')).toEqual([]);
  });

  maybe(`markdown heading ids are the platform's (${GENERATED} generated pages)`, () => {
    expect(generatedDifferences('headings')).toEqual({ count: 0, first: [] });
  });

  maybe(`component and explicit ids are the platform's (${GENERATED} generated pages)`, () => {
    expect(generatedDifferences('ids')).toEqual({ count: 0, first: [] });
  });
});
