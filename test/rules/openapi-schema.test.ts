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
          'openapi: 3.1.0\ninfo: { title: Acme API, version: "1" }\npaths:\n  /users:\n    get:\n      summary: List users\n      parameters:\n        - { name: limit, in: querystring, schema: { type: integer } }\n      responses: { "200": { description: OK } }\n',
      },
      errors: [
        {
          file: 'openapi.yaml',
          line: 8,
          column: 26,
          endLine: 8,
          endColumn: 28,
          severity: 'error',
          message: '`paths["/users"].get.parameters[0].in` cannot be "querystring": use path, query, header or cookie',
        },
      ],
    },
    {
      name: 'a path parameter without `required: true` in a 3.0 spec',
      files: {
        'docs.json': '{\n  "navigation": { "groups": [{ "group": "API", "openapi": "openapi.yaml" }] }\n}\n',
        'openapi.yaml':
          'openapi: 3.0.3\ninfo: { title: Acme API, version: "1" }\npaths:\n  /users/{id}:\n    get:\n      summary: Get a user\n      parameters:\n        - { name: id, in: path, schema: { type: string } }\n      responses: { "200": { description: OK } }\n',
      },
      errors: [
        {
          file: 'openapi.yaml',
          line: 8,
          column: 11,
          endLine: 8,
          endColumn: 59,
          severity: 'error',
          message:
            '`paths["/users/{id}"].get.parameters[0]` is missing the required field `required`; add it (OpenAPI 3.0 requires it)',
        },
      ],
    },
    {
      name: 'a body parameter (OpenAPI 2): the message points to requestBody',
      files: {
        'docs.json': '{\n  "navigation": { "groups": [{ "group": "API", "openapi": "openapi.yaml" }] }\n}\n',
        'openapi.yaml':
          'openapi: 3.1.0\ninfo: { title: Acme API, version: "1" }\npaths:\n  /users:\n    post:\n      summary: Create a user\n      parameters:\n        - { name: user, in: body, schema: { type: object } }\n      responses: { "200": { description: OK } }\n',
      },
      errors: [
        {
          file: 'openapi.yaml',
          line: 8,
          column: 25,
          endLine: 8,
          endColumn: 27,
          severity: 'error',
          message:
            '`paths["/users"].post.parameters[0].in` cannot be "body" (an OpenAPI 2 form): OpenAPI 3.1 has no body parameters; remove this parameter and describe the body in the operation\'s `requestBody` (`requestBody.content["application/json"].schema`)',
        },
      ],
    },
    {
      name: 'a form parameter (OpenAPI 2) in a 3.0 spec: the message points to requestBody',
      files: {
        'docs.json': '{\n  "navigation": { "groups": [{ "group": "API", "openapi": "openapi.yaml" }] }\n}\n',
        'openapi.yaml':
          'openapi: 3.0.3\ninfo: { title: Acme API, version: "1" }\npaths:\n  /users:\n    post:\n      summary: Create a user\n      parameters:\n        - { name: avatar, in: formData, schema: { type: string } }\n      responses: { "200": { description: OK } }\n',
      },
      errors: [
        {
          file: 'openapi.yaml',
          line: 8,
          column: 27,
          endLine: 8,
          endColumn: 29,
          severity: 'error',
          message:
            '`paths["/users"].post.parameters[0].in` cannot be "formData" (an OpenAPI 2 form): OpenAPI 3.0 has no form parameters; remove this parameter and describe the form in the operation\'s `requestBody` (`requestBody.content["multipart/form-data"].schema`, one property per field)',
        },
      ],
    },
  ],
});
