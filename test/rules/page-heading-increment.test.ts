import { page, ruleTester } from '../helpers/rule-tester.js';

ruleTester('page-heading-increment', {
  valid: [
    page('\n## A\n\n### B\n\n#### C\n\n## D\n\n### E\n'),
    '## A\n\n### B\n\n## C\n',
    { name: 'a snippet may start at any level', code: '### Included under an h2\n\n#### Detail\n', isSnippet: true },
    { name: 'custom ids do not change levels', code: '## A {#a}\n\n### B {#b}\n' },
    '```md\n#### code, not a heading\n```\n',
  ],
  invalid: [
    {
      code: '## A\n\n#### B\n\n##### C\n\n## D\n',
      output: '## A\n\n### B\n\n#### C\n\n## D\n',
      errors: [
        {
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 7,
          messageId: 'skip',
          message: 'heading level 4 skips level 3 (the previous heading is level 2): use `###`',
        },
      ],
    },
    {
      name: 'first heading after the title',
      code: page('\n### First\n'),
      output: '---\ntitle: Test page\ndescription: A page for tests.\n---\n\n## First\n',
      errors: [
        {
          line: 6,
          column: 1,
          endLine: 6,
          endColumn: 10,
          messageId: 'skipAfterTitle',
          message: 'heading level 3 skips level 2 (the page title is level 1): use `##`',
        },
      ],
    },
    {
      name: 'several levels skipped',
      code: '#### Deep\n',
      output: '## Deep\n',
      errors: [
        {
          line: 1,
          column: 1,
          messageId: 'skipManyAfterTitle',
          message: 'heading level 4 skips levels 2 to 3 (the page title is level 1): use `##`',
        },
      ],
    },
    {
      name: 'headings inside an Accordion count',
      code: '<Accordion title="Details">\n  ## A\n\n  #### B\n</Accordion>\n',
      output: '<Accordion title="Details">\n  ## A\n\n  ### B\n</Accordion>\n',
      errors: [
        {
          line: 4,
          column: 3,
          endLine: 4,
          endColumn: 9,
          messageId: 'skip',
          data: { depth: 4, from: 3, previous: 2, use: '###' },
        },
      ],
    },
    {
      name: 'headings across components, in document order',
      code: '## Setup\n\n<Steps>\n  <Step title="One">\n    #### Too deep\n  </Step>\n</Steps>\n',
      output: '## Setup\n\n<Steps>\n  <Step title="One">\n    ### Too deep\n  </Step>\n</Steps>\n',
      errors: [{ line: 5, column: 5, messageId: 'skip', data: { depth: 4, from: 3, previous: 2, use: '###' } }],
    },
    {
      name: 'snippet: only steps between its own headings',
      code: '### A\n\n##### B\n',
      isSnippet: true,
      output: '### A\n\n#### B\n',
      errors: [{ line: 3, column: 1, messageId: 'skip', data: { depth: 5, from: 4, previous: 3, use: '####' } }],
    },
  ],
});
