import { classifyCodeContent } from '../../src/pages/code-content.js';
import { ruleTester } from '../helpers/rule-tester.js';

const CODE = 'code block has no language: name it after the opening fence (```bash, ```json, ```python …)';
const UNSURE =
  'code block has no language: name its language after the opening fence if it is code, else ```text (it renders as text now)';
const text = (what: string) => ({ messageId: 'noCode', data: { what } });
const guess = (what: string, language: string) => ({ messageId: 'likely', data: { what, language } });

ruleTester('page-code-language', {
  valid: [
    '```bash\nnpm i\n```\n',
    '```json title="docs.json"\n{}\n```\n',
    '~~~text\nplain\n~~~\n',
    'Inline `code` has no language.\n',
    '<CodeGroup>\n```bash npm\nnpm i\n```\n\n```bash yarn\nyarn add\n```\n</CodeGroup>\n',
    { name: 'indented text is not code in MDX', code: 'Para\n\n    indented text\n' },
  ],
  invalid: [
    {
      name: 'code with no language the content names: a warning, no fix',
      code: '```\nString name = new Greeter().name();\nSystem.debug(name);\n```\n',
      errors: [{ line: 1, column: 1, endLine: 1, endColumn: 4, message: CODE }],
    },
    {
      name: 'JSON that parses: the fix writes json',
      code: '~~~\n{ "id": 1, "tags": ["a"] }\n~~~\n',
      errors: [
        {
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 4,
          message: 'code block has no language: it is JSON, so name it after the opening fence (```json)',
        },
      ],
      output: '~~~json\n{ "id": 1, "tags": ["a"] }\n~~~\n',
    },
    {
      name: 'shell commands: bash, as a suggestion',
      code: '```\nnpm install example-cli\ncd example\n```\n',
      errors: [
        {
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 4,
          message:
            'code block has no language: it looks like shell commands; name it after the opening fence (```bash?)',
          suggestions: [
            { desc: 'Name the language `bash`', output: '```bash\nnpm install example-cli\ncd example\n```\n' },
          ],
        },
      ],
    },
    {
      name: 'commands after a shell prompt',
      code: '```\n$ example login\n$ docker compose up -d\n```\n',
      errors: [
        {
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 4,
          ...guess('shell commands', 'bash'),
          suggestions: [
            { desc: 'Name the language `bash`', output: '```bash\n$ example login\n$ docker compose up -d\n```\n' },
          ],
        },
      ],
    },
    {
      name: 'a shell session: prompts and what they print',
      code: '```\n$ npm test\n> example@1.0.0 test\nPASS  test/a.test.ts\n```\n',
      errors: [
        {
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 4,
          ...guess('a shell session', 'console'),
          suggestions: [
            {
              desc: 'Name the language `console`',
              output: '```console\n$ npm test\n> example@1.0.0 test\nPASS  test/a.test.ts\n```\n',
            },
          ],
        },
      ],
    },
    {
      name: 'YAML',
      code: '```\nname: docs\non:\n  push:\n    branches: [main]\n```\n',
      errors: [
        {
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 4,
          ...guess('YAML', 'yaml'),
          suggestions: [
            {
              desc: 'Name the language `yaml`',
              output: '```yaml\nname: docs\non:\n  push:\n    branches: [main]\n```\n',
            },
          ],
        },
      ],
    },
    {
      name: 'Python',
      code: '```\nfrom example import Client\n\nclient = Client()\nprint(client.version())\n```\n',
      errors: [
        {
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 4,
          ...guess('Python', 'python'),
          suggestions: [
            {
              desc: 'Name the language `python`',
              output: '```python\nfrom example import Client\n\nclient = Client()\nprint(client.version())\n```\n',
            },
          ],
        },
      ],
    },
    {
      name: 'JavaScript',
      code: '```\nlet total = 0;\nfor (const x of xs) {\n  total += x;\n}\n```\n',
      errors: [
        {
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 4,
          ...guess('JavaScript', 'javascript'),
          suggestions: [
            {
              desc: 'Name the language `javascript`',
              output: '```javascript\nlet total = 0;\nfor (const x of xs) {\n  total += x;\n}\n```\n',
            },
          ],
        },
      ],
    },
    {
      name: 'not code: program output, an AI prompt, a directory tree, a URL: notes whose fix writes text',
      code: [
        '```',
        'Error: connect ECONNREFUSED 127.0.0.1:5432',
        '    at TCPConnectWrap.afterConnect (node:net:1555:16)',
        '```',
        '',
        '```',
        'Summarize the page in three sentences, then list its open questions.',
        '```',
        '',
        '```',
        'docs/',
        '├── docs.json',
        '└── index.mdx',
        '```',
        '',
        '~~~',
        'https://api.example.com/v1',
        '~~~',
        '',
      ].join('\n'),
      errors: [
        {
          line: 1,
          column: 1,
          severity: 'info',
          message:
            'code block has no language, and holds no code (program output): name it ```text, which renders the same',
        },
        { line: 6, column: 1, severity: 'info', ...text('prose') },
        { line: 10, column: 1, severity: 'info', ...text('a tree') },
        { line: 16, column: 1, severity: 'info', ...text('a URL') },
      ],
      output: [
        '```text',
        'Error: connect ECONNREFUSED 127.0.0.1:5432',
        '    at TCPConnectWrap.afterConnect (node:net:1555:16)',
        '```',
        '',
        '```text',
        'Summarize the page in three sentences, then list its open questions.',
        '```',
        '',
        '```text',
        'docs/',
        '├── docs.json',
        '└── index.mdx',
        '```',
        '',
        '~~~text',
        'https://api.example.com/v1',
        '~~~',
        '',
      ].join('\n'),
    },
    {
      name: 'too few signs to tell (a formula): a note that does not say it is not code',
      code: '```\nscore = min(100, base * 2)\n```\n',
      errors: [{ line: 1, column: 1, severity: 'info', message: UNSURE }],
      output: '```text\nscore = min(100, base * 2)\n```\n',
    },
    {
      name: 'in a CodeGroup inside Tabs',
      code: '<Tabs>\n  <Tab title="A">\n    <CodeGroup>\n      ```\n      x = compute();\n      ```\n    </CodeGroup>\n  </Tab>\n</Tabs>\n',
      errors: [{ line: 4, column: 7, endLine: 4, endColumn: 10, messageId: 'unknown' }],
    },
    {
      name: 'in Steps, RequestExample and ResponseExample',
      code: [
        '<Steps>',
        '  <Step title="Run">',
        '    ```',
        '    x = compute();',
        '    ```',
        '  </Step>',
        '</Steps>',
        '',
        '<RequestExample>',
        '```',
        'y = compute();',
        '```',
        '</RequestExample>',
        '',
        '<ResponseExample>',
        '```',
        '{}',
        '```',
        '</ResponseExample>',
        '',
      ].join('\n'),
      errors: [
        { line: 3, column: 5, messageId: 'unknown' },
        { line: 10, column: 1, messageId: 'unknown' },
        { line: 16, column: 1, messageId: 'certain', data: { what: 'JSON', language: 'json' } },
      ],
      output: [
        '<Steps>',
        '  <Step title="Run">',
        '    ```',
        '    x = compute();',
        '    ```',
        '  </Step>',
        '</Steps>',
        '',
        '<RequestExample>',
        '```',
        'y = compute();',
        '```',
        '</RequestExample>',
        '',
        '<ResponseExample>',
        '```json',
        '{}',
        '```',
        '</ResponseExample>',
        '',
      ].join('\n'),
    },
    {
      name: 'the finding covers the fence line only',
      code: '```   \nwhile (true) {\n}\n```\n',
      errors: [{ line: 1, column: 1, endLine: 1, endColumn: 7, messageId: 'unknown' }],
    },
    {
      name: '--fix-code-language writes the chosen language after code; JSON and text keep theirs',
      code: '```\na = b;\n```\n\n```\n[1, 2]\n```\n\n```\nDone in 3.2s\n```\n',
      options: { fixLanguage: 'js' },
      errors: [
        { line: 1, column: 1, severity: 'warning', messageId: 'unknown' },
        { line: 5, column: 1, severity: 'warning', messageId: 'certain', data: { what: 'JSON', language: 'json' } },
        { line: 9, column: 1, severity: 'info', ...text('prose') },
      ],
      output: '```js\na = b;\n```\n\n```json\n[1, 2]\n```\n\n```text\nDone in 3.2s\n```\n',
    },
    {
      name: 'reportText: false leaves blocks without code alone, and still reports code',
      code: '```\nDone in 3.2s\n```\n\n```\nERROR: no such file\n```\n\n```\n[1, 2]\n```\n',
      options: { reportText: false },
      errors: [
        {
          line: 9,
          column: 1,
          endLine: 9,
          endColumn: 4,
          severity: 'warning',
          messageId: 'certain',
          data: { what: 'JSON', language: 'json' },
        },
      ],
      output: '```\nDone in 3.2s\n```\n\n```\nERROR: no such file\n```\n\n```json\n[1, 2]\n```\n',
    },
  ],
});

