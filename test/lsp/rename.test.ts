import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { copySite, LspClient, SERVER_COMMAND, uriOf } from './client.js';

interface TextEdit {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  newText: string;
}

let client: LspClient;

beforeAll(async () => {
  client = await LspClient.start();
});

afterAll(async () => {
  await client.stop();
});

/** Applies LSP text edits to a text (edits do not overlap). */
function apply(text: string, edits: TextEdit[]): string {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  const offset = (p: { line: number; character: number }) => starts[p.line]! + p.character;
  let out = text;
  for (const e of [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start))) {
    out = out.slice(0, offset(e.range.start)) + e.newText + out.slice(offset(e.range.end));
  }
  return out;
}

test('initialize announces willRename file operations for pages and folders', async () => {
  const child = spawn(process.execPath, SERVER_COMMAND, { stdio: ['pipe', 'pipe', 'pipe'] });
  const connection = createMessageConnection(
    new StreamMessageReader(child.stdout!),
    new StreamMessageWriter(child.stdin!),
  );
  connection.listen();
  try {
    const result = await connection.sendRequest<{ capabilities: { workspace?: unknown } }>('initialize', {
      processId: null,
      rootUri: null,
      capabilities: {},
    });
    expect(result.capabilities.workspace).toEqual({
      fileOperations: {
        willRename: {
          filters: [
            { scheme: 'file', pattern: { glob: '**/*.{md,mdx}', matches: 'file' } },
            { scheme: 'file', pattern: { glob: '**/*', matches: 'folder' } },
          ],
        },
      },
    });
  } finally {
    connection.dispose();
    child.kill();
  }
});

test('workspace/willRenameFiles: the edits of doclint rename, on the files as they are before the move', async () => {
  const root = copySite('fixtures/sites/rename');
  const file = (rel: string) => path.join(root, rel);
  // An unsaved edit in an open page is what the edits apply to.
  const other = readFileSync(file('guides/other.mdx'), 'utf8');
  const edited = other.replace('## Usage', '## Usage\n\nNew: [setup](/guides/setup#configure).');
  await client.open(file('guides/other.mdx'), other);
  await client.change(file('guides/other.mdx'), edited);
  const edit = await client.request<{ changes: Record<string, TextEdit[]> } | null>('workspace/willRenameFiles', {
    files: [{ oldUri: uriOf(file('guides/setup.mdx')), newUri: uriOf(file('start/setup.mdx')) }],
  });
  expect(edit).not.toBeNull();
  const changes = edit!.changes;
  expect(Object.keys(changes).sort()).toEqual(
    [
      'docs.json',
      'guides/advanced/tuning.mdx',
      'guides/other.mdx',
      'guides/setup.mdx',
      'index.mdx',
      'snippets/note.mdx',
    ]
      .map((rel) => uriOf(file(rel)))
      .sort(),
  );
  expect(changes[uriOf(file('snippets/note.mdx'))]).toEqual([
    { range: { start: { line: 0, character: 23 }, end: { line: 0, character: 36 } }, newText: '/start/setup' },
  ]);
  expect(changes[uriOf(file('docs.json'))]).toEqual([
    { range: { start: { line: 9, character: 27 }, end: { line: 9, character: 42 } }, newText: '"/start/setup"' },
    {
      range: { start: { line: 15, character: 43 }, end: { line: 15, character: 66 } },
      newText: '"/start/setup#install"',
    },
    {
      range: { start: { line: 15, character: 68 }, end: { line: 15, character: 68 } },
      newText: ',\n    { "source": "/guides/setup", "destination": "/start/setup" }',
    },
  ]);
  // The open page's edits are on its unsaved text (the new link included).
  expect(apply(edited, changes[uriOf(file('guides/other.mdx'))]!)).toBe(
    edited
      .replace('[setup](/guides/setup#configure)', '[setup](/start/setup#configure)')
      .replace('[Setup](./setup#install)', '[Setup](../start/setup#install)')
      .replace('(/guides/setup?tab=cli#configure)', '(/start/setup?tab=cli#configure)')
      .replace('[setup again](setup)', '[setup again](../start/setup)')
      .replace('href="/guides/setup"', 'href="/start/setup"'),
  );
  // The renamed page's own relative links, edited at its old address.
  expect(apply(readFileSync(file('guides/setup.mdx'), 'utf8'), changes[uriOf(file('guides/setup.mdx'))]!)).toBe(
    readFileSync(file('guides/setup.mdx'), 'utf8')
      .replace(
        '[other guide](./other#usage) and [tuning](advanced/tuning)',
        '[other guide](../guides/other#usage) and [tuning](../guides/advanced/tuning)',
      )
      .replace('(/guides/setup#configure)', '(/start/setup#configure)'),
  );
});

