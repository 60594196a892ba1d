import navTranslationMissing from '../../rules/nav-translation-missing.js';
import navTranslationUntranslated from '../../rules/nav-translation-untranslated.js';
import { load, runCheck } from './helpers.js';

/*
 * fixtures/sites/versioned-languages: versions holding languages (`v2/ko/setup` beside
 * `v2/setup`), the shape in which a language folder is not at the start of the path. Each version
 * pairs its own pages: v2 lacks one Arabic page, v1 one Korean page and all of Arabic.
 */

describe('translations of languages under versions', () => {
  test('nav-translation-missing pairs each version’s pages and finds a version without a language', async () => {
    const site = await load('versioned-languages');
    expect(await runCheck(navTranslationMissing, site)).toEqual([
      {
        file: 'docs.json',
        line: 14,
        column: 13,
        severity: 'warning',
        message:
          'language `ar` lacks 1 of the 3 pages of `en` in version `v2`: `v2/ar/guides/deploy`; translate them and list them in its navigation, or leave them out on purpose with this rule off',
      },
      {
        file: 'docs.json',
        line: 19,
        column: 9,
        severity: 'warning',
        message:
          'version `v1` has no language `ar`, which other versions have: its `en` pages (2) have no `ar` translation; add the language to this version with its pages, or leave it out on purpose with this rule off',
      },
      {
        file: 'docs.json',
        line: 21,
        column: 13,
        severity: 'warning',
        message:
          'language `ko` lacks 1 of the 2 pages of `en` in version `v1`: `v1/ko/setup`; translate them and list them in its navigation, or leave them out on purpose with this rule off',
      },
    ]);
  });

  test('nav-translation-untranslated reads the Arabic pages of a version', async () => {
    const site = await load('versioned-languages');
    expect(await runCheck(navTranslationUntranslated, site)).toEqual([
      {
        file: 'v2/ar/setup.mdx',
        line: 2,
        column: 1,
        severity: 'warning',
        message:
          'the title of this `ar` page has no Arabic letters and reads as English: "Set up the CLI" (source `v2/setup.mdx`); translate it, or list the page or the phrase in this rule\'s `ignore` option if it stays in English on purpose',
      },
    ]);
  });
});
