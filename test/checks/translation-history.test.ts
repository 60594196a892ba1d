import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import navTranslationStale from '../../rules/nav-translation-stale.js';
import { loadSite } from '../../src/site/load.js';
import { git } from '../helpers/git-repo.js';
import { tmpSite } from '../helpers/tmp-site.js';
import { toDiagnostics } from '../../src/engine/message-control.js';
import { builtinRegistry } from '../../src/config/registry.js';
import { runSiteRule } from '../../src/engine/rule-runner.js';
import { resolveSettings } from '../../src/config/settings.js';
import { factsReader, modelOf, simplify } from './helpers.js';

/*
 * nav-translation-stale orders changes by the commit graph: a source change the translation's
 * last commit was not built on is newer, whatever the timestamps say. The site has versions
 * holding languages (`v2/fr/setup` translates `v2/setup`).
 */

const page = (title: string, description: string) =>
  `---\ntitle: ${title}\ndescription: ${description}\n---\n\n## Body\n`;
const DOCS_JSON = JSON.stringify(
  {
    theme: 'mint',
    name: 'Acme',
    colors: { primary: '#15803D' },
    navigation: {
      versions: [
        {
          version: 'v2',
          languages: [
            { language: 'en', pages: ['v2/index', 'v2/setup'] },
            { language: 'fr', pages: ['v2/fr/index', 'v2/fr/setup'] },
          ],
        },
        {
          version: 'v1',
          languages: [
            { language: 'en', pages: ['v1/index'] },
            { language: 'fr', pages: ['v1/fr/index'] },
          ],
        },
      ],
    },
  },
  null,
  2,
);
const FILES = {
  'docs.json': DOCS_JSON,
  'v2/index.mdx': page('Home', 'Where to start.'),
  'v2/setup.mdx': page('Set up', 'Install the tool.'),
  'v2/fr/index.mdx': page('Accueil', 'Par où commencer.'),
  'v2/fr/setup.mdx': page('Installation', 'Installer l’outil.'),
  'v1/index.mdx': page('Home', 'Where to start in version 1.'),
  'v1/fr/index.mdx': page('Accueil', 'Par où commencer en version 1.'),
};

/** The rule's findings on the site at `root` (it is off by default: turned on here). */
async function runStale(root: string) {
  const site = await loadSite(root);
  const facts = factsReader(site);
  const found = await runSiteRule(navTranslationStale, modelOf(site), undefined, {
    facts,
    frontmatterFacts: facts,
    inScope: () => true,
    anchors: async () => undefined,
  });
  return simplify(
    site,
    toDiagnostics(found, builtinRegistry(), resolveSettings({ 'nav-translation-stale': { severity: 'warning' } })),
  );
}

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** Commits everything with author and committer dates set to `date`; the commit. */
function commitAt(root: string, date: string, message: string): string {
  git(root, 'add', '-A');
  const result = spawnSync(
    'git',
    ['-c', 'user.email=writer@example.com', '-c', 'user.name=Writer', 'commit', '-qm', message],
    {
      cwd: root,
      env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
    },
  );
  expect(result.status).toBe(0);
  return git(root, 'rev-parse', 'HEAD').stdout.trim();
}

function site(): string {
  const root = tmpSite(FILES);
  roots.push(root);
  git(root, 'init', '-q');
  commitAt(root, '2026-01-05T10:00:00Z', 'site and translation');
  return root;
}

const edit = (root: string, file: string) =>
  writeFileSync(path.join(root, file), `${FILES[file as keyof typeof FILES]}\nA new step.\n`);

const stale = (commit: string, sourceDay: string, translationDay: string) => ({
  file: 'v2/fr/setup.mdx',
  line: 1,
  column: 1,
  severity: 'warning',
  message: `\`v2/fr/setup.mdx\` may be out of date: its source \`v2/setup.mdx\` changed in ${commit.slice(0, 12)} (${sourceDay}), after this translation last changed (${translationDay}); update it, or list it in this rule's \`reviewed\` option with \`"v2/fr/setup.mdx": "${commit.slice(0, 12)}"\` if it needs no change`,
});

describe('nav-translation-stale by commit ancestry', () => {
  test('a source change committed in the same second as the translation, after it: stale, paired within the version', async () => {
    const root = site();
    edit(root, 'v2/fr/setup.mdx');
    commitAt(root, '2026-02-10T10:00:00Z', 'translation');
    edit(root, 'v2/setup.mdx');
    const commit = commitAt(root, '2026-02-10T10:00:00Z', 'source');
    expect(await runStale(root)).toEqual([stale(commit, '2026-02-10', '2026-02-10')]);
  });

  test('a source change rebased after the translation, with an older date: stale', async () => {
    const root = site();
    edit(root, 'v2/fr/setup.mdx');
    commitAt(root, '2026-02-10T10:00:00Z', 'translation');
    edit(root, 'v2/setup.mdx');
    const commit = commitAt(root, '2026-02-01T10:00:00Z', 'source, rebased');
    expect(await runStale(root)).toEqual([stale(commit, '2026-02-01', '2026-02-10')]);
  });

  test('a translation committed after the source change in the same second: not stale', async () => {
    const root = site();
    edit(root, 'v2/setup.mdx');
    commitAt(root, '2026-02-10T10:00:00Z', 'source');
    edit(root, 'v2/fr/setup.mdx');
    commitAt(root, '2026-02-10T10:00:00Z', 'translation');
    expect(await runStale(root)).toEqual([]);
  });

  test('a translation updated on a branch that never saw the source change, merged later: stale', async () => {
    const root = site();
    git(root, 'checkout', '-q', '-b', 'translation');
    edit(root, 'v2/fr/setup.mdx');
    commitAt(root, '2026-02-12T10:00:00Z', 'translation');
    git(root, 'checkout', '-q', '-');
    edit(root, 'v2/setup.mdx');
    const commit = commitAt(root, '2026-02-01T10:00:00Z', 'source');
    const merged = spawnSync(
      'git',
      ['-c', 'user.email=w@example.com', '-c', 'user.name=W', 'merge', '-q', '--no-edit', 'translation'],
      { cwd: root },
    );
    expect(merged.status).toBe(0);
    expect(await runStale(root)).toEqual([stale(commit, '2026-02-01', '2026-02-12')]);
  });
});
