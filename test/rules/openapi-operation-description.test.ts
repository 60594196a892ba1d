// openapi-operation-description: the examples of docs/rules/openapi-operation-description.md as a RuleTester table, with their exact findings.
import { siteRuleTester } from '../helpers/site-rule-tester.js';

siteRuleTester('openapi-operation-description', {
  valid: [
    {
      name: 'docs/rules page, correct example',
      files: {
        'docs.json': '{\n  "navigation": { "groups": [{ "group": "API", "openapi": "openapi.yaml" }] }\n}\n',
        'openapi.yaml':
          'openapi: 3.1.0\ninfo: { title: Acme API, version: "1" }\npaths:\n  /users:\n    get:\n      summary: List users\n      description: Lists the users of the account, newest first.\n      responses: { "200": { description: OK } }\n',
      },
    },
  ],
  invalid: [
    {
      name: 'docs/rules page, incorrect example',
      files: {
        'docs.json': '{\n  "navigation": { "groups": [{ "group": "API", "openapi": "openapi.yaml" }] }\n}\n',
        'openapi.yaml':
          'openapi: 3.1.0\ninfo: { title: Acme API, version: "1" }\npaths:\n  /users:\n    get:\n      summary: List users\n      responses: { "200": { description: OK } }\n',
      },
      errors: [
        {
          file: 'openapi.yaml',
          line: 5,
          column: 5,
          endLine: 5,
          endColumn: 8,
          message:
            'GET /users has no `description`: its generated page has no introduction and no description for search and llms.txt; add a sentence or two on what it does',
        },
      ],
    },
  ],
});
