import { ruleTester } from '../helpers/rule-tester.js';

const NO_FRONTMATTER = 'page has no front matter: start it with a `---` block that sets `title` and `description`';

ruleTester('page-frontmatter-required', {
  valid: [
    '---\ntitle: Quickstart\ndescription: Install the CLI and publish your first page.\n---\n\nText\n',
    { name: 'openapi page takes title and description from the spec', code: '---\nopenapi: GET /users\n---\n' },
    { name: 'numeric title', code: '---\ntitle: 404\ndescription: Page not found.\n---\n' },
    { name: 'snippet without front matter', code: 'Shared text\n', isSnippet: true },
    { name: "broken YAML is page-frontmatter's finding, not this rule's", code: '---\ntitle: Quickstart\ndescription: "unterminated\n---\n' },
    { name: 'required: only the title', code: '---\ntitle: Quickstart\n---\n', options: { required: ['title'] } },
    { name: 'required: nothing', code: 'No front matter.\n', options: { required: [] } },
  ],
  invalid: [
    {
      name: 'no front matter',
      code: '# Quickstart\n\nText\n',
      errors: [{ line: 1, column: 1, endLine: 1, endColumn: 1, message: NO_FRONTMATTER }],
    },
    {
      name: 'missing description: reported at the opening fence',
      code: '---\ntitle: Quickstart\n---\n',
      errors: [{ line: 1, column: 1, endLine: 1, endColumn: 4, message: 'front matter has no `description`: add `description: …`' }],
    },
    {
      name: 'empty front matter',
      code: '---\n---\n',
      errors: [
        { line: 1, column: 1, messageId: 'missing', data: { key: 'title' } },
        { line: 1, column: 1, messageId: 'missing', data: { key: 'description' } },
      ],
    },
    {
      name: 'empty values: reported at the key',
      code: '---\ntitle: ""\ndescription:\n---\n',
      errors: [
        { line: 2, column: 1, endLine: 2, endColumn: 6, message: "front matter `title` is empty: write the page's title" },
        { line: 3, column: 1, endLine: 3, endColumn: 12, messageId: 'empty', data: { key: 'description' } },
      ],
    },
    {
      name: 'front matter is read even when the page does not parse',
      code: '---\ntitle: Quickstart\n---\n\n<!-- c -->\n',
      errors: [{ line: 1, column: 1, messageId: 'missing', data: { key: 'description' } }],
    },

    {
      name: 'an openapi that is not text names no endpoint: title and description are still asked for',
      code: '---\nopenapi: 42\n---\n',
      errors: [
        { line: 1, column: 1, endLine: 1, endColumn: 4, messageId: 'missing', data: { key: 'title' } },
        { line: 1, column: 1, endLine: 1, endColumn: 4, messageId: 'missing', data: { key: 'description' } },
      ],
    },
    {
      name: "required: a field of the site's own, on an openapi page too",
      code: '---\nopenapi: GET /users\n---\n',
      options: { required: ['title', 'icon'] },
      errors: [{ line: 1, column: 1, endLine: 1, endColumn: 4, messageId: 'missing', data: { key: 'icon' } }],
    },
    {
      name: 'required: the message of a page without front matter names the fields',
      code: 'Text\n',
      options: { required: ['title'] },
      errors: [{ line: 1, column: 1, messageId: 'noFrontmatter', data: { fields: '`title`' } }],
    },
  ],
});
