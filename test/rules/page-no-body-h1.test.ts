import { page, ruleTester } from '../helpers/rule-tester.js';

const H1 = 'level-1 heading in the page body: the page title is the h1, so start body headings at `##`';
const JSX_H1 = '`<h1>` in the page body: the page title is the h1, so use `##` (or `<h2>`)';

ruleTester('page-no-body-h1', {
  valid: [
    page('\n## Section\n\n### Subsection\n'),
    '```markdown\n# Not a heading: code\n```\n',
    '<h2>HTML heading</h2>\n',
    'Text with a #hashtag\n',
    {
      name: 'mode: custom shows no title: the hero h1 is the page title',
      code: '---\ntitle: Home\ndescription: D\nmode: custom\n---\n\n<h1>Build with us</h1>\n\n# Or in markdown\n',
    },
    { name: 'mode: frame neither', code: '---\ntitle: Home\ndescription: D\nmode: "frame"\n---\n\n# Welcome\n' },
  ],
  invalid: [
    {
      code: page('\n# Title again\n\n## Section\n'),
      errors: [{ line: 6, column: 1, endLine: 6, endColumn: 14, message: H1 }],
    },
    {
      name: 'JSX <h1>, flow and inline',
      code: '<h1>Big</h1>\n\nText <h1 className="x">inline</h1>\n',
      errors: [
        { line: 1, column: 1, endLine: 1, endColumn: 4, message: JSX_H1 },
        { line: 3, column: 6, endLine: 3, endColumn: 9, message: JSX_H1 },
      ],
    },
    {
      name: 'h1 inside a component',
      code: '<Tabs>\n  <Tab title="One">\n    # Inside\n  </Tab>\n</Tabs>\n',
      errors: [{ line: 3, column: 5, message: H1 }],
    },
    {
      name: 'mode: wide shows the title',
      code: '---\ntitle: Home\ndescription: D\nmode: wide\n---\n\n# Welcome\n',
      errors: [{ line: 7, column: 1, endLine: 7, endColumn: 10, message: H1 }],
    },
    {
      name: 'setext h1',
      code: 'Title\n=====\n',
      errors: [{ line: 1, column: 1, endLine: 2, endColumn: 6, message: H1 }],
    },
  ],
});
