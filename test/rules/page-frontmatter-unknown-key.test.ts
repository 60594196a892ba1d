import { ruleTester } from '../helpers/rule-tester.js';

const fm = (lines: string) => `---\n${lines}---\n\n## Body\n`;
const OWN = "if it is the team's own metadata, list it in this rule's `allow` option";

ruleTester('page-frontmatter-unknown-key', {
  valid: [
    fm('title: Keys\ndescription: Rotate keys.\nsidebarTitle: Keys\nicon: key\nmode: wide\nhidden: true\n'),
    fm('title: Keys\nopenapi: GET /keys\nkeywords: [keys]\ntag: NEW\nnoindex: true\ndeprecated: true\n'),
    { name: 'meta tags have a colon', code: fm('title: Keys\n"og:image": /og.png\ntwitter:card: summary\n') },
    {
      name: 'allowed keys',
      code: fm('title: Keys\nweight: 3\nlanguage: en\n'),
      options: { allow: ['weight', 'language'] },
    },
    { name: 'no front matter', code: '## Body\n' },
    { name: 'broken front matter is page-frontmatter’s', code: '---\ntitle: [\n---\n\nText.\n' },
  ],
  invalid: [
    {
      name: 'a misspelt field, with a suggestion',
      code: fm('Title: Keys\nsidebar_title: Keys\n'),
      errors: [
        {
          line: 2,
          column: 1,
          endLine: 2,
          endColumn: 6,
          severity: 'warning',
          messageId: 'misspelt',
          message: 'front matter `Title` is not a field of the platform, so it does nothing: did you mean `title`?',
          suggestions: [{ desc: 'Rename the key to `title`', output: fm('title: Keys\nsidebar_title: Keys\n') }],
        },
        {
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 14,
          severity: 'warning',
          messageId: 'misspelt',
          data: { key: 'sidebar_title', suggestion: 'sidebarTitle' },
          suggestions: [{ desc: 'Rename the key to `sidebarTitle`', output: fm('Title: Keys\nsidebarTitle: Keys\n') }],
        },
      ],
    },
    {
      name: 'no guess when the key is another name: a word more (versionFrom) or another word (updatedDate); a misspelt word is still one',
      code: fm('title: Keys\nversionFrom: 2.1\nupdatedDate: 2024-01-01\nsidebarTitel: Keys\n'),
      errors: [
        {
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 12,
          severity: 'info',
          message: `front matter \`versionFrom\` is not one of the platform's fields (\`title\`, \`description\`, \`sidebarTitle\`, …) nor a meta tag (\`og:image\`); ${OWN}`,
        },
        {
          line: 4,
          column: 1,
          endLine: 4,
          endColumn: 12,
          severity: 'info',
          message: `front matter \`updatedDate\` is not one of the platform's fields (\`title\`, \`description\`, \`sidebarTitle\`, …) nor a meta tag (\`og:image\`); ${OWN}`,
        },
        {
          line: 5,
          column: 1,
          endLine: 5,
          endColumn: 13,
          severity: 'warning',
          messageId: 'misspelt',
          data: { key: 'sidebarTitel', suggestion: 'sidebarTitle' },
          suggestions: [
            {
              desc: 'Rename the key to `sidebarTitle`',
              output: fm('title: Keys\nversionFrom: 2.1\nupdatedDate: 2024-01-01\nsidebarTitle: Keys\n'),
            },
          ],
        },
      ],
    },
    {
      name: 'no suggestion when the field is already there',
      code: fm('title: Keys\ndescripton: Rotate keys.\ndescription: Rotate keys.\n'),
      errors: [
        {
          line: 3,
          column: 1,
          severity: 'warning',
          messageId: 'misspelt',
          data: { key: 'descripton', suggestion: 'description' },
        },
      ],
    },
    {
      name: 'redirect-like keys',
      code: fm('title: Keys\nredirect: /security/keys\nredirect_from: /old\n'),
      errors: [
        {
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 9,
          severity: 'warning',
          messageId: 'redirect',
          message:
            'front matter `redirect` does not redirect the page: the platform ignores it; add `{ "source": "/<this page>", "destination": "/<new page>" }` to `redirects` in docs.json instead',
        },
        {
          line: 4,
          column: 1,
          severity: 'warning',
          messageId: 'redirect',
          data: { key: 'redirect_from' },
        },
      ],
    },
    {
      name: 'ten findings a page, then one note for the rest',
      code: fm(`title: Keys\n${Array.from({ length: 14 }, (_, i) => `k${i}: ${i}\n`).join('')}`),
      errors: [
        ...Array.from({ length: 10 }, (_, i) => ({
          line: 3 + i,
          column: 1,
          message: `front matter \`k${i}\` is not one of the platform's fields (\`title\`, \`description\`, \`sidebarTitle\`, …) nor a meta tag (\`og:image\`); ${OWN}`,
        })),
        {
          line: 13,
          column: 1,
          endLine: 13,
          endColumn: 4,
          messageId: 'more',
          message:
            "front matter has 4 more keys that are not platform fields (`k10`, `k11`, `k12`, …); if they are the team's own metadata, list them in this rule's `allow` option",
        },
      ],
    },
    {
      name: "the team's own keys are notes",
      code: fm('title: Keys\nweight: 3\nimage: /og.png\n'),
      options: { allow: ['language'] },
      errors: [
        {
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 7,
          message: `front matter \`weight\` is not one of the platform's fields (\`title\`, \`description\`, \`sidebarTitle\`, …) nor a meta tag (\`og:image\`); ${OWN}`,
        },
        {
          line: 4,
          column: 1,
          message: `front matter \`image\` is not one of the platform's fields (\`title\`, \`description\`, \`sidebarTitle\`, …) nor a meta tag (\`og:image\`); ${OWN}`,
        },
      ],
    },
  ],
});
