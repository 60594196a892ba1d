import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';
import { committedRepo, git } from '../helpers/git-repo.js';

/*
 * `--changed-since REF`: what a branch changed since it left REF (commits, staged and unstaged
 * edits, new files) is linted, and what points at files it removes; untouched pages say nothing.
 * `site-redirect-missing`: a published page removed without a redirect from its route.
 */

/** The example site (under docs/) committed, tagged `base`, and a branch of it checked out. */
function branch(): string {
  const repo = committedRepo();
  git(repo, 'tag', 'base');
  git(repo, 'checkout', '-q', '-b', 'change');
  return repo;
}

function commit(repo: string, message: string) {
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', message);
}

/** docs.json without the quickstart page in its navigation. */
function unlistQuickstart(repo: string) {
  const file = path.join(repo, 'docs/docs.json');
  writeFileSync(file, readFileSync(file, 'utf8').replace('"guides/quickstart",', ''));
}

/** The links to the quickstart page pointed elsewhere. */
function relinkQuickstart(repo: string) {
  for (const page of ['docs/index.mdx', 'docs/guides/errors-and-limits.mdx']) {
    const file = path.join(repo, page);
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(/\/guides\/quickstart(#[\w-]+)?/g, '/guides/authentication'),
    );
  }
  const redirects = path.join(repo, 'docs/redirects.json');
  writeFileSync(redirects, readFileSync(redirects, 'utf8').replace('"/guides/quickstart"', '"/guides/authentication"'));
}

const NO_REDIRECT =
  'docs/docs.json:122:3: warning `guides/quickstart.mdx` is removed, and nothing serves its route `/guides/quickstart` now: links and bookmarks to it will end on a 404; add a redirect from `/guides/quickstart` to the page that replaces it (`doclint rename` adds one when it moves a page) [site-redirect-missing]';

describe('doclint --changed-since', () => {
  test('committed, staged, unstaged and new files are linted; untouched pages are not', () => {
    const repo = branch();
    appendFileSync(path.join(repo, 'docs/guides/authentication.mdx'), '\nSee [here](/guides/errors-and-limits).\n');
    commit(repo, 'committed');
    appendFileSync(path.join(repo, 'docs/changelog.mdx'), '\n[The missing page](/missing)\n');
    git(repo, 'add', 'docs/changelog.mdx');
    appendFileSync(path.join(repo, 'docs/guides/quickstart.mdx'), '\n[The other missing page](/missing-too)\n');
    writeFileSync(
      path.join(repo, 'docs/draft.mdx'),
      '---\ntitle: A draft of a page\ndescription: A page written on the branch and not listed yet.\n---\n\nText.\n',
    );
    const result = runCli(['--changed-since', 'base', '-f', 'unix'], { cwd: repo });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(
      [
        'docs/changelog.mdx:22:1: error link `/missing` is broken: no page or file at `missing` in the site [site-broken-link]',
        'docs/draft.mdx:1:1: warning `draft` is not in the navigation: with `seo.indexing` "navigable", the platform leaves it out of search, the sitemap, llms.txt and AI context; add it to the navigation in docs.json, or set `hidden: true` in its front matter if it is unlisted on purpose [site-orphan-page]',
        'docs/guides/authentication.mdx:78:5: warning link text "here" does not say where the link goes: use words that name the target [page-link-text]',
        'docs/guides/quickstart.mdx:109:1: error link `/missing-too` is broken: no page or file at `missing-too` in the site [site-broken-link]',
        '',
      ].join('\n'),
    );
    expect(result.code).toBe(1);
  });

  test('paths narrow the change to the files inside them', () => {
    const repo = branch();
    appendFileSync(path.join(repo, 'docs/changelog.mdx'), '\n[The missing page](/missing)\n');
    appendFileSync(path.join(repo, 'docs/guides/quickstart.mdx'), '\n[The other missing page](/missing-too)\n');
    const result = runCli(['--changed-since', 'base', '-f', 'unix', 'docs/guides'], { cwd: repo });
    expect(result.stdout).toBe(
      'docs/guides/quickstart.mdx:109:1: error link `/missing-too` is broken: no page or file at `missing-too` in the site [site-broken-link]\n',
    );
  });

  test('no change: nothing is linted', () => {
    const result = runCli(['--changed-since', 'base', '-f', 'unix'], { cwd: branch() });
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  test('what points at a page the branch removed is reported in any file, and the missing redirect', () => {
    const repo = branch();
    git(repo, 'rm', '-q', 'docs/guides/quickstart.mdx');
    commit(repo, 'remove the quickstart');
    const result = runCli(['--changed-since', 'base', '-f', 'unix'], { cwd: repo });
    expect(result.stdout).toBe(
      [
        'docs/docs.json:26:15: error `guides/quickstart` is in the navigation but no page `guides/quickstart.mdx` or `guides/quickstart.md` exists [nav-page-missing]',
        'docs/guides/errors-and-limits.mdx:65:21: error link `/guides/quickstart#install-the-sdk` is broken: no page or file at `guides/quickstart` in the site [site-broken-link]',
        'docs/index.mdx:15:42: error <Card href> `/guides/quickstart` is broken: no page or file at `guides/quickstart` in the site [site-broken-link]',
        'docs/redirects.json:4:20: error redirect `/quickstart` → `/guides/quickstart` leads nowhere: no page or file at `guides/quickstart` in the site [site-redirect]',
        '',
      ].join('\n'),
    );
  });

  test.each([
    [
      ['--changed-since', 'nope'],
      'doclint: --changed-since: no common commit of nope and HEAD (is nope a branch or commit of this repository, fetched?)\n',
    ],
    [['--changed-since=-x'], 'doclint: --changed-since takes a git revision such as origin/main (got "-x")\n'],
    [['--changed-since', 'base', '--staged'], 'doclint: --staged and --changed-since exclude each other\n'],
  ])('%j is a usage error', (args, message) => {
    const result = runCli([...args], { cwd: branch() });
    expect(result).toMatchObject({ code: 2, stdout: '', stderr: message });
  });
});

describe('site-redirect-missing', () => {
  test('a published page removed cleanly (unlisted, links mended) but with no redirect: one warning at the redirects', () => {
    const repo = branch();
    git(repo, 'rm', '-q', 'docs/guides/quickstart.mdx');
    unlistQuickstart(repo);
    relinkQuickstart(repo);
    commit(repo, 'remove the quickstart');
    const result = runCli(['--changed-since', 'base', '-f', 'unix'], { cwd: repo });
    expect(result.stdout).toBe(NO_REDIRECT + '\n');
    expect(result.code).toBe(0);
  });

  test('--staged: a rename without a redirect is reported; with a redirect from the old route, nothing', () => {
    const repo = branch();
    git(repo, 'mv', 'docs/guides/quickstart.mdx', 'docs/guides/start.mdx');
    const docsJson = path.join(repo, 'docs/docs.json');
    writeFileSync(docsJson, readFileSync(docsJson, 'utf8').replace('"guides/quickstart"', '"guides/start"'));
    relinkQuickstart(repo);
    git(repo, 'add', '-A');
    const without = runCli(['--staged', '-f', 'unix'], { cwd: repo });
    expect(without.stdout).toBe(NO_REDIRECT + '\n');
    const redirects = path.join(repo, 'docs/redirects.json');
    const list = JSON.parse(readFileSync(redirects, 'utf8')) as unknown[];
    writeFileSync(
      redirects,
      JSON.stringify([...list, { source: '/guides/quickstart', destination: '/guides/start' }], null, 2),
    );
    git(repo, 'add', '-A');
    expect(runCli(['--staged', '-f', 'unix'], { cwd: repo })).toMatchObject({ code: 0, stdout: '' });
  });

  test('a page hidden by its front matter, or not in the navigation before the change, needs no redirect', () => {
    const repo = branch();
    const page = path.join(repo, 'docs/guides/quickstart.mdx');
    writeFileSync(page, readFileSync(page, 'utf8').replace('---\n', '---\nhidden: true\n'));
    commit(repo, 'hide the quickstart');
    git(repo, 'tag', 'hidden');
    git(repo, 'rm', '-q', 'docs/guides/quickstart.mdx');
    unlistQuickstart(repo);
    relinkQuickstart(repo);
    commit(repo, 'remove the quickstart');
    expect(runCli(['--changed-since', 'hidden', '-f', 'unix'], { cwd: repo })).toMatchObject({ code: 0, stdout: '' });
  });

  test('a whole-site run has no change to check', () => {
    const repo = branch();
    expect(runCli(['-f', 'unix', '--rule', 'site-redirect-missing:error', 'docs'], { cwd: repo })).toMatchObject({
      code: 0,
      stdout: '',
    });
  });
});
