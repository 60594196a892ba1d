import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO } from '../helpers/cli.js';
import { testIf } from '../helpers/needs.js';
import { packed } from '../helpers/packed.js';
import { tmpSite } from '../helpers/tmp-site.js';
import { e2eMissingReason, startVSCode, type VSCode } from '../../scripts/vscode-e2e.mjs';

/*
 * The extension in a real VS Code, used as a docs writer uses it: code-server (VS Code 1.139) with the
 * packaged .vsix installed by `code-server --install-extension`, on a copy of the example site in which
 * doclint is installed by the README's recipe (the packed tarball in vendor/, `npm install` of it),
 * driven through headless Chromium. What the writer sees is read off the screen: the Problems panel
 * and the notifications. scripts/vscode-e2e-install.mjs installs code-server (.ci/run runs it); where
 * it, Chromium or the packaged extension is missing, the tests skip, saying why.
 */

const missing = e2eMissingReason();
const needsVSCode = testIf(missing);
const work = tmpSite({});
const version = (JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string }).version;
const TARBALL = `doclint-${version}.tgz`;

function ok(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    timeout: 180000,
    env: {
      ...env,
      NO_COLOR: '1',
      npm_config_cache: path.join(work, 'npm-cache'),
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      npm_config_update_notifier: 'false',
    },
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
  return result.stdout;
}

/** A docs repository: the example site with two problems, doclint installed from the packed tarball as the README says. */
function docsRepository(name: string): string {
  const repo = path.join(work, name);
  cpSync(path.join(REPO, 'fixtures/example'), repo, { recursive: true });
  writeFileSync(path.join(repo, 'package.json'), JSON.stringify({ name: 'acme-orbit-docs', private: true }, null, 2));
  mkdirSync(path.join(repo, 'vendor'));
  // The run's one `npm pack` of the build (test/helpers/packed.ts).
  cpSync(packed().tarball, path.join(repo, 'vendor', TARBALL));
  ok('npm', ['install', '--save-dev', '--offline', '--ignore-scripts', `./vendor/${TARBALL}`], repo);
  const index = path.join(repo, 'index.mdx');
  writeFileSync(index, `${readFileSync(index, 'utf8')}\nRead the guide [here](/guides/quickstart).\n`);
  const config = path.join(repo, 'docs.json');
  writeFileSync(config, readFileSync(config, 'utf8').replace('"description":', '"descripton":'));
  return repo;
}

interface CliMessage {
  ruleId: string;
  severity: number;
  message: string;
  line: number;
  column: number;
}

/** The Problems panel's row for each finding the CLI gives for `file`: message, source(code), [Ln, Col]. */
function cliRows(repo: string, file: string): string[] {
  const result = spawnSync(
    process.execPath,
    [path.join(repo, 'node_modules/doclint/bin/doclint.js'), '--format', 'json', file],
    {
      cwd: repo,
      encoding: 'utf8',
    },
  );
  const [report] = JSON.parse(result.stdout) as Array<{ messages: CliMessage[] }>;
  return report!.messages.map(
    (m) =>
      `${m.severity === 2 ? 'error' : 'warning'}: ${m.message} doclint(${m.ruleId}) [Ln ${m.line}, Col ${m.column}]`,
  );
}

const rowsFor = (rows: string[], rule: string) => rows.filter((row) => row.includes(`doclint(${rule})`));

