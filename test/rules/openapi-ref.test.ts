// openapi-ref: its RuleTester table, the examples of docs/rules/openapi-ref.md first, then more cases.
import { siteRuleTester } from '../helpers/site-rule-tester.js';

siteRuleTester('openapi-ref', {
  valid: [
    {
      name: 'docs/rules page, correct example',
      files: {
        'docs.json': '{\n  "navigation": { "groups": [{ "group": "API", "openapi": "openapi.json" }] }\n}\n',
        'openapi.json':
          '{\n  "openapi": "3.1.0",\n  "info": { "title": "Acme API", "version": "1" },\n  "paths": {\n    "/users": {\n      "get": {\n        "summary": "List users",\n        "description": "Lists the users.",\n        "responses": { "200": { "description": "OK", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/User" } } } } }\n      }\n    }\n  },\n  "components": { "schemas": { "User": { "type": "object" } } }\n}\n',
      },
    },
    {
      name: 'a local $ref inside an example is data: not followed',
      files: {
        'docs.json': '{\n  "navigation": { "groups": [{ "group": "API", "openapi": "openapi.yaml" }] }\n}\n',
        'openapi.yaml':
          'openapi: 3.1.0\ninfo: { title: Acme API, version: "1" }\npaths:\n  /users:\n    get:\n      summary: List users\n      responses:\n        "200":\n          description: OK\n          content:\n            application/json:\n              example: { $ref: "#/components/schemas/Nope" }\n',
      },
    },
  ],
  invalid: [
    {
      name: 'docs/rules page, incorrect example',
      files: {
        'docs.json': '{\n  "navigation": { "groups": [{ "group": "API", "openapi": "openapi.json" }] }\n}\n',
        'openapi.json':
          '{\n  "openapi": "3.1.0",\n  "info": { "title": "Acme API", "version": "1" },\n  "paths": {\n    "/users": {\n      "get": {\n        "summary": "List users",\n        "description": "Lists the users.",\n        "responses": { "200": { "description": "OK", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Usr" } } } } }\n      }\n    }\n  },\n  "components": { "schemas": { "User": { "type": "object" } } }\n}\n',
      },
      errors: [
        {
          file: 'openapi.json',
          line: 9,
          column: 109,
          endLine: 9,
          endColumn: 135,
          message:
            '`$ref: #/components/schemas/Usr` points at nothing in this spec, so the part that uses it is missing from its pages; did you mean `#/components/schemas/User`?',
        },
      ],
    },
    {
      name: 'a $ref to another file (YAML): the platform rejects the spec',
      files: {
        'docs.json': '{\n  "navigation": { "groups": [{ "group": "API", "openapi": "openapi.yaml" }] }\n}\n',
        'openapi.yaml':
          'openapi: 3.1.0\ninfo: { title: Acme API, version: "1" }\npaths:\n  /users:\n    get:\n      summary: List users\n      responses:\n        "200":\n          description: OK\n          content:\n            application/json:\n              schema: { $ref: "schemas/user.yaml" }\n',
        'schemas/user.yaml': 'type: object\n',
      },
      errors: [
        {
          file: 'openapi.yaml',
          line: 12,
          column: 31,
          endLine: 12,
          endColumn: 50,
          severity: 'error',
          message:
            '`$ref: schemas/user.yaml` points at the file `schemas/user.yaml`: the platform follows references inside the spec only and rejects a spec with any other (its pages are not built); copy the definition into this spec (under `components`) and point at it with `#/components/…`',
        },
      ],
    },
  ],
});
