import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { BIN, REPO, runCli } from '../helpers/cli.js';
import { tmpSite } from '../helpers/tmp-site.js';

/*
 * `doclint mcp` in its real host: the MCP SDK's own client, spawning the built command line over
 * standard input and output, as an agent's MCP settings start it.
 */

const RULES = 'https://github.com/doclint/doclint/blob/main/docs/rules/';

const DOCS_JSON = JSON.stringify({
  $schema: 'https://mintlify.com/docs.json',
  theme: 'mint',
  name: 'Test',
  colors: { primary: '#0A7A5E' },
  navigation: { groups: [{ group: 'Start', pages: ['index', 'guides/intro', 'guides/setup'] }] },
});
const INDEX =
  '---\ntitle: Welcome to the test site\ndescription: What this site is for and where to start.\n---\n\n## Start here\n\nRead the [introduction](/guides/intro).\n';
const INTRO =
  '---\ntitle: Introduction to the test site\ndescription: What the pages of this site are for.\n---\n\n## Overview\n\nFor the details, click [here](/guides/setup).\n\nThe [old page](/guides/missing) is gone.\n';
const SETUP =
  '---\ntitle: Setting up the test site\ndescription: How to set the test site up, step by step.\n---\n\n## Configure\n\n```\n{ "name": "test" }\n```\n\n<Notee>Keep it short.</Notee>\n';

const LINK_TEXT = 'link text "here" does not say where the link goes: use words that name the target';
const BROKEN = 'link `/guides/missing` is broken: no page or file at `guides/missing` in the site';

interface Finding {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  ruleId: string;
  severity: string;
  message: string;
  url: string;
  fix?: unknown;
  suggestions?: unknown;
  related?: unknown;
}

/** A workspace holding the test site in `docs/` (the repository layout agents most often open). */
function workspace(): { dir: string; site: string } {
  const dir = tmpSite({
    'docs/docs.json': DOCS_JSON,
    'docs/index.mdx': INDEX,
    'docs/guides/intro.mdx': INTRO,
    'docs/guides/setup.mdx': SETUP,
  });
  return { dir, site: path.join(dir, 'docs') };
}

async function connect(cwd: string, args: string[] = []): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', ...args],
    cwd,
    // The SDK passes only HOME, PATH and a few more by default: the run's temporary XDG folders
    // (test/helpers/global-setup.mjs) go too, so the server's cache is not in the home folder.
    env: process.env as Record<string, string>,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'doclint-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

