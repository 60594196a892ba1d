// site-import-missing: its RuleTester table, the examples of docs/rules/site-import-missing.md first, then more cases.
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
    {
      name: "a path from the importing file's folder; react is provided",
      files: {
        'guides/intro.mdx':
          "---\ntitle: Introduction\n---\n\nimport Part from '../shared/part.mdx';\nimport { useState } from 'react';\n\n<Part />\n",
        'shared/part.mdx': 'A part.\n',
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
    {
      name: 'the case differs; a file type that cannot be imported; a package is a warning',
      files: {
        'guides/intro.mdx':
          "---\ntitle: Introduction\n---\n\nimport Note from '/snippets/Beta-Note.mdx';\nimport data from '/snippets/data.json';\nimport _ from 'lodash';\n\n<Note />\n",
        'snippets/beta-note.mdx': 'This feature is in beta.\n',
        'snippets/data.json': '{}\n',
      },
      errors: [
        {
          file: 'guides/intro.mdx',
          line: 5,
          column: 18,
          endLine: 5,
          endColumn: 43,
          severity: 'error',
          message:
            "`import … from '/snippets/Beta-Note.mdx'` names no file: the file is `/snippets/beta-note.mdx` (the case differs)",
        },
        {
          file: 'guides/intro.mdx',
          line: 6,
          column: 18,
          endLine: 6,
          endColumn: 39,
          severity: 'error',
          message: "`import … from '/snippets/data.json'`: the platform imports only .mdx, .md, .jsx and .tsx files",
        },
        {
          file: 'guides/intro.mdx',
          line: 7,
          column: 15,
          endLine: 7,
          endColumn: 23,
          severity: 'warning',
          message:
            "`import … from 'lodash'`: the platform resolves only files of the site (`/snippets/…`, `./…`), so it drops this import and what it names is undefined",
        },
      ],
    },
    {
      name: 'a file excluded by .mintignore',
      files: {
        'index.mdx': "---\ntitle: Home\n---\n\nimport Draft from '/drafts/part.mdx';\n\n<Draft />\n",
        'drafts/part.mdx': 'Draft.\n',
        '.mintignore': 'drafts/\n',
      },
      errors: [
        {
          file: 'index.mdx',
          line: 5,
          column: 19,
          endLine: 5,
          endColumn: 37,
          severity: 'error',
          message:
            "`import … from '/drafts/part.mdx'`: `drafts/part.mdx` is excluded by .mintignore, so the platform cannot import it",
        },
      ],
    },
  ],
});
