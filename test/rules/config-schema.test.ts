// config-schema: its RuleTester table, the examples of docs/rules/config-schema.md first, then more cases.
import { siteRuleTester } from '../helpers/site-rule-tester.js';

siteRuleTester('config-schema', {
  valid: [
    {
      name: 'docs/rules page, correct example',
      files: {
        'docs.json':
          '{\n  "theme": "mint",\n  "name": "Acme",\n  "colors": { "primary": "#0A7A5E" },\n  "navigation": {\n    "groups": [{ "group": "Get started", "pages": ["index"] }]\n  },\n  "integrations": {\n    "ga4": { "measurementId": "G-8KQ2TZ4M1R" },\n    "segment": { "key": "nqJxiRG15Y" }\n  }\n}\n',
      },
    },
  ],
  invalid: [
    {
      name: 'docs/rules page, incorrect example',
      files: {
        'docs.json':
          '{\n  "theme": "mintt",\n  "name": "Acme",\n  "colors": { "primary": "green" },\n  "navigation": {\n    "groups": [{ "pages": ["index"] }]\n  },\n  "integrations": {\n    "ga4": { "measurementId": "UA-4410-2" },\n    "segmentt": { "key": "nqJxiRG15Y" }\n  }\n}\n',
      },
      errors: [
        {
          file: 'docs.json',
          line: 2,
          column: 12,
          endLine: 2,
          endColumn: 19,
          message:
            'theme must be one of mint, maple, palm, willow, linden, almond, aspen, sequoia, luma (got "mintt"); did you mean "mint"?',
        },
        {
          file: 'docs.json',
          line: 4,
          column: 26,
          endLine: 4,
          endColumn: 33,
          message: 'colors.primary must be a hex colour like "#0D9373" (got "green")',
        },
        {
          file: 'docs.json',
          line: 6,
          column: 16,
          endLine: 6,
          endColumn: 17,
          message: 'navigation.groups[0] is missing "group"',
        },
        {
          file: 'docs.json',
          line: 10,
          column: 5,
          endLine: 10,
          endColumn: 15,
          message: 'unknown integration provider "segmentt"; did you mean "segment"?',
        },
        {
          file: 'docs.json',
          line: 9,
          column: 31,
          endLine: 9,
          endColumn: 42,
          message: 'integrations.ga4.measurementId must begin with "G" (got "UA-4410-2")',
        },
      ],
    },
    {
      name: 'the required properties missing; a placeholder that breaks a limit says both',
      files: { 'docs.json': '{\n  "integrations": { "gtm": { "tagId": "<TAG_ID>" } }\n}\n' },
      errors: [
        {
          file: 'docs.json',
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 2,
          severity: 'error',
          message: 'docs.json is missing "theme"',
        },
        {
          file: 'docs.json',
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 2,
          severity: 'error',
          message: 'docs.json is missing "name"',
        },
        {
          file: 'docs.json',
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 2,
          severity: 'error',
          message: 'docs.json is missing "colors"',
        },
        {
          file: 'docs.json',
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 2,
          severity: 'error',
          message: 'docs.json is missing "navigation"',
        },
        {
          file: 'docs.json',
          line: 2,
          column: 39,
          endLine: 2,
          endColumn: 49,
          severity: 'error',
          message:
            'integrations.gtm.tagId must begin with "G" (got "<TAG_ID>"); it looks like a placeholder, set your real Tag Manager container ID',
        },
      ],
    },
  ],
});
