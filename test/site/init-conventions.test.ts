import {
  conventionSettings,
  emptyConventions,
  surveyPage,
  type SiteConventions,
} from '../../src/cli/init-conventions.js';
import { decideDescriptions, folderGlob, MAX_FOLDER_DECISIONS } from '../../src/cli/init-descriptions.js';

/** The counts of these pages. */
function survey(...pages: string[]): SiteConventions {
  const c = emptyConventions();
  for (const page of pages) surveyPage(page, c);
  return c;
}

/** The decisions on one rule. */
const on = (rule: string, c: SiteConventions) => conventionSettings(c).filter((s) => s.rule === rule);
const NONE = { bareWithoutCode: 0, fencesLabelledText: 0, generated: 0 };

const FENCE = (lang: string) => `\`\`\`${lang}\nimport os\nprint(os.name)\n\`\`\`\n`;

describe('what doclint init reads of a site', () => {
  test('images in and out of a <Frame>; a <Frame> in code or inline code is not a use', () => {
    const page = [
      '<Frame caption="The dashboard,',
      '  with the chart">',
      '  ![Dashboard](/a.png)',
      '  <img src="/b.png" alt="B" />',
      '</Frame>',
      '',
      '![Settings](/s.png) and `<Frame>![x](/x.png)</Frame>` in code',
      '',
      '```mdx',
      '<Frame>',
      '  ![In code](/c.png)',
      '</Frame>',
      '```',
      '',
      '<Frame src="/d.png" />',
      '',
    ].join('\n');
    expect(survey(page, '## No images\n')).toEqual({
      pages: 2,
      framePages: 1,
      images: 3,
      framedImages: 2,
      fences: 1,
      fencesWithoutLanguage: 0,
      ...NONE,
      handWritten: 2,
      described: 0,
      descriptionFolders: new Map([['', { handWritten: 2, described: 0 }]]),
      frontMatterKeys: new Map(),
      titles: { listed: 0, otherGroup: 0, sameGroup: 0 },
    });
  });

  test('unclosed tags and brackets: read in one pass, counted as nothing', () => {
    expect(survey('<Frame ![a '.repeat(100_000), '![a]'.repeat(100_000), `${'<img '.repeat(3)}<Frame>`)).toEqual({
      pages: 3,
      framePages: 1,
      images: 3,
      framedImages: 0,
      fences: 0,
      fencesWithoutLanguage: 0,
      ...NONE,
      handWritten: 3,
      described: 0,
      descriptionFolders: new Map([['', { handWritten: 3, described: 0 }]]),
      frontMatterKeys: new Map(),
      titles: { listed: 0, otherGroup: 0, sameGroup: 0 },
    });
  });

  test('fences with and without a language; a longer fence holds a shorter one; ~~~ fences', () => {
    const page = [
      '````md',
      '```',
      'inner',
      '```',
      '````',
      '',
      '~~~',
      'plain',
      '~~~',
      '',
      '```bash',
      'ls',
      '```',
      '',
    ].join('\n');
    expect(survey(page)).toMatchObject({ fences: 3, fencesWithoutLanguage: 1 });
  });

  test('page-image-frame: on where at least half the images are framed or images are few, off (with why) elsewhere', () => {
    expect(on('page-image-frame', survey('<Frame>\n![A](/a.png)\n</Frame>\n', '![B](/b.png)\n'))).toEqual([
      {
        rule: 'page-image-frame',
        setting: 'warn',
        why: 'on (warn) — 1 of 2 images are in a <Frame>: unframed screenshots are reported',
      },
    ]);
    expect(on('page-image-frame', survey('![A](/a.png)\n', '## Text\n'))).toEqual([
      {
        rule: 'page-image-frame',
        setting: 'off',
        why: 'off — no page uses <Frame> (0 of 2 pages; 1 image on 2 pages)',
      },
    ]);
    expect(
      on('page-image-frame', survey('<Frame>\n![A](/a.png)\n</Frame>\n', '![B](/b.png)\n\n![C](/c.png)\n')),
    ).toEqual([
      {
        rule: 'page-image-frame',
        setting: 'off',
        why: 'off — few images are in a <Frame> (1 of 3; 1 of 2 pages use it)',
      },
    ]);
    const textPages = Array.from({ length: 10 }, () => '## Text\n');
    expect(on('page-image-frame', survey('![A](/a.png)\n', ...textPages))).toEqual([
      {
        rule: 'page-image-frame',
        setting: 'warn',
        why: 'on (warn) — few images (1 image on 11 pages): each screenshot is framed from the start, as the writing guide asks',
      },
    ]);
    expect(on('page-image-frame', survey('## Text\n'))[0]).toMatchObject({
      setting: 'warn',
      why: expect.stringContaining('(0 images on 1 page)'),
    });
    expect(conventionSettings(emptyConventions())).toEqual([]);
  });

  test('page-code-language: off where most blocks name no language, notes where a quarter do, on elsewhere; ten blocks at least', () => {
    const blocks = (bare: number, named: number) => survey(FENCE('').repeat(bare) + FENCE('python').repeat(named));
    expect(on('page-code-language', blocks(6, 4))).toEqual([
      { rule: 'page-code-language', setting: 'off', why: 'off — most code blocks name no language (6 of 10)' },
    ]);
    expect(on('page-code-language', blocks(5, 5))).toEqual([
      {
        rule: 'page-code-language',
        setting: 'info',
        why: 'info — many code blocks name no language (5 of 10): notes, which never fail a run',
      },
    ]);
    expect(on('page-code-language', blocks(3, 9))).toEqual([
      {
        rule: 'page-code-language',
        setting: 'info',
        why: 'info — many code blocks name no language (3 of 12): notes, which never fail a run',
      },
    ]);
    expect(on('page-code-language', blocks(2, 9))).toEqual([
      { rule: 'page-code-language', setting: 'warn', why: 'on (warn) — 9 of 11 code blocks name their language' },
    ]);
    expect(on('page-code-language', blocks(9, 0))).toEqual([]);
  });

  test('page-code-language: output left unlabelled where no block is labelled text; noted where some are', () => {
    const output = '```\nERROR: no such file\n```\n';
    const quiet = survey(output + FENCE('python').repeat(11));
    expect(quiet).toMatchObject({ fences: 12, fencesWithoutLanguage: 1, bareWithoutCode: 1, fencesLabelledText: 0 });
    expect(on('page-code-language', quiet)).toEqual([
      {
        rule: 'page-code-language',
        setting: 'warn',
        options: { reportText: false },
        why: 'on (warn) — 11 of 12 code blocks name their language; no block is labelled `text`, so the 1 without a language that hold no code (output, trees) are not noted',
      },
    ]);
    const labelled = survey(output + FENCE('python').repeat(10) + '```text title="Output"\nDone\n```\n');
    expect(on('page-code-language', labelled)).toEqual([
      {
        rule: 'page-code-language',
        setting: 'warn',
        why: 'on (warn) — 11 of 12 code blocks name their language; 1 labelled `text`, so the 1 without a language that hold no code are noted',
      },
    ]);
    const fewLabelled = survey(output.repeat(2) + FENCE('python').repeat(9) + '```text\nDone\n```\n');
    expect(on('page-code-language', fewLabelled)).toEqual([
      {
        rule: 'page-code-language',
        setting: 'warn',
        options: { reportText: false },
        why: 'on (warn) — 10 of 12 code blocks name their language; only 1 block is labelled `text`, so the 2 without a language that hold no code (output, trees) are not noted',
      },
    ]);
  });

  test('page-frontmatter-required: descriptions required where most hand-written pages set one; generated and spec pages left out', () => {
    const described = '---\ntitle: A\ndescription: What A is.\n---\n';
    const bare = '---\ntitle: B\ndescription: ""\n---\n';
    const c = emptyConventions();
    surveyPage(described, c, 'a.mdx');
    surveyPage(bare, c, 'b.mdx');
    surveyPage('---\ntitle: C\n---\n', c, 'sdk/generated/c.mdx');
    surveyPage('{/* auto-generated: do not edit */}\n# D\n', c, 'sdk/d.mdx');
    surveyPage('---\nopenapi: GET /users\n---\n', c, 'api/users.mdx');
    surveyPage('# Agents\n', c, 'AGENTS.md');
    expect(c).toMatchObject({ pages: 6, handWritten: 2, described: 1, generated: 2 });
    expect(on('page-frontmatter-required', c)).toEqual([
      {
        rule: 'page-frontmatter-required',
        setting: 'warn',
        why: 'on (warn), title and description required — 1 of 2 hand-written pages (50 %) set a description; 2 generated pages left alone',
      },
    ]);
    surveyPage(bare, c, 'e.mdx');
    expect(on('page-frontmatter-required', c)).toEqual([
      {
        rule: 'page-frontmatter-required',
        setting: 'warn',
        options: { required: ['title'] },
        why: 'title required, description not — only 1 of 3 hand-written pages (33 %) set a description: the site leaves descriptions out, so a page without one is its house style; 2 generated pages left alone',
      },
    ]);
  });

  test('page-frontmatter-required: folder by folder where the folders differ, each decision with its counts', () => {
    const c = emptyConventions();
    const described = '---\ntitle: A\ndescription: What A is.\n---\n';
    const bare = '---\ntitle: B\n---\n';
    const pages = (folder: string, withDescription: number, without: number) => {
      const at = folder ? `${folder}/` : '';
      for (let i = 0; i < withDescription; i++) surveyPage(described, c, `${at}d${i}.mdx`);
      for (let i = 0; i < without; i++) surveyPage(bare, c, `${at}b${i}.mdx`);
    };
    surveyPage(described, c, 'index.mdx');
    pages('guides', 9, 1);
    pages('guides/advanced', 5, 0);
    pages('sdk-reference', 0, 12);
    pages('sdk-reference/python', 1, 6);
    // Too few pages to decide apart: they follow the folder they are in.
    pages('sdk-reference/ruby', 2, 1);
    pages('faq', 4, 0);
    expect(c.descriptionFolders.get('sdk-reference/python')).toEqual({ handWritten: 7, described: 1 });
    expect(on('page-frontmatter-required', c)).toEqual([
      {
        rule: 'page-frontmatter-required',
        setting: 'warn',
        why: 'on (warn), title and description required — 19 of 20 hand-written pages outside the folders below (95 %) set a description',
      },
      {
        rule: 'page-frontmatter-required',
        setting: 'warn',
        options: { required: ['title'] },
        folder: 'sdk-reference',
        why: 'title required, description not — only 3 of 22 hand-written pages (14 %) set a description: a page without one is the house style there',
      },
    ]);
  });

  test('page-frontmatter-required: the site leaves descriptions out but for a reference, a folder inside a folder decided apart', () => {
    const c = emptyConventions();
    const described = '---\ntitle: A\ndescription: What A is.\n---\n';
    const bare = '---\ntitle: B\n---\n';
    const pages = (folder: string, withDescription: number, without: number) => {
      const at = folder ? `${folder}/` : '';
      for (let i = 0; i < withDescription; i++) surveyPage(described, c, `${at}d${i}.mdx`);
      for (let i = 0; i < without; i++) surveyPage(bare, c, `${at}b${i}.mdx`);
    };
    pages('', 1, 30);
    pages('reference', 40, 0);
    pages('reference/[beta] {v2}', 0, 6);
    expect(on('page-frontmatter-required', c)).toEqual([
      {
        rule: 'page-frontmatter-required',
        setting: 'warn',
        options: { required: ['title'] },
        why: 'title required, description not — only 1 of 31 hand-written pages outside the folders below (3 %) set a description: the site leaves descriptions out, so a page without one is its house style',
      },
      {
        rule: 'page-frontmatter-required',
        setting: 'warn',
        options: { required: ['title', 'description'] },
        folder: 'reference',
        why: 'title and description required — 40 of 40 hand-written pages outside the folders below it (100 %) set a description',
      },
      {
        rule: 'page-frontmatter-required',
        setting: 'warn',
        options: { required: ['title'] },
        folder: 'reference/[beta] {v2}',
        why: 'title required, description not — only 0 of 6 hand-written pages (0 %) set a description: a page without one is the house style there',
      },
    ]);
    expect(folderGlob('reference/[beta] {v2}')).toBe('reference/\\[beta\\] \\{v2\\}/**');
  });
});

