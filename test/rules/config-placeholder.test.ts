// config-placeholder: its RuleTester table, the examples of docs/rules/config-placeholder.md first, then more cases.
import { siteRuleTester } from '../helpers/site-rule-tester.js';

siteRuleTester('config-placeholder', {
  valid: [
    {
      name: 'docs/rules page, correct example',
      files: {
        'docs.json':
          '{\n  "integrations": {\n    "ga4": { "measurementId": "G-8KQ2TZ4M1R" },\n    "posthog": { "apiKey": "phc_Xr7bV2kQm9LpT4sWz6NcA1dH" },\n    "mixpanel": { "projectToken": "9f8e7d6c5b4a3f2e1d0c" }\n  }\n}\n',
      },
    },
    {
      name: 'a choice field is not checked',
      files: {
        'docs.json':
          '{\n  "integrations": {\n    "mixpanel": { "projectToken": "9f8e7d6c5b4a3f2e1d0c", "region": "eu" }\n  }\n}\n',
      },
    },
  ],
  invalid: [
    {
      name: 'docs/rules page, incorrect example',
      files: {
        'docs.json':
          '{\n  "integrations": {\n    "ga4": { "measurementId": "G-XXXXXXX" },\n    "posthog": { "apiKey": "phc_..." },\n    "mixpanel": { "projectToken": "YOUR_MIXPANEL_PROJECT_TOKEN" }\n  }\n}\n',
      },
      errors: [
        {
          file: 'docs.json',
          line: 3,
          column: 31,
          endLine: 3,
          endColumn: 42,
          message:
            'integrations.ga4.measurementId looks like a placeholder ("G-XXXXXXX"); set your real measurement ID',
        },
        {
          file: 'docs.json',
          line: 4,
          column: 28,
          endLine: 4,
          endColumn: 37,
          message: 'integrations.posthog.apiKey looks like a placeholder ("phc_..."); set your real API key',
        },
        {
          file: 'docs.json',
          line: 5,
          column: 35,
          endLine: 5,
          endColumn: 64,
          message:
            'integrations.mixpanel.projectToken looks like a placeholder ("YOUR_MIXPANEL_PROJECT_TOKEN"); set your real project token',
        },
      ],
    },
    {
      name: 'an empty string; placeholders that break a platform pattern (gtm.tagId, posthog.apiKey) are left to config-schema',
      files: {
        'docs.json':
          '{\n  "integrations": {\n    "gtm": { "tagId": "YOUR_TAG_ID" },\n    "posthog": { "apiKey": "${POSTHOG_KEY}" },\n    "hotjar": { "hjid": "", "hjsv": "6" }\n  }\n}\n',
      },
      errors: [
        {
          file: 'docs.json',
          line: 5,
          column: 25,
          endLine: 5,
          endColumn: 27,
          severity: 'warning',
          message: 'integrations.hotjar.hjid is empty; set your real Hotjar site ID',
        },
      ],
    },
  ],
});