describe('the VS Code extension in a real VS Code (code-server)', () => {
  let repo: string;
  let vscode: VSCode;

  beforeAll(async () => {
    if (missing) return;
    repo = docsRepository('acme-docs');
    vscode = await startVSCode({ folder: repo, scratch: path.join(work, 'vscode') });
  }, 600000);

  afterAll(async () => {
    await vscode?.close();
  });

  needsVSCode("a page opened shows doclint's findings at the command line's positions", async () => {
    const expected = cliRows(repo, 'index.mdx');
    expect(expected).toEqual([
      'warning: link text "here" does not say where the link goes: use words that name the target doclint(page-link-text) [Ln 44, Col 16]',
    ]);
    await vscode.open('index.mdx');
    const rows = await vscode.waitForProblems((shown) => rowsFor(shown, 'page-link-text').length > 0);
    expect(rows).toEqual(expected);
    expect(await vscode.notifications()).toEqual([]);
  });

  needsVSCode('a problem written and saved is shown; put right and saved, it is gone', async () => {
    await vscode.open('index.mdx');
    await vscode.focusEditor();
    await vscode.page.keyboard.press('Control+End');
    await vscode.page.keyboard.type('\n#### Pass limits\n');
    await vscode.page.keyboard.press('Control+S');
    const rows = await vscode.waitForProblems((shown) => rowsFor(shown, 'page-heading-increment').length > 0);
    expect(rowsFor(rows, 'page-heading-increment')).toEqual(
      cliRows(repo, 'index.mdx').filter((row) => row.includes('page-heading-increment')),
    );
    expect(rowsFor(rows, 'page-heading-increment')).toEqual([
      'warning: heading level 4 skips level 3 (the previous heading is level 2): use `###` doclint(page-heading-increment) [Ln 46, Col 1]',
    ]);
    // The line deleted (Delete Line), and saved.
    await vscode.page.keyboard.press('ArrowUp');
    await vscode.page.keyboard.press('Control+Shift+K');
    await vscode.page.keyboard.press('Control+S');
    const expected = cliRows(repo, 'index.mdx');
    expect(expected.map((row) => row.split(' doclint(')[1])).toEqual(['page-link-text) [Ln 44, Col 16]']);
    await vscode.waitForProblems((shown) => JSON.stringify(shown) === JSON.stringify(expected));
  });

  needsVSCode("a misspelt docs.json key is reported, and its quick fix renames it to the platform's key", async () => {
    await vscode.open('docs.json');
    const rows = await vscode.waitForProblems((shown) => rowsFor(shown, 'config-unknown-key').length > 0);
    expect(rowsFor(rows, 'config-unknown-key')).toEqual(
      cliRows(repo, 'docs.json').filter((row) => row.includes('config-unknown-key')),
    );
    expect(rowsFor(rows, 'config-unknown-key')).toEqual([
      'warning: unknown key "descripton"; did you mean "description"? doclint(config-unknown-key) [Ln 5, Col 3]',
    ]);
    // Go to the problem (F8 puts the cursor on it), then the light bulb's menu (Ctrl+.).
    await vscode.focusEditor();
    await vscode.page.keyboard.press('Control+Home');
    await vscode.page.keyboard.press('F8');
    await vscode.page.keyboard.press('Escape');
    await vscode.page.keyboard.press('Control+.');
    const fix = vscode.page
      .locator('.action-widget .monaco-list-row', { hasText: 'Rename the key to "description"' })
      .first();
    await fix.waitFor({ timeout: 30000 });
    await fix.click();
    await vscode.page.keyboard.press('Control+S');
    await vscode.waitForProblems((shown) => rowsFor(shown, 'config-unknown-key').length === 0);
    const saved = readFileSync(path.join(repo, 'docs.json'), 'utf8');
    expect(saved).toContain('"description": "Schedule satellite passes');
    expect(saved).not.toContain('descripton');
  });
});

describe('the VS Code extension in restricted mode (an untrusted folder)', () => {
  needsVSCode(
    'with no doclint on the PATH: one notification, saying what to do and which PATH was searched',
    async () => {
      const repo = path.join(work, 'restricted');
      cpSync(path.join(REPO, 'fixtures/example'), repo, { recursive: true });
      const vscode = await startVSCode({
        folder: repo,
        scratch: path.join(work, 'vscode-restricted'),
        trust: false,
        env: { ...process.env, SHELL: '/bin/bash', PATH: '/usr/bin:/bin' },
      });
      try {
        await vscode.open('index.mdx');
        const message = vscode.page.locator('.notifications-toasts .notification-list-item-message', {
          hasText: 'doclint',
        });
        await message.first().waitFor({ timeout: 90000 });
        // Opening a second file says nothing more.
        await vscode.open('changelog.mdx');
        await vscode.page.waitForTimeout(3000);
        const shown = await vscode.notifications();
        expect(shown).toHaveLength(1);
        const [prefix, searched] = shown[0]!.split(' Searched: ');
        expect(prefix).toBe(
          'doclint: this folder is in restricted mode, where doclint runs only from the PATH, and there is none on it. Trust the folder (to use its own node_modules/doclint), or install doclint on the PATH.',
        );
        // The PATH of VS Code's extension host: the user's login shell's (VS Code reads it from there).
        expect(searched!.split(':')).toContain('/usr/bin');
      } finally {
        await vscode.close();
      }
    },
  );

  needsVSCode('with doclint on the PATH: its findings, from a server started without plugins', async () => {
    const repo = path.join(work, 'restricted-path');
    cpSync(path.join(REPO, 'fixtures/example'), repo, { recursive: true });
    const index = path.join(repo, 'index.mdx');
    writeFileSync(index, `${readFileSync(index, 'utf8')}\nRead the guide [here](/guides/quickstart).\n`);
    // doclint on the PATH as a user puts it there: a folder of commands, added to the PATH by the
    // login shell's profile (VS Code takes the extension host's environment from the login shell).
    const scratch = path.join(work, 'vscode-restricted-path');
    const bin = path.join(scratch, 'home', 'bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(
      path.join(bin, 'doclint'),
      `#!/bin/sh\nexec "${process.execPath}" "${path.join(REPO, 'bin/doclint.js')}" "$@"\n`,
    );
    chmodSync(path.join(bin, 'doclint'), 0o755);
    writeFileSync(path.join(scratch, 'home', '.profile'), `PATH="${bin}:$PATH"\nexport PATH\n`);
    const vscode = await startVSCode({
      folder: repo,
      scratch,
      trust: false,
      env: { ...process.env, SHELL: '/bin/bash', PATH: '/usr/bin:/bin' },
    });
    try {
      await vscode.open('index.mdx');
      const rows = await vscode.waitForProblems((shown) => rowsFor(shown, 'page-link-text').length > 0);
      expect(rows).toEqual([
        'warning: link text "here" does not say where the link goes: use words that name the target doclint(page-link-text) [Ln 44, Col 16]',
      ]);
      expect(await vscode.notifications()).toEqual([]);
    } finally {
      await vscode.close();
    }
  });
});
