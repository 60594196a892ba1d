import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, statSync, chmodSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO, runCli } from '../helpers/cli.js';

const FIXTURE = path.join(REPO, 'fixtures/sites/rename');

/** A fresh copy of the rename fixture site. */
function copy(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'doclint-rename-'));
  cpSync(FIXTURE, root, { recursive: true });
  return root;
}

/** Every file of a site with its text, by site-relative path. */
function snapshot(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else out[path.relative(root, file).split(path.sep).join('/')] = readFileSync(file, 'latin1');
    }
  };
  walk(root);
  return out;
}

const original = snapshot(FIXTURE);
const read = (root: string, rel: string) => readFileSync(path.join(root, rel), 'utf8');

describe('doclint rename: a page linked from several pages', () => {
  let root: string;
  beforeAll(() => {
    root = copy();
  });

  test('moves the page, prints what it did, and the site still lints clean', () => {
    const result = runCli(['rename', 'guides/setup.mdx', 'start/setup'], { cwd: root });
    expect(result).toEqual({
      code: 0,
      stdout:
        'move guides/setup.mdx -> start/setup.mdx\n1 page moved, 15 edits in 6 files, redirect /guides/setup -> /start/setup added\n',
      stderr: '',
    });
    expect(existsSync(path.join(root, 'guides/setup.mdx'))).toBe(false);
    expect(runCli([root])).toMatchObject({ code: 0, stdout: '' });
  });

  test('docs.json: the navigation entry (leading slash kept), a redirect destination (anchor kept), the new redirect in the file’s style', () => {
    expect(read(root, 'docs.json')).toBe(
      original['docs.json']!.replace('"/guides/setup"]', '"/start/setup"]').replace(
        '    { "source": "/install", "destination": "/guides/setup#install" }\n',
        '    { "source": "/install", "destination": "/start/setup#install" },\n    { "source": "/guides/setup", "destination": "/start/setup" }\n',
      ),
    );
  });

  test('links from other pages: absolute, relative, with anchors and query strings, with the file extension, <a href> and <Card href>', () => {
    expect(read(root, 'index.mdx')).toBe(
      original['index.mdx']!.replace(
        'Start with the [setup guide](/guides/setup) or read <a href="/guides/setup.mdx#install">how to install</a>.',
        'Start with the [setup guide](/start/setup) or read <a href="/start/setup.mdx#install">how to install</a>.',
      ).replace(
        '<Card title="Setup" href="/guides/setup#configure">',
        '<Card title="Setup" href="/start/setup#configure">',
      ),
    );
    // The example in the code block is not a link and stays.
    expect(read(root, 'index.mdx')).toContain('```mdx\n[not a link](/guides/setup)\n');
    expect(read(root, 'guides/other.mdx')).toBe(
      original['guides/other.mdx']!.replace(
        'Read [Setup](./setup#install), [setup with a query](/guides/setup?tab=cli#configure) and [setup again](setup).',
        'Read [Setup](../start/setup#install), [setup with a query](/start/setup?tab=cli#configure) and [setup again](../start/setup).',
      ).replace('<Card title="Setup" href="/guides/setup" />', '<Card title="Setup" href="/start/setup" />'),
    );
    expect(read(root, 'guides/advanced/tuning.mdx')).toBe(
      original['guides/advanced/tuning.mdx']!.replace(
        '[setup](../setup#install)',
        '[setup](../../start/setup#install)',
      ),
    );
    expect(read(root, 'snippets/note.mdx')).toBe('Read the [setup guide](/start/setup#install) first.\n');
  });

  test('the moved page: its relative links follow it, its absolute link to itself is renamed, its same-page anchor stays', () => {
    expect(read(root, 'start/setup.mdx')).toBe(
      original['guides/setup.mdx']!.replace(
        '[other guide](./other#usage) and [tuning](advanced/tuning)',
        '[other guide](../guides/other#usage) and [tuning](../guides/advanced/tuning)',
      ).replace('[the same page](/guides/setup#configure)', '[the same page](/start/setup#configure)'),
    );
  });

  test('byte-exact elsewhere: the files nothing refers to the page from are unchanged', () => {
    const after = snapshot(root);
    for (const rel of ['nav/guides.json', 'guides/advanced/limits.mdx', 'snippets/legacy.mdx', 'images/diagram.png'])
      expect(after[rel]).toBe(original[rel]);
    expect(Object.keys(after).sort()).toEqual(
      Object.keys(original)
        .map((k) => (k === 'guides/setup.mdx' ? 'start/setup.mdx' : k))
        .sort(),
    );
  });
});

