import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';
import path from 'node:path';
import { BIN, REPO } from '../helpers/cli.js';
import { tmpSite } from '../helpers/tmp-site.js';
import { testIf } from '../helpers/needs.js';
import { committedRepo, git } from '../helpers/git-repo.js';

/*
 * doclint as a commit gate, driven through the real tools: pre-commit (Debian package) with the
 * hook this repository publishes in .pre-commit-hooks.yaml, and lint-staged (npm). Each blocks a
 * commit of a bad page with doclint's findings and lets it through once the page is fixed.
 */

const BAD_PAGE =
  '---\ntitle: Pass windows\ndescription: When a satellite can see a ground station.\n---\n\n## Windows\n\nRead [here](/guides/quickstart).\n';
const GOOD_PAGE = BAD_PAGE.replace('Read [here]', 'Read [the quickstart]');

/** A git repository holding a copy of the example site, with one new page staged. */
function repoWithStagedPage(page: string): string {
  const repo = tmpSite({});
  cpSync(path.join(REPO, 'fixtures/example'), path.join(repo, 'docs'), { recursive: true });
  git(repo, 'init', '-q');
  git(repo, 'config', 'user.email', 'writer@example.com');
  git(repo, 'config', 'user.name', 'Writer');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'docs');
  // the page needs a place in the navigation, or it would be an orphan
  const docsJson = path.join(repo, 'docs/docs.json');
  const config = execFileSync(
    'node',
    [
      '-e',
      `const c=require(${JSON.stringify(docsJson)});c.navigation.tabs[0].groups[0].pages.push('passes');process.stdout.write(JSON.stringify(c,null,2))`,
    ],
    { encoding: 'utf8' },
  );
  writeFileSync(docsJson, config);
  writeFileSync(path.join(repo, 'docs/passes.mdx'), page);
  git(repo, 'add', '-A');
  return repo;
}

/** What points at guides/quickstart.mdx once it is gone, as stylish prints it. */
const QUICKSTART_REFERENCES = [
  'docs/docs.json',
  '  26:15  error  `guides/quickstart` is in the navigation but no page `guides/quickstart.mdx` or `guides/quickstart.md` exists  nav-page-missing',
  '',
  'docs/guides/errors-and-limits.mdx',
  '  65:21  error  link `/guides/quickstart#install-the-sdk` is broken: no page or file at `guides/quickstart` in the site  site-broken-link',
  '',
  'docs/index.mdx',
  '  15:42  error  <Card href> `/guides/quickstart` is broken: no page or file at `guides/quickstart` in the site  site-broken-link',
  '',
  'docs/redirects.json',
  '  4:20  error  redirect `/quickstart` → `/guides/quickstart` leads nowhere: no page or file at `guides/quickstart` in the site  site-redirect',
  '',
  '✖ 4 problems (4 errors, 0 warnings)',
].join('\n');

function preCommitConfig(repo: string, hook: string, args = ''): void {
  const rev = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: REPO, encoding: 'utf8' }).trim();
  writeFileSync(
    path.join(repo, '.pre-commit-config.yaml'),
    `repos:\n  - repo: ${REPO}\n    rev: ${rev}\n    hooks:\n      - id: ${hook}\n${args}`,
  );
  git(repo, 'add', '.pre-commit-config.yaml');
  git(repo, 'commit', '-qm', 'hooks', '--no-verify');
  expect(spawnSync('pre-commit', ['install'], { cwd: repo, encoding: 'utf8' }).status).toBe(0);
}

const has = (command: string) => spawnSync(command, ['--version'], { encoding: 'utf8' }).status === 0;

