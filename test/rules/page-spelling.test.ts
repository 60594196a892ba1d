import { rmSync } from 'node:fs';
import path from 'node:path';
import { ruleTester } from '../helpers/rule-tester.js';
import { lintSiteWith } from '../helpers/site-rule-tester.js';
import { spellingNotices, type SpellingSetup } from '../../src/services/spelling/setup.js';

/*
 * page-spelling through the real session, with the spelling library installed as a development
 * dependency (English comes with it; no other language's dictionary is installed here).
 */

const front = (title = 'Rate limits', description = 'How many requests each plan may send.') =>
  `---\ntitle: ${title}\ndescription: ${description}\n---\n\n`;

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

async function found(files: Record<string, string>, options?: unknown) {
  const { root, found } = await lintSiteWith('page-spelling', files, options);
  roots.push(root);
  return found.map((d) => ({
    file: path.relative(root, d.file),
    at: `${d.line}:${d.column}-${d.endLine}:${d.endColumn}`,
    message: d.message,
    suggestions: d.suggestions?.map((s) => s.fix.text),
  }));
}

const unknown = (word: string, guess: string, language = 'en') =>
  `\`${word}\` is not in the ${language} dictionary (did you mean ${guess
    .split(' or ')
    .map((g) => `\`${g}\``)
    .join(
      ' or ',
    )}?): correct it, or add it to this rule's \`words\` option (or its words file) if it is spelled as meant`;