describe('doclint rename: a folder', () => {
  test('moves every file of the folder; navigation in a $ref file, links into and out of it, relative imports; one wildcard redirect', () => {
    const root = copy();
    const result = runCli(['rename', '/guides/advanced', '/tuning'], { cwd: root });
    expect(result).toEqual({
      code: 0,
      stdout:
        'move folder guides/advanced -> tuning\n2 pages moved, 10 edits in 7 files, redirect /guides/advanced/:slug* -> /tuning/:slug* added\n',
      stderr: '',
    });
    expect(read(root, 'nav/guides.json')).toBe(
      '{\n  "group": "Guides",\n  "pages": [\n    "guides/other",\n    "tuning/tuning",\n    "tuning/limits"\n  ]\n}\n',
    );
    expect(read(root, 'docs.json')).toBe(
      original['docs.json']!.replace(
        '    { "source": "/install", "destination": "/guides/setup#install" }\n',
        '    { "source": "/install", "destination": "/guides/setup#install" },\n    { "source": "/guides/advanced/:slug*", "destination": "/tuning/:slug*" }\n',
      ),
    );
    expect(read(root, 'tuning/tuning.mdx')).toBe(
      original['guides/advanced/tuning.mdx']!.replace(
        "from '../../snippets/legacy.mdx'",
        "from '../snippets/legacy.mdx'",
      ).replace('[setup](../setup#install)', '[setup](../guides/setup#install)'),
    );
    // Links inside the folder that stay inside it are unchanged.
    expect(read(root, 'tuning/limits.mdx')).toBe(original['guides/advanced/limits.mdx']);
    expect(read(root, 'index.mdx')).toBe(
      original['index.mdx']!.replace('[limits](guides/advanced/limits)', '[limits](tuning/limits)').replace(
        '[tune]: /guides/advanced/tuning',
        '[tune]: /tuning/tuning',
      ),
    );
    expect(read(root, 'guides/setup.mdx')).toBe(
      original['guides/setup.mdx']!.replace('[tuning](advanced/tuning)', '[tuning](../tuning/tuning)'),
    );
    expect(read(root, 'guides/other.mdx')).toBe(
      original['guides/other.mdx']!.replace('href="/guides/advanced/tuning#knobs"', 'href="/tuning/tuning#knobs"'),
    );
    expect(read(root, 'snippets/legacy.mdx')).toBe('A legacy snippet that points at [tuning](/tuning/tuning).\n');
    expect(existsSync(path.join(root, 'guides/advanced'))).toBe(false);
    expect(runCli([root])).toMatchObject({ code: 0, stdout: '' });
  });
});

describe('doclint rename: a snippet', () => {
  test('--dry-run prints the move and the diff of the import and the <Snippet file>, and changes nothing', () => {
    const root = copy();
    const result = runCli(['rename', 'snippets/legacy.mdx', 'snippets/old/legacy.mdx', '--dry-run'], { cwd: root });
    expect(result).toEqual({
      code: 0,
      stdout: [
        'move snippets/legacy.mdx -> snippets/old/legacy.mdx',
        '--- a/guides/advanced/tuning.mdx',
        '+++ b/guides/advanced/tuning.mdx',
        '@@ -3,7 +3,7 @@',
        ' description: Tune the client.',
        ' ---',
        ' ',
        "-import Legacy from '../../snippets/legacy.mdx';",
        "+import Legacy from '../../snippets/old/legacy.mdx';",
        ' ',
        ' ## Knobs',
        ' ',
        '--- a/index.mdx',
        '+++ b/index.mdx',
        '@@ -11,7 +11,7 @@',
        ' ',
        ' See [tuning][tune] and [limits](guides/advanced/limits).',
        ' ',
        '-<Snippet file="legacy.mdx" />',
        '+<Snippet file="old/legacy.mdx" />',
        ' ',
        ' ```mdx',
        ' [not a link](/guides/setup)',
        'dry run: 1 snippet moved, 2 edits in 2 files; nothing was changed',
        '',
      ].join('\n'),
      stderr: '',
    });
    expect(snapshot(root)).toEqual(original);
  });

  test('a snippet moves without a redirect (it is not published); the site still lints clean', () => {
    const root = copy();
    expect(runCli(['rename', 'snippets/legacy.mdx', 'snippets/old/legacy.mdx'], { cwd: root })).toMatchObject({
      code: 0,
      stderr: '',
    });
    expect(read(root, 'docs.json')).toBe(original['docs.json']);
    expect(read(root, 'index.mdx')).toContain(
      '<Snippet file="old/legacy.mdx" />\n\n```mdx\n[not a link](/guides/setup)\n<Snippet file="legacy.mdx" />\n```',
    );
    expect(runCli([root])).toMatchObject({ code: 0, stdout: '' });
  });
});