describe('pre-commit', () => {
  const maybe = testIf(has('pre-commit') ? undefined : 'pre-commit is not installed (Debian package "pre-commit")');

  test('the published hooks run the committed build with node and install nothing (language: script)', () => {
    const hooks = parse(readFileSync(path.join(REPO, '.pre-commit-hooks.yaml'), 'utf8')) as Array<
      Record<string, unknown>
    >;
    expect(hooks.map(({ id, entry, language }) => ({ id, entry, language }))).toEqual([
      { id: 'doclint', entry: 'hook/doclint.cjs --staged', language: 'script' },
      { id: 'doclint-site', entry: 'hook/doclint.cjs --pass-on-unpruned-suppressions', language: 'script' },
    ]);
    expect(hooks.every((hook) => !('additional_dependencies' in hook) && !('language_version' in hook))).toBe(true);
    // pre-commit runs the entry from its clone of the repository: committed, executable, starting with `node`.
    expect(git(REPO, 'ls-files', '-s', 'hook/doclint.cjs').stdout).toMatch(/^100755 /);
    expect(readFileSync(path.join(REPO, 'hook/doclint.cjs'), 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/);
  });

  maybe(
    'the first run installs no environment: the clone of the repository is all the hook needs',
    () => {
      const repo = committedRepo();
      // A pre-commit home of its own (under the test root), so that the count below is this run's.
      const home = tmpSite({});
      const env = { ...process.env, PRE_COMMIT_HOME: home };
      const rev = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: REPO, encoding: 'utf8' }).trim();
      writeFileSync(
        path.join(repo, '.pre-commit-config.yaml'),
        `repos:\n  - repo: ${REPO}\n    rev: ${rev}\n    hooks:\n      - id: doclint-site\n        args: [docs]\n`,
      );
      const result = spawnSync('pre-commit', ['run', '--all-files'], { cwd: repo, encoding: 'utf8', env });
      expect(result.stdout).toMatch(/^doclint \(whole site\)\.+Passed$/m);
      expect(result.stdout).not.toContain('Installing environment');
      expect(result.status).toBe(0);
      // One clone of the repository and pre-commit's database; no node_modules, no Node.js environment.
      const clones = readdirSync(home).filter((name) => name.startsWith('repo'));
      expect(clones).toHaveLength(1);
      expect(readdirSync(path.join(home, clones[0]!)).filter((name) => /^node_env|^node_modules$/.test(name))).toEqual(
        [],
      );
    },
    300000,
  );

  maybe(
    'the published hook blocks a bad page and passes once it is fixed',
    () => {
      const repo = repoWithStagedPage(BAD_PAGE);
      const rev = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: REPO, encoding: 'utf8' }).trim();
      writeFileSync(
        path.join(repo, '.pre-commit-config.yaml'),
        `repos:\n  - repo: ${REPO}\n    rev: ${rev}\n    hooks:\n      - id: doclint\n        args: [--max-warnings, '0']\n`,
      );
      git(repo, 'add', '.pre-commit-config.yaml');
      expect(spawnSync('pre-commit', ['install'], { cwd: repo, encoding: 'utf8' }).status).toBe(0);
      const blocked = git(repo, 'commit', '-m', 'add a page');
      expect(blocked.status).not.toBe(0);
      expect(blocked.stdout + blocked.stderr).toContain('link text "here" does not say where the link goes');
      writeFileSync(path.join(repo, 'docs/passes.mdx'), GOOD_PAGE);
      git(repo, 'add', '-A');
      const passed = git(repo, 'commit', '-m', 'add a page');
      expect(passed.stdout + passed.stderr).toContain('doclint');
      expect(passed.status).toBe(0);
    },
    300000,
  );

  maybe(
    'deleting a page the navigation lists is refused, with the finding in docs.json (a file the commit does not touch)',
    () => {
      const repo = committedRepo();
      preCommitConfig(repo, 'doclint');
      git(repo, 'rm', '-q', 'docs/guides/quickstart.mdx');
      const blocked = git(repo, 'commit', '-m', 'remove the quickstart');
      expect(blocked.status).toBe(1);
      // git passes a hook's output on standard error.
      expect(blocked.stderr).toContain(`\n${QUICKSTART_REFERENCES}\n`);
      // Nothing was committed: the page is still in HEAD.
      expect(git(repo, 'ls-tree', '--name-only', 'HEAD', 'docs/guides/').stdout).toContain(
        'docs/guides/quickstart.mdx',
      );
      // A commit that touches no file of the site runs the hook and passes.
      git(repo, 'reset', '-q', 'HEAD', '--', 'docs/guides/quickstart.mdx');
      git(repo, 'checkout', '--', 'docs/guides/quickstart.mdx');
      writeFileSync(path.join(repo, 'notes.py'), 'print(1)\n');
      git(repo, 'add', 'notes.py');
      const passed = git(repo, 'commit', '-m', 'notes');
      expect(passed.stderr).toMatch(/^doclint\.+Passed$/m);
      expect(passed.status).toBe(0);
    },
    300000,
  );

  maybe(
    'a commit that fixes a baselined finding passes, and the hook says that CI fails until it is pruned, with the command',
    () => {
      // A site with an old warning, recorded as the baseline (`--suppress-all`), committed.
      const repo = repoWithStagedPage(BAD_PAGE);
      git(repo, 'commit', '-qm', 'a page', '--no-verify');
      expect(spawnSync(process.execPath, [BIN, '--suppress-all', 'docs'], { cwd: repo, encoding: 'utf8' }).status).toBe(
        0,
      );
      git(repo, 'add', '-A');
      git(repo, 'commit', '-qm', 'baseline', '--no-verify');
      preCommitConfig(repo, 'doclint');
      // The writer fixes the old warning: the commit passes, and pre-commit shows what the hook said.
      writeFileSync(path.join(repo, 'docs/passes.mdx'), GOOD_PAGE);
      git(repo, 'add', '-A');
      const passed = git(repo, 'commit', '-m', 'better link text');
      expect(passed.status).toBe(0);
      expect(passed.stderr).toMatch(/^doclint\.+Passed$/m);
      const said =
        'doclint: 1 suppression in docs/doclint-suppressions.json no longer occurs (passes.mdx page-link-text); a whole-site run (CI) fails on it until pruned: run `npx doclint --prune-suppressions docs` and commit docs/doclint-suppressions.json';
      expect(passed.stderr).toContain(`\n${said}\n`);
      // CI's whole-site run fails with the same first words…
      const ci = spawnSync(process.execPath, [BIN, 'docs'], { cwd: repo, encoding: 'utf8' });
      expect(ci.status).toBe(2);
      expect(ci.stderr).toContain('doclint: 1 suppression in docs/doclint-suppressions.json no longer occurs;');
      // …until the command the hook gave has run.
      const command = /run `npx doclint (.*)` and commit/.exec(said)![1]!.split(' ');
      expect(spawnSync(process.execPath, [BIN, ...command], { cwd: repo, encoding: 'utf8' }).status).toBe(0);
      expect(spawnSync(process.execPath, [BIN, 'docs'], { cwd: repo, encoding: 'utf8' }).status).toBe(0);
    },
    300000,
  );

  maybe(
    'doclint-site lints the whole site on every commit',
    () => {
      const repo = committedRepo();
      preCommitConfig(repo, 'doclint-site', '        args: [docs]\n');
      git(repo, 'rm', '-q', 'docs/guides/quickstart.mdx');
      const blocked = git(repo, 'commit', '-m', 'remove the quickstart');
      expect(blocked.status).toBe(1);
      expect(blocked.stderr).toMatch(/^doclint \(whole site\)\.+Failed$/m);
      // git passes a hook's output on standard error.
      // The whole site also shows that the snippet only the quickstart imported is now unused.
      const unused = [
        'docs/snippets/api-key-note.mdx',
        "  1:1  info  snippet `/snippets/api-key-note.mdx` is not imported or included by any page or snippet, so it is never shown: import it where it belongs (`import X from '/snippets/api-key-note.mdx'`) or delete it  site-unused-snippet",
        '',
        '',
      ].join('\n');
      const expected = QUICKSTART_REFERENCES.replace(
        '✖ 4 problems (4 errors, 0 warnings)',
        `${unused}✖ 4 problems (4 errors, 0 warnings), 1 note`,
      );
      expect(blocked.stderr).toContain(`\n${expected}\n`);
    },
    300000,
  );
});

