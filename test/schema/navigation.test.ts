import { BASE, braceBefore, config, expectedAt, lintDocsJson, type Found } from './helpers.js';

const nav = (navigation: unknown) => config({ navigation });

describe('navigation: valid shapes', () => {
  const VALID: Array<[string, unknown]> = [
    ['flat pages with endpoint references', { pages: ['index', 'quickstart', 'GET /users/{id}', 'POST /users'] }],
    [
      'groups with nested groups and every group field',
      {
        groups: [
          {
            group: 'Get started',
            icon: 'rocket',
            tag: 'NEW',
            root: 'start/index',
            boost: 2,
            public: true,
            directory: 'card',
            pages: [
              'start/install',
              { group: 'Advanced', expanded: false, hidden: true, searchable: true, icon: { name: 'gear', style: 'thin' }, pages: ['start/advanced'] },
            ],
          },
        ],
      },
    ],
    [
      'tabs with groups, pages, a link, a menu, an SDK and hidden+searchable',
      {
        tabs: [
          { tab: 'Guides', icon: 'book', groups: [{ group: 'Basics', pages: ['guides/a'] }] },
          { tab: 'API', openapi: 'openapi.json', pages: ['GET /pets'] },
          { tab: 'Blog', href: 'https://acme.io/blog' },
          {
            tab: 'Tools',
            menu: [
              { item: 'CLI', icon: 'terminal', description: 'Command line', groups: [{ group: 'CLI', pages: ['cli/a'] }] },
              { item: 'Status', href: 'https://status.acme.io' },
            ],
          },
          { tab: 'SDK', sdk: { format: 'typedoc', source: 'sdk/typedoc.json', directory: 'sdk/ts' } },
          { tab: 'Internal', hidden: true, searchable: true, pages: ['internal/a'] },
        ],
      },
    ],
    [
      'anchors with pages, groups, links and colours',
      {
        anchors: [
          { anchor: 'Docs', icon: 'book-open', pages: ['index'] },
          { anchor: 'API', color: { light: '#0A7A5E', dark: '#07C983' }, groups: [{ group: 'Endpoints', openapi: { source: 'api.yaml', directory: 'api' } }] },
          { anchor: 'Blog', href: 'https://acme.io/blog' },
        ],
      },
    ],
    ['dropdowns', { dropdowns: [{ dropdown: 'Products', description: 'All products', icon: 'box', groups: [{ group: 'One', pages: ['one'] }] }] }],
    [
      'versions with a default, tags and tabs inside',
      {
        versions: [
          { version: 'v2', default: true, tag: 'Latest', tabs: [{ tab: 'Docs', pages: ['v2/index'] }] },
          { version: 'v1', hidden: true, pages: ['v1/index'] },
        ],
      },
    ],
    [
      'languages with per-language banner, footer, navbar and global links',
      {
        languages: [
          {
            language: 'en',
            default: true,
            banner: { content: 'New!', dismissible: true, type: 'info', color: { light: '#FFFFFF', dark: '#000' } },
            footer: { socials: { github: 'https://github.com/acme' } },
            navbar: { links: [{ label: 'Support', href: 'mailto:help@acme.io' }] },
            global: { anchors: [{ anchor: 'Blog', href: 'https://acme.io/blog', icon: 'newspaper' }] },
            tabs: [{ tab: 'Docs', groups: [{ group: 'Start', pages: ['index'] }] }],
          },
          { language: 'pt-BR', versions: [{ version: '1.0', pages: ['pt-BR/index'] }] },
          { language: 'zh-Hans', href: 'https://zh.acme.io' },
        ],
      },
    ],
    [
      'products with groups and a menu',
      {
        products: [
          { product: 'Core API', description: 'The API', icon: 'api', groups: [{ group: 'Start', pages: ['core/index'] }] },
          { product: 'Cloud', menu: [{ item: 'Guides', pages: ['cloud/a'] }] },
          { product: 'Mobile', href: 'https://mobile.acme.io' },
        ],
      },
    ],
    [
      'global entries next to tabs',
      {
        global: {
          anchors: [{ anchor: 'Status', href: 'https://status.acme.io', icon: { name: 'signal', style: 'solid' } }],
          tabs: [{ tab: 'Blog', href: 'https://acme.io/blog' }],
          dropdowns: [{ dropdown: 'More', href: '/more' }],
          languages: [{ language: 'fr', href: 'https://fr.acme.io' }],
          versions: [{ version: 'v1', href: 'https://v1.acme.io' }],
          products: [{ product: 'Other', href: 'https://other.acme.io' }],
        },
        tabs: [{ tab: 'Docs', pages: ['index'] }],
      },
    ],
    [
      'openapi as a string, an array and an object; asyncapi',
      {
        groups: [
          { group: 'A', openapi: 'https://api.acme.io/openapi.json', pages: ['GET /a'] },
          { group: 'B', openapi: ['one.yaml', 'two.yaml'] },
          { group: 'C', openapi: { source: 'c.yaml', directory: 'api/c' } },
          { group: 'D', asyncapi: 'events.yaml' },
          { group: 'E', openapi: ['one.yaml', { source: 'two.yaml', directory: 'api/two', overlays: ['overlays/two.yaml'] }] },
        ],
      },
    ],
    [
      'deeply nested levels: languages > versions > tabs > anchors > dropdowns > products > groups',
      {
        languages: [
          {
            language: 'en',
            versions: [
              {
                version: 'v1',
                tabs: [
                  {
                    tab: 'T',
                    anchors: [{ anchor: 'A', dropdowns: [{ dropdown: 'D', products: [{ product: 'P', groups: [{ group: 'G', pages: ['p'] }] }] }] }],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  ];
  test.each(VALID)('%s', async (_name, navigation) => {
    expect(await lintDocsJson(nav(navigation))).toEqual([]);
  });
});

const schemaError = (text: string, needle: string, message: string, nth = 0): Found => expectedAt(text, needle, 'config-schema', 'error', message, nth);
const atBrace = (text: string, marker: string, message: string): Found => ({
  file: 'docs.json',
  ...braceBefore(text, marker),
  ruleId: 'config-schema',
  severity: 'error',
  message,
});

describe('navigation: errors', () => {
  test('a group without "group" (error at its opening brace)', async () => {
    const text = nav({ groups: [{ pages: ['orphan-page'] }] });
    expect(await lintDocsJson(text)).toEqual([atBrace(text, '"orphan-page"', 'navigation.groups[0] is missing "group"')]);
  });

  test('a tab written inside groups: the name key says where it belongs', async () => {
    const text = nav({ groups: [{ tab: 'Guides', pages: ['a'] }] });
    expect(await lintDocsJson(text)).toEqual([
      atBrace(text, '"tab"', 'navigation.groups[0] is missing "group"; it has "tab", which belongs in a "tabs" array'),
      expectedAt(text, '"tab"', 'config-unknown-key', 'warning', 'unknown key "tab" in navigation.groups[0]; a tab belongs in a "tabs" array'),
    ]);
  });

  test('a nested group (object in pages) without "group": only the group branch is reported', async () => {
    const text = nav({ groups: [{ group: 'Outer', pages: ['a', { pages: ['nested-page'] }] }] });
    expect(await lintDocsJson(text)).toEqual([atBrace(text, '"nested-page"', 'navigation.groups[0].pages[1] is missing "group"')]);
  });

  test('a page entry that is neither a path nor a group', async () => {
    const text = nav({ groups: [{ group: 'Outer', pages: ['a', 42] }] });
    expect(await lintDocsJson(text)).toEqual([schemaError(text, '42', 'navigation.groups[0].pages[1] must be a string or an object (got number 42)')]);
  });

  test('errors deep inside nested groups keep their full path', async () => {
    const text = nav({ groups: [{ group: 'L1', pages: [{ group: 'L2', pages: [{ group: 'L3', pages: [true], expanded: 'yes' }] }] }] });
    expect(await lintDocsJson(text)).toEqual([
      schemaError(text, 'true', 'navigation.groups[0].pages[0].pages[0].pages[0] must be a string or an object (got boolean true)'),
      schemaError(text, '"yes"', 'navigation.groups[0].pages[0].pages[0].expanded must be true or false (got "yes")'),
    ]);
  });

  test('group name and pages of the wrong type', async () => {
    const text = nav({ groups: [{ group: 91827, pages: 'index' }] });
    expect(await lintDocsJson(text)).toEqual([
      schemaError(text, '91827', 'navigation.groups[0].group must be a string (got number 91827)'),
      schemaError(text, '"index"', 'navigation.groups[0].pages must be an array (got "index")'),
    ]);
  });

  test.each([
    ['tabs', 'tab'],
    ['anchors', 'anchor'],
    ['dropdowns', 'dropdown'],
    ['versions', 'version'],
    ['languages', 'language'],
    ['products', 'product'],
  ])('an entry of %s without "%s"', async (array, key) => {
    const text = nav({ [array]: [{ pages: ['the-page'] }] });
    expect(await lintDocsJson(text)).toEqual([atBrace(text, '"the-page"', `navigation.${array}[0] is missing "${key}"`)]);
  });

  test('a menu item without "item"', async () => {
    const text = nav({ tabs: [{ tab: 'T', menu: [{ pages: ['menu-page'] }] }] });
    expect(await lintDocsJson(text)).toEqual([atBrace(text, '"menu-page"', 'navigation.tabs[0].menu[0] is missing "item"')]);
  });

  test('an empty version name', async () => {
    const text = nav({ versions: [{ version: '', pages: ['a'] }] });
    expect(await lintDocsJson(text)).toEqual([schemaError(text, '""', 'navigation.versions[0].version must not be empty')]);
  });

  test('an unsupported language code', async () => {
    const text = nav({ languages: [{ language: 'english', pages: ['a'] }] });
    expect(await lintDocsJson(text)).toEqual([
      schemaError(
        text,
        '"english"',
        'navigation.languages[0].language must be one of the 40 supported values, such as en, cn, zh, zh-Hans, zh-Hant, zh-CN (got "english")',
      ),
    ]);
  });

  test('a misspelt directory value gets a suggestion', async () => {
    const text = nav({ groups: [{ group: 'G', directory: 'cards', pages: ['a'] }] });
    expect(await lintDocsJson(text)).toEqual([
      schemaError(text, '"cards"', 'navigation.groups[0].directory must be one of none, accordion, card (got "cards"); did you mean "card"?'),
    ]);
  });

  test('openapi of the wrong type', async () => {
    const text = nav({ groups: [{ group: 'API', openapi: 30303 }] });
    expect(await lintDocsJson(text)).toEqual([
      schemaError(text, '30303', 'navigation.groups[0].openapi must be a string, an array or an object (got number 30303)'),
    ]);
  });

  test('openapi array with a non-string entry', async () => {
    const text = nav({ tabs: [{ tab: 'API', openapi: ['a.yaml', false] }] });
    expect(await lintDocsJson(text)).toEqual([schemaError(text, 'false', 'navigation.tabs[0].openapi[1] must be a string or an object (got boolean false)')]);
  });

  test('openapi object without "source" (at the key), with an unknown key', async () => {
    const text = nav({ anchors: [{ anchor: 'API', openapi: { file: 'api.yaml' } }] });
    expect(await lintDocsJson(text)).toEqual([
      schemaError(text, '"openapi"', 'navigation.anchors[0].openapi is missing "source"'),
      // The platform rejects unknown keys in an openapi source object.
      schemaError(
        text,
        '"file"',
        'unknown key "file" in navigation.anchors[0].openapi, where the platform allows no other keys; allowed keys are source, directory, overlays',
      ),
    ]);
  });

  test('an icon object without a name', async () => {
    const text = nav({ anchors: [{ anchor: 'A', icon: { style: 'solid' }, href: 'https://a.io' }] });
    expect(await lintDocsJson(text)).toEqual([schemaError(text, '"icon"', 'navigation.anchors[0].icon is missing "name"')]);
  });

  test('a global anchor needs an href', async () => {
    const text = nav({ global: { anchors: [{ anchor: 'no-link-anchor' }] }, pages: ['a'] });
    expect(await lintDocsJson(text)).toEqual([atBrace(text, '"no-link-anchor"', 'navigation.global.anchors[0] is missing "href"')]);
  });

  test('a misspelt group key: warning with a rename fix', async () => {
    const text = nav({ groups: [{ group: 'G', expandd: true, pages: ['a'] }] });
    const found = await lintDocsJson(text);
    expect(found).toEqual([
      expectedAt(text, '"expandd"', 'config-unknown-key', 'warning', 'unknown key "expandd" in navigation.groups[0]; did you mean "expanded"?'),
    ]);
  });

  test('an empty navigation', async () => {
    const text = nav({});
    expect(await lintDocsJson(text)).toEqual([
      schemaError(text, '"navigation"', 'navigation must have one of "products", "languages", "versions", "tabs", "dropdowns", "anchors", "groups", "pages"'),
    ]);
  });

  test('navigation with only "global" or "menu" has no division the platform knows', async () => {
    const text = nav({ global: { anchors: [{ anchor: 'Blog', href: 'https://acme.io/blog' }] }, menu: [{ item: 'A', pages: ['a'] }] });
    expect(await lintDocsJson(text)).toEqual([
      schemaError(text, '"navigation"', 'navigation must have one of "products", "languages", "versions", "tabs", "dropdowns", "anchors", "groups", "pages"'),
      expectedAt(text, '"menu"', 'config-unknown-key', 'warning', 'unknown key "menu" in navigation; the platform ignores it'),
    ]);
  });

  test('openapi at the top of the navigation is ignored by the platform', async () => {
    const text = nav({ openapi: 'openapi.json', pages: ['GET /pets'] });
    expect(await lintDocsJson(text)).toEqual([
      expectedAt(
        text,
        '"openapi"',
        'config-unknown-key',
        'warning',
        'unknown key "openapi" in navigation; the platform ignores it here: set it on a group, tab or other entry, or in "api.openapi"',
      ),
    ]);
  });

  test('empty names, empty page paths and empty group lists', async () => {
    const text = nav({ tabs: [{ tab: '', groups: [] }], groups: [{ group: 'G', pages: ['', 'a'], root: '' }] });
    expect(await lintDocsJson(text)).toEqual([
      schemaError(text, '""', 'navigation.tabs[0].tab must not be empty'),
      schemaError(text, '[]', 'navigation.tabs[0].groups must have at least 1 item'),
      schemaError(text, '""', 'navigation.groups[0].pages[0] must not be empty', 1),
      schemaError(text, '""', 'navigation.groups[0].root must not be empty', 2),
    ]);
  });

  test('graphql only on tabs, and alone there (with optional groups)', async () => {
    const ok = nav({ tabs: [{ tab: 'GraphQL', graphql: { source: 'schema.graphql', directory: 'gql' }, groups: [{ group: 'Intro', pages: ['gql/intro'] }] }] });
    expect(await lintDocsJson(ok)).toEqual([]);
    const text = nav({ tabs: [{ tab: 'GraphQL', graphql: 'schema.graphql', pages: ['a'] }], groups: [{ group: 'G', graphql: 'schema.graphql' }] });
    expect(await lintDocsJson(text)).toEqual([
      schemaError(
        text,
        '"pages"',
        '"pages" cannot be used in navigation.tabs[0] together with "graphql"; such an entry may only have "tab", "icon", "hidden", "searchable", "align", "directory", "groups"',
      ),
      schemaError(text, '"graphql"', '"graphql" is not allowed in navigation.groups[0]; a GraphQL schema goes on a tab.', 1),
    ]);
  });

  test('icons written with the "fa-" prefix, hrefs that are neither paths nor URLs', async () => {
    const text = nav({ anchors: [{ anchor: 'A', icon: 'fa-house', href: 'acme.io/blog' }] });
    expect(await lintDocsJson(text)).toEqual([
      schemaError(text, '"fa-house"', 'navigation.anchors[0].icon must not start with "fa-"; write the icon name without it (got "fa-house")'),
      schemaError(
        text,
        '"acme.io/blog"',
        'navigation.anchors[0].href must be a path starting with "/", an "#anchor", a "mailto:" link or a full URL (got "acme.io/blog")',
      ),
    ]);
  });

  test('unknown keys in global navigation and in entry colours are errors; keys the platform does not know on a tab are warnings', async () => {
    const text = nav({
      global: { anchors: [{ anchor: 'Blog', href: 'https://acme.io/blog', color: { light: '#FFFFFF', hover: '#000000' } }], links: [] },
      tabs: [{ tab: 'Docs', color: { light: '#FFFFFF' }, pages: ['a'] }],
    });
    expect(await lintDocsJson(text)).toEqual([
      schemaError(
        text,
        '"hover"',
        'unknown key "hover" in navigation.global.anchors[0].color, where the platform allows no other keys; allowed keys are light, dark',
      ),
      schemaError(
        text,
        '"links"',
        'unknown key "links" in navigation.global, where the platform allows no other keys; allowed keys are languages, versions, tabs, dropdowns, anchors, products',
      ),
      expectedAt(text, '"color"', 'config-unknown-key', 'warning', 'unknown key "color" in navigation.tabs[0]; the platform ignores it', 1),
    ]);
  });

  test('navigation of the wrong type', async () => {
    const text = nav(['index']);
    expect(await lintDocsJson(text)).toEqual([schemaError(text, '[\n    "index"\n  ]', 'navigation must be an object (got an array)')]);
  });

  test('no navigation at all', async () => {
    const { navigation: _drop, ...rest } = BASE;
    const text = JSON.stringify(rest, null, 2);
    expect(await lintDocsJson(text)).toEqual([
      {
        file: 'docs.json',
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 2,
        ruleId: 'config-schema',
        severity: 'error',
        message: 'docs.json is missing "navigation"',
      },
    ]);
  });
});
