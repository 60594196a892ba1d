import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSite } from '../../src/site/load.js';
import { tmpSite } from '../helpers/tmp-site.js';
import { isDefaultVariant, navigationModel, pageRoute, walkNavigation } from '../../src/site/navigation.js';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/sites');

describe('walkNavigation', () => {
  test('walks languages, tabs, groups, $ref groups, roots and nested hidden groups in order', async () => {
    const site = await loadSite(path.join(FIXTURES, 'nav-basic'));
    const entries = walkNavigation(site.config);
    expect(entries.map((e) => [e.kind, e.value, e.route, e.pointer, e.isRoot, e.hidden])).toEqual([
      ['page', 'index', 'index', '/navigation/languages/0/tabs/0/groups/0/pages/0', false, false],
      [
        'page',
        '/guides/quickstart',
        'guides/quickstart',
        '/navigation/languages/0/tabs/0/groups/0/pages/1',
        false,
        false,
      ],
      [
        'page',
        'guides/quickstrat',
        'guides/quickstrat',
        '/navigation/languages/0/tabs/0/groups/0/pages/2',
        false,
        false,
      ],
      ['page', 'guides/install.mdx', 'guides/install', '/navigation/languages/0/tabs/0/groups/0/pages/3', false, false],
      ['page', 'guides/install', 'guides/install', '/navigation/languages/0/tabs/0/groups/1/root', true, false],
      ['page', 'guides/install', 'guides/install', '/navigation/languages/0/tabs/0/groups/1/pages/0', false, false],
      [
        'page',
        'guides/quickstart',
        'guides/quickstart',
        '/navigation/languages/0/tabs/0/groups/1/pages/1',
        false,
        false,
      ],
      [
        'page',
        'guides/secret',
        'guides/secret',
        '/navigation/languages/0/tabs/0/groups/1/pages/2/pages/0',
        false,
        true,
      ],
      [
        'page',
        'guides/advanced',
        'guides/advanced',
        '/navigation/languages/0/tabs/0/groups/1/pages/2/pages/1',
        false,
        true,
      ],
      ['page', 'guides/quickstart', 'guides/quickstart', '/navigation/languages/0/tabs/1/pages/0', false, false],
      ['page', 'snippets/note', 'snippets/note', '/navigation/languages/0/tabs/1/pages/1', false, false],
      [
        'page',
        'es/guides/quickstart',
        'es/guides/quickstart',
        '/navigation/languages/1/groups/0/pages/0',
        false,
        false,
      ],
      ['page', 'guides/quickstart', 'guides/quickstart', '/navigation/languages/1/groups/0/pages/1', false, false],
    ]);
    const secret = entries[7]!;
    expect(secret.sectionTitles).toEqual(['en', 'Guides', 'More', 'Hidden']);
    expect(secret.scopePointer).toBe('/navigation/languages/0/tabs/0');
    expect(secret.chain.map((e) => e.kind)).toEqual(['language', 'tab', 'group', 'group']);
    // Positions of entries in a $ref file land in that file.
    const d = site.config.placeOf(secret.pointer);
    expect([path.basename(d.file), d.line, d.column]).toEqual(['more.json', 7, 52]);
    expect(entries[12]!.scopePointer).toBe('/navigation/languages/1');
  });

  test('memoises the model per DocsJson', async () => {
    const site = await loadSite(path.join(FIXTURES, 'nav-basic'));
    expect(navigationModel(site.config)).toBe(navigationModel(site.config));
    expect(walkNavigation(site.config)).toBe(walkNavigation(site.config));
  });

  test('keeps the nearest openapi, endpoint references, webhooks and the object form', async () => {
    const site = await loadSite(path.join(FIXTURES, 'openapi-endpoints'));
    const model = navigationModel(site.config);
    const byValue = (v: string) => model.entries.find((e) => e.value === v)!;
    expect(byValue('get /users/{userId}')).toMatchObject({
      kind: 'endpoint',
      reference: { kind: 'endpoint', method: 'get', methodText: 'get', path: '/users/{userId}' },
      openapi: { value: 'openapi.json', pointer: '/navigation/tabs/0/openapi' },
    });
    expect(byValue('GET /v2/users').openapi).toEqual({
      value: 'specs/v2',
      pointer: '/navigation/tabs/0/groups/1/openapi',
    });
    expect(byValue('webhook userCreated')).toMatchObject({ kind: 'webhook', reference: { path: 'userCreated' } });
    expect(byValue('specs/v2.yaml GET /v2/users').reference).toMatchObject({
      spec: 'specs/v2.yaml',
      method: 'get',
      path: '/v2/users',
    });
    expect(byValue('GET /orphan').openapi).toBeUndefined();
    expect(model.openapi.map((o) => [o.pointer, o.generatesAll])).toEqual([
      ['/navigation/tabs/0/openapi', false],
      ['/navigation/tabs/0/groups/1/openapi', false],
      ['/navigation/tabs/1/groups/0/openapi', false],
      ['/navigation/tabs/1/groups/1/openapi', false],
      ['/navigation/tabs/1/groups/2/openapi', false],
      ['/navigation/tabs/1/groups/3/openapi', false],
    ]);
  });

  test('collects internal hrefs of navigation elements', async () => {
    const site = await loadSite(path.join(FIXTURES, 'site-orphans'));
    expect(navigationModel(site.config).links).toEqual([
      { href: '/changelog', pointer: '/navigation/global/anchors/0/href' },
    ]);
  });

  test('default language and version', async () => {
    const site = await loadSite(path.join(FIXTURES, 'nav-basic'));
    const entries = walkNavigation(site.config);
    expect(isDefaultVariant(site.config, entries[0]!.chain)).toBe(true);
    expect(isDefaultVariant(site.config, entries[12]!.chain)).toBe(false);
    const languages = (site.config.value as { navigation: { languages: Array<Record<string, unknown>> } }).navigation
      .languages;
    languages[1]!.default = true;
    expect(isDefaultVariant(site.config, entries[0]!.chain)).toBe(false);
    expect(isDefaultVariant(site.config, entries[12]!.chain)).toBe(true);
  });

  test('pageRoute tolerates a leading slash and an extension', () => {
    expect(pageRoute('/guides/intro')).toBe('guides/intro');
    expect(pageRoute('guides/intro.mdx')).toBe('guides/intro');
    expect(pageRoute('guides/intro.md')).toBe('guides/intro');
    expect(pageRoute('guides/intro/')).toBe('guides/intro');
  });
});

