// site-redirect: its RuleTester table, the examples of docs/rules/site-redirect.md first, then more cases.
import { siteRuleTester } from '../helpers/site-rule-tester.js';

siteRuleTester('site-redirect', {
  valid: [
    {
      name: 'docs/rules page, correct example',
      files: {
        'docs.json':
          '{\n  "navigation": { "groups": [{ "group": "Get started", "pages": ["index", "guides/quickstart"] }] },\n  "redirects": [\n    { "source": "/start", "destination": "/guides/quickstart" },\n    { "source": "/old/:slug*", "destination": "/guides/:slug*" }\n  ]\n}\n',
        'guides/quickstart.mdx':
          '---\ntitle: Quickstart\ndescription: Install the CLI and publish a first page.\n---\n\n## Install\n',
      },
    },
    {
      name: 'a destination with parameters that some page matches; an external destination; an anchor is not checked',
      files: {
        'docs.json':
          '{\n  "navigation": { "pages": ["index"] },\n  "redirects": [\n    { "source": "/old/:slug*", "destination": "/guides/:slug*" },\n    { "source": "/status", "destination": "https://status.acme.dev" },\n    { "source": "/start", "destination": "/guides/intro#install" }\n  ]\n}\n',
        'guides/intro.mdx': '---\ntitle: Intro\n---\n',
      },
    },
  ],
  invalid: [
    {
      name: 'docs/rules page, incorrect example',
      files: {
        'docs.json':
          '{\n  "navigation": { "groups": [{ "group": "Get started", "pages": ["index", "guides/quickstart"] }] },\n  "redirects": [\n    { "source": "/start", "destination": "/guides/quick-start" },\n    { "source": "/old", "destination": "/older" },\n    { "source": "/older", "destination": "/old" }\n  ]\n}\n',
        'guides/quickstart.mdx':
          '---\ntitle: Quickstart\ndescription: Install the CLI and publish a first page.\n---\n\n## Install\n',
      },
      errors: [
        {
          file: 'docs.json',
          line: 4,
          column: 42,
          endLine: 4,
          endColumn: 63,
          message:
            'redirect `/start` → `/guides/quick-start` leads nowhere: no page or file at `guides/quick-start` in the site; did you mean `/guides/quickstart`?',
        },
        {
          file: 'docs.json',
          line: 5,
          column: 40,
          endLine: 5,
          endColumn: 48,
          message: 'redirect `/old` → `/older` loops: `/older` → `/old` → `/older` never lands on a page',
        },
        {
          file: 'docs.json',
          line: 6,
          column: 42,
          endLine: 6,
          endColumn: 48,
          message: 'redirect `/older` → `/old` loops: `/old` → `/older` → `/old` never lands on a page',
        },
      ],
    },
    {
      name: 'a destination excluded by .mintignore',
      files: {
        'docs.json':
          '{\n  "navigation": { "pages": ["index"] },\n  "redirects": [{ "source": "/plan", "destination": "/drafts/plan" }]\n}\n',
        'drafts/plan.mdx': '---\ntitle: Plan\n---\n',
        '.mintignore': 'drafts/\n',
      },
      errors: [
        {
          file: 'docs.json',
          line: 3,
          column: 53,
          endLine: 3,
          endColumn: 67,
          severity: 'error',
          message: 'redirect `/plan` → `/drafts/plan` leads nowhere: no page or file at `drafts/plan` in the site',
        },
      ],
    },
    {
      name: 'a chain: the destination is itself redirected (a warning)',
      files: {
        'docs.json':
          '{\n  "navigation": { "pages": ["index", "guides/intro"] },\n  "redirects": [\n    { "source": "/start", "destination": "/begin" },\n    { "source": "/begin", "destination": "/guides/intro" }\n  ]\n}\n',
        'guides/intro.mdx': '---\ntitle: Intro\n---\n',
      },
      errors: [
        {
          file: 'docs.json',
          line: 4,
          column: 42,
          endLine: 4,
          endColumn: 50,
          severity: 'warning',
          message:
            'redirect `/start` → `/begin` is a chain: `/begin` is redirected again, to `/guides/intro`; point this redirect at `/guides/intro`',
        },
      ],
    },
  ],
});
