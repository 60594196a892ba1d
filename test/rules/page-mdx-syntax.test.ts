import { ruleTester } from '../helpers/rule-tester.js';

ruleTester('page-mdx-syntax', {
  valid: [
    'Intro\n\n{/* a comment */}\n\nText\n',
    '## Title {#custom-id}\n\nText\n',
    'a \\< b, a &lt; b and \\{braces\\}\n',
    '<Note>\n  Text\n</Note>\n',
    '```html\n<!-- comments are fine in code -->\n```\n',
    'Inline `<!-- code -->` too\n',
    "import { Chart } from '/snippets/chart.jsx'\n\n<Chart />\n",
  ],
  invalid: [
    {
      name: 'HTML comment',
      code: 'Intro\n\n<!-- hidden -->\n',
      errors: [
        {
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 5,
          messageId: 'problem',
          message: 'HTML comments are not allowed in MDX; use {/* … */} instead of <!-- … -->',
        },
      ],
    },
    {
      name: 'unclosed flow tag: reported at the open tag',
      code: 'Intro\n\n<Note>\n\nText\n',
      errors: [
        {
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 7,
          messageId: 'problem',
          message: 'unclosed tag `<Note>`: add `</Note>` after its content, or write `<Note />` if it has none',
        },
      ],
    },
    {
      name: 'unclosed inline tag',
      code: 'Some <Tip>inline text\n',
      errors: [
        {
          line: 1,
          column: 6,
          endLine: 1,
          endColumn: 11,
          messageId: 'problem',
          message:
            'unclosed tag `<Tip>`: add `</Tip>` in the same paragraph, or put the open and closing tags on lines of their own',
        },
      ],
    },
    {
      name: 'mismatched closing tag',
      code: '<Note>\n\nText\n\n</Tip>\n',
      errors: [
        {
          line: 5,
          column: 1,
          endLine: 5,
          endColumn: 7,
          messageId: 'problem',
          message: 'closing tag `</Tip>` does not match the open tag `<Note>` (line 1): close `<Note>` first',
        },
      ],
    },
    {
      name: 'closing tag without open tag',
      code: 'Text\n\n</Tab>\n',
      errors: [
        {
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 7,
          messageId: 'problem',
          message: 'closing tag `</Tab>` has no matching open tag: remove it or add `<Tab>` before it',
        },
      ],
    },
    {
      name: 'bad expression',
      code: 'Total {1 +} more\n',
      errors: [
        {
          line: 1,
          column: 11,
          messageId: 'problem',
          message:
            'invalid JavaScript expression in `{…}` (Unexpected token): if the braces are meant as text, write `\\{` and `\\}`',
        },
      ],
    },
    {
      name: 'unclosed brace',
      code: 'An {unclosed brace\n',
      errors: [
        {
          line: 1,
          column: 19,
          messageId: 'problem',
          message: 'unclosed `{`: add the matching `}`, or write `\\{` if the brace is meant as text',
        },
      ],
    },
    {
      name: 'less-than sign as text',
      code: 'If a <3 then\n',
      errors: [
        {
          line: 1,
          column: 7,
          messageId: 'problem',
          message:
            'a `<` starts a tag in MDX, but `3` cannot follow it here: if `<` is meant as text, write `\\<` or `&lt;`; otherwise complete the tag',
        },
      ],
    },
    {
      name: 'autolink',
      code: 'See <https://example.com>\n',
      errors: [
        {
          line: 1,
          column: 12,
          messageId: 'problem',
          message: 'autolinks like <https://…> are not allowed in MDX; write [text](https://…) or the bare URL',
        },
      ],
    },
    {
      name: 'paragraph starting with export',
      code: 'export the data to CSV\n',
      errors: [
        {
          line: 1,
          column: 8,
          messageId: 'problem',
          message:
            'invalid import/export statement (Unexpected token): a paragraph that starts with `import` or `export` is read as JavaScript in MDX; reword it or fix the statement',
        },
      ],
    },
    {
      name: 'one finding per page, with front matter and CRLF',
      code: '---\r\ntitle: T\r\ndescription: D\r\n---\r\n\r\n<!-- a -->\r\n\r\n<!-- b -->\r\n',
      errors: [
        {
          line: 6,
          column: 1,
          endLine: 6,
          endColumn: 5,
          messageId: 'problem',
          message: 'HTML comments are not allowed in MDX; use {/* … */} instead of <!-- … -->',
        },
      ],
    },
  ],
});
