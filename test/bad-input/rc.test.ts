import { lintOnePage } from '../helpers/severity.js';
// Configuration files (.doclintrc) a CI gate must survive: a bad one stops the run with exit 2
// and one message at its position; a good one with hostile contents (prototype keys, term
// patterns that would backtrack) lints normally and quickly.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { DoclintrcError } from '../../src/config/doclintrc-file.js';
import { loadDoclintrc } from '../../src/config/doclintrc.js';
import { resolveSiteSettings } from '../../src/config/site-settings.js';
import { runCli } from '../helpers/cli.js';
import { tmpSite } from '../helpers/tmp-site.js';
import { config, FRONT } from './helpers.js';

const bomb = [
  'a0: &a0 [x, x, x, x, x, x, x, x, x, x]',
  ...Array.from({ length: 11 }, (_, i) => `a${i + 1}: &a${i + 1} [${Array(10).fill(`*a${i}`).join(', ')}]`),
].join('\n');

async function load(
  name: string,
  text: string | Buffer,
): Promise<{ ok: true; rules: unknown } | { ok: false; at: string; reason: string }> {
  const dir = tmpSite({});
  const file = path.join(dir, name);
  writeFileSync(file, text);
  try {
    return { ok: true, rules: (await loadDoclintrc(file)).rules };
  } catch (error) {
    if (!(error instanceof DoclintrcError)) throw error;
    return { ok: false, at: `${error.line}:${error.column}`, reason: error.reason };
  }
}

describe('bad configuration files', () => {
  test.each<[string, string | Buffer, string, string]>([
    ['.doclintrc.json', '', '1:1', 'the configuration is not valid JSON'],
    ['.doclintrc.yaml', '', '1:1', 'the configuration must be an object'],
    [
      '.doclintrc.json',
      '{\r\n  "rules": {\r\n    "page-link-txt": "off"\r\n  }\r\n}\r\n',
      '3:5',
      'unknown rule "page-link-txt"; did you mean "page-link-text"?',
    ],
    ['.doclintrc.yaml', 'rules:\r  page-link-text: off\r  page-nope: warn\r', '3:3', 'unknown rule "page-nope"'],
    [
      '.doclintrc.json',
      `{"rules": ${'['.repeat(10000)}${']'.repeat(10000)}}`,
      '1:522',
      'the configuration is nested more than 512 levels deep',
    ],
    [
      '.doclintrc.yaml',
      `rules: ${'['.repeat(10000)}${']'.repeat(10000)}\n`,
      '1:520',
      'the configuration is not valid YAML: it is nested too deeply to be read',
    ],
    [
      '.doclintrc.yaml',
      bomb,
      '1:1',
      'the configuration cannot be read: its aliases expand to too many values (an alias bomb)',
    ],
    [
      '.doclintrc.json',
      '{"__proto__": {"polluted": 1}, "rules": {}}',
      '1:2',
      'unknown key "__proto__" in the configuration; expected one of $schema, extends, plugins, remark, rules, overrides, ignores, timeLimits',
    ],
    [
      '.doclintrc.yaml',
      '__proto__:\n  polluted: 1\n',
      '1:1',
      'unknown key "__proto__" in the configuration; expected one of $schema, extends, plugins, remark, rules, overrides, ignores, timeLimits',
    ],
    ['.doclintrc.json', '{"rules": {"constructor": "off"}}', '1:12', 'unknown rule "constructor"'],
    [
      '.doclintrc.json',
      Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]),
      '1:2',
      'unknown key "\ufffd" in the configuration; expected one of $schema, extends, plugins, remark, rules, overrides, ignores, timeLimits',
    ],
  ])('%s %#: %s at %s', async (name, text, at, reason) => {
    expect(await load(name, text)).toEqual({ ok: false, at, reason });
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  test('a byte order mark is not an error (editors on Windows write one)', async () => {
    expect(await load('.doclintrc.json', '\ufeff{"rules": {"page-link-text": "off"}}')).toEqual({
      ok: true,
      rules: { 'page-link-text': { severity: 'off' } },
    });
    expect(await load('.doclintrc.yaml', '\ufeffrules:\n  page-link-text: off\n')).toEqual({
      ok: true,
      rules: { 'page-link-text': { severity: 'off' } },
    });
  });

  test('through the CLI: exit 2, one line naming the file and position', () => {
    const root = tmpSite({
      'docs.json': config(['index']),
      'index.mdx': `${FRONT}## Start\n`,
      '.doclintrc.json': `{"rules": ${'['.repeat(10000)}${']'.repeat(10000)}}`,
    });
    const result = runCli(['.'], { cwd: root });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'doclint: .doclintrc.json:1:522: the configuration is nested more than 512 levels deep\n',
    );
  });
});

