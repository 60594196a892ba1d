import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseNameStatus } from '../../src/cli/git-change.js';
import { runCli } from '../helpers/cli.js';
import { tmpSite } from '../helpers/tmp-site.js';
import { committedRepo, git } from '../helpers/git-repo.js';

/*
 * `--staged`: the change git would commit is read from the index, and what in the site points at
 * a file it deletes or renames is reported in whichever file it is, though that file is not staged.
 */

describe('parseNameStatus', () => {
  test('renames and deletions remove their old path; additions, changes, copies and new names are linted', () => {
    const out = [
      'M',
      'docs/a.mdx',
      'D',
      'docs/gone.mdx',
      'R087',
      'docs/old name.mdx',
      'docs/new name.mdx',
      'C100',
      'docs/x.mdx',
      'docs/y.mdx',
      'A',
      'docs/new.mdx',
      'U',
      'docs/conflict.mdx',
      '',
    ].join('\0');
    expect(parseNameStatus(out)).toEqual({
      changed: ['docs/a.mdx', 'docs/new name.mdx', 'docs/y.mdx', 'docs/new.mdx'],
      removed: ['docs/gone.mdx', 'docs/old name.mdx'],
    });
    expect(parseNameStatus('')).toEqual({ changed: [], removed: [] });
  });
});

describe('doclint --staged', () => {
  test('a deleted image and spec, a renamed snippet: the link, the navigation and the import that point at them', () => {
    const repo = committedRepo();
    git(repo, 'rm', '-q', 'docs/images/pass-overview.svg', 'docs/api-reference/openapi.json');
    git(repo, 'mv', 'docs/snippets/api-key-note.mdx', 'docs/snippets/key-note.mdx');
    const result = runCli(['--staged', '-f', 'unix'], { cwd: repo });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(
      [
        'docs/docs.json:53:20: error OpenAPI spec `api-reference/openapi.json` not found: the file does not exist [nav-openapi-invalid]',
        "docs/guides/quickstart.mdx:6:24: error `import … from '/snippets/api-key-note.mdx'` names no file of the site; did you mean `/snippets/key-note.mdx`? [site-import-missing]",
        'docs/index.mdx:9:8: error <img src> `/images/pass-overview.svg` is broken: no file `images/pass-overview.svg` in the site [site-broken-link]',
        // The renamed snippet: the page still imports it by its old name, so under its new one nothing does.
        "docs/snippets/key-note.mdx:1:1: info snippet `/snippets/key-note.mdx` is not imported or included by any page or snippet, so it is never shown: import it where it belongs (`import X from '/snippets/key-note.mdx'`) or delete it [site-unused-snippet]",
        '',
      ].join('\n'),
    );
    expect(result.code).toBe(1);
  });

  test('a problem that was there before the change is not the change’s: only what the deletion breaks is reported', () => {
    const repo = committedRepo();
    // A link that was broken already, in a page the commit does not touch.
    writeFileSync(
      path.join(repo, 'docs/changelog.mdx'),
      `${git(repo, 'show', 'HEAD:docs/changelog.mdx').stdout}\nSee [the old page](/guides/never-there).\n`,
    );
    git(repo, 'commit', '-qam', 'a broken link');
    git(repo, 'rm', '-q', 'docs/guides/webhooks.mdx');
    const result = runCli(['--staged', '-f', 'unix'], { cwd: repo });
    expect(result.stdout).toBe(
      [
        'docs/changelog.mdx:9:104: error link `/guides/webhooks#event-types` is broken: no page or file at `guides/webhooks` in the site [site-broken-link]',
        'docs/docs.json:37:19: error `guides/webhooks` is in the navigation but no page `guides/webhooks.mdx` or `guides/webhooks.md` exists [nav-page-missing]',
        'docs/guides/quickstart.mdx:104:38: error <Card href> `/guides/webhooks` is broken: no page or file at `guides/webhooks` in the site [site-broken-link]',
        '',
      ].join('\n'),
    );
    expect(result.code).toBe(1);
  });

  test('nothing staged: nothing linted, exit 0; staged files only: those files', () => {
    const repo = committedRepo();
    expect(runCli(['--staged'], { cwd: repo })).toEqual({ code: 0, stdout: '', stderr: '' });
    writeFileSync(
      path.join(repo, 'docs/guides/errors-and-limits.mdx'),
      `${git(repo, 'show', 'HEAD:docs/guides/errors-and-limits.mdx').stdout}\nRead [here](/guides/quickstart).\n`,
    );
    git(repo, 'add', 'docs/guides/errors-and-limits.mdx');
    const result = runCli(['--staged', '-f', 'unix'], { cwd: repo });
    expect(result.stdout).toMatch(
      /^docs\/guides\/errors-and-limits\.mdx:\d+:6: warning link text "here" does not say where the link goes/,
    );
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(1);
  });

  test('outside a git repository: a one-line error, exit 2', () => {
    const dir = tmpSite({ 'docs.json': '{}' });
    expect(runCli(['--staged'], { cwd: dir })).toEqual({
      code: 2,
      stdout: '',
      stderr: `doclint: --staged: ${dir} is not inside a git repository\n`,
    });
    expect(runCli(['--staged', '--stdin', '--stdin-filename', 'a.mdx'], { cwd: dir }).stderr).toBe(
      'doclint: --staged lints the change git would commit; it does not go with --stdin\n',
    );
  });
});
