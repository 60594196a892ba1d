// agent-llms-txt-valid: the levels of its agent-readiness check, pass (no finding), warn (a note: problem `warn`) and
// fail (a warning), each with its exact finding.
import { config, LLMS } from '../helpers/agent-site.js';
import { siteRuleTester } from '../helpers/site-rule-tester.js';

siteRuleTester('agent-llms-txt-valid', {
  valid: [
    { name: 'generated, with a description', files: { 'docs.json': config() } },
    { name: "generated, without a description: the platform's structure, not the site's to fix", files: {} },
    {
      name: 'custom, structured',
      files: { 'docs.json': config(), 'llms.txt': `${LLMS}- [Quickstart](/index.md): start\n` },
    },
    {
      name: 'custom, items with tags before the description: `- [name](url) [Scope]: description`',
      files: {
        'docs.json': config(),
        'llms.txt': `${LLMS}- [Quickstart](https://test.dev/index.md) [Guide]: start\n- [API](/index.md) [API] [v2]\n`,
      },
    },
  ],
  invalid: [
    {
      name: 'warn: custom, links in prose',
      files: { 'docs.json': config(), 'llms.txt': 'Docs of Test: see [the quickstart](/index.md).\n' },
      errors: [
        {
          file: 'llms.txt',
          line: 1,
          column: 1,
          severity: 'info',
          message:
            'llms.txt has links but not the structure agents parse: it lacks a `# Title` as its first line, a `> summary` line, `## Section` headings, links written as list items, `- [name](url): description`; add them',
        },
      ],
    },
    {
      name: 'warn: tagged items are list items; only the sections are missing',
      files: {
        'docs.json': config(),
        'llms.txt': '# Test\n\n> How to use Test.\n\n- [Quickstart](/index.md) [Guide]: start\n',
      },
      errors: [
        {
          file: 'llms.txt',
          line: 1,
          column: 1,
          severity: 'info',
          messageId: 'lacksOne',
          data: { missing: '`## Section` headings' },
        },
      ],
    },
    {
      name: 'fail: custom, no link',
      files: { 'docs.json': config(), 'llms.txt': '# Test\n\nNothing here yet.\n' },
      errors: [
        {
          file: 'llms.txt',
          line: 1,
          column: 1,
          severity: 'warning',
          messageId: 'noLinks',
        },
      ],
    },
  ],
});
