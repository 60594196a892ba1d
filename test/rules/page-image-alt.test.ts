import { ruleTester } from '../helpers/rule-tester.js';

ruleTester('page-image-alt', {
  valid: [
    '![Dashboard with the usage chart open](/a.png)\n',
    '![Acme logo](/logo.png)\n',
    '![Settings icon in the sidebar](/i.png)\n',
    '<img src="/a.png" alt="The API key settings page" />\n',
    { name: 'alt from an expression is not judged', code: '<img src="/a.png" alt={props.alt} />\n' },
    { name: 'spread may carry alt', code: '<img src="/a.png" {...props} />\n' },
    { name: 'words that merely start like a file name', code: '![Image upload form](/u.png)\n' },
  ],
  invalid: [
    {
      name: 'empty markdown alt',
      code: '![](/a.png)\n',
      errors: [
        { line: 1, column: 1, endLine: 1, endColumn: 12, message: 'image has empty alt text: describe what it shows' },
      ],
    },
    {
      name: 'file names',
      code: '![screenshot.png](/a.png)\n\n![IMG_2031](/b.png)\n\n![./images/setup.webp](/c.webp)\n\n![Screen Shot 2024-01-01 at 10.00.00](/d.png)\n',
      errors: [
        {
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 26,
          message: 'image alt text "screenshot.png" is a file name: describe what the image shows',
        },
        { line: 3, column: 1, messageId: 'fileName', data: { alt: 'IMG_2031' } },
        { line: 5, column: 1, messageId: 'fileName', data: { alt: './images/setup.webp' } },
        { line: 7, column: 1, messageId: 'fileName', data: { alt: 'Screen Shot 2024-01-01 at 10.00.00' } },
      ],
    },
    {
      name: 'generic words, with article, number, case and punctuation',
      code: '![Image](/a.png) ![An image](/b.png) ![Screenshot 2](/c.png) ![logo.](/d.png) ![alt_text](/e.png)\n',
      errors: [
        { line: 1, column: 1, message: 'image alt text "Image" is too generic: describe what the image shows' },
        { line: 1, column: 18, messageId: 'generic', data: { alt: 'An image' } },
        { line: 1, column: 38, messageId: 'generic', data: { alt: 'Screenshot 2' } },
        { line: 1, column: 62, messageId: 'generic', data: { alt: 'logo.' } },
        { line: 1, column: 79, messageId: 'generic', data: { alt: 'alt_text' } },
      ],
    },
    {
      name: 'JSX img without alt, and with empty alt (at the attribute)',
      code: '<img src="/a.png" />\n\n<img src="/a.png" alt="" />\n',
      errors: [
        { line: 1, column: 1, endLine: 1, endColumn: 21, message: 'image has no alt text: describe what it shows' },
        { line: 3, column: 19, endLine: 3, endColumn: 25, messageId: 'empty' },
      ],
    },
    {
      name: 'deep inside components',
      code: '<Frame>\n  <div>\n    ![](/a.png)\n  </div>\n</Frame>\n',
      errors: [{ line: 3, column: 5, messageId: 'empty' }],
    },
  ],
});