async function call(client: Client, name: string, args?: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

function text(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
}

/** An error result: its one line. */
function errorOf(result: CallToolResult): string {
  expect(result.isError).toBe(true);
  return text(result);
}

/** The CLI's `--format json` findings as the lint tool returns them (file relative to the workspace, severity as a word). */
function cliFindings(cwd: string, args: string[], input?: string): Finding[] {
  const run = runCli(['--format', 'json', ...args], { cwd, ...(input !== undefined ? { input } : {}) });
  const words = ['info', 'warning', 'error'];
  const report = JSON.parse(run.stdout) as Array<{ filePath: string; messages: Array<Record<string, unknown>> }>;
  return report.flatMap((file) =>
    file.messages.map((m) => {
      const { ruleId, severity, message, line, column, endLine, endColumn, url, fix, suggestions, related } = m;
      return {
        file: path.relative(cwd, file.filePath).split(path.sep).join('/'),
        line,
        column,
        endLine,
        endColumn,
        ruleId,
        severity: words[severity as number],
        message,
        url,
        ...(fix ? { fix } : {}),
        ...(suggestions ? { suggestions } : {}),
        ...(related
          ? {
              related: (related as Array<Record<string, unknown>>).map(({ filePath, ...r }) => ({
                file: path
                  .relative(cwd, filePath as string)
                  .split(path.sep)
                  .join('/'),
                ...r,
              })),
            }
          : {}),
      } as Finding;
    }),
  );
}

function brief(f: Finding): string {
  return `${f.file}:${f.line}:${f.column}-${f.endLine}:${f.endColumn} ${f.severity} ${f.ruleId}: ${f.message}`;
}

let ws: { dir: string; site: string };
let session: { client: Client; stderr: () => string };

beforeAll(async () => {
  ws = workspace();
  session = await connect(ws.dir);
});

afterAll(async () => {
  await session.client.close();
});

describe('tools', () => {
  test('lists lint, fix, explain_rule, list_rules, score and llms_txt, with JSON Schemas of their arguments', async () => {
    const { tools } = await session.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['lint', 'fix', 'explain_rule', 'list_rules', 'score', 'llms_txt']);
    const lint = tools.find((t) => t.name === 'lint')!;
    expect(Object.keys(lint.inputSchema.properties ?? {})).toEqual(['paths', 'path', 'text', 'maxFindings']);
    expect(tools.find((t) => t.name === 'fix')!.inputSchema.required).toEqual(['paths']);
    expect(lint.annotations).toEqual({ readOnlyHint: true, idempotentHint: true, openWorldHint: false });
  });

  test('lint: the same findings as the CLI JSON for the site, a folder and a file, with a summary', async () => {
    for (const paths of [['docs'], ['docs/guides'], ['docs/guides/setup.mdx']]) {
      const result = await call(session.client, 'lint', { paths });
      expect(result.isError).toBeFalsy();
      expect((result.structuredContent as { findings: Finding[] }).findings).toEqual(cliFindings(ws.dir, paths));
    }
    const whole = await call(session.client, 'lint', { paths: ['docs'] });
    expect(text(whole)).toBe(
      [
        '4 problems (1 error, 3 warnings, 0 notes) in 4 files (3 pages).',
        `docs/guides/intro.mdx:8:24: warning ${LINK_TEXT} [page-link-text]`,
        `docs/guides/intro.mdx:10:5: error ${BROKEN} [site-broken-link]`,
        'docs/guides/setup.mdx:8:1: warning code block has no language: it is JSON, so name it after the opening fence (```json) [page-code-language]',
        'docs/guides/setup.mdx:12:1: warning `<Notee>` is not a known component, so the platform removes it and its content from the page: did you mean `<Note>`? [page-unknown-component]',
        'Fixable findings: the fix tool shows their diff (and writes them with "write": true).',
        '',
      ].join('\n'),
    );
    // A clean run names what it linted as the command line does: files, and the pages among them.
    expect(text(await call(session.client, 'lint', { paths: ['docs/index.mdx'] }))).toBe(
      'No problems found in 1 page.\n',
    );
    expect(whole.structuredContent).toMatchObject({
      errorCount: 1,
      warningCount: 3,
      infoCount: 0,
      fileCount: 4,
      sites: ['docs'],
      truncated: false,
      notes: [],
    });
    const setup = (whole.structuredContent as { findings: Finding[] }).findings.find(
      (f) => f.ruleId === 'page-code-language',
    )!;
    expect(setup).toEqual({
      file: 'docs/guides/setup.mdx',
      line: 8,
      column: 1,
      endLine: 8,
      endColumn: 4,
      ruleId: 'page-code-language',
      severity: 'warning',
      message: 'code block has no language: it is JSON, so name it after the opening fence (```json)',
      url: `${RULES}page-code-language.md`,
      fix: { range: [114, 114], text: 'json' },
    });
  });

  test('lint: maxFindings lists fewer, the counts stay whole', async () => {
    const result = await call(session.client, 'lint', { paths: ['docs'], maxFindings: 1 });
    expect((result.structuredContent as { findings: Finding[] }).findings.map(brief)).toEqual([
      `docs/guides/intro.mdx:8:24-8:45 warning page-link-text: ${LINK_TEXT}`,
    ]);
    expect(result.structuredContent).toMatchObject({ truncated: true, errorCount: 1, warningCount: 3 });
    expect(text(result)).toContain('… and 3 more (raise maxFindings, up to 5000, or lint fewer paths)\n');
  });

  test("lint: a page's text with its path, as the CLI lints standard input (a new page too); the disk is untouched", async () => {
    const edited = INTRO.replace('click [here](/guides/setup)', 'read [the setup guide](/guides/setup)');
    const result = await call(session.client, 'lint', { path: 'docs/guides/intro.mdx', text: edited });
    const findings = (result.structuredContent as { findings: Finding[] }).findings;
    expect(findings).toEqual(cliFindings(ws.dir, ['--stdin', '--stdin-filename', 'docs/guides/intro.mdx'], edited));
    expect(findings.map(brief)).toEqual([`docs/guides/intro.mdx:10:5-10:32 error site-broken-link: ${BROKEN}`]);
    const fresh =
      '---\ntitle: A new page of the site\ndescription: A page that is not saved yet.\n---\n\nSee the [setup](/guides/setp).\n';
    const newPage = await call(session.client, 'lint', { path: 'docs/guides/new.mdx', text: fresh });
    const expected = cliFindings(ws.dir, ['--stdin', '--stdin-filename', 'docs/guides/new.mdx'], fresh);
    expect((newPage.structuredContent as { findings: Finding[] }).findings).toEqual(expected);
    expect(expected.map(brief)).toContain(
      'docs/guides/new.mdx:6:9-6:30 error site-broken-link: link `/guides/setp` is broken: no page or file at `guides/setp` in the site; did you mean `/guides/setup`?',
    );
    // What was given as text stays out of later runs.
    expect(readFileSync(path.join(ws.site, 'guides/intro.mdx'), 'utf8')).toBe(INTRO);
    const after = await call(session.client, 'lint', { paths: ['docs'] });
    expect((after.structuredContent as { findings: Finding[] }).findings).toEqual(cliFindings(ws.dir, ['docs']));
  });

  test('list_rules and explain_rule: what `doclint rules --format json` and `doclint explain` print', async () => {
    const list = await call(session.client, 'list_rules');
    expect((list.structuredContent as { rules: unknown[] }).rules).toEqual(
      JSON.parse(runCli(['rules', '--format', 'json']).stdout),
    );
    const site = await call(session.client, 'list_rules', { kind: 'site' });
    expect((site.structuredContent as { rules: Array<{ kind: string }> }).rules.every((r) => r.kind === 'site')).toBe(
      true,
    );
    const page = await call(session.client, 'explain_rule', { rule: 'site-broken-link' });
    expect(text(page)).toBe(readFileSync(path.join(REPO, 'docs/rules/site-broken-link.md'), 'utf8'));
    expect(page.structuredContent).toMatchObject({
      rule: { id: 'site-broken-link', kind: 'site', url: `${RULES}site-broken-link.md` },
    });
  });

  test('score and llms_txt: what `doclint score --format json` and `doclint llms-txt` print', async () => {
    const score = await call(session.client, 'score', { site: 'docs' });
    expect(score.structuredContent).toEqual(
      JSON.parse(runCli(['score', 'docs', '--format', 'json'], { cwd: ws.dir }).stdout),
    );
    const llms = await call(session.client, 'llms_txt', { site: 'docs', baseUrl: 'https://docs.example.com' });
    expect(text(llms)).toBe(
      runCli(['llms-txt', 'docs', '--base-url', 'https://docs.example.com'], { cwd: ws.dir }).stdout,
    );
    expect(llms.structuredContent).toMatchObject({ file: 'llms.txt', notes: [] });
  });
});

