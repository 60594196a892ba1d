// A configuration is code: its plugins, remark plugins and a .js/.mjs/.cjs `extends` are imported
// (as ESLint's configuration is). A pull request controls the .doclintrc it brings, and may commit
// the modules it names (a node_modules too). `--no-plugins` (and the language server's
// `initializationOptions.plugins: false`) imports none of them and says so in one line; the files
// a configuration extends or imports never lie outside the repository, after symbolic links.
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';
import { git } from '../helpers/git-repo.js';
import { LspClient, SERVER_COMMAND } from '../lsp/client.js';
import { config, FRONT } from './helpers.js';

const base = mkdtempSync(path.join(os.tmpdir(), 'doclint-trust-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
let count = 0;

/** A module that leaves a file behind when it is imported: the proof that configuration code ran. */
const marking = (marker: string, exported: string) =>
  `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'imported');\nexport default ${exported};\n`;

const PLUGIN = `{ rules: { 'no-todo': { meta: { kind: 'page', description: 'No TODO.', severity: 'error' }, check(context) { context.report({ line: 1, column: 1, message: 'planted' }); } } } }`;

/**
 * A git repository `<dir>/repo` with a site at its root, and a folder `<dir>/outside` beside it
 * (outside the repository, as a runner's home is): files by path relative to `dir`.
 */
function repoWith(files: Record<string, string>): { dir: string; repo: string; outside: string } {
  const dir = path.join(base, `case-${++count}`);
  const repo = path.join(dir, 'repo');
  const all: Record<string, string> = {
    'repo/docs.json': config(['index']),
    'repo/index.mdx': `${FRONT}## Start\n\nHello.\n`,
    ...files,
  };
  for (const [name, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  mkdirSync(path.join(dir, 'outside'), { recursive: true });
  git(repo, 'init', '-q');
  return { dir, repo, outside: path.join(dir, 'outside') };
}

/** A pull request's configuration: a plugin, a remark plugin from a committed node_modules, a JavaScript extends. */
function untrustedCheckout() {
  const made = repoWith({});
  const marker = (name: string) => path.join(made.dir, `${name}-ran`);
  const files: Record<string, string> = {
    'plugins/acme.mjs': marking(marker('plugin'), PLUGIN),
    'shared.mjs': marking(marker('extends'), `{ rules: { 'page-todo-marker': 'error' } }`),
    'node_modules/remark-lint-planted/package.json': JSON.stringify({
      name: 'remark-lint-planted',
      type: 'module',
      main: 'index.js',
    }),
    'node_modules/remark-lint-planted/index.js': marking(marker('remark'), '() => () => {}'),
    '.doclintrc.json': JSON.stringify({
      extends: ['doclint:recommended', './shared.mjs'],
      plugins: { acme: './plugins/acme.mjs' },
      remark: { 'remark-lint-planted': 'warn' },
      rules: { 'acme/no-todo': 'error', 'page-link-text': 'off' },
    }),
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(made.repo, name)), { recursive: true });
    writeFileSync(path.join(made.repo, name), text);
  }
  return { ...made, ran: () => ['plugin', 'extends', 'remark'].filter((name) => existsSync(marker(name))) };
}

const NOT_LOADED =
  '--no-plugins: not loaded: extends "./shared.mjs", plugin "acme", remark "remark-lint-planted"; their rules and settings do not apply (the rest of the configuration does)';

describe('--no-plugins: nothing the configuration names is imported; the run still lints', () => {
  test('a lint run: exit 0, one warning line, no module imported, the JSON settings applied', () => {
    const checkout = untrustedCheckout();
    const result = runCli(['--no-plugins', '--format', 'unix', '.'], { cwd: checkout.repo });
    expect(result).toEqual({ code: 0, stdout: '', stderr: `doclint: warning: ${NOT_LOADED}\n` });
    expect(checkout.ran()).toEqual([]);
    // Without it, the configuration's code runs (which is why CI on forks needs the flag).
    const trusted = runCli(['--format', 'unix', '.'], { cwd: checkout.repo });
    expect(trusted.stdout).toContain('index.mdx:1:1: error planted [acme/no-todo]');
    expect(checkout.ran()).toEqual(['plugin', 'extends', 'remark']);
  });

  test('score and --print-config: the same line, nothing imported', () => {
    const checkout = untrustedCheckout();
    const score = runCli(['score', '--no-plugins', '--format', 'json', '.'], { cwd: checkout.repo });
    expect(score.code).toBe(0);
    expect(score.stderr).toBe(`doclint score: warning: ${NOT_LOADED}\n`);
    const printed = runCli(['--no-plugins', '--print-config', 'index.mdx'], { cwd: checkout.repo });
    expect(printed.code).toBe(0);
    expect(printed.stderr).toBe(`doclint: warning: ${NOT_LOADED}\n`);
    expect((JSON.parse(printed.stdout) as { rules: Record<string, unknown> }).rules['page-link-text']).toBe('off');
    expect(checkout.ran()).toEqual([]);
  });

  test('--staged: the staged page is linted, nothing imported', () => {
    const checkout = untrustedCheckout();
    git(checkout.repo, 'add', '-A');
    git(checkout.repo, '-c', 'user.email=w@example.com', '-c', 'user.name=W', 'commit', '-qm', 'site');
    writeFileSync(path.join(checkout.repo, 'index.mdx'), `${FRONT}## Start\n\nRead [here](/index).\n`);
    git(checkout.repo, 'add', 'index.mdx');
    const result = runCli(['--staged', '--no-plugins', '--format', 'unix'], { cwd: checkout.repo });
    expect(result).toEqual({ code: 0, stdout: '', stderr: `doclint: warning: ${NOT_LOADED}\n` });
    expect(checkout.ran()).toEqual([]);
  });

  test('worker threads make the same settings: nothing imported on any thread; --rule of a plugin left out is no error', () => {
    const checkout = untrustedCheckout();
    const result = runCli(['--no-plugins', '--threads', '2', '--rule', 'acme/no-todo:warn', '--format', 'unix', '.'], {
      cwd: checkout.repo,
    });
    expect(result).toEqual({ code: 0, stdout: '', stderr: `doclint: warning: ${NOT_LOADED}\n` });
    expect(checkout.ran()).toEqual([]);
  });

  test('a remark plugin named without a rule prefix: its setting in rules is dropped with it', () => {
    const { repo } = repoWith({});
    writeFileSync(
      path.join(repo, '.doclintrc.json'),
      JSON.stringify({
        remark: { 'remark-validate-links': 'warn' },
        rules: { 'remark-validate-links': 'error', 'page-link-text': 'off' },
      }),
    );
    expect(runCli(['--no-plugins', '--format', 'unix', '.'], { cwd: repo })).toEqual({
      code: 0,
      stdout: '',
      stderr:
        'doclint: warning: --no-plugins: not loaded: remark "remark-validate-links"; their rules and settings do not apply (the rest of the configuration does)\n',
    });
  });

  test('the language server: initializationOptions.plugins false, or --no-plugins, imports nothing and logs the line', async () => {
    const checkout = untrustedCheckout();
    const page = path.join(checkout.repo, 'index.mdx');
    for (const start of [
      { initializationOptions: { plugins: false } },
      { command: [...SERVER_COMMAND, '--no-plugins'] },
    ]) {
      const client = await LspClient.start(start);
      try {
        const published = await client.open(page);
        expect(published.diagnostics).toEqual([]);
        expect(client.logs).toContain(`doclint: ${checkout.repo}: ${NOT_LOADED}`);
      } finally {
        await client.stop();
      }
    }
    expect(checkout.ran()).toEqual([]);
  });
});

describe('what a configuration extends or imports stays inside the repository', () => {
  const SECRET = '{ "AWS_SECRET_ACCESS_KEY": "wJalrXUtnFEMI" }';
  const noSecret = (text: string) => {
    expect(text).not.toContain('AWS_SECRET_ACCESS_KEY');
    expect(text).not.toContain('wJalrXUtnFEMI');
  };

  test('an absolute extends outside the repository: exit 2, one line, nothing of the file quoted', () => {
    const { repo, outside } = repoWith({ 'outside/base.json': SECRET });
    writeFileSync(path.join(repo, '.doclintrc.json'), JSON.stringify({ extends: path.join(outside, 'base.json') }));
    const result = runCli(['.'], { cwd: repo });
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: `doclint: the shared configuration "${path.join(outside, 'base.json')}" (named in ${path.join(repo, '.doclintrc.json')}) leads outside ${repo}; a configuration extends and imports files inside its repository only\n`,
    });
    noSecret(result.stderr);
  });

  test('a ../ extends, and an extends inside that is a symbolic link out: refused alike', () => {
    const { repo, outside } = repoWith({ 'outside/base.json': SECRET });
    writeFileSync(path.join(repo, '.doclintrc.json'), JSON.stringify({ extends: '../outside/base.json' }));
    const dotdot = runCli(['.'], { cwd: repo });
    expect(dotdot.code).toBe(2);
    expect(dotdot.stderr).toBe(
      `doclint: the shared configuration "../outside/base.json" (named in ${path.join(repo, '.doclintrc.json')}) leads outside ${repo}; a configuration extends and imports files inside its repository only\n`,
    );
    symlinkSync(path.join(outside, 'base.json'), path.join(repo, 'base.json'));
    writeFileSync(path.join(repo, '.doclintrc.json'), JSON.stringify({ extends: './base.json' }));
    const linked = runCli(['.'], { cwd: repo });
    expect(linked.code).toBe(2);
    expect(linked.stderr).toBe(
      `doclint: the shared configuration "./base.json" (named in ${path.join(repo, '.doclintrc.json')}) leads outside ${repo}; a configuration extends and imports files inside its repository only\n`,
    );
    noSecret(dotdot.stderr + linked.stderr);
  });

  test('a plugin outside the repository is never imported', () => {
    const { dir, repo } = repoWith({});
    const marker = path.join(dir, 'outside-ran');
    writeFileSync(path.join(dir, 'outside/plugin.mjs'), marking(marker, PLUGIN));
    writeFileSync(path.join(repo, '.doclintrc.json'), JSON.stringify({ plugins: { acme: '../outside/plugin.mjs' } }));
    const result = runCli(['.'], { cwd: repo });
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: `doclint: plugin "acme" ("../outside/plugin.mjs") (named in ${path.join(repo, '.doclintrc.json')}) leads outside ${repo}; a configuration extends and imports files inside its repository only\n`,
    });
    expect(existsSync(marker)).toBe(false);
  });

  test('a .doclintrc.json that is a symbolic link out of the repository: exit 2, one line, nothing quoted', () => {
    const { repo, outside } = repoWith({ 'outside/secrets.json': SECRET });
    symlinkSync(path.join(outside, 'secrets.json'), path.join(repo, '.doclintrc.json'));
    const result = runCli(['.'], { cwd: repo });
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: `doclint: ${path.join(repo, '.doclintrc.json')} leads outside ${repo} (a symbolic link); doclint reads a configuration file only from inside the repository (name one with --config)\n`,
    });
    noSecret(result.stderr);
  });

  test('outside a repository, the site root is the bound; a --config named outside brings its own folder', () => {
    const { dir } = repoWith({
      'plain/docs.json': config(['index']),
      'plain/index.mdx': `${FRONT}## Start\n\nHello.\n`,
      'shared/base.json': '{}',
    });
    const site = path.join(dir, 'plain');
    writeFileSync(path.join(site, '.doclintrc.json'), JSON.stringify({ extends: '../shared/base.json' }));
    expect(runCli(['.'], { cwd: site }).stderr).toBe(
      `doclint: the shared configuration "../shared/base.json" (named in ${path.join(site, '.doclintrc.json')}) leads outside ${site}; a configuration extends and imports files inside its repository only\n`,
    );
    writeFileSync(
      path.join(dir, 'shared/.doclintrc.json'),
      JSON.stringify({ extends: './base.json', rules: { 'page-link-text': 'off' } }),
    );
    expect(runCli(['--config', '../shared/.doclintrc.json', '.'], { cwd: site })).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
  });
});
