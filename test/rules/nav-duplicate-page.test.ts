// nav-duplicate-page: its RuleTester table, the examples of docs/rules/nav-duplicate-page.md first, then more cases.
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
    {
      name: 'the same page in two tabs: two scopes',
      files: {
        'docs.json':
          '{\n  "navigation": {\n    "tabs": [\n      { "tab": "Guides", "pages": ["index", "install"] },\n      { "tab": "Reference", "pages": ["install"] }\n    ]\n  }\n}\n',
      },
    },
    {
      name: "a group's root listed again in its pages",
      files: {
        'docs.json':
          '{\n  "navigation": { "groups": [{ "group": "Guides", "root": "guides/index", "pages": ["guides/index", "guides/install"] }] }\n}\n',
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
    {
      name: 'in a nested group of the same language',
      files: {
        'docs.json':
          '{\n  "navigation": {\n    "languages": [\n      {\n        "language": "en",\n        "groups": [\n          { "group": "Start", "pages": ["index", { "group": "Setup", "pages": ["install", "index"] }] }\n        ]\n      }\n    ]\n  }\n}\n',
      },
      errors: [
        {
          file: 'docs.json',
          line: 7,
          column: 91,
          endLine: 7,
          endColumn: 98,
          severity: 'warning',
          message: '`index` is listed twice in language "en"; list it once per tab, version, language or product',
          related: ['docs.json:7:41 first listed here'],
        },
      ],
    },
  ],
});