describe('decideDescriptions', () => {
  const counts = (entries: Array<[string, number, number]>) =>
    new Map(entries.map(([folder, handWritten, described]) => [folder, { handWritten, described }]));

  test('no hand-written page: no decision; one folder alike throughout: the site decides alone', () => {
    expect(decideDescriptions(new Map())).toEqual([]);
    expect(
      decideDescriptions(
        counts([
          ['', 2, 2],
          ['a', 10, 9],
          ['b', 8, 7],
        ]),
      ),
    ).toEqual([{ folder: '', required: true, handWritten: 20, described: 18, hasNested: false }]);
  });

  test('a folder is decided apart when that puts four pages more with their practice, not three', () => {
    expect(
      decideDescriptions(
        counts([
          ['', 20, 20],
          ['four', 4, 0],
          ['three', 3, 0],
          ['x/three-more', 5, 2],
        ]),
      ),
    ).toEqual([
      { folder: '', required: true, handWritten: 28, described: 22, hasNested: true },
      { folder: 'four', required: false, handWritten: 4, described: 0, hasNested: false },
    ]);
  });

  test("the site's own decision is the one with fewer folders apart, even against most of its pages", () => {
    // Most pages set a description (the reference), most folders do not.
    const decisions = decideDescriptions(
      counts([
        ['reference', 60, 60],
        ['a', 6, 0],
        ['b', 6, 0],
        ['c', 6, 0],
      ]),
    );
    expect(decisions.map((d) => [d.folder, d.required])).toEqual([
      ['', false],
      ['reference', true],
    ]);
  });

  test(`at most ${MAX_FOLDER_DECISIONS} folders apart: past it, only the folders that set the most pages right`, () => {
    const entries: Array<[string, number, number]> = [['', 500, 500]];
    for (let i = 0; i < 60; i++) entries.push([`small-${String(i).padStart(2, '0')}`, 5, 0]);
    for (let i = 0; i < 5; i++) entries.push([`large-${i}`, 40, 0]);
    const decisions = decideDescriptions(counts(entries));
    expect(decisions.map((d) => d.folder)).toEqual(['', 'large-0', 'large-1', 'large-2', 'large-3', 'large-4']);
  });
});

