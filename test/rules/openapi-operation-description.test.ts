// openapi-operation-description: its RuleTester table, the examples of docs/rules/openapi-operation-description.md
// first, then more cases.
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
    {
      name: 'x-mint.metadata.description counts; a spec no navigation element uses has no pages',
      files: {
        'docs.json': '{\n  "navigation": { "groups": [{ "group": "API", "openapi": "openapi.yaml" }] }\n}\n',
        'openapi.yaml':
          'openapi: 3.1.0\ninfo: { title: Acme API, version: "1" }\npaths:\n  /users:\n    get:\n      summary: List users\n      x-mint: { metadata: { description: Lists the users. } }\n      responses: { "200": { description: OK } }\n',
        'unused.yaml':
          'openapi: 3.1.0\ninfo: { title: Other, version: "1" }\npaths:\n  /things:\n    get:\n      summary: List things\n      responses: { "200": { description: OK } }\n',
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
    {
      name: 'an empty description is none (JSON)',
      files: {
        'docs.json': '{\n  "navigation": { "groups": [{ "group": "API", "openapi": "openapi.json" }] }\n}\n',
        'openapi.json':
          '{\n  "openapi": "3.1.0",\n  "info": { "title": "Acme API", "version": "1" },\n  "paths": {\n    "/users": {\n      "post": { "summary": "Create a user", "description": "", "responses": { "200": { "description": "OK" } } }\n    }\n  }\n}\n',
      },
      errors: [
        {
          file: 'openapi.json',
          line: 6,
          column: 7,
          endLine: 6,
          endColumn: 13,
          severity: 'info',
          message:
            'POST /users has no `description`: its generated page has no introduction and no description for search and llms.txt; add a sentence or two on what it does',
        },
      ],
    },
  ],
});
