import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO, runCli } from '../helpers/cli.js';
import { MINIMAL_CONFIG, MINIMAL_PAGE, tmpSite } from '../helpers/tmp-site.js';
import { git } from '../helpers/git-repo.js';
import { INIT_HELP } from '../../src/cli/usage.js';

const append = (file: string, text: string) => writeFileSync(file, readFileSync(file, 'utf8') + text);

/** A repository whose site (fixtures/sites/adoption: 14 errors, 5 warnings, 1 note; no <Frame>) is in docs/. */
function repoWithSite(): string {
  const repo = mkdtempSync(path.join(os.tmpdir(), 'doclint-adopt-'));
  mkdirSync(path.join(repo, '.git'));
  cpSync(path.join(REPO, 'fixtures/sites/adoption'), path.join(repo, 'docs'), { recursive: true });
  return repo;
}

const schemaFrom = (dir: string) =>
  path.relative(dir, path.join(REPO, 'schema/doclintrc.schema.json')).split(path.sep).join('/');

describe('adopting doclint on an existing site', () => {
  test("the README's three commands: init --suppress-all, commit, then CI blocks only new errors", () => {
    const repo = repoWithSite();
    // Before: 14 errors, exit 1.
    const before = runCli(['docs', '-f', 'json'], { cwd: repo });
    expect(before.code).toBe(1);
    expect((JSON.parse(before.stdout) as Array<{ errorCount: number }>).reduce((n, f) => n + f.errorCount, 0)).toBe(14);

    // 1. npx doclint init --suppress-all (from the repository root)
    const init = runCli(['init', '--suppress-all'], { cwd: repo });
    expect(init.stderr).toBe('');
    expect(init.stdout).toBe(
      [
        'Wrote docs/.doclintrc.json (extends doclint:recommended).',
        'page-image-frame: off — no page uses <Frame> (0 of 8 pages; 1 image on 8 pages)',
        'page-frontmatter-required: on (warn), title and description required — 8 of 8 hand-written pages (100 %) set a description',
        'page-spelling: off — cspell-lib is installed: set it to "warn" to check the spelling of the pages\' prose',
        'Added .doclintcache (the --cache file) to docs/.gitignore.',
        'docs/doclint-suppressions.json now suppresses 14 errors and 5 warnings (5 rules in 8 files); later runs report only findings beyond these.',
        'Next: commit docs/.doclintrc.json, docs/.gitignore and docs/doclint-suppressions.json, and run `npx doclint docs` in CI.',
        '',
      ].join('\n'),
    );
    expect(init.code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(repo, 'docs/.doclintrc.json'), 'utf8'))).toEqual({
      $schema: schemaFrom(path.join(repo, 'docs')),
      extends: 'doclint:recommended',
      rules: { 'page-image-frame': 'off', 'page-frontmatter-required': 'warn' },
    });
    expect(JSON.parse(readFileSync(path.join(repo, 'docs/doclint-suppressions.json'), 'utf8'))).toEqual({
      'docs.json': { 'nav-page-missing': { count: 1 } },
      'guides/configure.mdx': { 'page-image-alt': { count: 1 }, 'site-broken-link': { count: 2 } },
      'guides/deploy.mdx': { 'site-broken-link': { count: 2 } },
      'guides/install.mdx': { 'page-heading-increment': { count: 1 }, 'site-broken-link': { count: 2 } },
      'guides/upgrade.mdx': { 'page-link-text': { count: 1 }, 'site-broken-link': { count: 1 } },
      'index.mdx': { 'site-broken-link': { count: 2 } },
      'quickstart.mdx': { 'page-link-text': { count: 1 }, 'site-broken-link': { count: 3 } },
      'reference/api.mdx': { 'site-broken-link': { count: 2 } },
    });
    expect(readFileSync(path.join(repo, 'docs/.gitignore'), 'utf8')).toBe('.doclintcache\n');

    // 3. npx doclint docs (CI): green, even with --max-warnings 0 (the warnings are recorded too;
    // notes are never recorded, and count as neither).
    const NOTE = [
      '',
      'docs/reference/cli.mdx',
      '  8:1  info  code block has no language, and holds no code (text): name it ```text, which renders the same  page-code-language',
      '',
      'ℹ 0 problems (0 errors, 0 warnings), 1 note',
      '',
      '',
    ].join('\n');
    expect(runCli(['docs'], { cwd: repo })).toEqual({ code: 0, stdout: NOTE, stderr: '' });
    expect(runCli(['docs', '--max-warnings', '0'], { cwd: repo })).toEqual({ code: 0, stdout: NOTE, stderr: '' });

    // A new broken link after the baseline fails the gate, naming only it.
    const cli = path.join(repo, 'docs/reference/cli.mdx');
    writeFileSync(cli, readFileSync(cli, 'utf8') + '\nAlso read [the manual](/manual).\n');
    const red = runCli(['docs', '--quiet'], { cwd: repo });
    expect(red.stdout).toBe(
      [
        '',
        'docs/reference/cli.mdx',
        '  14:11  error  link `/manual` is broken: no page or file at `manual` in the site  site-broken-link',
        '',
        '✖ 1 problem (1 error, 0 warnings) (--quiet hid 1 note)',
        '',
        '',
      ].join('\n'),
    );
    expect(red.code).toBe(1);
  });

  test("the README's hook after init --suppress-all: an edit that adds nothing new passes --max-warnings 0; a new warning fails", () => {
    const repo = repoWithSite();
    rmSync(path.join(repo, '.git'), { recursive: true });
    git(repo, 'init', '-q');
    git(repo, 'config', 'user.email', 'writer@example.com');
    git(repo, 'config', 'user.name', 'Writer');
    expect(runCli(['init', '--suppress-all'], { cwd: repo }).code).toBe(0);
    git(repo, 'add', '-A');
    git(repo, 'commit', '-qm', 'doclint baseline');
    // A one-line edit of a page with an old warning (and an old broken link).
    const upgrade = path.join(repo, 'docs/guides/upgrade.mdx');
    writeFileSync(upgrade, readFileSync(upgrade, 'utf8').replace('## From 1.x', '## From version 1'));
    git(repo, 'add', '-A');
    expect(runCli(['--staged', '--max-warnings', '0'], { cwd: repo })).toEqual({ code: 0, stdout: '', stderr: '' });
    // A new warning of the same rule in the same page: both are reported (which one is new cannot be told).
    append(upgrade, '\nSee [here](/guides/install).\n');
    git(repo, 'add', '-A');
    const red = runCli(['--staged', '--max-warnings', '0', '-f', 'unix'], { cwd: repo });
    expect(red).toEqual({
      code: 1,
      stdout: [
        'docs/guides/upgrade.mdx:8:38: warning link text "click here" does not say where the link goes: use words that name the target [page-link-text]',
        'docs/guides/upgrade.mdx:10:5: warning link text "here" does not say where the link goes: use words that name the target [page-link-text]',
        '',
      ].join('\n'),
      stderr: 'doclint: 2 warnings exceed --max-warnings 0\n',
    });
  });

  test('plain init says what the site has and how to record it; init --help is its own', () => {
    const repo = repoWithSite();
    writeFileSync(path.join(repo, 'docs/.gitignore'), 'node_modules');
    expect(runCli(['init'], { cwd: repo })).toEqual({
      code: 0,
      stdout: [
        'Wrote docs/.doclintrc.json (extends doclint:recommended).',
        'page-image-frame: off — no page uses <Frame> (0 of 8 pages; 1 image on 8 pages)',
        'page-frontmatter-required: on (warn), title and description required — 8 of 8 hand-written pages (100 %) set a description',
        'page-spelling: off — cspell-lib is installed: set it to "warn" to check the spelling of the pages\' prose',
        'Added .doclintcache (the --cache file) to docs/.gitignore.',
        'The site has 14 errors and 5 warnings: `npx doclint docs` fails until the errors are fixed. To fail only on new ones, record these as a baseline: `npx doclint docs --suppress-all`.',
        'Next: commit docs/.doclintrc.json and docs/.gitignore, and run `npx doclint docs` in CI.',
        '',
      ].join('\n'),
      stderr: '',
    });
    expect(readFileSync(path.join(repo, 'docs/.gitignore'), 'utf8')).toBe('node_modules\n.doclintcache\n');
    // Again (--force): the entry is there already.
    expect(runCli(['init', '--force', 'docs'], { cwd: repo }).stdout.split('\n')[4]).toBe(
      'docs/.gitignore already ignores .doclintcache.',
    );
    expect(runCli(['init', '--help'], { cwd: repo })).toEqual({ code: 0, stdout: INIT_HELP, stderr: '' });
  });

  test('init refuses to replace a configuration without --force', () => {
    const repo = repoWithSite();
    expect(runCli(['init'], { cwd: repo }).code).toBe(0);
    const again = runCli(['init', 'docs'], { cwd: repo });
    expect(again).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'doclint: docs/.doclintrc.json already configures this site; doclint init does not replace it (use --force to write a new .doclintrc.json)\n',
    });
    writeFileSync(path.join(repo, 'docs/.doclintrc.json'), '{ "rules": { "site-broken-link": "off" } }\n');
    expect(runCli(['init', '--force'], { cwd: repo }).code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(repo, 'docs/.doclintrc.json'), 'utf8'))).toEqual({
      $schema: schemaFrom(path.join(repo, 'docs')),
      extends: 'doclint:recommended',
      rules: { 'page-image-frame': 'off', 'page-frontmatter-required': 'warn' },
    });
  });

  test('init in the site folder; $schema points at node_modules/doclint when it is installed', () => {
    const root = tmpSite({
      'docs.json': MINIMAL_CONFIG,
      'index.mdx': MINIMAL_PAGE,
      'node_modules/doclint/schema/doclintrc.schema.json': '{}',
    });
    const result = runCli(['init'], { cwd: root });
    expect(result.stdout).toBe(
      [
        'Wrote .doclintrc.json (extends doclint:recommended).',
        'page-image-frame: on (warn) — few images (0 images on 1 page): each screenshot is framed from the start, as the writing guide asks',
        'page-frontmatter-required: on (warn), title and description required — 1 of 1 hand-written pages (100 %) set a description',
        'page-spelling: off — cspell-lib is installed: set it to "warn" to check the spelling of the pages\' prose',
        'Added .doclintcache (the --cache file) to .gitignore.',
        'The site has no errors or warnings.',
        'Next: commit .doclintrc.json and .gitignore, and run `npx doclint` in CI.',
        '',
      ].join('\n'),
    );
    expect(JSON.parse(readFileSync(path.join(root, '.doclintrc.json'), 'utf8')).$schema).toBe(
      './node_modules/doclint/schema/doclintrc.schema.json',
    );
    // The file it writes is a valid configuration.
    expect(runCli([], { cwd: root })).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  test("init sets the house-style rules to the site's conventions and says why, one line each", () => {
    const FRONT = (title: string) => `---\ntitle: ${title}\ndescription: What the page is for.\n---\n\n`;
    const config = JSON.stringify({
      ...JSON.parse(MINIMAL_CONFIG),
      navigation: { groups: [{ group: 'Start', pages: ['index', 'setup'] }] },
    });
    const bare = '```\nnpm i\n```\n\n'.repeat(6) + '```bash\nnpm i\n```\n\n'.repeat(4);
    const root = tmpSite({
      'docs.json': config,
      'index.mdx': `${FRONT('Start here')}## Start\n\n<Frame>\n  ![The dashboard](/images/a.svg)\n</Frame>\n\n${bare}`,
      'setup.mdx': `${FRONT('Set up the tool')}## Setup\n\n<Frame>\n  ![The settings](/images/b.svg)\n</Frame>\n\n![The keys](/images/c.svg)\n`,
      'images/a.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'images/b.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'images/c.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    });
    expect(runCli(['init'], { cwd: root })).toEqual({
      code: 0,
      stdout: [
        'Wrote .doclintrc.json (extends doclint:recommended).',
        'page-image-frame: on (warn) — 2 of 3 images are in a <Frame>: unframed screenshots are reported',
        'page-code-language: off — most code blocks name no language (6 of 10)',
        'page-frontmatter-required: on (warn), title and description required — 2 of 2 hand-written pages (100 %) set a description',
        'page-spelling: off — cspell-lib is installed: set it to "warn" to check the spelling of the pages\' prose',
        'Added .doclintcache (the --cache file) to .gitignore.',
        'The site has 1 warning: `npx doclint --max-warnings 0` fails on them. To fail only on new ones, record these as a baseline: `npx doclint --suppress-all`.',
        'Next: commit .doclintrc.json and .gitignore, and run `npx doclint` in CI.',
        '',
      ].join('\n'),
      stderr: '',
    });
    expect(JSON.parse(readFileSync(path.join(root, '.doclintrc.json'), 'utf8')).rules).toEqual({
      'page-image-frame': 'warn',
      'page-code-language': 'off',
      'page-frontmatter-required': 'warn',
    });
    // The one warning is the unframed image.
    expect(runCli(['-f', 'json'], { cwd: root }).stdout).toContain(
      '"ruleId":"page-image-frame","severity":1,"message":"image is not inside a `<Frame>`: wrap it in `<Frame>…</Frame>`","line":12',
    );
  });

  test('init with two sites below, or none, says so (exit 2)', () => {
    const two = tmpSite({ 'a/docs.json': MINIMAL_CONFIG, 'b/site/docs.json': MINIMAL_CONFIG });
    expect(runCli(['init'], { cwd: two })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'doclint: found 2 sites (a/, b/site/); name the one to set up: `doclint init a`\n',
    });
    const none = tmpSite({ 'node_modules/x/docs.json': MINIMAL_CONFIG, '.hidden/docs.json': MINIMAL_CONFIG });
    expect(runCli(['init'], { cwd: none })).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'doclint: no docs.json found in ., any folder above it or its subfolders; run doclint init in the folder of the site\n',
    });
  });

  test('a plain run from the repository root says where the site is', () => {
    const repo = repoWithSite();
    expect(runCli([], { cwd: repo })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'doclint: no docs.json here; found one in docs/ — run `doclint docs`\n',
    });
    const empty = tmpSite({ 'notes/readme.md': '# notes\n' });
    expect(runCli([], { cwd: empty })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'doclint: no docs.json found in . or any folder above it\n',
    });
  });
});