describe("doclint init and the site's own front-matter keys and titles", () => {
  test('page-frontmatter-unknown-key: keys of its own that five pages set are allowed; platform fields, misspellings, meta tags and foreign fields are not', () => {
    const c = emptyConventions();
    const fm = (lines: string) => `---\ntitle: A\n${lines}\n---\n\n## A\n`;
    for (let i = 0; i < 5; i++)
      surveyPage(fm('language: en\nweight: 3\nsidebar_title: A\nog:image: /a.png\nimage: /a.png\nicon: rocket'), c);
    for (let i = 0; i < 4; i++) surveyPage(fm('standard_title: A\nnested:\n  language: en'), c);
    expect(c.frontMatterKeys).toEqual(
      new Map([
        ['title', 9],
        ['language', 5],
        ['weight', 5],
        ['sidebar_title', 5],
        ['image', 5],
        ['icon', 5],
        ['standard_title', 4],
        ['nested', 4],
      ]),
    );
    expect(on('page-frontmatter-unknown-key', c)).toEqual([
      {
        rule: 'page-frontmatter-unknown-key',
        setting: 'info',
        options: { allow: ['language', 'weight'] },
        why: "the site's own keys allowed — `language` (5 pages), `weight` (5 pages): not fields of the platform, each set on 5 pages or more, so metadata its tooling reads; a key on fewer pages is still noted",
      },
    ]);
    expect(on('page-frontmatter-unknown-key', survey(fm('language: en')))).toEqual([]);
  });

  test('nav-duplicate-title: notes off where ten listed pages or more share the title of a page in another group', () => {
    const c = emptyConventions();
    c.titles = { listed: 40, otherGroup: 10, sameGroup: 1 };
    expect(on('nav-duplicate-title', c)).toEqual([
      {
        rule: 'nav-duplicate-title',
        setting: 'warn',
        options: { otherGroups: false },
        why: 'pages of different groups may share a title — 10 of 40 listed pages have the title of a page in another group of their tab (or version, language…): the site titles pages by their subject and lets the group tell them apart; two pages of one group with one title are still reported',
      },
    ]);
    c.titles.otherGroup = 9;
    expect(on('nav-duplicate-title', c)).toEqual([]);
  });
});
