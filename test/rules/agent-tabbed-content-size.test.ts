// agent-tabbed-content-size: the levels of its agent-readiness check, pass (no finding), warn (a note:
// problem `warn`) and fail (a warning), each with its exact finding.
import { ruleTester } from '../helpers/rule-tester.js';

const tabs = (size: number) => `<Tabs>\n  <Tab title="A">\n    ${'a'.repeat(size)}\n  </Tab>\n</Tabs>\n`;
ruleTester('agent-tabbed-content-size', {
  valid: [{ code: tabs(10), options: { warn: 100, fail: 200 } }],
  invalid: [
    {
      name: 'warn: a note',
      code: `Intro.\n\n${tabs(100)}`,
      options: { warn: 100, fail: 200 },
      errors: [
        {
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 6,
          severity: 'info',
          message:
            'the tabbed content of this page is 146 characters in 1 component (this <Tabs>: 146), over 100: agents get every tab one after another and some truncate the page; move variants to pages of their own or trim repeated content',
        },
      ],
    },
    {
      name: 'fail, at the largest',
      code: `${tabs(100)}\n<CodeGroup>\n\`\`\`bash a\n${'b'.repeat(150)}\n\`\`\`\n</CodeGroup>\n`,
      options: { warn: 100, fail: 200 },
      errors: [
        {
          line: 7,
          column: 1,
          endLine: 7,
          endColumn: 11,
          messageId: 'fail',
          data: { total: '335', components: '2 components', name: 'CodeGroup', largest: '189', limit: '200' },
        },
      ],
    },
  ],
});