describe('page-spelling', () => {
  test('a likely typo in a paragraph: its place, the closest known word offered as a suggestion', async () => {
    expect(await found({ 'limits.mdx': `${front()}Requests past the limit are refused seperately.\n` })).toEqual([
      {
        file: 'limits.mdx',
        at: '6:37-6:47',
        message: unknown('seperately', 'separately'),
        suggestions: ['separately'],
      },
    ]);
  });

  test('front matter title and description, and the text props of components, are prose', async () => {
    const page = `${front('Instalation', 'Limits and how to recieve more.')}<Card title="Quick refrence" href="/start">\n  Read this first.\n</Card>\n`;
    expect(await found({ 'limits.mdx': page })).toEqual([
      {
        file: 'limits.mdx',
        at: '2:8-2:19',
        message: unknown('Instalation', 'Installation'),
        suggestions: ['Installation'],
      },
      {
        file: 'limits.mdx',
        at: '3:32-3:39',
        message: unknown('recieve', 'receive or relieve'),
        suggestions: ['receive', 'relieve'],
      },
      { file: 'limits.mdx', at: '6:20-6:28', message: unknown('refrence', 'reference'), suggestions: ['reference'] },
    ]);
  });

  test('words in quotation marks are mentioned, not used: not read', async () => {
    const page = `${front()}Searching for "haedphone" finds “wireles headphons” too, but not seperately.\n`;
    expect((await found({ 'limits.mdx': page })).map((f) => f.at)).toEqual(['6:66-6:76']);
  });

  test('code, URLs, imports, other props, code elements, names and acronyms are not read', async () => {
    const page =
      `${front()}import { Limts } from '/snippets/limts.mdx';\n\n` +
      'Call `limts` or <code>limts</code> with <RateLimit limts={3} mode="seperate" />.\n\n' +
      '```bash\ncurl https://api.example.com/v1/limts\n```\n\n' +
      'See https://example.com/limts and connect it to Pabbly, then set SEPERATE and GitHub and file.limts.\n';
    expect(await found({ 'limits.mdx': page })).toEqual([]);
  });

  test('words of the `words` option and of docs.json `name` are known, and so is a word the page uses three times', async () => {
    const config = JSON.stringify({
      theme: 'mint',
      name: 'Instalation',
      colors: { primary: '#15803D' },
      navigation: { pages: ['index', 'limits'] },
    });
    const page = `${front()}Instalation is refused seperately.\n\nOne recieve. Two recieve. Three recieve.\n`;
    expect(await found({ 'docs.json': config, 'limits.mdx': page }, { words: ['SEPERATELY'] })).toEqual([]);
    expect((await found({ 'limits.mdx': `${front()}One recieve. Two recieve.\n` })).map((f) => f.at)).toEqual([
      '6:5-6:12',
      '6:18-6:25',
    ]);
  });

  test('`allUnknown` reports every word the dictionaries lack, short and capitalised ones too, but not words made of known words', async () => {
    const page = `${front()}Connect it to Pabbly and Zqxwv. Our subpages, unbilled lookback and hostable stringly words.\n`;
    expect((await found({ 'limits.mdx': page }, { allUnknown: true })).map((f) => f.message.split(':')[0])).toEqual([
      '`Pabbly` is not in the en dictionary (did you mean `Pebbly` or `Wabbly`?)',
      '`Zqxwv` is not in the en dictionary',
    ]);
    expect(await found({ 'limits.mdx': page })).toEqual([]);
  });

  test('likely typos only: short words, short capitalised words and words changed at an end are not reported', async () => {
    const page = `${front()}Set the vaue. Ask Jina. Replit works. The keyspace holds it.\n`;
    expect(await found({ 'limits.mdx': page })).toEqual([]);
    // Capitalised in a link's text or a table cell: a name (as in mid-sentence).
    const names = `${front()}See [Cerebrium](/services/cerebriun).\n\n| service | use |\n| --- | --- |\n| Polytomic | sync |\n\nCerebrium works.\n`;
    expect((await found({ 'limits.mdx': names })).map((f) => f.at)).toEqual(['12:1-12:10']);
  });

  test("the site's vocabulary: a word three pages use is known on every page, a one-off typo is reported", async () => {
    const page = (body: string) => `${front()}${body}\n`;
    const files = {
      'a.mdx': page('Deploy the model with patchwerk, then wait.'),
      'b.mdx': page('Requests to patchwerk are refused seperately.'),
      'c.mdx': page('Every region runs patchwerk.'),
      'd.mdx': page('Ask it for a token.'),
    };
    expect(await found(files)).toEqual([
      { file: 'b.mdx', at: '6:35-6:45', message: unknown('seperately', 'separately'), suggestions: ['separately'] },
    ]);
    // Two pages are not enough: the word is then as likely a typo as a name.
    const two = await found({ 'a.mdx': files['a.mdx'], 'b.mdx': files['b.mdx'] });
    expect(two.map((f) => `${f.file}:${f.at}:${f.message.split(':')[0]}`)).toEqual([
      'a.mdx:6:23-6:32:`patchwerk` is not in the en dictionary (did you mean `patchwork`?)',
      'b.mdx:6:13-6:22:`patchwerk` is not in the en dictionary (did you mean `patchwork`?)',
      'b.mdx:6:35-6:45:`seperately` is not in the en dictionary (did you mean `separately`?)',
    ]);
  });

  test('a typo made on three pages, or in code, is still reported when more pages use the word it is one letter from', async () => {
    const files: Record<string, string> = {};
    // In inline code too (a prompt): a name of the site, but as likely the same typo again.
    for (const name of ['a', 'b', 'c']) files[`${name}.mdx`] = `${front()}The worklow runs: \`delete the worklow\`.\n`;
    for (const name of ['d', 'e', 'f', 'g']) files[`${name}.mdx`] = `${front()}The workflow runs.\n`;
    expect((await found(files)).map((f) => `${f.file}:${f.at}:${f.suggestions?.join()}`)).toEqual([
      'a.mdx:6:5-6:12:workflow',
      'b.mdx:6:5-6:12:workflow',
      'c.mdx:6:5-6:12:workflow',
    ]);
  });

  test("names in code (not its comments), addresses, props that are not text and docs.json's labels are the site's words", async () => {
    const config = JSON.stringify({
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#15803D' },
      navigation: { groups: [{ group: 'Crawlor models', pages: ['a', 'b', 'c', 'd'] }] },
    });
    const files = {
      'a.mdx': `${front()}Install modelar, then blazerr.\n\n\`\`\`python\n# blazerr: a comment is prose\nfrom modelar import Client\n\`\`\`\n`,
      'b.mdx': `${front()}Call \`retrievr()\` before retrievr runs, and the crawlor.\n`,
      'c.mdx': `${front()}Read [the guide](https://docs.streamr.dev/start): streamr helps.\n`,
      'd.mdx': `${front()}<Card title="Models" icon="rocket" href="/models/routerr">Pick the routerr.</Card>\n`,
    };
    const all = await found({ 'docs.json': config, ...files });
    expect(all.map((f) => `${f.file}:${f.at}:${f.message.split(':')[0]}`)).toEqual([
      'a.mdx:6:23-6:30:`blazerr` is not in the en dictionary (did you mean `blazer`?)',
    ]);
  });

  test('the same findings whatever the order of the pages: the vocabulary is learnt from all of them', async () => {
    const typos: Record<string, string> = { z: 'seperately', m: 'recieve', a: 'succesfully', q: 'adress' };
    const files: Record<string, string> = {};
    for (const [name, typo] of Object.entries(typos))
      files[`${name}.mdx`] = `${front()}The mappar is ${typo} on ${name}.\n`;
    const first = await found(files);
    const reversed = await found(Object.fromEntries(Object.entries(files).reverse()));
    expect(first).toEqual(reversed);
    expect(first.map((f) => `${f.file}:${f.at}`)).toEqual([
      'a.mdx:6:15-6:26',
      'm.mdx:6:15-6:22',
      'q.mdx:6:15-6:21',
      'z.mdx:6:15-6:25',
    ]);
  });

  test('suggestions in the order typos are made: a doubled letter first', async () => {
    const page = `${front()}It was succesfully addded.\n`;
    expect((await found({ 'limits.mdx': page })).map((f) => [f.at, f.suggestions])).toEqual([
      ['6:8-6:19', ['successfully']],
      ['6:20-6:26', ['added', 'addled']],
    ]);
  });

  test('a words file: its words are known; one that cannot be read stops the run', async () => {
    const files = {
      'limits.mdx': `${front()}Requests past the limit are refused seperately.\n`,
      'words.txt': '# ours\nseperately\n',
    };
    expect(await found(files, { wordsFile: 'words.txt' })).toEqual([]);
    await expect(found(files, { wordsFile: 'missing.txt' })).rejects.toThrow(
      /^page-spelling: its words file "missing.txt" cannot be read: /,
    );
    // Never outside the site, and the same answer whether such a file exists or not.
    for (const outside of ['../../etc/hostname', '/etc/hostname', '/no/such/file.txt'])
      await expect(found(files, { wordsFile: outside })).rejects.toThrow(
        new Error(
          `page-spelling: its words file "${outside}" is outside the site; name a file inside the site, relative to its root`,
        ),
      );
  });

  test('each page with its own language: a language without an installed dictionary is not checked, and the run says so once', async () => {
    const config = {
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#15803D' },
      navigation: {
        languages: [
          { language: 'en', groups: [{ group: 'Start', pages: ['index'] }] },
          { language: 'fr', groups: [{ group: 'Début', pages: ['fr/index'] }] },
          { language: 'zh', groups: [{ group: '开始', pages: ['zh/index'] }] },
        ],
      },
    };
    const { root, found, pass } = await lintSiteWith('page-spelling', {
      'docs.json': JSON.stringify(config),
      'index.mdx': `${front()}Requests are refused seperately.\n`,
      'fr/index.mdx': `${front('Limites', 'Combien de requêtes.')}Les requêtes sont refusées seperately.\n`,
      'zh/index.mdx': `${front('限制', '请求数量。')}请求 seperately 被拒绝。\n`,
      'snippets/fr/note.mdx': 'Une note seperately.\n',
    });
    roots.push(root);
    expect(found.map((d) => `${path.relative(root, d.file)}:${d.line}:${d.column}`)).toEqual(['index.mdx:6:22']);
    expect(pass.notices).toEqual([
      'page-spelling: pages in fr were not checked: no dictionary for fr is installed (npm install --save-dev @cspell/dict-fr-fr)',
    ]);
    expect(pass.spelling).toBe(true);
  });

  test('without the spelling library beside doclint, the rule does not run and the run says why', () => {
    const setup: SpellingSetup = {
      ruleId: 'page-spelling',
      root: '/site',
      languages: [{ code: 'en', folder: '', locale: 'en,en-GB', settingsFile: '' }],
      dictionaries: [],
      siteWords: [],
      fileWords: [],
      key: 'k',
    };
    expect(spellingNotices(setup)).toEqual([
      'page-spelling did not run: the spelling library is not installed beside doclint (npm install --save-dev cspell-lib)',
    ]);
  });
});