describe('overrides: patterns are bounded in number and length, and matched linearly', () => {
  const rc = (files: string[][]) =>
    JSON.stringify({ overrides: files.map((f) => ({ files: f, rules: { 'page-link-text': 'off' } })) });
  const head = '{"overrides":[{"files":[';

  test('a pattern too long, one that expands to too many alternatives, too many patterns: exit 2 at the pattern', async () => {
    expect(await load('.doclintrc.json', rc([['a'.repeat(501)]]))).toEqual({
      ok: false,
      at: `1:${head.length + 1}`,
      reason: 'overrides[0].files[0] is 501 characters long; a pattern may have at most 500',
    });
    expect(await load('.doclintrc.json', rc([['{a,b}'.repeat(9)]]))).toEqual({
      ok: false,
      at: `1:${head.length + 1}`,
      reason:
        'overrides[0].files[0] expands to more than 256 patterns (its {…} alternatives); split it into fewer patterns',
    });
    const many = Array.from({ length: 1001 }, (_, i) => `p${i}/**`);
    const text = rc([many.slice(0, 600), many.slice(600)]);
    expect(await load('.doclintrc.json', text)).toEqual({
      ok: false,
      at: `1:${text.indexOf('"p1000/**"') + 1}`,
      reason:
        'overrides name more than 1000 file patterns in all; name folders (`api/**`) or use `{a,b}` rather than one pattern a file',
    });
    expect(await load('.doclintrc.json', rc([many.slice(0, 1000)]))).toEqual({ ok: true, rules: {} });
  });

  test('a pattern that backtracks in a regular expression is matched as written, and quickly', async () => {
    const name = `${'a'.repeat(40)}.mdx`;
    const root = tmpSite({
      'docs.json': config([name.slice(0, -4)]),
      '.doclintrc.json': rc([[`${'*a'.repeat(15)}*b.mdx`, `**/${'*a'.repeat(15)}*b.mdx`], [`${'*a'.repeat(15)}.mdx`]]),
    });
    const { settings } = await resolveSiteSettings(root);
    expect(settings.forFile!(path.join(root, name)).rules['page-link-text']?.severity).toBe('off');
    expect(settings.forFile!(path.join(root, `${'a'.repeat(14)}.mdx`)).rules['page-link-text']?.severity).not.toBe(
      'off',
    );
  });
});

describe('term patterns from the configuration are literal text', () => {
  // Each would take minutes (or forever) on the text below if it were a regular expression.
  const EVIL = ['(a+)+$', '(a|aa)+$', '(.*a){25}', '^(([a-z])+.)+[A-Z]([a-z])+$', '(x+x+)+y'];

  // Bounded time is shown by the test finishing under jest's timeout; no test times itself.
  test('catastrophic-backtracking patterns are matched as written', async () => {
    const dir = tmpSite({});
    const file = path.join(dir, '.doclintrc.json');
    writeFileSync(file, JSON.stringify({ rules: { 'page-terminology': ['warn', { sets: [['mail', ...EVIL]] }] } }));
    const rules = (await loadDoclintrc(file)).rules;
    const text = `${FRONT}## Terms\n\nSend mail, not (a+)+$. ${'a'.repeat(5000)}! ${'x'.repeat(5000)}\n`;
    const result = lintOnePage({ file: path.join(dir, 'p.mdx'), text, isSnippet: false }, rules);
    expect(
      result.diagnostics.map(({ line, column, endColumn, ruleId, message }) => ({
        line,
        column,
        endColumn,
        ruleId,
        message,
      })),
    ).toEqual([
      {
        line: 8,
        column: 16,
        endColumn: 22,
        ruleId: 'page-terminology',
        message: '"(a+)+$": this page also writes "mail"; use "mail" throughout',
      },
    ]);
  });

  test('term sets with empty, odd or prototype-named entries are refused or ignored, never thrown', async () => {
    for (const sets of [
      [['', 'x']],
      [['__proto__', 'constructor']],
      [{ preferred: 'toString', variants: ['valueOf'] }],
      [['\\', '[', '(?<=', '$&']],
    ]) {
      const dir = tmpSite({});
      const file = path.join(dir, '.doclintrc.json');
      writeFileSync(file, JSON.stringify({ rules: { 'page-terminology': ['warn', { sets }] } }));
      let rules: Awaited<ReturnType<typeof loadDoclintrc>>['rules'];
      try {
        rules = (await loadDoclintrc(file)).rules;
      } catch (error) {
        expect(error).toBeInstanceOf(DoclintrcError);
        continue;
      }
      const text = `${FRONT}## Terms\n\nproto constructor toString valueOf \\ [ $& x\n`;
      const result = lintOnePage({ file: path.join(dir, 'p.mdx'), text, isSnippet: false }, rules);
      expect(result.diagnostics.every((d) => d.ruleId === 'page-terminology')).toBe(true);
    }
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });
});
