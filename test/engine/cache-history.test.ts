import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { lint } from '../../src/commands/lint.js';
import { runCli } from '../helpers/cli.js';
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

/*
 * No rule declares that it reads history: the cache keeps the site's findings with the
 * repository's state only when a rule asked for it while it ran. A plugin's rule reports which run
 * it ran in (an environment variable of the run), so a finding from the cache names an earlier run.
 */
const PLUGIN = `export const rules = {
  history: {
    meta: { kind: 'site', description: 'Reads git history, for tests.', severity: 'warning' },
    async check(context) {
      const history = await context.site.history(context.pass);
      context.report({ message: \`run \${process.env.RUN}: history \${history.ok ? 'read' : 'missing'}\` });
    },
  },
  plain: {
    meta: { kind: 'site', description: 'Reads no history, for tests.', severity: 'warning' },
    check(context) {
      context.report({ message: \`run \${process.env.RUN}\` });
    },
  },
};
`;

describe('--cache keys site findings on what the rules read of git history', () => {
  function repo(rule: 'history' | 'plain') {
    const root = tmpSite({
      ...FILES,
      'plugins/probe/index.js': PLUGIN,
      '.doclintrc.json': JSON.stringify({
        plugins: { probe: './plugins/probe/index.js' },
        rules: { [`probe/${rule === 'history' ? 'plain' : 'history'}`]: 'off' },
      }),
    });
    git(root, 'init', '-q');
    commitAt(root, '2026-01-05T10:00:00Z', 'site');
    return root;
  }
  const probe = (root: string, run: number) =>
    runCli(['--cache', '--format', 'unix', '.'], { cwd: root, env: { RUN: String(run) } })
      .stdout.split('\n')
      .filter((line) => line.includes('[probe/'));
  const emptyCommit = (root: string) => {
    const result = spawnSync(
      'git',
      ['-c', 'user.email=writer@example.com', '-c', 'user.name=Writer', 'commit', '-q', '--allow-empty', '-m', 'later'],
      { cwd: root },
    );
    expect(result.status).toBe(0);
  };

  test('a rule that read history: its findings stand while HEAD is the same; a new commit checks again', () => {
    const root = repo('history');
    expect(probe(root, 1)).toEqual(['docs.json:1:1: warning run 1: history read [probe/history]']);
    expect(probe(root, 2)).toEqual(['docs.json:1:1: warning run 1: history read [probe/history]']);
    emptyCommit(root);
    expect(probe(root, 3)).toEqual(['docs.json:1:1: warning run 3: history read [probe/history]']);
  });

  test('no rule read history: a new commit (no file changed) does not check again', () => {
    const root = repo('plain');
    expect(probe(root, 1)).toEqual(['docs.json:1:1: warning run 1 [probe/plain]']);
    emptyCommit(root);
    expect(probe(root, 2)).toEqual(['docs.json:1:1: warning run 1 [probe/plain]']);
  });
});
