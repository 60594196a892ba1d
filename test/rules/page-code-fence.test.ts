import { ruleTester } from '../helpers/rule-tester.js';

const unclosed = (fence: string, line: number) => ({ messageId: 'unclosed', data: { fence, line } });

ruleTester('page-code-fence', {
  valid: [
    '```bash\nnpm i\n```\n',
    '~~~text\nplain\n~~~\n',
    { name: 'a longer closing fence closes', code: '```js\nx\n`````\n' },
    { name: 'an example of a fence inside a longer fence', code: '````md\n```js\nx\n```\n````\n' },
    { name: 'tildes around backticks', code: '~~~md\n```js\nx\n```\n~~~\n' },
    { name: 'a bare inner fence shorter than the outer', code: '````md\n```\nx\n```\n````\n' },
    { name: 'in a list item', code: '- step\n\n  ```bash\n  run\n  ```\n- next\n' },
    { name: 'in a block quote', code: '> ```bash\n> run\n> ```\n' },
    {
      name: 'indented inside components',
      code: '<Tabs>\n  <Tab title="A">\n    ```js\n    x\n    ```\n  </Tab>\n</Tabs>\n',
    },
    { name: 'inline code is not a fence', code: 'Use ``` `x` ``` inline.\n' },
  ],
  invalid: [
    {
      name: 'unclosed at the end of the page',
      code: '# T\n\n```bash\nnpm i\n\nMore prose.\n',
      errors: [
        {
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 4,
          message:
            'code block opened with ``` at line 3 is never closed: everything after it, to the end of the page or of its list item, is code; close it with a line of ```',
        },
      ],
    },
    {
      name: 'a shorter closing fence does not close',
      code: '````js\nx\n```\n',
      errors: [{ line: 1, column: 1, endLine: 1, endColumn: 5, ...unclosed('````', 1) }],
    },
    {
      name: 'tilde fence closed by backticks is not closed',
      code: '~~~\nx\n```\n',
      errors: [{ line: 1, column: 1, endLine: 1, endColumn: 4, ...unclosed('~~~', 1) }],
    },
    {
      name: 'unclosed inside a list item ends with the item',
      code: '- step\n\n  ```bash\n  run\n\nNot in the list.\n',
      errors: [{ line: 3, column: 3, endLine: 3, endColumn: 6, ...unclosed('```', 3) }],
    },
    {
      name: 'unclosed inside a block quote',
      code: '> ```bash\n> run\n\nafter\n',
      errors: [{ line: 1, column: 3, endLine: 1, endColumn: 6, ...unclosed('```', 1) }],
    },
    {
      name: 'an example closed early by its inner fence, and the fence left open after it',
      code: '```md\nWrite:\n```js\nlet x;\n```\nThen more.\n```\n',
      errors: [
        {
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 4,
          message:
            'code block opened with ``` at line 1 is closed at line 5 by the fence meant for the ``` block at line 3: what follows is read as the page, not as code; open and close the outer block with ```` (if line 1 was meant to close a block, a fence before it is missing)',
          related: ['page.mdx:5:1 the block really closes here', 'page.mdx:3:1 inner fence read as code'],
        },
        { line: 7, column: 1, endLine: 7, endColumn: 4, ...unclosed('```', 7) },
      ],
    },
  ],
});
