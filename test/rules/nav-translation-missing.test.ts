import { siteRuleTester } from '../helpers/site-rule-tester.js';

const page = (title: string) => `---\ntitle: ${title}\ndescription: A page.\n---\n\n## Body\n`;
const nav = (navigation: unknown) =>
  JSON.stringify({ theme: 'mint', name: 'Acme', colors: { primary: '#15803D' }, navigation }, null, 2);
const pages = (...routes: string[]) => Object.fromEntries(routes.map((r) => [`${r}.mdx`, page(`Page ${r}`)]));

siteRuleTester('nav-translation-missing', {
  valid: [
    {
      name: 'every page of the default language at the same path under each folder',
      files: {
        'docs.json': nav({
          languages: [
            { language: 'en', groups: [{ group: 'Start', pages: ['index', 'guides/setup'] }] },
            { language: 'fr', groups: [{ group: 'Début', pages: ['fr/index', 'fr/guides/setup'] }] },
          ],
        }),
        ...pages('guides/setup', 'fr/index', 'fr/guides/setup'),
      },
    },
    {
      name: 'the default language in a folder of its own, and `default: true` on a later language',
      files: {
        'docs.json': nav({
          languages: [
            { language: 'zh', groups: [{ group: '开始', pages: ['zh/home', 'zh/setup', 'zh/extra'] }] },
            { language: 'en', default: true, groups: [{ group: 'Start', pages: ['en/home', 'en/setup'] }] },
          ],
        }),
        ...pages('zh/home', 'zh/setup', 'zh/extra', 'en/home', 'en/setup'),
      },
    },
    {
      name: 'languages holding versions, each language folder inside the version folder (`v1/fr/…`): paired within each version',
      files: {
        'docs.json': nav({
          languages: [
            {
              language: 'en',
              versions: [
                { version: 'v2', pages: ['v2/index', 'v2/setup'] },
                { version: 'v1', pages: ['v1/index', 'v1/setup'] },
              ],
            },
            {
              language: 'fr',
              versions: [
                { version: 'v2', pages: ['v2/fr/index', 'v2/fr/setup'] },
                { version: 'v1', pages: ['v1/fr/index', 'v1/fr/setup'] },
              ],
            },
          ],
        }),
        ...pages(
          'v2/index',
          'v2/setup',
          'v1/index',
          'v1/setup',
          'v2/fr/index',
          'v2/fr/setup',
          'v1/fr/index',
          'v1/fr/setup',
        ),
      },
    },
  ],
  invalid: [
    {
      name: 'a language lacking pages: one finding on its `language` key, missing and unlisted pages told apart',
      files: {
        'docs.json': nav({
          languages: [
            { language: 'en', groups: [{ group: 'Start', pages: ['index', 'setup', 'guides/deploy'] }] },
            { language: 'es', groups: [{ group: 'Inicio', pages: ['es/index'] }] },
          ],
        }),
        ...pages('setup', 'guides/deploy', 'es/index', 'es/setup'),
      },
      errors: [
        {
          file: 'docs.json',
          line: 23,
          column: 9,
          severity: 'warning',
          messageId: 'missing',
          data: {
            language: 'es',
            default: 'en',
            count: '2',
            total: '3',
            pages: '`es/setup` (the page exists but is not listed), `es/guides/deploy`',
          },
          message:
            'language `es` lacks 2 of the 3 pages of `en`: `es/setup` (the page exists but is not listed), `es/guides/deploy`; translate them and list them in its navigation, or leave them out on purpose with this rule off',
        },
      ],
    },
    {
      name: 'more than eight pages: the first eight, and a count of the rest',
      files: {
        'docs.json': nav({
          languages: [
            { language: 'en', pages: ['index', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'] },
            { language: 'ja', pages: ['ja/index'] },
          ],
        }),
        ...pages('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'ja/index'),
      },
      errors: [
        {
          file: 'docs.json',
          line: 26,
          column: 9,
          message:
            'language `ja` lacks 10 of the 11 pages of `en`: `ja/a`, `ja/b`, `ja/c`, `ja/d`, `ja/e`, `ja/f`, `ja/g`, `ja/h` and 2 more; translate them and list them in its navigation, or leave them out on purpose with this rule off',
        },
      ],
    },
    {
      name: 'languages without folders cannot be matched by path: one note says so',
      files: {
        'docs.json': nav({
          languages: [
            { language: 'en', groups: [{ group: 'Start', pages: ['index', 'setup'] }] },
            { language: 'de', groups: [{ group: 'Start', pages: ['start'] }] },
          ],
        }),
        ...pages('setup', 'start'),
      },
      errors: [
        {
          file: 'docs.json',
          line: 22,
          column: 9,
          severity: 'info',
          messageId: 'layout',
          message:
            'the pages of `de` cannot be paired with those of `en`: they are not in a folder named after their language at the paths of the `en` pages (`fr/…`, `v1/fr/…`), so missing translations are not checked',
        },
      ],
    },
    {
      name: 'languages holding versions: a language without one of the versions lacks it whole, once, on its `language` key',
      files: {
        'docs.json': nav({
          languages: [
            {
              language: 'en',
              versions: [
                { version: 'v2', pages: ['index', 'setup'] },
                { version: 'v1', pages: ['v1/index'] },
              ],
            },
            { language: 'es', versions: [{ version: 'v2', pages: ['es/index', 'es/setup'] }] },
          ],
        }),
        ...pages('setup', 'v1/index', 'es/index', 'es/setup'),
      },
      errors: [
        {
          file: 'docs.json',
          line: 28,
          column: 9,
          messageId: 'versionLacksLanguage',
          message:
            'version `v1` has no language `es`, which other versions have: its `en` pages (1) have no `es` translation; add the language to this version with its pages, or leave it out on purpose with this rule off',
        },
      ],
    },
    {
      name: 'languages holding versions titled differently in each language: no version is said to lack a language, and one note says the pages cannot be paired',
      files: {
        'docs.json': nav({
          languages: [
            {
              language: 'en',
              versions: [
                { version: 'Latest', pages: ['index'] },
                { version: 'Legacy', pages: ['legacy/index'] },
              ],
            },
            { language: 'de', versions: [{ version: 'Aktuell', pages: ['de/index'] }] },
          ],
        }),
        ...pages('legacy/index', 'de/index'),
      },
      errors: [
        {
          file: 'docs.json',
          line: 27,
          column: 9,
          severity: 'info',
          messageId: 'layout',
          message:
            'the pages of `de` cannot be paired with those of `en`: they are not in a folder named after their language at the paths of the `en` pages (`fr/…`, `v1/fr/…`), so missing translations are not checked',
        },
      ],
    },
  ],
});
