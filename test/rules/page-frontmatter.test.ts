import { ruleTester } from '../helpers/rule-tester.js';

ruleTester('page-frontmatter', {
  valid: [
    '---\ntitle: Quickstart\ndescription: Install the CLI and publish your first page.\n---\n\nText\n',
    {
      name: 'CRLF line endings',
      code: '---\r\ntitle: Quickstart\r\ndescription: Install the CLI.\r\n---\r\n\r\nText\r\n',
    },
    { name: 'BOM before the front matter', code: '\uFEFF---\ntitle: Quickstart\ndescription: Install the CLI.\n---\n' },
    { name: 'openapi page takes title and description from the spec', code: '---\nopenapi: GET /users\n---\n' },
    { name: 'openapi page with a file', code: "---\nopenapi: 'openapi.json POST /plants'\n---\n" },
    { name: 'numeric title', code: '---\ntitle: 404\ndescription: Page not found.\n---\n' },
    { name: 'snippet without front matter', code: 'Shared text\n', isSnippet: true },
    {
      name: 'fields the site requires are page-frontmatter-required (a warning)',
      code: '---\ntitle: Quickstart\n---\n',
    },
    { name: 'no front matter at all', code: '# Quickstart\n\nText\n' },
    { name: 'one endpoint as text', code: '---\nopenapi: GET /users\napi: POST /users\n---\n' },
    {
      name: 'a quoted value whose next line starts at column 1 (the platform reads it with js-yaml)',
      code: '---\ntitle: "Overview"\ndescription: "If billable metrics measure usage, plans are made to\napply prices to this usage."\n---\n',
    },
    {
      name: 'the same in single quotes, over three lines',
      code: "---\ntitle: Plans\ndescription: 'Plans ''apply''\nprices to\nusage.'\n---\n",
    },
  ],
  invalid: [
    {
      name: 'title that is not text',
      code: '---\ntitle:\n  nested: x\ndescription: D\n---\n',
      errors: [{ line: 3, column: 3, message: 'front matter `title` must be text: quote it ("…")' }],
    },
    {
      name: 'broken YAML: at the error in the file, offset by the fence line',
      code: '---\ntitle: Quickstart\ndescription: "unterminated\n---\n\nText\n',
      errors: [{ line: 3, column: 27, message: 'front matter is not valid YAML: Missing closing "quote' }],
    },
    {
      name: 'a quoted value over lines that never closes is still reported',
      code: '---\ntitle: Plans\ndescription: "Plans are made to\napply prices\n---\n',
      errors: [{ line: 4, column: 13, messageId: 'invalidYaml', data: { error: 'Missing closing "quote' } }],
    },
    {
      name: 'after a quoted value over lines, positions are those of the file',
      code: '---\ndescription: "Plans are made to\napply prices."\ntitle:\n  nested: x\n---\n',
      errors: [{ line: 5, column: 3, endLine: 5, endColumn: 12, messageId: 'notText', data: { key: 'title' } }],
    },
    {
      name: 'duplicate key',
      code: '---\ntitle: A\ntitle: B\ndescription: D\n---\n',
      errors: [
        {
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 2,
          messageId: 'invalidYaml',
          data: { error: 'Map keys must be unique' },
        },
      ],
    },
    {
      name: 'broken YAML with CRLF and BOM',
      code: '\uFEFF---\r\ntitle: Quickstart\r\ndescription: "unterminated\r\n---\r\n',
      errors: [{ line: 3, column: 27, messageId: 'invalidYaml', data: { error: 'Missing closing "quote' } }],
    },
    {
      name: 'openapi as a list: one endpoint is expected',
      code: '---\ntitle: Users\nopenapi: ["GET /users", "POST /users"]\n---\n',
      errors: [
        {
          line: 3,
          column: 10,
          endLine: 3,
          endColumn: 39,
          message: 'front matter `openapi` must be one endpoint as text (`openapi: "GET /users"`), not a list',
        },
      ],
    },
    {
      name: 'api with no value',
      code: '---\ntitle: Users\ndescription: D\napi:\n---\n',
      errors: [{ line: 4, column: 1, messageId: 'notEndpoint', data: { key: 'api', got: 'nothing' } }],
    },
    {
      name: 'a list is not front matter fields',
      code: '---\n- a\n- b\n---\n',
      errors: [
        {
          line: 2,
          column: 1,
          messageId: 'notRead',
          message: 'front matter must be `key: value` fields, not a list or a single value',
        },
      ],
    },
    {
      name: 'broken YAML in a snippet is still reported',
      code: '---\nkey: [\n---\n',
      isSnippet: true,
      errors: [
        {
          line: 2,
          column: 7,
          messageId: 'invalidYaml',
          data: { error: 'Flow sequence in block collection must be sufficiently indented and end with a ]' },
        },
      ],
    },
  ],
});
