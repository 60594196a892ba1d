// nav-endpoint-hidden: its RuleTester table, the examples of docs/rules/nav-endpoint-hidden.md first, then more cases.
import { siteRuleTester } from '../helpers/site-rule-tester.js';

siteRuleTester('nav-endpoint-hidden', {
  valid: [
    {
      name: 'docs/rules page, correct example: Remove the entry, or remove `x-hidden` from the operation',
      files: {
        'docs.json':
          '{\n  "navigation": {\n    "groups": [{ "group": "API", "openapi": "openapi.yaml", "pages": ["GET /users"] }]\n  }\n}\n',
        'openapi.yaml':
          'openapi: 3.1.0\ninfo: { title: Acme API, version: "1" }\npaths:\n  /internal/metrics:\n    get:\n      summary: Internal metrics\n      x-hidden: true\n      responses: { "200": { description: OK } }\n  /users:\n    get:\n      summary: List users\n      responses: { "200": { description: OK } }\n',
      },
    },
    {
      name: 'a hidden operation the navigation does not list',
      files: {
        'docs.json':
          '{\n  "navigation": { "groups": [{ "group": "API", "openapi": "openapi.yaml", "pages": ["GET /users"] }] }\n}\n',
        'openapi.yaml':
          'openapi: 3.1.0\ninfo: { title: Acme API, version: "1" }\npaths:\n  /internal/metrics:\n    get:\n      summary: Internal metrics\n      x-excluded: true\n      responses: { "200": { description: OK } }\n  /users:\n    get:\n      summary: List users\n      responses: { "200": { description: OK } }\n',
      },
    },
  ],
  invalid: [
    {
      name: 'docs/rules page, incorrect example',
      files: {
        'docs.json':
          '{\n  "navigation": {\n    "groups": [\n      { "group": "API", "openapi": "openapi.yaml", "pages": ["GET /users", "GET /internal/metrics"] }\n    ]\n  }\n}\n',
        'openapi.yaml':
          'openapi: 3.1.0\ninfo: { title: Acme API, version: "1" }\npaths:\n  /internal/metrics:\n    get:\n      summary: Internal metrics\n      x-hidden: true\n      responses: { "200": { description: OK } }\n  /users:\n    get:\n      summary: List users\n      responses: { "200": { description: OK } }\n',
      },
      errors: [
        {
          file: 'docs.json',
          line: 4,
          column: 76,
          endLine: 4,
          endColumn: 99,
          message:
            '`GET /internal/metrics` is marked `x-hidden: true` in `openapi.yaml`: the platform keeps hidden operations out of the navigation; remove the entry or the `x-hidden`',
        },
      ],
    },
    {
      name: 'an operation marked x-excluded, listed',
      files: {
        'docs.json':
          '{\n  "navigation": { "groups": [{ "group": "API", "openapi": "openapi.yaml", "pages": ["GET /internal/metrics"] }] }\n}\n',
        'openapi.yaml':
          'openapi: 3.1.0\ninfo: { title: Acme API, version: "1" }\npaths:\n  /internal/metrics:\n    get:\n      summary: Internal metrics\n      x-excluded: true\n      responses: { "200": { description: OK } }\n',
      },
      errors: [
        {
          file: 'docs.json',
          line: 2,
          column: 85,
          endLine: 2,
          endColumn: 108,
          severity: 'error',
          message:
            '`GET /internal/metrics` is marked `x-excluded: true` in `openapi.yaml`: the platform generates no page for it; remove the entry or the `x-excluded`',
        },
      ],
    },
  ],
});
