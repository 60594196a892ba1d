import { page, ruleTester } from '../helpers/rule-tester.js';

const SR = 'a screen reader announces it by its address alone';

ruleTester('page-link-name', {
  valid: [
    'Read the [quickstart](/quickstart).\n',
    { name: 'inline code is text', code: 'Run [`acme init`](/cli/init).\n' },
    { name: 'an image with alt text is text', code: '[![Acme home](/logo.png)](/)\n' },
    { name: "a markdown link's title names it", code: '## Setup[](#setup "Link to this section")\n' },
    '<a href="https://github.com/acme">GitHub</a>\n',
    {
      name: 'aria-label on the link',
      code: '<a href="https://github.com/acme" aria-label="Acme on GitHub"><Icon icon="github" /></a>\n',
    },
    {
      name: 'title on the link',
      code: '<a href="https://github.com/acme" title="Acme on GitHub"><Icon icon="github" /></a>\n',
    },
    { name: 'a labelled element inside', code: '<a href="/x"><svg aria-label="Close"><path d="M0 0" /></svg></a>\n' },
    { name: 'an img with alt inside', code: '<a href="/"><img src="/logo.png" alt="Acme home" /></a>\n' },
    { name: 'text nested in elements', code: '<a href="/x"><span><b>Pricing</b></span></a>\n' },
    { name: 'an expression is taken as given', code: '<a href={url}>{label}</a>\n' },
    { name: 'an anchor target without href is not a link', code: '<a id="legacy-anchor"></a>\n' },
    { name: 'spread props may carry the name', code: '<a {...props}><Icon icon="x" /></a>\n' },
    '<Card href="/quickstart" title="Quickstart" />\n',
    { name: 'a card with text inside', code: '<Card href="/quickstart">Start here.</Card>\n' },
    { name: 'a card without href is not a link', code: '<Card icon="rocket" />\n' },
    '<Link href="/pricing">Pricing</Link>\n',
    '```mdx\n<a href="/x"></a>\n```\n',
  ],
  invalid: [
    {
      name: 'an icon-only <a> and an empty markdown link',
      code: page(
        'Follow us: <a href="https://github.com/acme"><Icon icon="github" /></a>\n\nRead the [](/quickstart) first.\n',
      ),
      errors: [
        {
          line: 7,
          column: 10,
          endLine: 7,
          endColumn: 25,
          messageId: 'markdownEmpty',
          message: `link to \`/quickstart\` is empty: ${SR}; write the link text between the brackets (an icon or image needs alt text)`,
        },
        {
          line: 5,
          column: 12,
          endLine: 5,
          endColumn: 14,
          messageId: 'elementSilent',
          message: `link to \`https://github.com/acme\` has no text, only \`<Icon>\`: ${SR}; add \`aria-label="…"\` to the \`<a>\` that says where it goes`,
        },
      ],
    },
    {
      name: 'images without alt text, empty labels, comments',
      code: '[![](/logo.png)](/)\n\n<a href="/" aria-label=" "><img src="/logo.png" /></a>\n\n<Link href="/x">{/* todo */}</Link>\n',
      errors: [
        {
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 20,
          messageId: 'markdownSilent',
          message: `link to \`/\` has no text, only an image without alt text: ${SR}; write the link text between the brackets (an icon or image needs alt text)`,
        },
        {
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 3,
          messageId: 'elementSilent',
          data: { link: 'link to `/`', silent: '`<img>` without alt text', element: 'a' },
        },
        {
          line: 5,
          column: 1,
          endLine: 5,
          endColumn: 6,
          messageId: 'elementEmpty',
          message: `link to \`/x\` is empty: ${SR}; add \`aria-label="…"\` to the \`<Link>\` that says where it goes`,
        },
      ],
    },
    {
      name: 'a card that links but has no title and no text',
      code: '<Card href="/quickstart" icon="rocket" />\n\n<Card href={base} title="" />\n',
      errors: [
        {
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 6,
          messageId: 'card',
          message: `\`<Card>\` links to \`/quickstart\` but has no title and no text: ${SR}; add \`title="…"\``,
        },
        {
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 6,
          messageId: 'cardNoTarget',
          message: `\`<Card>\` links to a page but has no title and no text: ${SR}; add \`title="…"\``,
        },
      ],
    },
  ],
});
