// Inputs past the ~125,000 arguments a JavaScript call can take: a docs.json navigation array of
// 200,000 pages (200,000 findings), and every output format over 200,000 findings. Spreading such
// an array into a call (`push(...list)`, `Math.max(...list)`) overflowed the stack: no report at all.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../../src/core/diagnostic.js';
import { reporters } from '../../src/report/index.js';
import { runCli } from '../helpers/cli.js';
import { tmpSite } from '../helpers/tmp-site.js';
import { FRONT } from './helpers.js';

const N = 200_000;
const missing = (i: number) => `\`p${i}\` is in the navigation but no page \`p${i}.mdx\` or \`p${i}.md\` exists`;

let root: string;

beforeAll(() => {
  const pages = ['index', ...Array.from({ length: N }, (_, i) => `p${i}`)];
  // One page per line: page `p<i>` is on line 12 + i (see the layout below).
  const config = [
    '{',
    '  "$schema": "https://mintlify.com/docs.json",',
    '  "theme": "mint",',
    '  "name": "Test",',
    '  "colors": { "primary": "#0A7A5E" },',
    '  "navigation": {',
    '    "groups": [',
    '      {',
    '        "group": "Start",',
    '        "pages": [',
    pages.map((p) => `          "${p}"`).join(',\n'),
    '        ]',
    '      }',
    '    ]',
    '  }',
    '}',
    '',
  ].join('\n');
  root = tmpSite({ 'docs.json': config, 'index.mdx': `${FRONT}## Start\n\nText.\n` });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('200,000 pages in one navigation array', () => {
  test('--format json: a finding for each, at its line, exit 1', () => {
    const result = runCli(['--format', 'json', '-o', 'report.json', '.'], { cwd: root });
    expect([result.code, result.stderr]).toEqual([1, '']);
    const report = JSON.parse(readFileSync(path.join(root, 'report.json'), 'utf8')) as Array<{
      filePath: string;
      messages: Array<{
        ruleId: string;
        line: number;
        column: number;
        endLine: number;
        endColumn: number;
        message: string;
      }>;
      errorCount: number;
    }>;
    const docs = report.find((f) => f.filePath === path.join(root, 'docs.json'))!;
    expect([docs.messages.length, docs.errorCount]).toEqual([N, N]);
    const brief = (m: (typeof docs.messages)[number]) => [
      m.ruleId,
      m.line,
      m.column,
      m.endLine,
      m.endColumn,
      m.message,
    ];
    expect(brief(docs.messages[0]!)).toEqual(['nav-page-missing', 12, 11, 12, 15, missing(0)]);
    expect(brief(docs.messages[N - 1]!)).toEqual(['nav-page-missing', 12 + N - 1, 11, 12 + N - 1, 20, missing(N - 1)]);
    expect(report.find((f) => f.filePath === path.join(root, 'index.mdx'))?.messages).toEqual([]);
  });

  test('--format stylish (the column widths were a Math.max over every finding): the whole report', () => {
    const result = runCli(['-o', 'report.txt', '.'], { cwd: root });
    expect([result.code, result.stderr]).toEqual([1, '']);
    const lines = readFileSync(path.join(root, 'report.txt'), 'utf8').split('\n');
    expect(lines.slice(0, 3)).toEqual(['', 'docs.json', `  12:11      error  ${missing(0)}  nav-page-missing`]);
    expect(lines.slice(-4)).toEqual(['', `✖ ${N} problems (${N} errors, 0 warnings)`, '', '']);
    expect(lines.length).toBe(N + 6);
  });
});

describe('every output format over 200,000 findings, in-process', () => {
  const diagnostics: Diagnostic[] = Array.from({ length: N }, (_, i) => ({
    file: '/site/docs.json',
    line: i + 1,
    column: 1,
    endLine: i + 1,
    endColumn: 2,
    ruleId: 'nav-page-missing',
    severity: 'error',
    message: `finding ${i}`,
    url: 'https://github.com/doclint/doclint/blob/main/docs/rules/nav-page-missing.md',
  }));

  test.each(Object.keys(reporters))('%s', async (format) => {
    const reporter = await reporters[format]!();
    const text = reporter({ diagnostics, files: ['/site/docs.json'], cwd: '/site', color: false, rules: [] });
    // The first and the last finding are both in the report.
    expect([text.includes('finding 0'), text.includes(`finding ${N - 1}`)]).toEqual([true, true]);
  });
});
