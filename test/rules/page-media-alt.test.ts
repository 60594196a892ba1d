import { page, ruleTester } from '../helpers/rule-tester.js';

ruleTester('page-media-alt', {
  valid: [
    '<video src="/a.mp4" controls aria-label="Setting up the CLI" />\n',
    '<video src="/a.mp4" title="Setting up the CLI" />\n\n<audio src="/a.mp3" aria-labelledby="caption" />\n',
    {
      name: 'alt on a video counts (the platform reads it)',
      code: '<video src="/a.mp4" alt="Setting up the CLI" />\n',
    },
    '<iframe src="https://www.youtube.com/embed/x" title="Product tour" />\n',
    { name: 'a value from an expression is taken as given', code: '<iframe src="/x" title={tour.title} />\n' },
    { name: 'spread props may carry the name', code: '<video {...props} />\n' },
    { name: "images are page-image-alt's", code: '<img src="/a.png" />\n' },
    '```mdx\n<video src="/a.mp4" />\n```\n',
  ],
  invalid: [
    {
      code: page(
        '<video src="/videos/setup.mp4" controls />\n\nText with <iframe src="https://example.com/embed" /> inline.\n',
      ),
      errors: [
        {
          line: 5,
          column: 1,
          endLine: 5,
          endColumn: 7,
          message:
            '`<video>` has no text alternative: add `aria-label="…"` (or `title`) that says what the video shows',
        },
        {
          line: 7,
          column: 11,
          endLine: 7,
          endColumn: 18,
          message:
            '`<iframe>` has no text alternative: add `title="…"` that says what it embeds (screen readers announce it)',
        },
      ],
    },
    {
      name: 'empty values',
      code: '<audio src="/a.mp3" aria-label="  " />\n\n<iframe src="/x" title="" />\n',
      errors: [
        {
          line: 1,
          column: 1,
          message:
            '`<audio>` has an empty text alternative: add `aria-label="…"` (or `title`) that says what the recording is',
        },
        {
          line: 3,
          column: 1,
          message:
            '`<iframe>` has an empty text alternative: add `title="…"` that says what it embeds (screen readers announce it)',
        },
      ],
    },
  ],
});