// The RuleTester table: each page is linted as the one page of a small site, which gives the rule
// its dictionaries.
const TYPO = `${front()}Each plan may send up to 100 requests per second. Requests past the limit are refused seperately.\n`;
ruleTester('page-spelling', {
  valid: [
    {
      name: 'docs/rules page, correct example: code is not prose',
      code: `${front()}Each plan may send up to 100 requests per second. Requests past the limit are refused separately.\n\nThe \`limts\` field of \`<RateLimit limts={3} />\` is code, and so is the text of <code>limts</code>.\n`,
    },
    { name: 'a word of the `words` option is known', code: TYPO, options: { words: ['seperately'] } },
    { name: 'a word in quotation marks is mentioned, not used', code: `${front()}Do not write “seperately”.\n` },
  ],
  invalid: [
    {
      name: 'docs/rules page, incorrect example: a likely typo, the closest word offered',
      code: TYPO,
      errors: [
        {
          line: 6,
          column: 87,
          endLine: 6,
          endColumn: 97,
          message: unknown('seperately', 'separately'),
          suggestions: [{ desc: 'Replace with `separately`', output: TYPO.replace('seperately', 'separately') }],
        },
      ],
    },
    {
      name: 'the front matter title is prose',
      code: `${front('Instalation')}Text.\n`,
      errors: [
        {
          line: 2,
          column: 8,
          endLine: 2,
          endColumn: 19,
          message: unknown('Instalation', 'Installation'),
          suggestions: [{ desc: 'Replace with `Installation`', output: `${front('Installation')}Text.\n` }],
        },
      ],
    },
  ],
});
