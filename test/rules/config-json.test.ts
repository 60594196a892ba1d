// config-json: the examples of docs/rules/config-json.md as a RuleTester table, with their exact findings.
import { siteRuleTester } from '../helpers/site-rule-tester.js';

siteRuleTester('config-json', {
  valid: [
    {
      name: 'docs/rules page, correct example',
      files: { 'docs.json': '{\n  "theme": "mint",\n  "colors": { "primary": "#0A7A5E" },\n  "name": "Acme"\n}\n' },
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
  ],
});
