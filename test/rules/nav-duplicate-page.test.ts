// nav-duplicate-page: the examples of docs/rules/nav-duplicate-page.md as a RuleTester table, with their exact findings.
import { siteRuleTester } from '../helpers/site-rule-tester.js';

siteRuleTester('nav-duplicate-page', {
  valid: [
    {
      name: 'docs/rules page, correct example',
      files: {
        'docs.json':
          '{\n  "navigation": {\n    "tabs": [\n      {\n        "tab": "Guides",\n        "groups": [\n          { "group": "Start", "pages": ["index", "quickstart"] },\n          { "group": "More", "pages": ["install"] }\n        ]\n      }\n    ]\n  }\n}\n',
      },
    },
  ],
  invalid: [
    {
      name: 'docs/rules page, incorrect example',
      files: {
        'docs.json':
          '{\n  "navigation": {\n    "tabs": [\n      {\n        "tab": "Guides",\n        "groups": [\n          { "group": "Start", "pages": ["index", "quickstart"] },\n          { "group": "More", "pages": ["quickstart", "install"] }\n        ]\n      }\n    ]\n  }\n}\n',
      },
      errors: [
        {
          file: 'docs.json',
          line: 8,
          column: 40,
          endLine: 8,
          endColumn: 52,
          message: '`quickstart` is listed twice in tab "Guides"; list it once per tab, version, language or product',
          related: ['docs.json:7:50 first listed here'],
        },
      ],
    },
  ],
});
