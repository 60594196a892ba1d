import path from 'node:path';
import { readTextSafe, realRoot } from '../../src/core/safe-read.js';
import { fileURLToPath } from 'node:url';
import navOpenapiInvalid from '../../rules/nav-openapi-invalid.js';
import { compileRedirect, applyRedirects, readRedirects } from '../../src/site/redirects.js';
import { parseSpecText } from '../../src/openapi/document.js';
import { openapiSources, resolveSpecPath, SpecLoader } from '../../src/openapi/loader.js';
import { normalisePathTemplate, OperationIndex } from '../../src/openapi/operations.js';
import { describeReference, parseEndpointReference } from '../../src/openapi/reference.js';
import { loadSite } from '../../src/site/load.js';
import { runCheck } from '../checks/helpers.js';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/sites');

describe('endpoint references', () => {
  test.each([
    ['GET /users', { kind: 'endpoint', method: 'get', path: '/users', spec: undefined }],
    ['delete /users/{id}', { kind: 'endpoint', method: 'delete', methodText: 'delete', path: '/users/{id}' }],
    ['spec.yaml GET /users', { kind: 'endpoint', method: 'get', path: '/users', spec: 'spec.yaml' }],
    ['/openapi.json get /x', { kind: 'endpoint', method: 'get', path: '/x', spec: '/openapi.json' }],
    ['webhook orderUpdated', { kind: 'webhook', path: 'orderUpdated', spec: undefined }],
    ['openapi.json webhook orderUpdated', { kind: 'webhook', path: 'orderUpdated', spec: 'openapi.json' }],
  ])('%s', (text, expected) => {
    expect(parseEndpointReference(text)).toMatchObject(expected);
  });

  test.each(['guides/intro', 'FETCH /users', 'users list', 'a b c d', 'GET'])('%s is a page path', (text) => {
    expect(parseEndpointReference(text)).toBeUndefined();
  });

  test('describe', () => {
    expect(describeReference(parseEndpointReference('get /a')!)).toBe('GET /a');
    expect(describeReference(parseEndpointReference('webhook x')!)).toBe('webhook x');
  });
});

describe('operation index', () => {
  const doc = {
    openapi: '3.1.0',
    paths: {
      '/users/{userId}': { get: {}, delete: { 'x-hidden': true } },
      '/users': { post: { summary: 'Create' } },
      '/teams/{teamId}/members': { $ref: '#/components/pathItems/Members' },
      '/external': { $ref: './paths/external.yaml' },
    },
    components: { pathItems: { Members: { get: { 'x-excluded': true } } } },
    webhooks: { userCreated: { post: {} } },
  };
  const index = new OperationIndex(doc);

  test('finds operations, tolerating a trailing slash, and reads x-hidden / x-excluded', () => {
    expect(index.find('get', '/users/{userId}')?.hidden).toBe(false);
    expect(index.find('get', '/users/{userId}/')).toBeDefined();
    expect(index.find('delete', '/users/{userId}')?.hidden).toBe(true);
    expect(index.find('get', '/teams/{teamId}/members')).toMatchObject({
      excluded: true,
      pointer: ['components', 'pathItems', 'Members', 'get'],
    });
    expect(index.findWebhook('userCreated')?.method).toBe('post');
  });

  test('suggests another parameter name, another method, a typo', () => {
    expect(index.suggest('get', '/users/{id}')).toBe('GET /users/{userId}');
    expect(index.suggest('put', '/users/{id}')).toBe('GET /users/{userId}');
    expect(index.suggest('post', '/user')).toBe('POST /users');
    expect(index.suggest('get', '/completely/unrelated/path/here')).toBeUndefined();
    expect(index.suggestWebhook('userCreate')).toBe('userCreated');
  });

  test('external path item refs are not followed', () => {
    expect(index.find('get', '/external')).toBeUndefined();
    expect(index.unreadableItem('endpoint', '/external')?.reason).toMatch(/external \$ref/);
  });

  test('normalised templates', () => {
    expect(normalisePathTemplate('/a/{x}/b/{y}/')).toBe('/a/{}/b/{}');
  });
});

describe('spec documents', () => {
  test('JSON positions are computed on demand', () => {
    const parsed = parseSpecText('/s.json', '{\n  "paths": {\n    "/a": { "get": { "x-hidden": 1 } }\n  }\n}\n');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const loc = parsed.document.locate(['paths', '/a', 'get', 'x-hidden'])!;
    expect(parsed.document.lines.position(loc.value.start)).toEqual({ line: 3, column: 34 });
    expect(parsed.document.lines.position(loc.key!.start)).toEqual({ line: 3, column: 22 });
    // Missing pointers fall back to the nearest ancestor.
    const near = parsed.document.locate(['paths', '/a', 'post'])!;
    expect(parsed.document.lines.position(near.value.start)).toEqual({ line: 3, column: 11 });
  });

  test('YAML positions', () => {
    const parsed = parseSpecText('/s.yaml', 'openapi: 3.1.0\npaths:\n  /a:\n    get:\n      x-hidden: maybe\n');
    if (!parsed.ok) throw new Error('parse');
    const loc = parsed.document.locate(['paths', '/a', 'get', 'x-hidden'])!;
    expect(parsed.document.lines.position(loc.value.start)).toEqual({ line: 5, column: 17 });
    expect(parsed.document.lines.position(loc.key!.start)).toEqual({ line: 5, column: 7 });
  });

  test('syntax errors have positions', () => {
    const json = parseSpecText('/s.json', '{\n  "a": 1,\n}\n');
    expect(json).toMatchObject({ ok: false, message: 'invalid JSON: property name expected', range: { start: 12 } });
    const yaml = parseSpecText('/s.yaml', 'a: 1\n  b: [\n');
    expect(yaml.ok).toBe(false);
    expect(parseSpecText('/s.yaml', '   \n')).toMatchObject({ ok: false, message: 'the file is empty' });
  });
});

