// config-json: its RuleTester table, the examples of docs/rules/config-json.md first, then more cases.
import { siteRuleTester } from '../helpers/site-rule-tester.js';

siteRuleTester('config-json', {
  valid: [
    {
      name: 'docs/rules page, correct example',
      files: { 'docs.json': '{\n  "theme": "mint",\n  "colors": { "primary": "#0A7A5E" },\n  "name": "Acme"\n}\n' },
    },
    {
      name: 'a $ref to a JSON file of the site',
      files: {
        'docs.json':
          '{\n  "theme": "mint",\n  "name": "Test",\n  "colors": { "primary": "#0A7A5E" },\n  "navigation": { "$ref": "nav.json" }\n}\n',
        'nav.json': '{ "pages": ["index"] }\n',
      },
    },
  ],
  invalid: [
    {
      name: 'docs/rules page, incorrect example',
      files: {
        'docs.json':
          '{\n  "theme": "mint",\n  // our brand colour\n  "colors": { "primary": "#0A7A5E", },\n  "name": "Acme"\n',
      },
      errors: [
        {
          file: 'docs.json',
          line: 3,
          column: 3,
          endLine: 3,
          endColumn: 22,
          message: 'comments are not allowed in JSON; remove the comment',
        },
        {
          file: 'docs.json',
          line: 4,
          column: 35,
          endLine: 4,
          endColumn: 36,
          message: 'trailing comma before "}"; remove the comma',
        },
        {
          file: 'docs.json',
          line: 6,
          column: 1,
          endLine: 6,
          endColumn: 1,
          message: 'unexpected end of file: a "}" is missing',
        },
      ],
    },
    {
      name: 'a $ref to a missing file, and one to a dot-file',
      files: {
        'docs.json':
          '{\n  "theme": "mint",\n  "name": "Test",\n  "colors": { "primary": "#0A7A5E" },\n  "navigation": { "$ref": "nav.json" },\n  "footer": { "$ref": ".env" }\n}\n',
        '.env': 'KEY=1\n',
      },
      errors: [
        {
          file: 'docs.json',
          line: 5,
          column: 27,
          endLine: 5,
          endColumn: 37,
          severity: 'error',
          message:
            '"$ref" file not found: nav.json; create the file, or fix the path (relative to the folder of docs.json)',
        },
        {
          file: 'docs.json',
          line: 6,
          column: 23,
          endLine: 6,
          endColumn: 29,
          severity: 'error',
          message:
            '"$ref" points at a hidden file or folder, or into node_modules (.env); it is not read: $ref files are the site\'s own .json files',
        },
      ],
    },
    {
      name: 'a truncated $ref file: at its end',
      files: {
        'docs.json':
          '{\n  "theme": "mint",\n  "name": "Test",\n  "colors": { "primary": "#0A7A5E" },\n  "navigation": { "$ref": "nav.json" }\n}\n',
        'nav.json': '{ "pages": ["index"\n',
      },
      errors: [
        {
          file: 'nav.json',
          line: 2,
          column: 1,
          endLine: 2,
          endColumn: 1,
          severity: 'error',
          message: 'unexpected end of file: a "]" is missing',
        },
      ],
    },
    {
      name: 'an empty docs.json',
      files: { 'docs.json': '' },
      errors: [
        {
          file: 'docs.json',
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 1,
          severity: 'error',
          message: 'the file is empty; docs.json must hold a JSON object',
        },
      ],
    },
  ],
});