describe('keys that name a property of every object', () => {
  test('"__proto__", "constructor" and "toString" are not navigation divisions: nothing under them is walked', async () => {
    const root = tmpSite({
      'docs.json':
        '{"name":"x","navigation":{"__proto__":[{"pages":["a","a"]}],"constructor":[{"pages":["b"]}],"toString":[{"pages":["c"]}],"groups":[{"group":"G","pages":["index"]}]}}',
      'index.mdx': '# Home\n',
    });
    const site = await loadSite(root);
    expect(walkNavigation(site.config).map((e) => [e.value, e.pointer, e.chain.map((c) => c.kind)])).toEqual([
      ['index', '/navigation/groups/0/pages/0', ['group']],
    ]);
  });
});

describe('GraphQL tabs', () => {
  test('`QUERY users` in a GraphQL tab without OpenAPI is a page path; with OpenAPI in scope, an endpoint reference', async () => {
    const root = tmpSite({
      'docs.json': JSON.stringify({
        name: 'x',
        navigation: {
          tabs: [
            { tab: 'GraphQL', graphql: 'schema.graphql', groups: [{ group: 'Q', pages: ['QUERY users'] }] },
            { tab: 'REST', openapi: 'openapi.json', groups: [{ group: 'R', pages: ['QUERY /search'] }] },
          ],
        },
      }),
    });
    const site = await loadSite(root);
    expect(walkNavigation(site.config).map((e) => [e.value, e.kind])).toEqual([
      ['QUERY users', 'page'],
      ['QUERY /search', 'endpoint'],
    ]);
  });
});