describe('a warm session', () => {
  test('sees pages edited, added and removed on disk between calls', async () => {
    const { dir, site } = workspace();
    const { client } = await connect(dir);
    try {
      const first = await call(client, 'lint', { paths: ['docs'] });
      expect((first.structuredContent as { errorCount: number }).errorCount).toBe(1);
      // An edit: the link text is fixed.
      writeFileSync(
        path.join(site, 'guides/intro.mdx'),
        INTRO.replace('click [here](/guides/setup)', 'read [the setup guide](/guides/setup)'),
      );
      const edited = await call(client, 'lint', { paths: ['docs'] });
      expect((edited.structuredContent as { findings: Finding[] }).findings).toEqual(cliFindings(dir, ['docs']));
      expect(
        (edited.structuredContent as { findings: Finding[] }).findings.some((f) => f.ruleId === 'page-link-text'),
      ).toBe(false);
      // A new page: the broken link now resolves.
      writeFileSync(
        path.join(site, 'guides/missing.mdx'),
        INDEX.replace('Welcome to the test site', 'The page that was missing'),
      );
      const added = await call(client, 'lint', { paths: ['docs'] });
      expect((added.structuredContent as { findings: Finding[] }).findings).toEqual(cliFindings(dir, ['docs']));
      expect(
        (added.structuredContent as { findings: Finding[] }).findings.some((f) => f.ruleId === 'site-broken-link'),
      ).toBe(false);
      // Removed again: the link is broken again.
      rmSync(path.join(site, 'guides/missing.mdx'));
      const removed = await call(client, 'lint', { paths: ['docs'] });
      expect((removed.structuredContent as { findings: Finding[] }).findings.map(brief)).toContain(
        `docs/guides/intro.mdx:10:5-10:32 error site-broken-link: ${BROKEN}`,
      );
      expect((removed.structuredContent as { findings: Finding[] }).findings).toEqual(cliFindings(dir, ['docs']));
      // docs.json edited: the navigation now lists a page that does not exist.
      writeFileSync(path.join(site, 'docs.json'), DOCS_JSON.replace('"guides/setup"', '"guides/setup","guides/gone"'));
      const config = await call(client, 'lint', { paths: ['docs'] });
      expect((config.structuredContent as { findings: Finding[] }).findings).toEqual(cliFindings(dir, ['docs']));
      expect(
        (config.structuredContent as { findings: Finding[] }).findings.some((f) => f.ruleId === 'nav-page-missing'),
      ).toBe(true);
    } finally {
      await client.close();
    }
  });
});

