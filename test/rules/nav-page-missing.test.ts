// nav-page-missing: the examples of docs/rules/nav-page-missing.md as a RuleTester table, with their exact findings.
import { siteRuleTester } from '../helpers/site-rule-tester.js';

siteRuleTester('nav-page-missing', {
  valid: [
    {
      name: 'docs/rules page, correct example',
      files: {
        'docs.json':
          '{\n  "navigation": { "groups": [{ "group": "Get started", "pages": ["index", "guides/quickstart"] }] }\n}\n',
        'guides/quickstart.mdx':
          '---\ntitle: Quickstart\ndescription: Install the CLI and publish a first page.\n---\n\n## Install\n',
      },
    },
  ],
  invalid: [
    {
      name: 'docs/rules page, incorrect example',
      files: {
        'docs.json':
          '{\n  "navigation": { "groups": [{ "group": "Get started", "pages": ["index", "guides/quickstrat"] }] }\n}\n',
        'guides/quickstart.mdx':
          '---\ntitle: Quickstart\ndescription: Install the CLI and publish a first page.\n---\n\n## Install\n',
      },
      errors: [
        {
          file: 'docs.json',
          line: 2,
          column: 75,
          endLine: 2,
          endColumn: 94,
          message:
            '`guides/quickstrat` is in the navigation but no page `guides/quickstrat.mdx` or `guides/quickstrat.md` exists; did you mean `guides/quickstart`?',
        },
      ],
    },
  ],
});
