import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO, runCli } from '../helpers/cli.js';
import { testIf } from '../helpers/needs.js';
import { MINIMAL_CONFIG } from '../helpers/tmp-site.js';

/*
 * `doclint/remark` in the real tools: a project whose `.remarkrc.mjs` uses the preset (the package
 * linked into its node_modules, as `npm install doclint` would put it), linted by remark-cli and by
 * ESLint with eslint-plugin-mdx, which reads the same `.remarkrc`. Their findings are doclint's
 * own on the same page: same rules, positions and messages.
 */

const REMARK_CLI = path.join(REPO, 'node_modules/remark-cli/cli.js');
const ESLINT = path.join(REPO, 'node_modules/eslint/bin/eslint.js');
const BUILT = path.join(REPO, 'dist/remark/index.js');
const missing = (file: string, what: string) =>
  existsSync(file) ? undefined : `${what} is not installed (${path.relative(REPO, file)}); run npm ci`;
const needsRemarkCli = testIf(missing(REMARK_CLI, 'remark-cli'));
const needsEslintMdx = testIf(
  missing(ESLINT, 'eslint') ??
    missing(path.join(REPO, 'node_modules/eslint-plugin-mdx/package.json'), 'eslint-plugin-mdx'),
);

const PAGE = readFileSync(path.join(REPO, 'fixtures/remark/index.mdx'), 'utf8');

const work = mkdtempSync(path.join(os.tmpdir(), 'doclint-remark-'));
const project = path.join(work, 'site');

