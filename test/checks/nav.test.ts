import navDuplicatePage from '../../rules/nav-duplicate-page.js';
import navPageMissing from '../../rules/nav-page-missing.js';
import { load, runCheck } from './helpers.js';

describe('navigation checks', () => {
  test('nav-page-missing on nav-basic (3 findings)', async () => {
    const site = await load('nav-basic');
    expect(await runCheck(navPageMissing, site)).toEqual([
      {
        file: 'docs.json',
        line: 13,
        column: 58,
        severity: 'error',
        message:
          '`guides/quickstrat` is in the navigation but no page `guides/quickstrat.mdx` or `guides/quickstrat.md` exists; did you mean `guides/quickstart`?',
      },
      {
        file: 'docs.json',
        line: 20,
        column: 44,
        severity: 'error',
        message:
          '`snippets/note` is a snippet (files under snippets/ are not pages); it cannot be listed in the navigation',
      },
      {
        file: 'nav/more.json',
        line: 7,
        column: 52,
        severity: 'error',
        message: '`guides/secret` is in the navigation but no page `guides/secret.mdx` or `guides/secret.md` exists',
      },
    ]);
  });

  test('nav-duplicate-page on nav-basic (2 findings)', async () => {
    const site = await load('nav-basic');
    expect(await runCheck(navDuplicatePage, site)).toEqual([
      {
        file: 'nav/more.json',
        line: 5,
        column: 5,
        severity: 'warning',
        message: '`guides/install` is listed twice in tab "Guides"; list it once per tab, version, language or product',
      },
      {
        file: 'nav/more.json',
        line: 6,
        column: 5,
        severity: 'warning',
        message:
          '`guides/quickstart` is listed twice in tab "Guides"; list it once per tab, version, language or product',
      },
    ]);
  });

  test('nav-duplicate-page on openapi-endpoints reports nothing', async () => {
    const site = await load('openapi-endpoints');
    expect(await runCheck(navDuplicatePage, site)).toEqual([]);
  });

  test('nav-page-missing on openapi-endpoints reports nothing', async () => {
    const site = await load('openapi-endpoints');
    expect(await runCheck(navPageMissing, site)).toEqual([]);
  });
});
