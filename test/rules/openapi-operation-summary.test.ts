// openapi-operation-summary: its RuleTester table, the examples of docs/rules/openapi-operation-summary.md first.
import { siteRuleTester } from '../helpers/site-rule-tester.js';

siteRuleTester('openapi-operation-summary', {
  valid: [
    {
      name: 'docs/rules page, correct example',
      files: {
        'docs.json': '{\n  "navigation": { "groups": [{ "group": "API", "openapi": "openapi.yaml" }] }\n}\n',
        'openapi.yaml':
          'openapi: 3.1.0\ninfo: { title: Acme API, version: "1" }\npaths:\n  /users/{userId}:\n    get:\n      summary: Get a user\n      description: Gets one user.\n      parameters: [{ name: userId, in: path, required: true, schema: { type: string } }]\n      responses: { "200": { description: OK } }\n',
      },
    },
  ],
  invalid: [
    {
      name: 'docs/rules page, incorrect example',
      files: {
        'docs.json': '{\n  "navigation": { "groups": [{ "group": "API", "openapi": "openapi.yaml" }] }\n}\n',
        'openapi.yaml':
          'openapi: 3.1.0\ninfo: { title: Acme API, version: "1" }\npaths:\n  /users/{userId}:\n    get:\n      description: Gets one user.\n      parameters: [{ name: userId, in: path, required: true, schema: { type: string } }]\n      responses: { "200": { description: OK } }\n',
      },
      errors: [
        {
          file: 'openapi.yaml',
          line: 5,
          column: 5,
          endLine: 5,
          endColumn: 8,
          message:
            "GET /users/{userId} has no `summary`: its generated page is titled after its URL (`get-users`); add a `summary` of a few words (it becomes the page's title and URL)",
        },
      ],
    },
  ],
});
