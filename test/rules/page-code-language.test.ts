import { ruleTester } from '../helpers/rule-tester.js';

const MESSAGE = 'code block has no language: name it after the opening fence (```bash, ```json, ```text …)';

ruleTester('page-code-language', {
  valid: [
    '```bash\nnpm i\n```\n',
    '```json title="docs.json"\n{}\n```\n',
    '~~~text\nplain\n~~~\n',
    'Inline `code` has no language.\n',
    '<CodeGroup>\n```bash npm\nnpm i\n```\n\n```bash yarn\nyarn add\n```\n</CodeGroup>\n',
    { name: 'indented text is not code in MDX', code: 'Para\n\n    indented text\n' },
  ],
  invalid: [
    {
      code: '```\ncode\n```\n',
      errors: [{ line: 1, column: 1, endLine: 1, endColumn: 4, message: MESSAGE }],
    },
    {
      name: 'tilde fence',
      code: '~~~\nx\n~~~\n',
      errors: [{ line: 1, column: 1, endLine: 1, endColumn: 4, message: MESSAGE }],
    },
    {
      name: 'in a CodeGroup',
      code: '<CodeGroup>\n```bash npm\nnpm i\n```\n\n```\nyarn add\n```\n</CodeGroup>\n',
      errors: [{ line: 6, column: 1, endLine: 6, endColumn: 4, message: MESSAGE }],
    },
    {
      name: 'in a CodeGroup inside Tabs',
      code: '<Tabs>\n  <Tab title="A">\n    <CodeGroup>\n      ```\n      x\n      ```\n    </CodeGroup>\n  </Tab>\n</Tabs>\n',
      errors: [{ line: 4, column: 7, endLine: 4, endColumn: 10, message: MESSAGE }],
    },
    {
      name: 'in Steps, RequestExample and ResponseExample',
      code: [
        '<Steps>',
        '  <Step title="Run">',
        '    ```',
        '    run',
        '    ```',
        '  </Step>',
        '</Steps>',
        '',
        '<RequestExample>',
        '```',
        'curl x',
        '```',
        '</RequestExample>',
        '',
        '<ResponseExample>',
        '```',
        '{}',
        '```',
        '</ResponseExample>',
        '',
      ].join('\n'),
      errors: [
        { line: 3, column: 5, message: MESSAGE },
        { line: 10, column: 1, message: MESSAGE },
        { line: 16, column: 1, message: MESSAGE },
      ],
    },
    {
      name: 'the finding covers the fence line only',
      code: '```   \nx\n```\n',
      errors: [{ line: 1, column: 1, endLine: 1, endColumn: 7, message: MESSAGE }],
    },
  ],
});
