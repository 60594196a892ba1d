import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO, runCli } from '../helpers/cli.js';
import { MINIMAL_CONFIG, tmpSite } from '../helpers/tmp-site.js';

const SITE = path.join(REPO, 'fixtures/sites/plugins');
const FRONT = '---\ntitle: A page\ndescription: A page of a test site.\n---\n\n';

interface JsonMessage {
  ruleId: string;
  severity: number;
  line: number;
  column: number;
  message: string;
  url: string;
}

function messages(args: string[], cwd = REPO): Array<JsonMessage & { file: string }> {
  const result = runCli(['--format', 'json', ...args], { cwd });
  expect(result.stderr).toBe('');
  return (JSON.parse(result.stdout) as Array<{ filePath: string; messages: JsonMessage[] }>).flatMap((f) =>
    f.messages.map((m) => ({ ...m, file: path.basename(f.filePath) })),
  );
}

const brief = (ms: Array<JsonMessage & { file: string }>) =>
  ms.map((m) => `${m.file}:${m.line}:${m.column} ${m.severity} ${m.ruleId} ${m.message}`);

describe('plugins: rules from a local module, remark-lint rules from npm', () => {
  test('a local plugin (page and site rules) and a remark-lint rule run beside the built-in rules, with their own ids', () => {
    expect(brief(messages([SITE]))).toEqual([
      'docs.json:7:16 2 acme/group-size group "Start" lists 3 pages; split it into groups of at most 2',
      'index.mdx:8:1 1 acme/no-todo TODO left in the page: finish the sentence or remove it',
      'index.mdx:13:79 1 remark-lint/maximum-line-length Unexpected `78` character line, expected at most `60` characters, remove `18` characters',
    ]);
  });

  test("documentation links: the plugin's own, the package page of a remark plugin", () => {
    const urls = Object.fromEntries(messages([SITE]).map((m) => [m.ruleId, m.url]));
    expect(urls).toEqual({
      'acme/group-size': '',
      'acme/no-todo': 'https://example.com/doclint-plugin-acme/no-todo',
      'remark-lint/maximum-line-length': 'https://www.npmjs.com/package/remark-lint-maximum-line-length',
    });
  });

  test('severities from the configuration and --rule, and off, work for plugin and remark rules', () => {
    const found = messages([
      '--rule',
      'acme/no-todo:error',
      '--rule',
      'remark-lint/maximum-line-length:off',
      '--rule',
      'acme/group-size:warn',
      SITE,
    ]);
    expect(found.map((m) => `${m.ruleId} ${m.severity}`)).toEqual(['acme/group-size 1', 'acme/no-todo 2']);
  });

  test('inline directives silence them (the disabled TODO on line 11 is not reported)', () => {
    expect(messages([SITE]).filter((m) => m.line === 11)).toEqual([]);
  });

  test('a plugin rule that throws is a finding naming the plugin and rule; the run goes on', () => {
    const root = tmpSite({
      'docs.json': MINIMAL_CONFIG,
      'index.mdx': `${FRONT}## Start\n\nRead [here](/index).\n`,
      // A plugin is imported only from inside the site's repository (or the site): a copy of the fixture.
      'plugins/broken/index.js': readFileSync(path.join(REPO, 'fixtures/plugins/broken/index.js'), 'utf8'),
      '.doclintrc.json': JSON.stringify({ plugins: { broken: './plugins/broken/index.js' } }),
    });
    const result = runCli(['--format', 'unix', '.'], { cwd: root });
    expect(result.stdout.split('\n').filter(Boolean)).toEqual([
      'index.mdx:1:1: warning internal error in rule broken/throws: boom; the rest of the page was checked [broken/throws]',
      'index.mdx:8:6: warning link text "here" does not say where the link goes: use words that name the target [page-link-text]',
    ]);
    expect(result.code).toBe(0);
  });

  test('a plugin that cannot be loaded is exit 2 with a clear message', () => {
    const root = tmpSite({
      'docs.json': MINIMAL_CONFIG,
      'index.mdx': `${FRONT}## Start\n`,
      '.doclintrc.json': JSON.stringify({ plugins: { acme: './missing.js' } }),
    });
    const result = runCli(['.'], { cwd: root });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^doclint: plugin "acme" cannot be loaded from "\.\/missing\.js" \(named in .*\.doclintrc\.json\): Cannot find module '.*missing\.js'[^\n]*\n$/,
    );
  });

  test('a rule of an unknown plugin in "rules" is exit 2 with the file position', () => {
    const root = tmpSite({
      'docs.json': MINIMAL_CONFIG,
      'index.mdx': `${FRONT}## Start\n`,
      '.doclintrc.json': '{\n  "rules": { "acme/no-todo": "error" }\n}\n',
    });
    expect(runCli(['.'], { cwd: root })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'doclint: .doclintrc.json:2:14: unknown rule "acme/no-todo"; is its plugin listed in "plugins"?\n',
    });
  });

  test('options of a plugin rule are validated against its schema', () => {
    const root = tmpSite({
      'docs.json': MINIMAL_CONFIG,
      'index.mdx': `${FRONT}## Start\n`,
      // The rules come first: where the error is does not depend on where the repository is.
      '.doclintrc.json': JSON.stringify({
        rules: { 'acme/group-size': ['warn', { max: 0 }] },
        plugins: { acme: './plugins/acme/index.js' },
      }),
      'plugins/acme/index.js': readFileSync(path.join(REPO, 'fixtures/plugins/acme/index.js'), 'utf8'),
    });
    const result = runCli(['.'], { cwd: root });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('doclint: .doclintrc.json:1:44: rules.acme/group-size options: max must be >= 1\n');
  });
});

