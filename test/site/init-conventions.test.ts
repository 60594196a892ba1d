import { conventionSettings, surveyPage, type SiteConventions } from '../../src/cli/init-conventions.js';

/** The counts of these pages. */
function survey(...pages: string[]): SiteConventions {
  const c: SiteConventions = { pages: 0, framePages: 0, images: 0, framedImages: 0, fences: 0, fencesWithoutLanguage: 0 };
  for (const page of pages) surveyPage(page, c);
  return c;
}

const FENCE = (lang: string) => `\`\`\`${lang}\nx = 1\n\`\`\`\n`;

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
    expect(survey(page, '## No images\n')).toEqual({ pages: 2, framePages: 1, images: 3, framedImages: 2, fences: 1, fencesWithoutLanguage: 0 });
  });

  test('unclosed tags and brackets: read in one pass, counted as nothing', () => {
    expect(survey('<Frame ![a '.repeat(100_000), '![a]'.repeat(100_000), `${'<img '.repeat(3)}<Frame>`)).toEqual({
      pages: 3,
      framePages: 1,
      images: 3,
      framedImages: 0,
      fences: 0,
      fencesWithoutLanguage: 0,
    });
  });

  test('fences with and without a language; a longer fence holds a shorter one; ~~~ fences', () => {
    const page = ['````md', '```', 'inner', '```', '````', '', '~~~', 'plain', '~~~', '', '```bash', 'ls', '```', ''].join('\n');
    expect(survey(page)).toMatchObject({ fences: 3, fencesWithoutLanguage: 1 });
  });

  test('page-image-frame: on where at least half the images are framed, off (with why) elsewhere; nothing without images', () => {
    expect(conventionSettings(survey('<Frame>\n![A](/a.png)\n</Frame>\n', '![B](/b.png)\n'))).toEqual([
      { rule: 'page-image-frame', setting: 'warn', why: 'on (warn) — 1 of 2 images are in a <Frame>: unframed screenshots are reported' },
    ]);
    expect(conventionSettings(survey('![A](/a.png)\n', '## Text\n'))).toEqual([
      { rule: 'page-image-frame', setting: 'off', why: 'off — no page uses <Frame> (0 of 2 pages)' },
    ]);
    expect(conventionSettings(survey('<Frame>\n![A](/a.png)\n</Frame>\n', '![B](/b.png)\n\n![C](/c.png)\n'))).toEqual([
      { rule: 'page-image-frame', setting: 'off', why: 'off — few images are in a <Frame> (1 of 3; 1 of 2 pages use it)' },
    ]);
    expect(conventionSettings(survey('## Text\n'))).toEqual([]);
  });

  test('page-code-language: off where most blocks name no language, notes where a quarter do; ten blocks at least', () => {
    const blocks = (bare: number, named: number) => survey(FENCE('').repeat(bare) + FENCE('python').repeat(named));
    expect(conventionSettings(blocks(6, 4))).toEqual([
      { rule: 'page-code-language', setting: 'off', why: 'off — most code blocks name no language (6 of 10)' },
    ]);
    expect(conventionSettings(blocks(5, 5))).toEqual([
      { rule: 'page-code-language', setting: 'info', why: 'info — many code blocks name no language (5 of 10): notes, which never fail a run' },
    ]);
    expect(conventionSettings(blocks(3, 9))).toEqual([
      { rule: 'page-code-language', setting: 'info', why: 'info — many code blocks name no language (3 of 12): notes, which never fail a run' },
    ]);
    expect(conventionSettings(blocks(2, 9))).toEqual([]);
    expect(conventionSettings(blocks(9, 0))).toEqual([]);
  });
});
