import { DEFAULT_MAX_FINDINGS, MAX_FINDINGS, type ToolName } from './tools.js';

/*
 * The tools `doclint mcp` lists: name, description, the JSON Schema of the arguments, and of the
 * structured content where a tool returns data. These are a contract (docs/agents.md): add to
 * them, do not change them.
 */

type JsonSchema = Record<string, unknown>;

export interface ToolDefinition {
  name: ToolName;
  title: string;
  description: string;
  inputSchema: JsonSchema & { type: 'object' };
  outputSchema?: JsonSchema & { type: 'object' };
  annotations: { readOnlyHint: boolean; destructiveHint?: boolean; idempotentHint: boolean; openWorldHint: false };
}

const paths = (what: string): JsonSchema => ({
  type: 'array',
  items: { type: 'string', minLength: 1 },
  minItems: 1,
  description: `${what}: a site root (a folder with docs.json), folders inside one, or files, relative to the workspace (or absolute inside it)`,
});

const range = { type: 'array', items: { type: 'integer' }, minItems: 2, maxItems: 2 };
const edit = { type: 'object', properties: { range, text: { type: 'string' } }, required: ['range', 'text'] };
const counts = {
  errorCount: { type: 'integer' },
  warningCount: { type: 'integer' },
  infoCount: { type: 'integer' },
};

const finding: JsonSchema = {
  type: 'object',
  properties: {
    file: { type: 'string', description: 'relative to the workspace' },
    line: { type: 'integer', description: '1-based' },
    column: { type: 'integer', description: '1-based, in UTF-16 code units' },
    endLine: { type: 'integer' },
    endColumn: { type: 'integer', description: 'just past the finding' },
    ruleId: { type: 'string' },
    severity: { enum: ['error', 'warning', 'info'] },
    message: { type: 'string' },
    url: { type: 'string', description: "the rule's documentation" },
    fix: { ...edit, description: 'a safe fix: replace the characters in [start, end) of the file with text' },
    suggestions: {
      type: 'array',
      items: { type: 'object', properties: { desc: { type: 'string' }, fix: edit }, required: ['desc', 'fix'] },
    },
    related: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          file: { type: 'string' },
          line: { type: 'integer' },
          column: { type: 'integer' },
          endLine: { type: 'integer' },
          endColumn: { type: 'integer' },
          message: { type: 'string' },
        },
        required: ['file', 'line', 'column', 'endLine', 'endColumn', 'message'],
      },
    },
  },
  required: ['file', 'line', 'column', 'endLine', 'endColumn', 'ruleId', 'severity', 'message', 'url'],
};

const ruleSummary: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    kind: { enum: ['config', 'page', 'site'] },
    severity: { enum: ['error', 'warning', 'info'] },
    fixable: { type: 'boolean' },
    hasSuggestions: { type: 'boolean' },
    description: { type: 'string' },
    url: { type: 'string' },
  },
  required: ['id', 'kind', 'severity', 'fixable', 'hasSuggestions', 'description', 'url'],
};

