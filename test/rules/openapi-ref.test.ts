// openapi-ref: the examples of docs/rules/openapi-ref.md as a RuleTester table, with their exact findings.
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
  ],
});