test('workspace/willRenameFiles: a folder', async () => {
  const root = copySite('fixtures/sites/rename');
  const file = (rel: string) => path.join(root, rel);
  const edit = await client.request<{ changes: Record<string, TextEdit[]> } | null>('workspace/willRenameFiles', {
    files: [{ oldUri: uriOf(file('guides/advanced')), newUri: uriOf(file('tuning')) }],
  });
  const nav = readFileSync(file('nav/guides.json'), 'utf8');
  expect(apply(nav, edit!.changes[uriOf(file('nav/guides.json'))]!)).toBe(
    nav.replace('"guides/advanced/tuning"', '"tuning/tuning"').replace('"guides/advanced/limits"', '"tuning/limits"'),
  );
});

test('workspace/willRenameFiles: a rename doclint refuses (the new name exists) changes nothing, and says why in the log', async () => {
  const root = copySite('fixtures/sites/rename');
  const file = (rel: string) => path.join(root, rel);
  const edit = await client.request('workspace/willRenameFiles', {
    files: [{ oldUri: uriOf(file('guides/setup.mdx')), newUri: uriOf(file('guides/other.mdx')) }],
  });
  expect(edit).toBeNull();
  expect(client.logs).toContain(
    `doclint: ${file('guides/setup.mdx')} -> ${file('guides/other.mdx')}: not updating references: guides/other.mdx already exists; choose another name or remove it first`,
  );
});

test('workspace/willRenameFiles: a page linked thousands of times returns every edit, each correct', async () => {
  // The edits are gathered one by one (130,000 spread into one call overflowed the stack and the
  // handler returned null); 3 pages × 2,000 links stand for that here, in a few seconds.
  const root = mkdtempSync(path.join(os.tmpdir(), 'doclint-lsp-'));
  const front = '---\ntitle: Page\ndescription: A page that links to the target many times over.\n---\n\n';
  const pages = ['a', 'b', 'c'];
  writeFileSync(
    path.join(root, 'docs.json'),
    JSON.stringify(
      {
        $schema: 'https://mintlify.com/docs.json',
        theme: 'mint',
        name: 'T',
        colors: { primary: '#0A7A5E' },
        navigation: { groups: [{ group: 'G', pages: ['target', ...pages] }] },
      },
      null,
      2,
    ),
  );
  writeFileSync(path.join(root, 'target.mdx'), `${front}## Target\n`);
  const body = (to: string) =>
    Array.from({ length: 200 }, (_, i) =>
      Array.from({ length: 10 }, (_, j) => `[${i}.${j}](${to}#s${j})`).join(' '),
    ).join('\n\n');
  for (const page of pages) writeFileSync(path.join(root, `${page}.mdx`), `${front}## Links\n\n${body('/target')}\n`);
  const edit = await client.request<{ changes: Record<string, TextEdit[]> } | null>('workspace/willRenameFiles', {
    files: [{ oldUri: uriOf(path.join(root, 'target.mdx')), newUri: uriOf(path.join(root, 'moved/target.mdx')) }],
  });
  expect(edit).not.toBeNull();
  const changes = edit!.changes;
  expect(Object.keys(changes).sort()).toEqual(
    ['a.mdx', 'b.mdx', 'c.mdx', 'docs.json'].map((rel) => uriOf(path.join(root, rel))).sort(),
  );
  for (const page of pages) {
    const file = path.join(root, `${page}.mdx`);
    const edits = changes[uriOf(file)]!;
    expect(edits).toHaveLength(2000);
    expect(edits[0]).toEqual({
      range: { start: { line: 7, character: 6 }, end: { line: 7, character: 13 } },
      newText: '/moved/target',
    });
    expect(apply(readFileSync(file, 'utf8'), edits)).toBe(`${front}## Links\n\n${body('/moved/target')}\n`);
  }
  rmSync(root, { recursive: true, force: true });
}, 180000);
