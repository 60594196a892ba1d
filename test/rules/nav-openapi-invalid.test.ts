import { siteRuleTester } from '../helpers/site-rule-tester.js';

const config = (pages: string[]) =>
  JSON.stringify({
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Test',
    colors: { primary: '#0A7A5E' },
    navigation: { groups: [{ group: 'Start', pages }] },
  });
const spec = (title: string, paths: string[]) =>
  JSON.stringify({
    openapi: '3.0.3',
    info: { title, version: '1.0.0' },
    paths: Object.fromEntries(
      paths.map((p) => [p, { get: { summary: `Get ${p}`, responses: { '200': { description: 'OK' } } } }]),
    ),
  });
const endpointPage = (reference: string) =>
  `---\ntitle: Get users\ndescription: Lists the users.\nopenapi: "${reference}"\n---\n`;

siteRuleTester('nav-openapi-invalid', {
  valid: [
    {
      name: 'a partial path the platform matches (getMatchingOpenApiFile): one spec whose path contains it',
      files: {
        'docs.json': config(['index', 'users']),
        'api/v2/openapi.json': spec('v2', ['/users']),
        'users.mdx': endpointPage('v2 GET /users'),
      },
    },
    {
      name: 'several specs contain the name, but one has the operation: the platform takes it',
      files: {
        'docs.json': config(['index', 'users']),
        'specs/admin.json': spec('admin', ['/users']),
        'specs/admin-legacy.json': spec('legacy', ['/accounts']),
        'users.mdx': endpointPage('specs/adm GET /users'),
      },
    },
  ],
  invalid: [
    {
      name: 'several specs whose path contains the name have the operation: ambiguous, a warning',
      files: {
        'docs.json': config(['index', 'users']),
        'api/v1/public.json': spec('public', ['/users']),
        'api/v1/admin.json': spec('admin', ['/users']),
        'users.mdx': endpointPage('api/v1 GET /users'),
      },
      errors: [
        {
          file: 'users.mdx',
          line: 4,
          column: 10,
          severity: 'warning',
          messageId: 'ambiguous',
          message:
            'OpenAPI spec `api/v1` is no file but part of the path of 2 specs that have this operation (`api/v1/admin.json`, `api/v1/public.json`): the platform takes the first it finds; write the path of the one you mean',
        },
      ],
    },
    {
      name: 'a name no spec path contains is still not found',
      files: {
        'docs.json': config(['index', 'users']),
        'specs/admin.json': spec('admin', ['/users']),
        'users.mdx': endpointPage('billing GET /users'),
      },
      errors: [
        {
          file: 'users.mdx',
          line: 4,
          column: 10,
          severity: 'error',
          messageId: 'notFound',
          message: 'OpenAPI spec `billing` not found: the file does not exist',
        },
      ],
    },
  ],
});
