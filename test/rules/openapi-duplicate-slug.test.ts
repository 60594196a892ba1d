// openapi-duplicate-slug: its RuleTester table, the examples of docs/rules/openapi-duplicate-slug.md first, then more
// cases.
import { siteRuleTester } from '../helpers/site-rule-tester.js';

siteRuleTester('openapi-duplicate-slug', {
  valid: [
    {
      name: 'docs/rules page, correct example',
      files: {
        'docs.json': '{\n  "navigation": { "groups": [{ "group": "API", "openapi": "openapi.yaml" }] }\n}\n',
        'openapi.yaml':
          'openapi: 3.1.0\ninfo: { title: Acme API, version: "1" }\npaths:\n  /users:\n    get:\n      summary: List users\n      tags: [Users]\n      responses: { "200": { description: OK } }\n  /v2/users:\n    get:\n      summary: List users (v2)\n      tags: [Users]\n      responses: { "200": { description: OK } }\n',
      },
    },
    {
      name: 'the same summary in two tags, or in two tabs: two URLs',
      files: {
        'docs.json':
          '{\n  "navigation": {\n    "tabs": [\n      { "tab": "v1", "groups": [{ "group": "API", "openapi": "v1.yaml" }] },\n      { "tab": "v2", "groups": [{ "group": "API", "openapi": "v2.yaml" }] }\n    ]\n  }\n}\n',
        'v1.yaml':
          'openapi: 3.1.0\ninfo: { title: Acme API, version: "1" }\npaths:\n  /users:\n    get:\n      summary: List users\n      tags: [Users]\n      responses: { "200": { description: OK } }\n  /admins:\n    get:\n      summary: List users\n      tags: [Admins]\n      responses: { "200": { description: OK } }\n',
        'v2.yaml':
          'openapi: 3.1.0\ninfo: { title: Acme API, version: "2" }\npaths:\n  /users:\n    get:\n      summary: List users\n      tags: [Users]\n      responses: { "200": { description: OK } }\n',
      },
    },
    {
      name: 'a spec no navigation element uses has no pages',
      files: {
        'other.yaml':
          'openapi: 3.1.0\ninfo: { title: Acme API, version: "1" }\npaths:\n  /users:\n    get:\n      summary: List users\n      tags: [Users]\n      responses: { "200": { description: OK } }\n  /v2/users:\n    get:\n      summary: List users\n      tags: [Users]\n      responses: { "200": { description: OK } }\n',
      },
    },
  ],
  invalid: [
    {
      name: 'docs/rules page, incorrect example',
      files: {
        'docs.json': '{\n  "navigation": { "groups": [{ "group": "API", "openapi": "openapi.yaml" }] }\n}\n',
        'openapi.yaml':
          'openapi: 3.1.0\ninfo: { title: Acme API, version: "1" }\npaths:\n  /users:\n    get:\n      summary: List users\n      tags: [Users]\n      responses: { "200": { description: OK } }\n  /v2/users:\n    get:\n      summary: List users\n      tags: [Users]\n      responses: { "200": { description: OK } }\n',
      },
      errors: [
        {
          file: 'openapi.yaml',
          line: 10,
          column: 5,
          endLine: 10,
          endColumn: 8,
          message:
            'GET /v2/users gets the page URL `/api-reference/users/list-users`, as GET /users does (line 5): the platform numbers this one `/api-reference/users/list-users-1`; give the operations different summaries, or set `x-mint.href`',
          related: ['openapi.yaml:5:5 GET /users gets the same URL'],
        },
      ],
    },
  ],
});