describe('fix', () => {
  test('returns the fixes as a diff and writes nothing; with write, changes the file and reports what remains', async () => {
    const { dir, site } = workspace();
    const { client } = await connect(dir);
    try {
      const dry = await call(client, 'fix', { paths: ['docs/guides/setup.mdx'] });
      const diff = [
        '--- a/docs/guides/setup.mdx',
        '+++ b/docs/guides/setup.mdx',
        '@@ -5,7 +5,7 @@',
        ' ',
        ' ## Configure',
        ' ',
        '-```',
        '+```json',
        ' { "name": "test" }',
        ' ```',
        ' ',
        '',
      ].join('\n');
      expect(dry.structuredContent).toEqual({
        written: false,
        files: [{ file: 'docs/guides/setup.mdx', written: false }],
        diff,
        suggestions: [
          {
            file: 'docs/guides/setup.mdx',
            line: 12,
            column: 1,
            ruleId: 'page-unknown-component',
            descriptions: ['Rename `<Notee>` to `<Note>`'],
          },
        ],
        remaining: { errorCount: 0, warningCount: 1, infoCount: 0 },
      });
      expect(text(dry)).toContain('nothing written; call fix with "write": true to apply them');
      expect(readFileSync(path.join(site, 'guides/setup.mdx'), 'utf8')).toBe(SETUP);
      // The CLI's dry run prints the same diff.
      expect(runCli(['--fix-dry-run', 'docs/guides/setup.mdx'], { cwd: dir }).stdout.startsWith(diff)).toBe(true);

      const written = await call(client, 'fix', { paths: ['docs/guides/setup.mdx'], write: true, suggestions: true });
      expect(written.structuredContent).toMatchObject({
        written: true,
        files: [{ file: 'docs/guides/setup.mdx', written: true }],
        suggestions: [],
        remaining: { errorCount: 0, warningCount: 0, infoCount: 0 },
      });
      expect(readFileSync(path.join(site, 'guides/setup.mdx'), 'utf8')).toBe(
        SETUP.replace('```\n{', '```json\n{').replace('<Notee>Keep it short.</Notee>', '<Note>Keep it short.</Note>'),
      );
      // The warm session lints the file as written.
      const after = await call(client, 'lint', { paths: ['docs/guides/setup.mdx'] });
      expect((after.structuredContent as { findings: Finding[] }).findings).toEqual([]);
      const again = await call(client, 'fix', { paths: ['docs/guides/setup.mdx'] });
      expect(text(again)).toBe(
        'Nothing to fix: no finding in these paths has a safe fix.\nRemaining after these fixes: 0 errors, 0 warnings, 0 notes.\n',
      );
    } finally {
      await client.close();
    }
  });
});

