// openapi-extension: the examples of docs/rules/openapi-extension.md as a RuleTester table, with their exact findings.
import { siteRuleTester } from '../helpers/site-rule-tester.js';

siteRuleTester('openapi-extension', {
  valid: [
    {
      name: 'docs/rules page, correct example',
      files: {
        'docs.json':
          '{\n  "navigation": { "groups": [{ "group": "API", "openapi": "openapi.yaml", "pages": ["GET /users"] }] }\n}\n',
        'openapi.yaml':
          'openapi: 3.1.0\ninfo: { title: Acme API, version: "1" }\npaths:\n  /users:\n    get:\n      summary: List users\n      x-mint:\n        content: "Extra text."\n      x-hidden: false\n      responses: { "200": { description: OK } }\n',
      },
    },
  ],
  invalid: [
    {
      name: 'docs/rules page, incorrect example',
      files: {
        'docs.json':
          '{\n  "navigation": { "groups": [{ "group": "API", "openapi": "openapi.yaml", "pages": ["GET /users"] }] }\n}\n',
        'openapi.yaml':
          'openapi: 3.1.0\ninfo: { title: Acme API, version: "1" }\npaths:\n  /users:\n    get:\n      summary: List users\n      x-mint: "Extra text."\n      x-hidden: "yes"\n      responses: { "200": { description: OK } }\n',
      },
      errors: [
        {
          file: 'openapi.yaml',
          line: 8,
          column: 17,
          endLine: 8,
          endColumn: 22,
          message: '`x-hidden` on GET /users must be true or false, not "yes"; the platform ignores other values',
        },
        {
          file: 'openapi.yaml',
          line: 7,
          column: 15,
          endLine: 7,
          endColumn: 28,
          message:
            '`x-mint` on GET /users must be an object with `metadata`, `content` or `href`, not the string "Extra text."',
        },
      ],
    },
  ],
});
