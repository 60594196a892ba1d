// openapi-schema: its RuleTester table, the examples of docs/rules/openapi-schema.md first, then more cases.
import { siteRuleTester } from '../helpers/site-rule-tester.js';

siteRuleTester('openapi-schema', {
  valid: [
    {
      name: 'docs/rules page, correct example',
      files: {
        'docs.json': '{\n  "navigation": { "groups": [{ "group": "API", "openapi": "openapi.yaml" }] }\n}\n',
        'openapi.yaml':
          'openapi: 3.1.0\ninfo: { title: Acme API, version: "1" }\npaths:\n  /users:\n    get:\n      summary: List users\n      description: Lists the users.\n      responses:\n        "200":\n          description: OK\n',
      },
    },
  ],
  invalid: [
    {
      name: 'docs/rules page, incorrect example',
      files: {
        'docs.json': '{\n  "navigation": { "groups": [{ "group": "API", "openapi": "openapi.yaml" }] }\n}\n',
        'openapi.yaml':
          'openapi: 3.1.0\ninfo: { title: Acme API, version: "1" }\npaths:\n  /users:\n    get:\n      summary: List users\n      description: Lists the users.\n      responses:\n        "200":\n          descriptio: OK\n',
      },
      errors: [
        {
          file: 'openapi.yaml',
          line: 9,
          column: 9,
          endLine: 9,
          endColumn: 14,
          message:
            '`paths["/users"].get.responses[200]` is missing the required field `description`; add it (OpenAPI 3.1 requires it)',
        },
      ],
    },
    {
      name: 'a field OpenAPI does not know, with the closest',
      files: {
        'docs.json': '{\n  "navigation": { "groups": [{ "group": "API", "openapi": "openapi.yaml" }] }\n}\n',
        'openapi.yaml':
          'openapi: 3.1.0\ninfo: { title: Acme API, version: "1" }\npaths:\n  /users:\n    get:\n      summary: List users\n      descriptio: Lists the users.\n      responses: { "200": { description: OK } }\n',
      },
      errors: [
        {
          file: 'openapi.yaml',
          line: 7,
          column: 7,
          endLine: 7,
          endColumn: 17,
          severity: 'error',
          message:
            '`descriptio` is not an OpenAPI 3.1 field of `paths["/users"].get`; did you mean `description`? Otherwise remove it or name it `x-descriptio` to keep it as an extension',
        },
      ],
    },
    {
      name: 'a value not among the allowed ones',
      files: {
        'docs.json': '{\n  "navigation": { "groups": [{ "group": "API", "openapi": "openapi.yaml" }] }\n}\n',
        'openapi.yaml':
          'openapi: 3.1.0\ninfo: { title: Acme API, version: "1" }\npaths:\n  /users:\n    get:\n      summary: List users\n      parameters:\n        - { name: limit, in: body, schema: { type: integer } }\n      responses: { "200": { description: OK } }\n',
      },
      errors: [
        {
          file: 'openapi.yaml',
          line: 8,
          column: 26,
          endLine: 8,
          endColumn: 28,
          severity: 'error',
          message: '`paths["/users"].get.parameters[0].in` cannot be "body": use path, query, header or cookie',
        },
      ],
    },
  ],
});
