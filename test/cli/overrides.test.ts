import { cpSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';
import { MINIMAL_PAGE, tmpSite } from '../helpers/tmp-site.js';

/*
 * `overrides` in a configuration file: rule settings for the files its patterns match, relative to
 * the configuration file's folder; later entries win, `--rule` wins over all (ESLint's semantics).
 */

const DOCS_JSON = JSON.stringify({
  $schema: 'https://mintlify.com/docs.json',
  theme: 'mint',
  name: 'Test',
  colors: { primary: '#0A7A5E' },
  navigation: { groups: [{ group: 'Start', pages: ['index', 'api/one', 'api/v2/two', 'guides/three'] }] },
});

/** A page of its own title (nine lines), with `body` on line 10. */
const page = (title: string, body: string) =>
  MINIMAL_PAGE.replace('Welcome to the test site', title) + '\n' + body + '\n';
const HERE = '[here](/index) and [over there](/index)';
const BROKEN = '[The missing page](/missing)';

function site(rc: object, extra: Record<string, string> = {}) {
  return tmpSite({
    'docs.json': DOCS_JSON,
    'index.mdx': page('Welcome to the test site', HERE),
    'api/one.mdx': page('The first endpoint', HERE),
    'api/v2/two.mdx': page('The second endpoint', BROKEN),
    'guides/three.mdx': page('The third guide', BROKEN),
    '.doclintrc.json': JSON.stringify(rc, null, 2),
    ...extra,
  });
}

/** `file rule severity line:column` of each finding. */
function findings(root: string, args: string[] = []) {
  const result = runCli(['--format', 'json', ...args, root]);
  const files = JSON.parse(result.stdout) as Array<{
    filePath: string;
    messages: Array<{ ruleId: string; severity: number; line: number; column: number }>;
  }>;
  return {
    code: result.code,
    stderr: result.stderr,
    lines: files.flatMap((f) =>
      f.messages.map((m) => `${path.relative(root, f.filePath)} ${m.ruleId} ${m.severity} ${m.line}:${m.column}`),
    ),
  };
}

describe('overrides', () => {
  test('an entry sets the severity of a page rule for its files only; a later entry wins', () => {
    const root = site({
      rules: { 'site-broken-link': 'off' },
      overrides: [
        { files: ['api/**'], rules: { 'page-link-text': 'error' } },
        { files: ['api/v2/**'], rules: { 'page-link-text': 'off' } },
      ],
    });
    expect(findings(root)).toEqual({
      code: 1,
      stderr: '',
      lines: ['api/one.mdx page-link-text 2 10:1', 'index.mdx page-link-text 1 10:1'],
    });
  });

  test("an entry sets a page rule's options for its files", () => {
    const root = site({
      rules: { 'site-broken-link': 'off' },
      overrides: [{ files: ['api/*.mdx'], rules: { 'page-link-text': ['warn', { phrases: ['over there'] }] } }],
    });
    expect(findings(root).lines).toEqual(['api/one.mdx page-link-text 1 10:20', 'index.mdx page-link-text 1 10:1']);
  });

  test('a site rule: the entry of the file a finding is in decides its severity', () => {
    const root = site({
      overrides: [{ files: ['guides/**'], rules: { 'site-broken-link': 'off' } }],
      rules: { 'page-link-text': 'off' },
    });
    expect(findings(root)).toEqual({ code: 1, stderr: '', lines: ['api/v2/two.mdx site-broken-link 2 10:1'] });
  });

  test('a rule off in `rules` runs for the files an entry turns it on in', () => {
    const root = site({
      rules: { 'site-broken-link': 'off', 'page-link-text': 'off' },
      overrides: [{ files: ['guides/**'], rules: { 'site-broken-link': 'warn' } }],
    });
    expect(findings(root)).toEqual({ code: 0, stderr: '', lines: ['guides/three.mdx site-broken-link 1 10:1'] });
  });

  test('--rule on the command line wins over every entry', () => {
    const root = site({
      rules: { 'site-broken-link': 'off' },
      overrides: [{ files: ['api/**'], rules: { 'page-link-text': 'error' } }],
    });
    expect(findings(root, ['--rule', 'page-link-text:off']).lines).toEqual([]);
  });

  test('patterns are relative to the configuration file, whatever folder doclint runs from', () => {
    const root = site({
      rules: { 'site-broken-link': 'off' },
      overrides: [{ files: ['index.mdx'], rules: { 'page-link-text': 'error' } }],
    });
    const result = runCli(['--format', 'json', '../index.mdx'], { cwd: path.join(root, 'api') });
    expect(result.code).toBe(1);
    expect(
      (JSON.parse(result.stdout) as Array<{ messages: Array<{ severity: number }> }>)[0]!.messages.map(
        (m) => m.severity,
      ),
    ).toEqual([2]);
    expect(findings(root).lines).toEqual(['api/one.mdx page-link-text 1 10:1', 'index.mdx page-link-text 2 10:1']);
  });

  test('a pattern that matches no file of the site is a warning naming the folder patterns are relative to', () => {
    // The site in docs/ of a repository, its configuration beside docs.json, the patterns written from the repository root.
    const repo = tmpSite({});
    const root = path.join(repo, 'docs');
    const made = site({
      overrides: [
        { files: ['docs/api/**', 'guides/**'], rules: { 'page-link-text': 'off' } },
        { files: ['changelog/**'], rules: {} },
      ],
    });
    cpSync(made, root, { recursive: true });
    const result = runCli(['--format', 'json', 'docs'], { cwd: repo });
    expect(result.stderr).toBe(
      'doclint: warning: overrides: the pattern "docs/api/**" matches no file of the site; patterns are relative to docs/, the folder of the configuration file: write "api/**"\n' +
        'doclint: warning: overrides: the pattern "changelog/**" matches no file of the site; patterns are relative to docs/, the folder of the configuration file\n',
    );
    // From the site's folder: the same patterns, the folder named as "./".
    expect(runCli(['--format', 'json', '.'], { cwd: root }).stderr).toBe(
      'doclint: warning: overrides: the pattern "docs/api/**" matches no file of the site; patterns are relative to ./, the folder of the configuration file\n' +
        'doclint: warning: overrides: the pattern "changelog/**" matches no file of the site; patterns are relative to ./, the folder of the configuration file\n',
    );
    // A run over some files cannot tell: it says nothing.
    expect(runCli(['--format', 'json', 'docs/index.mdx'], { cwd: repo }).stderr).toBe('');
  });

  test('the same findings with two worker threads', () => {
    const root = site({
      rules: { 'site-broken-link': 'off' },
      overrides: [{ files: ['api/*.mdx'], rules: { 'page-link-text': ['error', { phrases: ['over there'] }] } }],
    });
    const one = findings(root, ['--threads', '1']);
    expect(one.lines).toEqual(['api/one.mdx page-link-text 2 10:20', 'index.mdx page-link-text 1 10:1']);
    expect(findings(root, ['--threads', '2'])).toEqual(one);
  });

  test('a cache made before an entry changed is not reused', () => {
    const root = site({
      rules: { 'site-broken-link': 'off' },
      overrides: [{ files: ['api/**'], rules: { 'page-link-text': 'error' } }],
    });
    const cache = ['--cache', '--cache-location', path.join(tmpSite({}), 'cache')];
    expect(findings(root, cache).lines).toEqual([
      'api/one.mdx page-link-text 2 10:1',
      'index.mdx page-link-text 1 10:1',
    ]);
    writeFileSync(
      path.join(root, '.doclintrc.json'),
      JSON.stringify({
        rules: { 'site-broken-link': 'off' },
        overrides: [{ files: ['api/**'], rules: { 'page-link-text': 'off' } }],
      }),
    );
    expect(findings(root, cache).lines).toEqual(['index.mdx page-link-text 1 10:1']);
  });

  test('--print-config FILE shows the settings of that file', () => {
    const root = site({
      rules: { 'page-link-text': 'warn' },
      overrides: [
        { files: ['api/**'], rules: { 'page-link-text': ['error', { phrases: ['see'] }] } },
        { files: ['api/v2/**'], rules: { 'page-link-text': 'info' } },
      ],
    });
    const rulesOf = (file: string) =>
      (JSON.parse(runCli(['--print-config', file], { cwd: root }).stdout) as { rules: Record<string, unknown> }).rules[
        'page-link-text'
      ];
    expect(rulesOf('index.mdx')).toBe('warn');
    expect(rulesOf('api/one.mdx')).toEqual(['error', { phrases: ['see'] }]);
    expect(rulesOf('api/v2/two.mdx')).toEqual(['info', { phrases: ['see'] }]);
  });

  test.each([
    [
      { overrides: [{ files: ['api/**'], rules: { 'page-link-txt': 'warn' } }] },
      '.doclintrc.json:8:9: unknown rule "page-link-txt"; did you mean "page-link-text"?',
    ],
    [
      { overrides: [{ files: ['api/**'], rules: { 'page-link-text': 'loud' } }] },
      '.doclintrc.json:8:27: overrides[0].rules.page-link-text must be one of "off", "info", "warn", "warning", "error", 0, 1, 2, or [severity, options]',
    ],
    [
      { overrides: [{ files: ['api/**'], rules: { 'page-link-text': ['warn', { phrase: [] }] } }] },
      '.doclintrc.json:11:13: overrides[0].rules.page-link-text options: unknown key "phrase" in the configuration; expected one of phrases',
    ],
    [{ overrides: [{ rules: {} }] }, ".doclintrc.json:3:5: overrides.0 must have required property 'files'"],
    [
      { overrides: [{ files: [], rules: {} }] },
      '.doclintrc.json:4:16: overrides.0.files must NOT have fewer than 1 items',
    ],
  ])('a bad entry is an error at its place: %j', (rc, message) => {
    const root = site(rc);
    const result = runCli(['.'], { cwd: root });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`doclint: ${message}\n`);
  });
});
