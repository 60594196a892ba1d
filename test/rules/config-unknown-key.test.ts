// config-unknown-key: the examples of docs/rules/config-unknown-key.md as a RuleTester table, with their exact findings.
import { siteRuleTester } from '../helpers/site-rule-tester.js';

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
  ],
});
