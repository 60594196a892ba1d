// openapi-operation-id-duplicate: its RuleTester table, the examples of docs/rules/openapi-operation-id-duplicate.md
// first, then more cases.
import { siteRuleTester } from '../helpers/site-rule-tester.js';

siteRuleTester('openapi-operation-id-duplicate', {
  valid: [
    {
      name: 'docs/rules page, correct example',
      files: {
        'docs.json': '{\n  "navigation": { "groups": [{ "group": "API", "openapi": "openapi.yaml" }] }\n}\n',
        'openapi.yaml':
          'openapi: 3.1.0\ninfo: { title: Acme API, version: "1" }\npaths:\n  /users:\n    get:\n      summary: List users\n      operationId: listUsers\n      responses: { "200": { description: OK } }\n    post:\n      summary: Create a user\n      operationId: createUser\n      responses: { "201": { description: Created } }\n',
      },
    },
    {
      name: 'a spec no navigation element uses has no pages',
      files: {
        'other.yaml':
          'openapi: 3.1.0\ninfo: { title: Acme API, version: "1" }\npaths:\n  /users:\n    get:\n      operationId: listUsers\n      summary: List users\n      responses: { "200": { description: OK } }\n  /v2/users:\n    get:\n      operationId: listUsers\n      summary: List users again\n      responses: { "200": { description: OK } }\n',
      },
    },
  ],
  invalid: [
    {
      name: 'docs/rules page, incorrect example',
      files: {
        'docs.json': '{\n  "navigation": { "groups": [{ "group": "API", "openapi": "openapi.yaml" }] }\n}\n',
        'openapi.yaml':
          'openapi: 3.1.0\ninfo: { title: Acme API, version: "1" }\npaths:\n  /users:\n    get:\n      summary: List users\n      operationId: listUsers\n      responses: { "200": { description: OK } }\n    post:\n      summary: Create a user\n      operationId: listUsers\n      responses: { "201": { description: Created } }\n',
      },
      errors: [
        {
          file: 'openapi.yaml',
          line: 11,
          column: 20,
          endLine: 11,
          endColumn: 29,
          message:
            'operationId "listUsers" of POST /users is also the operationId of GET /users (line 7); operationIds must be unique in a spec (the playground and API clients tell operations apart by it): rename one',
          related: ['openapi.yaml:7:7 first used by GET /users'],
        },
      ],
    },
  ],
});