describe('bad arguments: an error result with one line, and the server goes on', () => {
  test.each<[string, Record<string, unknown> | undefined, string]>([
    [
      'lint',
      { paths: 'docs' },
      'lint: "paths" must be a non-empty array of paths relative to the workspace (got "docs")',
    ],
    [
      'lint',
      { paths: [] },
      'lint: "paths" must be a non-empty array of paths relative to the workspace (got an array)',
    ],
    [
      'lint',
      { paths: [7] },
      'lint: "paths" must be a non-empty array of paths relative to the workspace (got an array)',
    ],
    ['lint', { file: 'docs' }, 'lint: unknown argument "file" (lint takes paths, path, text, maxFindings)'],
    ['lint', { text: '# Hi' }, 'lint: "text" needs "path": the file of the site the text stands for'],
    ['lint', { path: 'docs/index.mdx' }, 'lint: "path" goes with "text"; to lint files on disk, give "paths"'],
    [
      'lint',
      { paths: ['docs'], path: 'docs/a.mdx', text: '' },
      'lint: give either "paths" or "text" with "path", not both',
    ],
    ['lint', { maxFindings: 0 }, 'lint: "maxFindings" must be a whole number from 1 to 5000 (got number 0)'],
    ['lint', {}, 'lint: no docs.json in . or any folder above it; found one in docs — give "paths": ["docs"]'],
    [
      'lint',
      { paths: ['docs/nope.mdx'] },
      'lint: no such file or folder: docs/nope.mdx (paths are relative to the workspace WS)',
    ],
    [
      'lint',
      { paths: ['../'] },
      'lint: ../ is outside the workspace WS; doclint mcp reads and writes only inside the folder it was started in (or --workspace DIR)',
    ],
    [
      'lint',
      { path: '/etc/x.mdx', text: '' },
      'lint: /etc/x.mdx is outside the workspace WS; doclint mcp reads and writes only inside the folder it was started in (or --workspace DIR)',
    ],
    ['fix', {}, 'fix: "paths" is required: the files or folders (relative to the workspace) to fix'],
    ['fix', { paths: ['docs'], write: 'yes' }, 'fix: "write" must be true or false (got "yes")'],
    [
      'explain_rule',
      {},
      'explain_rule: "rule" is required: a rule id such as site-broken-link (list_rules lists them)',
    ],
    [
      'explain_rule',
      { rule: 'site-broken-lnk' },
      'explain_rule: unknown rule "site-broken-lnk"; did you mean "site-broken-link"? (list_rules lists the rules)',
    ],
    ['list_rules', { kind: 'pages' }, 'list_rules: "kind" must be config, page or site (got "pages")'],
    ['llms_txt', { site: 'docs', baseUrl: 'docs.example.com' }, 'llms_txt: "baseUrl": '],
    [
      'lint_site',
      {},
      'unknown tool "lint_site"; doclint\'s tools are lint, fix, explain_rule, list_rules, score, llms_txt',
    ],
  ])('%s %j', async (tool, args, message) => {
    const result = await call(session.client, tool, args);
    const line = errorOf(result).replaceAll(ws.dir, 'WS');
    if (message.endsWith(': ')) expect(line.startsWith(message)).toBe(true);
    else expect(line).toBe(message);
    expect(line).not.toContain('\n');
    // Still serving.
    expect((await call(session.client, 'list_rules', { kind: 'config' })).isError).toBeFalsy();
  });

  test('a symbolic link out of the workspace is refused', async () => {
    const outside = tmpSite({ 'docs.json': DOCS_JSON, 'index.mdx': INDEX });
    symlinkSync(outside, path.join(ws.dir, 'elsewhere'));
    try {
      expect(errorOf(await call(session.client, 'lint', { paths: ['elsewhere'] })).replaceAll(ws.dir, 'WS')).toBe(
        'lint: elsewhere is outside the workspace WS; doclint mcp reads and writes only inside the folder it was started in (or --workspace DIR) (it leads out through a symbolic link)',
      );
    } finally {
      rmSync(path.join(ws.dir, 'elsewhere'));
    }
  });

  test('a site whose docs.json is above the workspace is refused', async () => {
    const { client } = await connect(ws.dir, ['--workspace', 'docs/guides']);
    try {
      expect(errorOf(await call(client, 'lint', { paths: ['intro.mdx'] }))).toBe(
        `lint: intro.mdx belongs to the site at ${ws.site}, whose docs.json is outside the workspace ${path.join(ws.site, 'guides')}; start doclint mcp in a folder that holds the site (or give --workspace DIR)`,
      );
    } finally {
      await client.close();
    }
  });
});

