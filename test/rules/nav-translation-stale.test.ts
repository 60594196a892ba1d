import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';
import { git } from '../helpers/git-repo.js';
import { siteRuleTester } from '../helpers/site-rule-tester.js';
import { tmpSite } from '../helpers/tmp-site.js';

/*
 * nav-translation-stale reads git history: a translation is stale when its source page changed in
 * a later commit. Commit dates are set, so the dates in the messages are exact.
 */

const page = (title: string, description = 'A page of the translated test site.') =>
  `---\ntitle: ${title}\ndescription: ${description}\n---\n\n## Body\n`;
const pageFr = (title: string) => page(title, 'Une page du site de test traduit.');
const DOCS_JSON = JSON.stringify(
  {
    theme: 'mint',
    name: 'Acme',
    colors: { primary: '#15803D' },
    navigation: {
      languages: [
        { language: 'en', groups: [{ group: 'Start', pages: ['index', 'setup'] }] },
        { language: 'fr', groups: [{ group: 'Début', pages: ['fr/index', 'fr/setup'] }] },
      ],
    },
  },
  null,
  2,
);
const FILES = {
  'docs.json': DOCS_JSON,
  'index.mdx': page('Home'),
  'setup.mdx': page('Set up'),
  'fr/index.mdx': pageFr('Accueil'),
  'fr/setup.mdx': pageFr('Installation'),
};

/** Commits everything with author and committer dates set to `date`. */
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

/** A repository with the site translated on 2026-01-05 and its English setup page edited on 2026-02-10. */
function repo(): { root: string; commit: string } {
  const root = tmpSite(FILES);
  git(root, 'init', '-q');
  commitAt(root, '2026-01-05T10:00:00Z', 'site and translation');
  writeFileSync(path.join(root, 'setup.mdx'), page('Set up') + '\nA new step.\n');
  commitAt(root, '2026-02-10T10:00:00Z', 'a new step');
  return { root, commit: git(root, 'rev-parse', 'HEAD').stdout.trim() };
}

const on = ['--rule', 'nav-translation-stale:warn', '-f', 'unix'];

describe('nav-translation-stale', () => {
  test('a translation whose source changed later: a warning on the translation, with the commit and both dates', () => {
    const { root, commit } = repo();
    const result = runCli([...on, '.'], { cwd: root });
    expect(result.stdout).toBe(
      `fr/setup.mdx:1:1: warning \`fr/setup.mdx\` may be out of date: its source \`setup.mdx\` changed in ${commit.slice(0, 12)} (2026-02-10), after this translation last changed (2026-01-05); update it, or list it in this rule's \`reviewed\` option with \`"fr/setup.mdx": "${commit.slice(0, 12)}"\` if it needs no change [nav-translation-stale]\n`,
    );
    expect(result.code).toBe(0);
  });

  test('reviewed against the source commit: nothing', () => {
    const { root, commit } = repo();
    writeFileSync(
      path.join(root, '.doclintrc.json'),
      JSON.stringify({
        rules: { 'nav-translation-stale': ['warn', { reviewed: { 'fr/setup.mdx': commit.slice(0, 7) } }] },
      }),
    );
    expect(runCli([...on.slice(2), '.'], { cwd: root })).toMatchObject({ code: 0, stdout: '' });
  });

  test('off by default', () => {
    expect(runCli(['-f', 'unix', '.'], { cwd: repo().root })).toMatchObject({ code: 0, stdout: '' });
  });

  test('outside a git repository: one note says why nothing was checked', () => {
    const root = tmpSite(FILES);
    expect(runCli([...on, '.'], { cwd: root }).stdout).toBe(
      'docs.json:7:3: warning translations are not checked for staleness: the site is not in a git repository [nav-translation-stale]\n',
    );
  });
});

// The RuleTester's sites are not git repositories: its table holds what the rule says without
// history (the cases with history are above).
siteRuleTester('nav-translation-stale', {
  valid: [{ name: 'one language: no translation to check, nothing to say', files: { 'setup.mdx': page('Set up') } }],
  invalid: [
    {
      name: 'translations outside a git repository: one note says why nothing was checked',
      files: FILES,
      errors: [
        {
          file: 'docs.json',
          line: 7,
          column: 3,
          endLine: 7,
          endColumn: 15,
          messageId: 'noHistory',
          data: { reason: 'the site is not in a git repository' },
        },
      ],
    },
  ],
});
