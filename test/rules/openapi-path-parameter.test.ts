// openapi-path-parameter: its RuleTester table, the examples of docs/rules/openapi-path-parameter.md first.
import { siteRuleTester } from '../helpers/site-rule-tester.js';

siteRuleTester('openapi-path-parameter', {
  valid: [
    {
      name: 'docs/rules page, correct example',
      files: {
        'docs.json': '{\n  "navigation": { "groups": [{ "group": "API", "openapi": "openapi.yaml" }] }\n}\n',
        'openapi.yaml':
          'openapi: 3.1.0\ninfo: { title: Acme API, version: "1" }\npaths:\n  /users/{userId}:\n    get:\n      summary: Get a user\n      parameters: [{ name: userId, in: path, required: true, schema: { type: string } }]\n      responses: { "200": { description: OK } }\n',
      },
    },
  ],
  invalid: [
    {
      name: 'docs/rules page, incorrect example',
      files: {
        'docs.json': '{\n  "navigation": { "groups": [{ "group": "API", "openapi": "openapi.yaml" }] }\n}\n',
        'openapi.yaml':
          'openapi: 3.1.0\ninfo: { title: Acme API, version: "1" }\npaths:\n  /users/{userId}:\n    get:\n      summary: Get a user\n      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]\n      responses: { "200": { description: OK } }\n',
      },
      errors: [
        {
          file: 'openapi.yaml',
          line: 5,
          column: 5,
          endLine: 5,
          endColumn: 8,
          message:
            '`{userId}` in the path of GET /users/{userId} is not declared: its page shows no field for it and the playground sends it empty; rename the parameter `id` to `userId`, or add a parameter with `name: userId`, `in: path` and `required: true`',
        },
        {
          file: 'openapi.yaml',
          line: 7,
          column: 28,
          endLine: 7,
          endColumn: 30,
          message:
            'path parameter `id` of GET /users/{userId} is not in its path `/users/{userId}`: the playground has nowhere to put it; remove it, change it to `in: query`, or add `{id}` to the path',
        },
      ],
    },
  ],
});