describe('extends: shared configurations by path and by package', () => {
  test('a path to a configuration file, and a package in node_modules; the file itself wins', () => {
    const root = tmpSite({
      'docs.json': MINIMAL_CONFIG,
      'index.mdx': `${FRONT}## Start\n\nRead [here](/index). An e-mail and an email.\n`,
      'config/base.json': JSON.stringify({ rules: { 'page-link-text': 'error', 'page-terminology': 'error' } }),
      'node_modules/@acme/doclint-config/package.json': JSON.stringify({
        name: '@acme/doclint-config',
        main: 'doclint.json',
      }),
      'node_modules/@acme/doclint-config/doclint.json': JSON.stringify({
        extends: 'doclint:strict',
        rules: { 'page-terminology': 'off' },
      }),
      '.doclintrc.json': JSON.stringify({
        extends: ['./config/base.json', '@acme/doclint-config'],
        rules: { 'page-link-text': 'warn' },
      }),
    });
    const found = messages(['.'], root);
    expect(found.map((m) => `${m.ruleId} ${m.severity}`)).toEqual(['page-link-text 1']);
  });

  test('an extends loop is exit 2', () => {
    const root = tmpSite({
      'docs.json': MINIMAL_CONFIG,
      'index.mdx': `${FRONT}## Start\n`,
      'a.json': '{ "extends": "./b.json" }',
      'b.json': '{ "extends": "./a.json" }',
      '.doclintrc.json': '{ "extends": "./a.json" }',
    });
    const result = runCli(['.'], { cwd: root });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^doclint: "extends" loops: .*a\.json -> .*b\.json -> .*a\.json\n$/);
  });
});

// Keep the fixture honest: a second plugin file in a fresh folder loads the same way.
test('a plugin in a folder next to the configuration, named by a relative path', () => {
  const root = tmpSite({ 'docs.json': MINIMAL_CONFIG, 'index.mdx': `${FRONT}## Start\n\nTODO later.\n` });
  mkdirSync(path.join(root, 'lint'), { recursive: true });
  writeFileSync(
    path.join(root, 'lint/rules.mjs'),
    `export { rules } from ${JSON.stringify(path.join(REPO, 'fixtures/plugins/acme/index.js'))};\n`,
  );
  writeFileSync(
    path.join(root, '.doclintrc.json'),
    JSON.stringify({ plugins: { team: './lint/rules.mjs' }, rules: { 'page-todo-marker': 'off' } }),
  );
  expect(brief(messages(['.'], root))).toEqual([
    'index.mdx:8:1 1 team/no-todo TODO left in the page: finish the sentence or remove it',
  ]);
});
