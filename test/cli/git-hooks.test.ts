import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BIN, REPO } from '../helpers/cli.js';
import { tmpSite } from '../helpers/tmp-site.js';
import { testIf } from '../helpers/needs.js';

/*
 * doclint as a commit gate, driven through the real tools: pre-commit (Debian package) with the
 * hook this repository publishes in .pre-commit-hooks.yaml, and lint-staged (npm). Each blocks a
 * commit of a bad page with doclint's findings and lets it through once the page is fixed.
 */

const BAD_PAGE = '---\ntitle: Pass windows\ndescription: When a satellite can see a ground station.\n---\n\n## Windows\n\nRead [here](/guides/quickstart).\n';
const GOOD_PAGE = BAD_PAGE.replace('Read [here]', 'Read [the quickstart]');

function git(cwd: string, ...args: string[]) {
  return spawnSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
}

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
    ['-e', `const c=require(${JSON.stringify(docsJson)});c.navigation.tabs[0].groups[0].pages.push('passes');process.stdout.write(JSON.stringify(c,null,2))`],
    { encoding: 'utf8' },
  );
  writeFileSync(docsJson, config);
  writeFileSync(path.join(repo, 'docs/passes.mdx'), page);
  git(repo, 'add', '-A');
  return repo;
}

const has = (command: string) => spawnSync(command, ['--version'], { encoding: 'utf8' }).status === 0;

describe('pre-commit', () => {
  const maybe = testIf(has('pre-commit') ? undefined : 'pre-commit is not installed (Debian package "pre-commit")');

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
});

describe('lint-staged', () => {
  test('blocks a commit with a bad staged page and passes once it is fixed', () => {
    const repo = repoWithStagedPage(BAD_PAGE);
    writeFileSync(
      path.join(repo, 'package.json'),
      JSON.stringify({ name: 'docs', private: true, 'lint-staged': { '*.{md,mdx,json}': `node ${BIN} --max-warnings 0` } }, null, 2),
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
});
