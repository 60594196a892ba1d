// openapi-extension: its RuleTester table, the examples of docs/rules/openapi-extension.md first, then more cases.
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
    {
      name: 'x-mint with metadata, content and href; x-hidden and x-excluded booleans',
      files: {
        'docs.json':
          '{\n  "navigation": { "groups": [{ "group": "API", "openapi": "openapi.yaml", "pages": ["GET /users"] }] }\n}\n',
        'openapi.yaml':
          'openapi: 3.1.0\ninfo: { title: Acme API, version: "1" }\npaths:\n  /users:\n    get:\n      summary: List users\n      x-mint:\n        metadata: { title: Users, sidebarTitle: List }\n        content: "## Paging\\n\\nPages hold 50 users."\n        href: /api/users\n      x-hidden: false\n      x-excluded: false\n      responses: { "200": { description: OK } }\n',
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
    {
      name: 'a near-miss of metadata; x-excluded not a boolean (an href without its leading slash is a path: the platform adds it)',
      files: {
        'docs.json':
          '{\n  "navigation": { "groups": [{ "group": "API", "openapi": "openapi.yaml", "pages": ["GET /users"] }] }\n}\n',
        'openapi.yaml':
          'openapi: 3.1.0\ninfo: { title: Acme API, version: "1" }\npaths:\n  /users:\n    get:\n      summary: List users\n      x-mint:\n        metdata: { title: Users }\n        href: api/users\n      x-excluded: 1\n      responses: { "200": { description: OK } }\n',
      },
      errors: [
        {
          file: 'openapi.yaml',
          line: 10,
          column: 19,
          endLine: 10,
          endColumn: 20,
          severity: 'warning',
          message: '`x-excluded` on GET /users must be true or false, not 1; the platform ignores other values',
        },
        {
          file: 'openapi.yaml',
          line: 8,
          column: 9,
          endLine: 8,
          endColumn: 16,
          severity: 'warning',
          message: 'unknown key `metdata` in `x-mint` on GET /users; did you mean `metadata`?',
        },
      ],
    },
    {
      name: 'an href that is a URL, and one that is not a string: the path to write instead',
      files: {
        'docs.json':
          '{\n  "navigation": { "groups": [{ "group": "API", "openapi": "openapi.yaml", "pages": ["GET /users", "POST /users"] }] }\n}\n',
        'openapi.yaml':
          'openapi: 3.1.0\ninfo: { title: Acme API, version: "1" }\npaths:\n  /users:\n    get:\n      summary: List users\n      x-mint:\n        href: https://docs.acme.com/api/users\n      responses: { "200": { description: OK } }\n    post:\n      summary: Create a user\n      x-mint:\n        href: 42\n      responses: { "200": { description: OK } }\n',
      },
      errors: [
        {
          file: 'openapi.yaml',
          line: 8,
          column: 15,
          endLine: 8,
          endColumn: 46,
          severity: 'warning',
          message:
            '`x-mint.href` on GET /users must be a path of the site (`/api-reference/users`), not the string "https://docs.acme.com/api/users"; write the path the operation\'s page should have',
        },
        {
          file: 'openapi.yaml',
          line: 13,
          column: 15,
          endLine: 13,
          endColumn: 17,
          severity: 'warning',
          message:
            "`x-mint.href` on POST /users must be a path of the site (`/api-reference/users`), not number 42; write the path the operation's page should have",
        },
      ],
    },
  ],
});