export const TOOL_DEFINITIONS: ToolDefinition[] = [
  {
    name: 'lint',
    title: 'Lint docs',
    description:
      'Lint a documentation site (docs.json, MDX pages, the site as a whole), folders or files of it, or a page\'s text before it is saved ("text" with its "path"). The whole site is known (navigation, links, anchors) and its configuration applies, as on the command line. Returns each finding with its file, 1-based range, rule, severity, message, documentation URL, and its fix or suggestions.',
    inputSchema: {
      type: 'object',
      properties: {
        paths: paths('What to lint (default: the workspace)'),
        path: {
          type: 'string',
          minLength: 1,
          description: 'With "text": the file of the site the text stands for (it need not exist yet)',
        },
        text: {
          type: 'string',
          description: 'A page\'s (or docs.json\'s) content to lint as the file "path", instead of what is on disk',
        },
        maxFindings: {
          type: 'integer',
          minimum: 1,
          maximum: MAX_FINDINGS,
          description: `How many findings to list (default ${DEFAULT_MAX_FINDINGS}); the counts are always of all`,
        },
      },
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: {
        findings: { type: 'array', items: finding },
        truncated: { type: 'boolean', description: 'true when maxFindings left findings out' },
        ...counts,
        fileCount: { type: 'integer', description: 'files linted' },
        sites: {
          type: 'array',
          items: { type: 'string' },
          description: 'the site roots linted, relative to the workspace',
        },
        notes: {
          type: 'array',
          items: { type: 'string' },
          description: 'what the run could not do in full (plugins off, a dictionary missing)',
        },
      },
      required: ['findings', 'truncated', 'errorCount', 'warningCount', 'infoCount', 'fileCount', 'sites', 'notes'],
    },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  },
  {
    name: 'fix',
    title: 'Fix docs',
    description:
      'Apply the safe fixes of the findings in the given files or folders (fixes that cannot change what a page means; pass after pass, as `doclint --fix`). By default nothing is written: the fixes come back as a unified diff. With "write": true the files are changed (atomically; a file changed since it was read is left alone). "suggestions": true also applies guesses such as did-you-mean renames.',
    inputSchema: {
      type: 'object',
      properties: {
        paths: paths('What to fix'),
        write: { type: 'boolean', description: 'Write the fixes to the files (default false: return the diff only)' },
        suggestions: { type: 'boolean', description: "Also apply each finding's first suggestion (default false)" },
      },
      required: ['paths'],
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: {
        written: { type: 'boolean' },
        files: {
          type: 'array',
          items: {
            type: 'object',
            properties: { file: { type: 'string' }, written: { type: 'boolean' }, error: { type: 'string' } },
            required: ['file', 'written'],
          },
        },
        diff: { type: 'string', description: 'the fixes as a unified diff' },
        suggestions: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              file: { type: 'string' },
              line: { type: 'integer' },
              column: { type: 'integer' },
              ruleId: { type: 'string' },
              descriptions: { type: 'array', items: { type: 'string' } },
            },
            required: ['file', 'line', 'column', 'ruleId', 'descriptions'],
          },
        },
        remaining: { type: 'object', properties: counts, required: ['errorCount', 'warningCount', 'infoCount'] },
      },
      required: ['written', 'files', 'diff', 'suggestions', 'remaining'],
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  },
  {
    name: 'explain_rule',
    title: 'Explain a rule',
    description:
      "A rule's documentation page (markdown): what it checks, why, incorrect and correct examples, its options and its fix.",
    inputSchema: {
      type: 'object',
      properties: { rule: { type: 'string', minLength: 1, description: 'A rule id, such as site-broken-link' } },
      required: ['rule'],
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: { rule: ruleSummary, page: { type: 'string' } },
      required: ['rule', 'page'],
    },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  },
  {
    name: 'list_rules',
    title: 'List the rules',
    description:
      'Every built-in rule: id, kind (config: docs.json, page, site), default severity, whether it offers fixes or suggestions, and one line of description.',
    inputSchema: {
      type: 'object',
      properties: { kind: { enum: ['config', 'page', 'site'], description: 'Only the rules of this kind' } },
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: { rules: { type: 'array', items: ruleSummary } },
      required: ['rules'],
    },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  },
  {
    name: 'score',
    title: 'Agent-readiness score',
    description:
      "The site's agent-readiness scorecard (`doclint score --format json`): the checks of the Agent-Friendly Documentation Spec by category, each pass, warn, fail or skip, a 0-100 score per category and overall, and the top fixes.",
    inputSchema: {
      type: 'object',
      properties: {
        site: {
          type: 'string',
          minLength: 1,
          description: 'The site root, relative to the workspace (default: the workspace)',
        },
      },
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  },
  {
    name: 'llms_txt',
    title: 'Generate llms.txt',
    description:
      'The llms.txt index the site would serve (or llms-full.txt with "full": true), as `doclint llms-txt` prints it. Nothing is written.',
    inputSchema: {
      type: 'object',
      properties: {
        site: {
          type: 'string',
          minLength: 1,
          description: 'The site root, relative to the workspace (default: the workspace)',
        },
        full: { type: 'boolean', description: 'llms-full.txt: every page in full (default false)' },
        baseUrl: {
          type: 'string',
          minLength: 1,
          description: 'Make the links absolute, such as https://docs.example.com',
        },
      },
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: {
        file: { enum: ['llms.txt', 'llms-full.txt'] },
        text: { type: 'string' },
        notes: { type: 'array', items: { type: 'string' } },
      },
      required: ['file', 'text', 'notes'],
    },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  },
];