describe('lint-staged', () => {
  test('blocks a commit with a bad staged page and passes once it is fixed', () => {
    const repo = repoWithStagedPage(BAD_PAGE);
    writeFileSync(
      path.join(repo, 'package.json'),
      JSON.stringify(
        { name: 'docs', private: true, 'lint-staged': { '*.{md,mdx,json}': `node ${BIN} --max-warnings 0` } },
        null,
        2,
      ),
    );
    const hook = path.join(repo, '.git/hooks/pre-commit');
    writeFileSync(hook, `#!/bin/sh\nexec node ${path.join(REPO, 'node_modules/lint-staged/bin/lint-staged.js')}\n`);
    chmodSync(hook, 0o755);
    git(repo, 'add', 'package.json');
    const blocked = git(repo, 'commit', '-m', 'add a page');
    expect(blocked.status).not.toBe(0);
    expect(blocked.stdout + blocked.stderr).toContain('link text "here" does not say where the link goes');
    writeFileSync(path.join(repo, 'docs/passes.mdx'), GOOD_PAGE);
    git(repo, 'add', '-A');
    const passed = git(repo, 'commit', '-m', 'add a page');
    expect(passed.status).toBe(0);
  }, 120000);

  test('with --staged, renaming a page reports what still points at its old name', () => {
    const repo = committedRepo();
    writeFileSync(
      path.join(repo, 'package.json'),
      JSON.stringify(
        { name: 'docs', private: true, 'lint-staged': { '*.{md,mdx,json}': `node ${BIN} --staged` } },
        null,
        2,
      ),
    );
    const hook = path.join(repo, '.git/hooks/pre-commit');
    writeFileSync(hook, `#!/bin/sh\nexec node ${path.join(REPO, 'node_modules/lint-staged/bin/lint-staged.js')}\n`);
    chmodSync(hook, 0o755);
    git(repo, 'add', 'package.json');
    git(repo, 'commit', '-qm', 'lint-staged', '--no-verify');
    git(repo, 'mv', 'docs/guides/quickstart.mdx', 'docs/guides/first-pass.mdx');
    const blocked = git(repo, 'commit', '-m', 'rename the quickstart');
    expect(blocked.status).not.toBe(0);
    // The renamed page is in no navigation: an orphan (a warning), listed among the references.
    const orphan = [
      'docs/guides/first-pass.mdx',
      '  1:1  warning  `guides/first-pass` is not in the navigation: with `seo.indexing` "navigable", the platform leaves it out of search, the sitemap, llms.txt and AI context; add it to the navigation in docs.json, or set `hidden: true` in its front matter if it is unlisted on purpose  site-orphan-page',
      '',
      '',
    ].join('\n');
    const expected = QUICKSTART_REFERENCES.replace('docs/index.mdx', `${orphan}docs/index.mdx`).replace(
      '4 problems (4 errors, 0 warnings)',
      '5 problems (4 errors, 1 warning)',
    );
    expect(blocked.stdout + blocked.stderr).toContain(`\n${expected}\n`);
  }, 120000);
});
