// nav-endpoint-unresolved: its RuleTester table, the examples of docs/rules/nav-endpoint-unresolved.md first.
import { siteRuleTester } from '../helpers/site-rule-tester.js';

siteRuleTester('nav-endpoint-unresolved', {
  valid: [
    {
      name: 'docs/rules page, correct example',
      files: {
        'docs.json':
          '{\n  "navigation": {\n    "groups": [{ "group": "Users", "openapi": "openapi.yaml", "pages": ["GET /users/{userId}"] }]\n  }\n}\n',
        'openapi.yaml':
          'openapi: 3.1.0\ninfo: { title: Acme API, version: "1" }\npaths:\n  /users/{userId}:\n    get:\n      summary: Get a user\n      parameters: [{ name: userId, in: path, required: true, schema: { type: string } }]\n      responses: { "200": { description: OK } }\n',
      },
    },
  ],
  invalid: [
    {
      name: "docs/rules page, incorrect example 1: The path template does not match the spec's (`{id}` where the spec says `{userId}`)",
      files: {
        'docs.json':
          '{\n  "navigation": {\n    "groups": [{ "group": "Users", "openapi": "openapi.yaml", "pages": ["GET /users/{id}"] }]\n  }\n}\n',
        'openapi.yaml':
          'openapi: 3.1.0\ninfo: { title: Acme API, version: "1" }\npaths:\n  /users/{userId}:\n    get:\n      summary: Get a user\n      parameters: [{ name: userId, in: path, required: true, schema: { type: string } }]\n      responses: { "200": { description: OK } }\n',
      },
      errors: [
        {
          file: 'docs.json',
          line: 3,
          column: 73,
          endLine: 3,
          endColumn: 90,
          message:
            '`GET /users/{id}`: no operation `GET /users/{id}` in `openapi.yaml`; did you mean `GET /users/{userId}`?',
        },
      ],
    },
    {
      name: 'docs/rules page, incorrect example 2: Or an endpoint with no spec in scope (the top-level `api.openapi` does not count for na…',
      files: {
        'docs.json':
          '{\n  "api": { "openapi": "openapi.yaml" },\n  "navigation": { "groups": [{ "group": "Users", "pages": ["GET /users/{userId}"] }] }\n}\n',
        'openapi.yaml':
          'openapi: 3.1.0\ninfo: { title: Acme API, version: "1" }\npaths:\n  /users/{userId}:\n    get:\n      summary: Get a user\n      parameters: [{ name: userId, in: path, required: true, schema: { type: string } }]\n      responses: { "200": { description: OK } }\n',
      },
      errors: [
        {
          file: 'docs.json',
          line: 3,
          column: 60,
          endLine: 3,
          endColumn: 81,
          message:
            '`GET /users/{userId}` has no OpenAPI spec in scope: the platform does not use the top-level `api.openapi` for navigation entries, so it reports `GET /users/{userId}` as a missing page; add "openapi" to the enclosing group or tab, or name the spec first ("spec.json GET /users/{userId}")',
        },
      ],
    },
  ],
});