describe('spec loader', () => {
  const root = path.join(FIXTURES, 'openapi-endpoints');

  test('loads each spec once (the cache holds the promise)', async () => {
    const loader = new SpecLoader(root, (file) => readTextSafe(file, { root: realRoot(root), maxBytes: 1 << 26 }));
    const a = loader.load(path.join(root, 'openapi.json'));
    const b = loader.load(path.join(root, 'openapi.json'));
    expect(a).toBe(b);
    const spec = await a;
    expect(spec).toMatchObject({ ok: true, version: '3.1.0' });
    expect(loader.timings.size).toBe(1);
  });

  test('failures: missing, outside the root, unparsable, Swagger 2.0', async () => {
    const loader = new SpecLoader(root, (file) => readTextSafe(file, { root: realRoot(root), maxBytes: 1 << 26 }));
    expect(await loader.load(path.join(root, 'specs/missing.json'))).toMatchObject({ ok: false, reason: 'missing' });
    expect(await loader.load(path.join(root, '../openapi-apionly/openapi.yml'))).toMatchObject({
      ok: false,
      reason: 'outside-root',
    });
    expect(await loader.load(path.join(root, 'specs/bad.json'))).toMatchObject({ ok: false, reason: 'unparsable' });
    expect(await loader.load(path.join(root, 'specs/swagger.json'))).toMatchObject({ ok: false, reason: 'not-3x' });
  });

  test('resolves spec paths like the platform', () => {
    const files = ['openapi.json', 'specs/v2.yaml', 'specs/bad.json', 'v3-openapi.yaml'];
    expect(resolveSpecPath(root, '/openapi.json', files)).toMatchObject({ kind: 'local', relative: 'openapi.json' });
    expect(resolveSpecPath(root, './specs/v2', files)).toMatchObject({ kind: 'local', relative: 'specs/v2.yaml' });
    expect(resolveSpecPath(root, 'v3-openapi', files)).toMatchObject({ kind: 'local', relative: 'v3-openapi.yaml' });
    expect(resolveSpecPath(root, 'v2', files)).toMatchObject({ kind: 'local', relative: 'specs/v2.yaml' });
    expect(resolveSpecPath(root, 'https://example.com/openapi.json', files)).toMatchObject({ kind: 'remote' });
    expect(resolveSpecPath(root, '../../secret.json', files)).toMatchObject({
      kind: 'unresolved',
      reason: 'outside-root',
    });
    expect(resolveSpecPath(root, 'specs/v3.yaml', files)).toMatchObject({ kind: 'unresolved', reason: 'missing' });
  });

  test('openapi values: a path, a list, an object with source', () => {
    expect(openapiSources('a.json', '/p')).toEqual([{ written: 'a.json', pointer: '/p' }]);
    expect(openapiSources(['a.json', 'b.yaml'], '/p')).toEqual([
      { written: 'a.json', pointer: '/p/0' },
      { written: 'b.yaml', pointer: '/p/1' },
    ]);
    expect(openapiSources({ source: 'a.json', directory: 'api' }, '/p')).toEqual([
      { written: 'a.json', pointer: '/p/source' },
    ]);
    expect(openapiSources(42, '/p')).toEqual([]);
  });
});

describe('schema validation (option schema: true)', () => {
  test('one finding at the openapi value, and the spec error at its position in the spec', async () => {
    const site = await loadSite(path.join(FIXTURES, 'openapi-schema'));
    expect(await runCheck(navOpenapiInvalid, site, { schema: true })).toEqual([
      {
        file: 'docs.json',
        line: 4,
        column: 45,
        severity: 'error',
        message:
          'OpenAPI spec `openapi.yaml` does not pass OpenAPI validation: Property descriptio is not expected to be here at openapi.yaml:9; the platform renders the endpoint pages of an invalid spec blank',
      },
      {
        file: 'openapi.yaml',
        line: 9,
        column: 9,
        severity: 'error',
        message:
          'OpenAPI validation: Property descriptio is not expected to be here (at /paths/~1things/get/responses/200)',
      },
    ]);
  });

  test('off by default', async () => {
    const site = await loadSite(path.join(FIXTURES, 'openapi-schema'));
    expect(await runCheck(navOpenapiInvalid, site)).toEqual([]);
  });
});

describe('redirects', () => {
  test('parameters and wildcards', () => {
    const list = [
      compileRedirect('/beta/:slug*', '/v2/:slug*', '/redirects/0'),
      compileRedirect('/articles/concepts-*', '/collections/overview', '/redirects/1'),
      compileRedirect('/old/article-*', '/new/article-*', '/redirects/2'),
      compileRedirect('/docs/:section/:page', '/help/:page', '/redirects/3'),
    ];
    expect(applyRedirects(list, '/beta/introduction')).toBe('/v2/introduction');
    expect(applyRedirects(list, '/beta/a/b')).toBe('/v2/a/b');
    expect(applyRedirects(list, '/beta')).toBe('/v2');
    expect(applyRedirects(list, '/articles/concepts-getting-started')).toBe('/collections/overview');
    expect(applyRedirects(list, '/old/article-123')).toBe('/new/article-123');
    expect(applyRedirects(list, '/docs/x/y')).toBe('/help/y');
    expect(applyRedirects(list, '/nothing')).toBeUndefined();
    expect(readRedirects({ redirects: [{ source: '/a', destination: '/b' }, { source: 1 }] })).toHaveLength(1);
  });
});
