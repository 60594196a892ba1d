// site-import-missing: the examples of docs/rules/site-import-missing.md as a RuleTester table, with their exact findings.
import { siteRuleTester } from '../helpers/site-rule-tester.js';

siteRuleTester('site-import-missing', {
  valid: [
    {
      name: 'docs/rules page, correct example',
      files: {
        'guides/intro.mdx':
          "---\ntitle: Introduction\ndescription: What the product does.\n---\n\nimport Note from '/snippets/beta-note.mdx';\n\n<Note />\n",
        'snippets/beta-note.mdx': 'This feature is in beta.\n',
      },
    },
  ],
  invalid: [
    {
      name: 'docs/rules page, incorrect example',
      files: {
        'guides/intro.mdx':
          "---\ntitle: Introduction\ndescription: What the product does.\n---\n\nimport Note from '/snippets/beta-note';\n\n<Note />\n",
        'snippets/beta-note.mdx': 'This feature is in beta.\n',
      },
      errors: [
        {
          file: 'guides/intro.mdx',
          line: 6,
          column: 18,
          endLine: 6,
          endColumn: 39,
          message:
            "`import … from '/snippets/beta-note'` names no file: write the extension, `/snippets/beta-note.mdx`",
        },
      ],
    },
  ],
});
