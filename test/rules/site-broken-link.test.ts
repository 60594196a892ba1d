// site-broken-link: its RuleTester table, the examples of docs/rules/site-broken-link.md first.
import { siteRuleTester } from '../helpers/site-rule-tester.js';

siteRuleTester('site-broken-link', {
  valid: [
    {
      name: 'docs/rules page, correct example',
      files: {
        'index.mdx':
          '---\ntitle: Welcome\ndescription: Where to start.\n---\n\nSee the [quickstart](/guides/quickstart) and its [first step](/guides/quickstart#first-steps).\n',
        'guides/quickstart.mdx':
          '---\ntitle: Quickstart\ndescription: Install the CLI and publish a first page.\n---\n\n## First steps\n',
      },
    },
  ],
  invalid: [
    {
      name: 'docs/rules page, incorrect example',
      files: {
        'index.mdx':
          '---\ntitle: Welcome\ndescription: Where to start.\n---\n\nSee the [quickstart](/guides/quickstrat) and its [first step](/guides/quickstart#first-step).\n',
        'guides/quickstart.mdx':
          '---\ntitle: Quickstart\ndescription: Install the CLI and publish a first page.\n---\n\n## First steps\n',
      },
      errors: [
        {
          file: 'index.mdx',
          line: 6,
          column: 50,
          endLine: 6,
          endColumn: 93,
          severity: 'warning',
          message:
            'anchor `#first-step` in `/guides/quickstart` matches no heading or id of `guides/quickstart`; did you mean `#first-steps`?',
        },
        {
          file: 'index.mdx',
          line: 6,
          column: 9,
          endLine: 6,
          endColumn: 41,
          message:
            'link `/guides/quickstrat` is broken: no page or file at `guides/quickstrat` in the site; did you mean `/guides/quickstart`?',
        },
      ],
    },
  ],
});