describe('plugins', () => {
  test('are not imported unless the server is started with --plugins', async () => {
    const dir = tmpSite({
      'docs.json': DOCS_JSON.replace(', "guides/intro", "guides/setup"', '').replace(
        ',"guides/intro","guides/setup"',
        '',
      ),
      'index.mdx': INDEX,
      'plugin.mjs':
        "import { writeFileSync } from 'node:fs';\nwriteFileSync(new URL('./imported', import.meta.url), 'yes');\nexport default { rules: {} };\n",
      '.doclintrc.json': JSON.stringify({ plugins: { acme: './plugin.mjs' } }),
    });
    const off = await connect(dir);
    try {
      const result = await call(off.client, 'lint');
      expect((result.structuredContent as { notes: string[] }).notes).toEqual([
        'plugins are off (start doclint mcp with --plugins to load them): not loaded: plugin "acme"; their rules and settings do not apply (the rest of the configuration does)',
      ]);
      expect(() => readFileSync(path.join(dir, 'imported'))).toThrow();
    } finally {
      await off.client.close();
    }
    const on = await connect(dir, ['--plugins']);
    try {
      const result = await call(on.client, 'lint');
      expect((result.structuredContent as { notes: string[] }).notes).toEqual([]);
      expect(readFileSync(path.join(dir, 'imported'), 'utf8')).toBe('yes');
    } finally {
      await on.client.close();
    }
  });
});

describe('the stream', () => {
  test('a line that is not JSON is passed over: the server answers the next request, and exits 0 when standard input closes', () => {
    const requests = [
      'this is not JSON',
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }),
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'explain_rule', arguments: { rule: 'nope' } },
      }),
    ];
    const run = spawnSync(process.execPath, [BIN, 'mcp'], {
      cwd: ws.dir,
      input: requests.join('\n') + '\n',
      encoding: 'utf8',
      timeout: 60000,
    });
    expect(run.status).toBe(0);
    const answers = run.stdout
      .trim()
      .split('\n')
      .map(
        (line) => JSON.parse(line) as { id: number; result: { isError?: boolean; content?: Array<{ text: string }> } },
      );
    expect(answers.map((a) => a.id)).toEqual([1, 2]);
    expect(answers[1]!.result).toEqual({
      content: [{ type: 'text', text: 'explain_rule: unknown rule "nope" (list_rules lists the rules)' }],
      isError: true,
    });
  });
});

describe('the command', () => {
  test('`doclint mcp --help` prints its usage; a bad option exits 2 with one line', () => {
    const help = runCli(['mcp', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout.startsWith('Usage: doclint mcp [--workspace DIR] [--plugins]\n')).toBe(true);
    expect(runCli(['--help']).stdout).toContain('doclint mcp [--workspace DIR] [--plugins]');
    const bad = runCli(['mcp', '--stdio']);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    // Node's own message for the unknown option, then the way to the usage.
    expect(bad.stderr).toMatch(/^doclint mcp: Unknown option '--stdio'[^\n]*\nRun "doclint mcp --help" for usage\.\n$/);
    const dir = path.join(os.tmpdir(), 'doclint-mcp-no-such-folder');
    expect(runCli(['mcp', '--workspace', dir])).toEqual({
      code: 2,
      stdout: '',
      stderr: `doclint mcp: --workspace ${dir} is not a folder\n`,
    });
  });
});