describe('doclint rename: refusals (exit 2, one line, nothing changed)', () => {
  const cases: Array<[string[], string]> = [
    [
      ['guides/setup.mdx', 'guides/other.mdx'],
      'guides/other.mdx already exists; choose another name or remove it first',
    ],
    [
      ['guides/setup.mdx', 'guides/other.md'],
      'guides/other.mdx already has the route /guides/other; choose another name',
    ],
    [['guides/nope.mdx', 'x'], 'guides/nope.mdx is not a page, a snippet or a folder of pages of the site at ROOT'],
    [
      ['images/diagram.png', 'x'],
      'images/diagram.png is not a page, a snippet or a folder of pages of the site at ROOT',
    ],
    [['images', 'pictures'], 'images holds no page or snippet of the site; nothing to rename'],
    [['guides/setup', '../outside'], '../outside is outside the site (ROOT); a page moves within its site'],
    [
      ['guides/setup', 'a b'],
      'a b holds a character links would have to escape (space, #, ?, %, quotes, brackets…); choose a plain name',
    ],
    [
      ['guides/setup', 'node_modules/x'],
      'node_modules/x.mdx is ignored by the platform (.mintignore, a dot-folder, node_modules…); the page would no longer be published',
    ],
    [['guides/setup', 'guides/setup.txt'], 'guides/setup.txt is not a page file (.mdx or .md)'],
    [
      ['guides/advanced', 'guides/advanced/deeper'],
      'cannot move the folder guides/advanced into itself or into one of its own folders (guides/advanced/deeper)',
    ],
    [
      ['guides/setup', 'install'],
      'a docs.json redirect sends /install elsewhere: the page would not be reachable there; remove that redirect first',
    ],
    [['guides/setup'], 'takes two arguments, OLD and NEW (run "doclint rename --help")'],
  ];
  test.each(cases)('%j', (args, message) => {
    const root = copy();
    const result = runCli(['rename', ...args], { cwd: root });
    expect(result).toEqual({ code: 2, stdout: '', stderr: `doclint rename: ${message.replace('ROOT', root)}\n` });
    expect(snapshot(root)).toEqual(original);
  });

  test('a read-only file that would change: refused before anything is written', () => {
    const root = copy();
    chmodSync(path.join(root, 'guides/other.mdx'), 0o444);
    const result = runCli(['rename', 'guides/setup.mdx', 'start/setup.mdx'], { cwd: root });
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: 'doclint rename: guides/other.mdx is read-only; nothing was changed\n',
    });
    chmodSync(path.join(root, 'guides/other.mdx'), 0o644);
    expect(snapshot(root)).toEqual(original);
  });

  test('a move that fails after the edits were written: every edit is put back', () => {
    const root = copy();
    // The destination's parent is a file: the edits are written, then the move fails.
    const result = runCli(['rename', 'guides/setup.mdx', 'images/diagram.png/setup.mdx'], { cwd: root });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^doclint rename: cannot move guides\/setup\.mdx to images\/diagram\.png\/setup\.mdx \((EEXIST|ENOTDIR)\); nothing was changed \(the files already written were restored\)\n$/,
    );
    expect(snapshot(root)).toEqual(original);
  });
});