beforeAll(() => {
  if (!existsSync(BUILT)) throw new Error('dist/remark/index.js is missing: run npm run build');
  mkdirSync(path.join(project, 'node_modules'), { recursive: true });
  symlinkSync(REPO, path.join(project, 'node_modules/doclint'), 'dir');
  for (const pkg of ['remark-mdx', 'eslint-plugin-mdx'])
    symlinkSync(path.join(REPO, 'node_modules', pkg), path.join(project, 'node_modules', pkg), 'dir');
  writeFileSync(path.join(project, 'docs.json'), MINIMAL_CONFIG);
  writeFileSync(path.join(project, 'index.mdx'), PAGE);
  // page-image-frame is off by default and left out of the preset: both turn it on (the page's directive suppresses its one finding).
  writeFileSync(path.join(project, '.doclintrc.json'), '{ "rules": { "page-image-frame": "warn" } }\n');
  writeFileSync(
    path.join(project, '.remarkrc.mjs'),
    "import remarkMdx from 'remark-mdx';\nimport doclint, { pageImageFrame } from 'doclint/remark';\n\nexport default { plugins: [remarkMdx, doclint, pageImageFrame] };\n",
  );
  writeFileSync(
    path.join(project, 'eslint.config.mjs'),
    "import * as mdx from 'eslint-plugin-mdx';\n\nexport default [{ ...mdx.flat, rules: { 'mdx/remark': 'warn' } }];\n",
  );
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

function run(script: string, args: string[]) {
  const result = spawnSync(process.execPath, [script, ...args], {
    cwd: project,
    encoding: 'utf8',
    timeout: 120000,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** What doclint itself reports on the page: its page rules' findings (the site rules need the whole site and are not in the preset). */
function doclintFindings(): Array<{
  ruleId: string;
  severity: number;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  message: string;
}> {
  const result = runCli([project, '--format', 'json']);
  expect(result.code).toBe(1);
  const files = JSON.parse(result.stdout) as Array<{ filePath: string; messages: Array<Record<string, unknown>> }>;
  const page = files.find((f) => f.filePath === path.join(project, 'index.mdx'))!;
  return page.messages
    .filter((m) => !String(m.ruleId).startsWith('site-'))
    .map((m) => ({
      ruleId: m.ruleId as string,
      severity: m.severity as number,
      line: m.line as number,
      column: m.column as number,
      endLine: m.endLine as number,
      endColumn: m.endColumn as number,
      message: m.message as string,
    }));
}

const EXPECTED = [
  ['3:14-3:24', 'error', 'front matter `description` must be text: quote it ("…")', 'page-frontmatter'],
  [
    '4:1-4:14',
    'warning',
    'front matter `sidebar_title` is not a field of the platform, so it does nothing: did you mean `sidebarTitle`?',
    'page-frontmatter-unknown-key',
  ],
  [
    '5:1-5:6',
    'info',
    "front matter `owner` is not one of the platform's fields (`title`, `description`, `sidebarTitle`, …) nor a meta tag (`og:image`); if it is the team's own metadata, list it in this rule's `allow` option",
    'page-frontmatter-unknown-key',
  ],
  [
    '8:1-8:8',
    'warning',
    'level-1 heading in the page body: the page title is the h1, so start body headings at `##`',
    'page-no-body-h1',
  ],
  [
    '10:13-10:17',
    'warning',
    '`TODO` left in the page: readers see it as written; finish the text, or keep the note out of the page (a `{/* … */}` comment is not published)',
    'page-todo-marker',
  ],
  ['13:1-13:22', 'warning', 'image has empty alt text: describe what it shows', 'page-image-alt'],
  [
    '15:1-15:13',
    'warning',
    'heading level 4 skips levels 2 to 3 (the previous heading is level 1): use `##`',
    'page-heading-increment',
  ],
  [
    '17:6-17:26',
    'warning',
    'link text "click here" does not say where the link goes: use words that name the target',
    'page-link-text',
  ],
  [
    '19:1-19:8',
    'warning',
    '`<Wizard>` is not a known component, so the platform removes it and its content from the page: import it or define it on the page (`export const Wizard = …`)',
    'page-unknown-component',
  ],
  [
    '21:1-21:50',
    'warning',
    'unknown rule `page-todo-markr` in `doclint-disable-next-line`: did you mean `page-todo-marker`?',
    'page-directive',
  ],
  [
    '22:1-22:4',
    'warning',
    'code block has no language: it looks like shell commands; name it after the opening fence (```bash?)',
    'page-code-language',
  ],
];

needsRemarkCli(
  'remark-cli with the preset reports doclint findings, doclint:<rule-id>, exact places, and fails on errors',
  () => {
    const result = run(REMARK_CLI, ['index.mdx', '--no-stdout', '--no-color']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe('index.mdx');
    // vfile-reporter pads its columns: place, severity, message, rule id, source.
    const rows = lines.slice(1, -2).map((line) => {
      const m = /^(\d+:\d+-\d+:\d+) +(error|warning|info) +(.*?) +(\S+) +(\S+)$/.exec(line);
      if (!m) throw new Error(`not a message line: ${line}`);
      return [m[1], m[2], m[3], `${m[5]}:${m[4]}`];
    });
    expect(rows).toEqual(EXPECTED.map(([place, severity, message, id]) => [place, severity, message, `doclint:${id}`]));
    expect(lines.at(-2)).toBe('');
    expect(lines.at(-1)).toBe('11 messages (✖ 1 error, ⚠ 9 warnings)');

    // The same findings as doclint's own (its notes are counted but not shown by its terminal output: compared through JSON).
    const severityName = ['info', 'warning', 'error'];
    const own = doclintFindings().map((f) => [
      `${f.line}:${f.column}-${f.endLine}:${f.endColumn}`,
      severityName[f.severity],
      f.message,
      f.ruleId,
    ]);
    expect(own).toEqual(EXPECTED);
  },
);

needsEslintMdx(
  'ESLint with eslint-plugin-mdx reads the same .remarkrc: mdx/remark reports the same findings (notes are left out by the plugin)',
  () => {
    const result = run(ESLINT, ['index.mdx', '--format', 'json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const [file] = JSON.parse(result.stdout) as Array<{
      messages: Array<Record<string, unknown> & { fix?: { text: string } }>;
    }>;
    // eslint-plugin-mdx offers the file as remark-stringify writes it back as a fix: the custom heading id is kept.
    expect(
      file!.messages
        .flatMap((m) => (m.fix ? [m.fix.text] : []))
        .map((t) => t.split('\n').filter((l) => l.startsWith('## '))),
    ).toEqual([['## Custom {#custom}']]);
    const messages = file!.messages.map((m) => [
      `${m.line}:${m.column}-${m.endLine}:${m.endColumn}`,
      m.ruleId,
      m.severity,
      m.message,
    ]);
    // eslint-plugin-mdx reports each remark message under `<source>-<ruleId>`, with the higher of
    // its own severity and that of `mdx/remark` (here `warn`): the fatal one is an error. It drops
    // messages that are neither errors nor warnings (doclint's notes).
    expect(messages).toEqual(
      EXPECTED.filter(([, severity]) => severity !== 'info').map(([place, severity, message, id]) => [
        place,
        `doclint-${id}`,
        severity === 'error' ? 2 : 1,
        message,
      ]),
    );
  },
);
