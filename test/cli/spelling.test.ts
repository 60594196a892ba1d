import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';
import { tmpSite } from '../helpers/tmp-site.js';

/*
 * page-spelling from the command line: words read on the worker threads and checked once on the
 * main thread (the same findings whatever the threads), the run's notice of a language left
 * unchecked, the cache keyed on the spelling setup, and the site's vocabulary with the cache.
 */

const front = '---\ntitle: Rate limits\ndescription: How many requests each plan may send.\n---\n\n';
const config = {
  theme: 'mint',
  name: 'Acme',
  colors: { primary: '#15803D' },
  navigation: {
    languages: [
      { language: 'en', groups: [{ group: 'Start', pages: ['index', 'limits'] }] },
      { language: 'fr', groups: [{ group: 'Début', pages: ['fr/index'] }] },
    ],
  },
};

function site(): string {
  return tmpSite({
    'docs.json': JSON.stringify(config),
    'index.mdx': `${front}Start here.\n`,
    'limits.mdx': `${front}Requests past the limit are refused seperately.\n`,
    'fr/index.mdx': `${front}Les requêtes sont refusées seperately.\n`,
  });
}

/** The page-spelling findings of a JSON report: `file:line:column-endLine:endColumn message`. */
function spelling(json: string): string[] {
  const files = JSON.parse(json) as Array<{
    filePath: string;
    messages: Array<{
      ruleId: string;
      line: number;
      column: number;
      endLine: number;
      endColumn: number;
      message: string;
    }>;
  }>;
  return files.flatMap((f) =>
    f.messages
      .filter((m) => m.ruleId === 'page-spelling')
      .map((m) => `${path.basename(f.filePath)}:${m.line}:${m.column}-${m.endLine}:${m.endColumn} ${m.message}`),
  );
}

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

describe('page-spelling on the command line', () => {
  test('the same findings on two worker threads as on one, and one notice for the language without a dictionary', () => {
    const root = site();
    roots.push(root);
    const args = [root, '--rule', 'page-spelling:warn', '-f', 'json'];
    const threaded = runCli([...args, '--threads', '2']);
    const here = runCli([...args, '--threads', '1']);
    expect(spelling(threaded.stdout)).toEqual([
      "limits.mdx:6:37-6:47 `seperately` is not in the en dictionary (did you mean `separately`?): correct it, or add it to this rule's `words` option (or its words file) if it is spelled as meant",
    ]);
    expect(threaded.stderr).toBe(
      'doclint: warning: page-spelling: pages in fr were not checked: no dictionary for fr is installed (npm install --save-dev @cspell/dict-fr-fr)\n',
    );
    expect(here).toEqual(threaded);
  });

  test('with --cache, the same findings again; a words file changed since is read again', () => {
    const root = site();
    roots.push(root);
    writeFileSync(
      path.join(root, '.doclintrc.json'),
      JSON.stringify({ rules: { 'page-spelling': ['warn', { wordsFile: 'words.txt' }] } }),
    );
    writeFileSync(path.join(root, 'words.txt'), '# words of the site\n');
    const args = [root, '-f', 'json', '--cache'];
    const first = runCli(args);
    expect(spelling(first.stdout).map((f) => f.split(' ')[0])).toEqual(['limits.mdx:6:37-6:47']);
    expect(runCli(args)).toEqual(first);
    writeFileSync(path.join(root, 'words.txt'), '# words of the site\nseperately\n');
    expect(spelling(runCli(args).stdout)).toEqual([]);
  });

  test("with --cache, a page added since changes the site's vocabulary, and so the findings of pages read from the cache", () => {
    const page = `${front}Deploy it with patchwerk.\n`;
    const root = tmpSite({
      'docs.json': JSON.stringify({ ...config, navigation: { pages: ['a', 'b'] } }),
      'a.mdx': page,
      'b.mdx': page,
    });
    roots.push(root);
    const args = [root, '--rule', 'page-spelling:warn', '-f', 'json', '--cache', '--threads', '2'];
    expect(spelling(runCli(args).stdout).map((f) => f.split(' ').slice(0, 2).join(' '))).toEqual([
      'a.mdx:6:16-6:25 `patchwerk`',
      'b.mdx:6:16-6:25 `patchwerk`',
    ]);
    writeFileSync(path.join(root, 'c.mdx'), page);
    expect(spelling(runCli(args).stdout)).toEqual([]);
  });
});
