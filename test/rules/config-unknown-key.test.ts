// config-unknown-key: its RuleTester table, the examples of docs/rules/config-unknown-key.md first, then more cases.
import { siteRuleTester } from '../helpers/site-rule-tester.js';

const GROUP = (measurement: string, pages: string) =>
  `{\n  "theme": "mint",\n  "name": "Test",\n  "colors": { "primary": "#0A7A5E" },\n  "integrations": { "ga4": { "${measurement}": "G-8KQ2TZ4M1R" } },\n  "navigation": { "groups": [{ "group": "Start", "${pages}": ["index"] }] }\n}\n`;

siteRuleTester('config-unknown-key', {
  valid: [
    {
      name: 'docs/rules page, correct example',
      files: {
        'docs.json':
          '{\n  "integrations": {\n    "ga4": { "measurementId": "G-8KQ2TZ4M1R" }\n  },\n  "footer": {\n    "socials": { "linkedin": "https://www.linkedin.com/company/acme" }\n  }\n}\n',
      },
    },
  ],
  invalid: [
    {
      name: 'docs/rules page, incorrect example',
      files: {
        'docs.json':
          '{\n  "integration": {\n    "ga4": { "measurementId": "G-8KQ2TZ4M1R" }\n  },\n  "footer": {\n    "socials": { "linkdin": "https://www.linkedin.com/company/acme" }\n  }\n}\n',
      },
      errors: [
        {
          file: 'docs.json',
          line: 2,
          column: 3,
          endLine: 2,
          endColumn: 16,
          message: 'unknown key "integration"; did you mean "integrations"?',
          suggestions: [
            {
              desc: 'Rename the key to "integrations"',
              output:
                '{\n  "integrations": {\n    "ga4": { "measurementId": "G-8KQ2TZ4M1R" }\n  },\n  "footer": {\n    "socials": { "linkdin": "https://www.linkedin.com/company/acme" }\n  }\n}\n',
            },
          ],
        },
      ],
    },
    {
      name: "inside a provider's settings, beside the key it is close to: no rename offered",
      files: {
        'docs.json':
          '{\n  "theme": "mint",\n  "name": "Test",\n  "colors": { "primary": "#0A7A5E" },\n  "integrations": { "ga4": { "measurementId": "G-8KQ2TZ4M1R", "measurmentId": "G-8KQ2TZ4M1R" } },\n  "navigation": { "pages": ["index"] }\n}\n',
      },
      errors: [
        {
          file: 'docs.json',
          line: 5,
          column: 63,
          endLine: 5,
          endColumn: 77,
          message: 'unknown key "measurmentId" in integrations.ga4; did you mean "measurementId"?',
        },
      ],
    },
    {
      name: "in a navigation group and in a provider's settings: each suggestion renames its key",
      files: { 'docs.json': GROUP('measurmentId', 'pgaes') },
      errors: [
        {
          file: 'docs.json',
          line: 6,
          column: 50,
          endLine: 6,
          endColumn: 57,
          message: 'unknown key "pgaes" in navigation.groups[0]; did you mean "pages"?',
          suggestions: [{ desc: 'Rename the key to "pages"', output: GROUP('measurmentId', 'pages') }],
        },
        {
          file: 'docs.json',
          line: 5,
          column: 30,
          endLine: 5,
          endColumn: 44,
          message: 'unknown key "measurmentId" in integrations.ga4; did you mean "measurementId"?',
          suggestions: [{ desc: 'Rename the key to "measurementId"', output: GROUP('measurementId', 'pgaes') }],
        },
      ],
    },
  ],
});
