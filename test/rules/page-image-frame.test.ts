import { ruleTester } from '../helpers/rule-tester.js';

const MESSAGE = 'image is not inside a `<Frame>`: wrap it in `<Frame>…</Frame>`';

ruleTester('page-image-frame', {
  valid: [
    {
      name: 'mode: custom pages are laid out by their own markup',
      code: '---\ntitle: Home\ndescription: D\nmode: custom\n---\n\n![Hero](/hero.png)\n\n<img src="/thumb.png" alt="Thumbnail" />\n',
    },
    '<Frame>\n  ![Dashboard with two charts](/a.png)\n</Frame>\n',
    '<Frame caption="The dashboard">\n  <img src="/a.png" alt="Dashboard" />\n</Frame>\n',
    {
      name: 'deep inside a Frame',
      code: '<Frame>\n  <div>\n    <p>\n      ![Dashboard](/a.png)\n    </p>\n  </div>\n</Frame>\n',
    },
    {
      name: 'card and tile pictures',
      code: '<Card title="x" href="/y">\n  <img src="/a.png" alt="Preview" />\n</Card>\n\n<Tile href="/z">\n  ![Preview](/b.png)\n</Tile>\n',
    },
    '```md\n![in code](/a.png)\n```\n',
    {
      name: 'an image in a link (a badge, a button) is inline',
      code: '[![Install in VS Code](/badge.svg)](https://example.com/install)\n',
    },
    { name: 'an image in an <a>', code: '<a href="https://example.com"><img src="/logo.png" alt="Acme" /></a>\n' },
    { name: 'a row of badges', code: '![Build](/build.svg) ![Coverage](/coverage.svg)\n' },
    { name: 'an image among text', code: 'Click the ![gear](/gear.png) icon to open the settings.\n' },
    { name: 'an inline <img> among text', code: 'Inline <img src="/a.png" alt="x" /> here\n' },
    { name: 'an image in a table cell', code: '| Icon | Meaning |\n| --- | --- |\n| ![ok](/ok.png) | Healthy |\n' },
    {
      name: 'an <img> with its own border or rounded corners',
      code: '<img src="/a.png" alt="x" className="rounded-xl border" />\n\n<img src="/b.png" alt="y" className="rounded-lg" />\n\n<img src="/c.png" alt="z" style={{ borderRadius: 8 }} />\n',
    },
    {
      name: 'logos and icons: width or height of 64 px or less',
      code: '<img src="/logo.png" alt="Acme" width="48" />\n\n<img src="/icon.svg" alt="Gear" height={32} />\n\n<img src="/mark.png" alt="Mark" style={{ width: 24 }} />\n',
    },
    {
      name: 'an icon or a logo by its alt text',
      code: '1. Click **Connectors**.\n\n   ![Connectors sidebar icon](/img/connectors.png)\n\n<img src="/acme.png" alt="Acme logo" />\n',
    },
    {
      name: 'a light/dark pair',
      code: '<img className="block dark:hidden" src="/light.png" alt="Pages" />\n<img className="hidden dark:block" src="/dark.png" alt="Pages" />\n',
    },
    {
      name: 'images in JSX table cells and headings',
      code: '<table>\n  <tr>\n    <td>\n      <img src="/a.png" alt="A" />\n    </td>\n  </tr>\n</table>\n\n<h2>\n  <img src="/b.png" alt="B" />\n</h2>\n\n## ![Logo](/logo.png)\n',
    },
  ],
  invalid: [
    {
      code: '![Dashboard](/a.png)\n',
      output: '<Frame>![Dashboard](/a.png)</Frame>\n',
      errors: [{ line: 1, column: 1, endLine: 1, endColumn: 21, message: MESSAGE }],
    },
    {
      name: 'a screenshot whose alt text mentions a logo',
      code: '![The node on the canvas, a box with the Acme logo](/node.png)\n',
      output: '<Frame>![The node on the canvas, a box with the Acme logo](/node.png)</Frame>\n',
      errors: [{ line: 1, column: 1, endLine: 1, endColumn: 63, messageId: 'unframed' }],
    },
    {
      name: 'JSX img as a block, alone in its paragraph',
      code: '<img src="/a.png" alt="x" />\n\nText.\n\n  <img src="/b.png" alt="y" />  \n',
      output:
        '<Frame><img src="/a.png" alt="x" /></Frame>\n\nText.\n\n  <Frame><img src="/b.png" alt="y" /></Frame>  \n',
      errors: [
        { line: 1, column: 1, endLine: 1, endColumn: 29, message: MESSAGE },
        { line: 5, column: 3, endLine: 5, endColumn: 31, message: MESSAGE },
      ],
    },
    {
      name: 'image reference',
      code: '![Dashboard][img]\n\n[img]: /a.png\n',
      output: '<Frame>![Dashboard][img]</Frame>\n\n[img]: /a.png\n',
      errors: [{ line: 1, column: 1, message: MESSAGE }],
    },
    {
      name: 'a large, unstyled <img>; border-0 and rounded-none are no frame',
      code: '<img src="/a.png" alt="x" width="520" />\n\n<img src="/b.png" alt="y" className="border-0 rounded-none" />\n',
      output:
        '<Frame><img src="/a.png" alt="x" width="520" /></Frame>\n\n<Frame><img src="/b.png" alt="y" className="border-0 rounded-none" /></Frame>\n',
      errors: [
        { line: 1, column: 1, endLine: 1, endColumn: 41, messageId: 'unframed' },
        { line: 3, column: 1, endLine: 3, endColumn: 63, messageId: 'unframed' },
      ],
    },
    {
      name: 'inside another component',
      code: '<Steps>\n  <Step title="Open">\n    ![Settings page](/s.png)\n  </Step>\n</Steps>\n',
      output: '<Steps>\n  <Step title="Open">\n    <Frame>![Settings page](/s.png)</Frame>\n  </Step>\n</Steps>\n',
      errors: [{ line: 3, column: 5, message: MESSAGE }],
    },
  ],
});