describe('classifyCodeContent', () => {
  test.each([
    ['{"a": [1, 2]}', { kind: 'code', language: 'json', certain: true, what: 'JSON' }],
    ['{\n  "a": string, // the name\n  ...\n}', { kind: 'code', language: 'json', what: 'JSON' }],
    ['API_KEY=abc\nexport BASE_URL=https://x', { kind: 'code', language: 'bash', what: 'environment variables' }],
    ['>>> len(items)\n3', { kind: 'code', language: 'python', what: 'a Python session' }],
    ['@@ -1,1 +1,1 @@\n-old\n+new', { kind: 'code', language: 'diff', what: 'a diff' }],
    ['import { z } from "zod";\nconst a: string = "x";', { kind: 'code', language: 'typescript', what: 'TypeScript' }],
    ['SELECT id\nFROM users\nWHERE id = 1;', { kind: 'code', language: 'sql', what: 'SQL' }],
    ['<div class="a">\n  <p>x</p>\n</div>', { kind: 'code', language: 'html', what: 'HTML' }],
    ['<user>:<password>@<host>:<port>', { kind: 'text', what: 'text' }],
    ['name = "edge-leaderboard"\ntype = "webpack"\n[build]\ncommand = "npm run build"', { kind: 'unsure' }],
    ['Question: {{ question }}\nContext: {{ context }}', { kind: 'text', what: 'a template' }],
    ['User input → Firecrawl (scrape) → LLM → Response', { kind: 'text', what: 'prose' }],
    ['wss://{region}.api.example.com/ws/{service}', { kind: 'text', what: 'a URL' }],
    ['POST {Your-API-Endpoint}', { kind: 'text', what: 'a URL' }],
    ['┌───┐\n│ A │\n└───┘', { kind: 'text', what: 'a diagram' }],
    ['', { kind: 'text', what: 'an empty block' }],
    // Short configuration is code: YAML of one setting, one top key with nested values, camelCase or capital keys; JSON members without braces.
    ['model: gpt-4o', { kind: 'code', language: 'yaml', what: 'YAML' }],
    ['mcpServers:\n  github:\n    command: npx', { kind: 'code', language: 'yaml', what: 'YAML' }],
    ['apiVersion: v1\nkind: Pod', { kind: 'code', language: 'yaml', what: 'YAML' }],
    ['OPENAI_API_KEY: sk-xxx\nMODEL: gpt-4o', { kind: 'code', language: 'yaml', what: 'YAML' }],
    ['- name: build\n  run: npm ci', { kind: 'code', language: 'yaml', what: 'YAML' }],
    ['"mcpServers": {\n  "github": {\n    "command": "npx"\n  }\n}', { kind: 'code', language: 'json', what: 'JSON' }],
    ['"model": "gpt-4o",\n"temperature": 0.2', { kind: 'code', language: 'json', what: 'JSON' }],
    // Headers and labelled prose stay text.
    ['upstash-region: us-east-1', { kind: 'text', what: 'prose' }],
    ['Content-Type: application/json\nAuthorization: Bearer 123456', { kind: 'text', what: 'prose' }],
    ['Note: restart the server', { kind: 'text', what: 'prose' }],
  ])('%j', (value, expected) => {
    expect(classifyCodeContent(value)).toEqual(expected);
  });

  test('a long block is read by its first lines, in time linear in its size', () => {
    const long = 'x'.repeat(100_000) + '\n' + ',//'.repeat(30_000) + '\n' + 'a = b;\n'.repeat(10_000);
    expect(classifyCodeContent(long).kind).toBeDefined();
  });
});
