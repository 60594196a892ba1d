import { ruleTester } from '../helpers/rule-tester.js';

const MESSAGE = 'image is not inside a `<Frame>`: wrap it in `<Frame>…</Frame>`';

ruleTester('page-image-frame', {
  valid: [
    '<Frame>\n  ![Dashboard with two charts](/a.png)\n</Frame>\n',
    '<Frame caption="The dashboard">\n  <img src="/a.png" alt="Dashboard" />\n</Frame>\n',
    { name: 'deep inside a Frame', code: '<Frame>\n  <div>\n    <p>\n      ![Dashboard](/a.png)\n    </p>\n  </div>\n</Frame>\n' },
    { name: 'card and tile pictures', code: '<Card title="x" href="/y">\n  <img src="/a.png" alt="Preview" />\n</Card>\n\n<Tile href="/z">\n  ![Preview](/b.png)\n</Tile>\n' },
    '```md\n![in code](/a.png)\n```\n',
  ],
  invalid: [
    {
      code: '![Dashboard](/a.png)\n',
      output: "<Frame>![Dashboard](/a.png)</Frame>\n",
      errors: [{ line: 1, column: 1, endLine: 1, endColumn: 21, message: MESSAGE }],
    },
    {
      name: 'JSX img, flow and inline',
      code: '<img src="/a.png" alt="x" />\n\nInline <img src="/a.png" alt="x" /> here\n',
      output: "<Frame><img src=\"/a.png\" alt=\"x\" /></Frame>\n\nInline <Frame><img src=\"/a.png\" alt=\"x\" /></Frame> here\n",
      errors: [
        { line: 1, column: 1, endLine: 1, endColumn: 29, message: MESSAGE },
        { line: 3, column: 8, endLine: 3, endColumn: 36, message: MESSAGE },
      ],
    },
    {
      name: 'image reference',
      code: '![Dashboard][img]\n\n[img]: /a.png\n',
      output: "<Frame>![Dashboard][img]</Frame>\n\n[img]: /a.png\n",
      errors: [{ line: 1, column: 1, message: MESSAGE }],
    },
    {
      name: 'inside another component',
      code: '<Steps>\n  <Step title="Open">\n    ![Settings page](/s.png)\n  </Step>\n</Steps>\n',
      output: "<Steps>\n  <Step title=\"Open\">\n    <Frame>![Settings page](/s.png)</Frame>\n  </Step>\n</Steps>\n",
      errors: [{ line: 3, column: 5, message: MESSAGE }],
    },
  ],
});
