import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { lint } from '../../src/commands/lint.js';
import { git } from '../helpers/git-repo.js';
import { tmpSite } from '../helpers/tmp-site.js';

/*
 * --cache and a rule that reads git history (nav-translation-stale): the site's findings are kept
 * for one HEAD only. A commit that changes no file on disk (the edit was already there) changes
 * the findings, and the cached run must give them as a run without the cache does.
 */

const page = (title: string, description: string) =>
  `---\ntitle: ${title}\ndescription: ${description}\n---\n\n## Body\n`;
const FILES = {
  'docs.json': JSON.stringify({
    theme: 'mint',
    name: 'Acme',
    colors: { primary: '#15803D' },
    navigation: {
      languages: [
        { language: 'en', groups: [{ group: 'Start', pages: ['index', 'setup'] }] },
        { language: 'fr', groups: [{ group: 'Début', pages: ['fr/index', 'fr/setup'] }] },
      ],
    },
  }),
  'index.mdx': page('Home', 'A page of the translated test site.'),
  'setup.mdx': page('Set up', 'A page of the translated test site.'),
  'fr/index.mdx': page('Accueil', 'Une page du site de test traduit.'),
  'fr/setup.mdx': page('Installation', 'Une page du site de test traduit.'),
};

function commitAt(repo: string, date: string, message: string) {
  git(repo, 'add', '-A');
  const result = spawnSync(
    'git',
    ['-c', 'user.email=writer@example.com', '-c', 'user.name=Writer', 'commit', '-qm', message],
    {
      cwd: repo,
      env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
    },
  );
  expect(result.status).toBe(0);
}

test('a commit that changes no file on disk: the cached run reports what a run without the cache does', async () => {
  const root = tmpSite(FILES);
  git(root, 'init', '-q');
  commitAt(root, '2026-01-05T10:00:00Z', 'site and translation');
  // The source edited on disk, not yet committed: history says nothing is stale.
  writeFileSync(path.join(root, 'setup.mdx'), `${FILES['setup.mdx']}\nA new step.\n`);
  const options = {
    paths: [root],
    cwd: root,
    overrides: { 'nav-translation-stale': { severity: 'warning' as const } },
    cache: {},
  };
  const stale = async (cache: boolean) =>
    (await lint(cache ? options : { ...options, cache: undefined })).diagnostics
      .filter((d) => d.ruleId === 'nav-translation-stale')
      .map((d) => `${path.relative(root, d.file)}:${d.line} ${d.message.split(':')[0]}`);
  expect(await stale(true)).toEqual([]);
  // The edit committed: no file changes, the history does.
  commitAt(root, '2026-02-10T10:00:00Z', 'a new step');
  const expected = ['fr/setup.mdx:1 `fr/setup.mdx` may be out of date'];
  expect(await stale(false)).toEqual(expected);
  expect(await stale(true)).toEqual(expected);
});
