// nav-page-missing: its RuleTester table, the examples of docs/rules/nav-page-missing.md first, then more cases.
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
    {
      name: 'a leading slash and an extension are tolerated; a group root names a page',
      files: {
        'docs.json':
          '{\n  "navigation": { "groups": [{ "group": "Guides", "root": "guides/index", "pages": ["/index", "guides/quickstart.mdx"] }] }\n}\n',
        'guides/index.mdx': '---\ntitle: Guides\n---\n',
        'guides/quickstart.mdx': '---\ntitle: Quickstart\n---\n',
      },
    },
    {
      name: 'an endpoint reference is not a page path',
      files: { 'docs.json': '{\n  "navigation": { "pages": ["index", "GET /users"] }\n}\n' },
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
    {
      name: 'a snippet and a path out of the site are not pages',
      files: {
        'docs.json': '{\n  "navigation": { "pages": ["index", "snippets/note", "../shared/intro"] }\n}\n',
        'snippets/note.mdx': 'A note.\n',
      },
      errors: [
        {
          file: 'docs.json',
          line: 2,
          column: 38,
          endLine: 2,
          endColumn: 53,
          severity: 'error',
          message:
            '`snippets/note` is a snippet (files under snippets/ are not pages); it cannot be listed in the navigation',
        },
        {
          file: 'docs.json',
          line: 2,
          column: 55,
          endLine: 2,
          endColumn: 72,
          severity: 'error',
          message:
            '`../shared/intro` is in the navigation but points outside the site; navigation pages are paths inside the site',
        },
      ],
    },
    {
      name: 'a page excluded by .mintignore; a missing group root',
      files: {
        'docs.json':
          '{\n  "navigation": { "groups": [{ "group": "Drafts", "root": "drafts/index", "pages": ["index", "drafts/plan"] }] }\n}\n',
        'drafts/plan.mdx': '---\ntitle: Plan\n---\n',
        '.mintignore': 'drafts/\n',
      },
      errors: [
        {
          file: 'docs.json',
          line: 2,
          column: 59,
          endLine: 2,
          endColumn: 73,
          severity: 'error',
          message: '`drafts/index` is in the navigation but no page `drafts/index.mdx` or `drafts/index.md` exists',
        },
        {
          file: 'docs.json',
          line: 2,
          column: 94,
          endLine: 2,
          endColumn: 107,
          severity: 'error',
          message:
            '`drafts/plan` is in the navigation but `drafts/plan.mdx` is excluded by .mintignore, so the platform does not publish it',
        },
      ],
    },
  ],
});
