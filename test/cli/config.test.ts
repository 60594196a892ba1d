import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';
import { MINIMAL_CONFIG, MINIMAL_PAGE, tmpSite } from '../helpers/tmp-site.js';

const LINK_HERE = MINIMAL_PAGE + '\n[here](/index)\n';

function rulesOf(stdout: string): Array<[string, number]> {
  return (JSON.parse(stdout) as Array<{ messages: Array<{ ruleId: string; severity: number }> }>).flatMap((f) =>
    f.messages.map((m) => [m.ruleId, m.severity] as [string, number]),
  );
}

describe('configuration files', () => {
  test('.doclintrc.json at the site root sets severities', () => {
    const root = tmpSite({
      'docs.json': MINIMAL_CONFIG,
      'index.mdx': LINK_HERE,
      '.doclintrc.json': '{ "rules": { "page-link-text": "error" } }',
    });
    const result = runCli(['--format', 'json', root]);
    expect(rulesOf(result.stdout)).toEqual([['page-link-text', 2]]);
    expect(result.code).toBe(1);
  });

  test('.doclintrc.yaml with [severity, options]', () => {
    const root = tmpSite({
      'docs.json': MINIMAL_CONFIG,
      'index.mdx': MINIMAL_PAGE + '\n[over there](/index)\n',
      '.doclintrc.yaml': 'rules:\n  page-link-text:\n    - warn\n    - phrases: ["over there"]\n',
    });
    expect(rulesOf(runCli(['--format', 'json', root]).stdout)).toEqual([['page-link-text', 1]]);
  });

  test('doclint.config.json in the repository root above the site, found from the linted file', () => {
    const repo = tmpSite({
      '.git/HEAD': 'ref: refs/heads/main\n',
      'doclint.config.json': '{ "rules": { "page-link-text": "off" } }',
    });
    mkdirSync(path.join(repo, 'docs'));
    writeFileSync(path.join(repo, 'docs/docs.json'), MINIMAL_CONFIG);
    writeFileSync(path.join(repo, 'docs/index.mdx'), LINK_HERE);
    const elsewhere = tmpSite({});
    expect(rulesOf(runCli(['--format', 'json', path.join(repo, 'docs/index.mdx')], { cwd: elsewhere }).stdout)).toEqual(
      [],
    );
  });

  test('extends doclint:strict turns warnings into errors; --rule wins over the file', () => {
    const root = tmpSite({
      'docs.json': MINIMAL_CONFIG,
      'index.mdx': LINK_HERE,
      '.doclintrc.json': '{ "extends": "doclint:strict" }',
    });
    expect(rulesOf(runCli(['--format', 'json', root]).stdout)).toEqual([['page-link-text', 2]]);
    expect(rulesOf(runCli(['--format', 'json', '--rule', 'page-link-text:warn', root]).stdout)).toEqual([
      ['page-link-text', 1],
    ]);
  });

  test('ignores excludes files from linting', () => {
    const root = tmpSite({
      'docs.json': MINIMAL_CONFIG,
      'index.mdx': LINK_HERE,
      '.doclintrc.json': '{ "ignores": ["index.mdx"] }',
    });
    const result = runCli(['--format', 'json', root]);
    expect(rulesOf(result.stdout)).toEqual([]);
    expect((JSON.parse(result.stdout) as Array<{ filePath: string }>).map((f) => path.basename(f.filePath))).toEqual([
      'docs.json',
    ]);
  });

  test('--config names the file to use', () => {
    const root = tmpSite({
      'docs.json': MINIMAL_CONFIG,
      'index.mdx': LINK_HERE,
      'lint/strict.json': '{ "rules": { "page-link-text": "error" } }',
    });
    expect(rulesOf(runCli(['--format', 'json', '--config', 'lint/strict.json', '.'], { cwd: root }).stdout)).toEqual([
      ['page-link-text', 2],
    ]);
  });

  test.each([
    [
      '.doclintrc.json',
      '{\n  "rules": {\n    "page-link-txt": "warn"\n  }\n}',
      '.doclintrc.json:3:5: unknown rule "page-link-txt"; did you mean "page-link-text"?',
    ],
    [
      '.doclintrc.json',
      '{\n  "rules": {\n    "page-link-text": "loud"\n  }\n}',
      '.doclintrc.json:3:23: rules.page-link-text must be one of "off", "info", "warn", "warning", "error", 0, 1, 2, or [severity, options]',
    ],
    [
      '.doclintrc.json',
      '{\n  "rule": {}\n}',
      '.doclintrc.json:2:3: unknown key "rule" in the configuration; expected one of $schema, extends, plugins, remark, rules, overrides, ignores, timeLimits',
    ],
    [
      '.doclintrc.json',
      '{ "rules": { "page-link-text": ["warn", { "phrase": [] }] } }',
      '.doclintrc.json:1:43: rules.page-link-text options: unknown key "phrase" in the configuration; expected one of phrases',
    ],
    [
      '.doclintrc.json',
      '{ "rules": { "page-no-body-h1": ["warn", {}] } }',
      '.doclintrc.json:1:42: rule "page-no-body-h1" takes no options',
    ],
    ['.doclintrc.json', '{ "rules": ', '.doclintrc.json:1:12: the configuration is not valid JSON'],
    [
      '.doclintrc.yaml',
      'rules:\n  page-link-text: [warn\n',
      '.doclintrc.yaml:3:1: the configuration is not valid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]',
    ],
    [
      '.doclintrc.yaml',
      'extends: doclint:lenient\n',
      '.doclintrc.yaml:1:10: unknown preset "doclint:lenient"; use doclint:recommended or doclint:strict, a package or a path',
    ],
  ])('a bad %s is exit 2 with its own file:line:col', (name, content, message) => {
    const root = tmpSite({ 'docs.json': MINIMAL_CONFIG, 'index.mdx': MINIMAL_PAGE, [name]: content });
    const result = runCli([], { cwd: root });
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(`doclint: ${message}`);
    expect(result.stdout).toBe('');
  });

  test('__proto__ in a configuration file is plain data', () => {
    const root = tmpSite({
      'docs.json': MINIMAL_CONFIG,
      'index.mdx': MINIMAL_PAGE,
      '.doclintrc.json': '{ "__proto__": { "rules": {} } }',
    });
    const result = runCli([], { cwd: root });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'doclint: .doclintrc.json:1:3: unknown key "__proto__" in the configuration; expected one of $schema, extends, plugins, remark, rules, overrides, ignores, timeLimits\n',
    );
  });

  test('--print-config shows the file in use and every rule', () => {
    const root = tmpSite({
      'docs.json': MINIMAL_CONFIG,
      'index.mdx': MINIMAL_PAGE,
      '.doclintrc.json': '{ "rules": { "page-link-text": ["error", { "phrases": ["here"] }] } }',
    });
    const result = runCli(['--print-config', 'index.mdx'], { cwd: root });
    expect(result.code).toBe(0);
    const printed = JSON.parse(result.stdout) as {
      configFile: string;
      rules: Record<string, unknown>;
      ignored: boolean;
    };
    expect(printed.configFile).toBe(path.join(root, '.doclintrc.json'));
    expect(printed.ignored).toBe(false);
    expect(printed.rules['page-link-text']).toEqual(['error', { phrases: ['here'] }]);
    expect(printed.rules['site-broken-link']).toBe('error');
  });
});
