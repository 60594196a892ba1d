// What an editor (or anything on the other end of the pipe) can send the language server. A
// malformed message header used to leave it deaf — alive, silent, until standard input closed —
// and a second `initialize` dropped every open document. Now a framing error stops the server
// with exit code 1 and one line (the editor starts it again), and a second `initialize` is refused.
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { checkHeader, FrameGuard, MAX_HEADER_BYTES } from '../../src/lsp/framing.js';
import { copySite, LspClient } from '../lsp/client.js';

const LINK_TEXT = 'link text "here" does not say where the link goes: use words that name the target';
const frame = (body: string) => `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
const stops = (reason: string) => `doclint: the editor sent a malformed message (${reason}); the language server stops`;

/** Runs bytes through a FrameGuard in chunks of `size`: what came out, and the errors it reported. */
async function guard(input: Buffer, size: number): Promise<{ out: Buffer; errors: string[] }> {
  const errors: string[] = [];
  const g = new FrameGuard((reason) => errors.push(reason));
  const chunks: Buffer[] = [];
  g.on('data', (c: Buffer) => chunks.push(c));
  const source = new PassThrough();
  source.pipe(g);
  for (let i = 0; i < input.length; i += size) source.write(input.subarray(i, i + size));
  source.end();
  await once(g, 'end');
  return { out: Buffer.concat(chunks), errors };
}

describe('FrameGuard, in-process', () => {
  const valid = Buffer.from(
    frame('{"jsonrpc":"2.0","id":1,"method":"a"}') +
      `Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n${frame('{"x":"日本語 😀"}')}` +
      frame('') +
      `content-length:2\r\n\r\n{}`,
  );

  test('well-framed messages pass byte for byte, whatever the chunk sizes', async () => {
    for (const size of [1, 2, 3, 7, 64, valid.length])
      expect(await guard(valid, size)).toEqual({ out: valid, errors: [] });
  });

  test.each<[string, string, string]>([
    [
      'a Content-Length that is not a number',
      'Content-Length: abc\r\n\r\n{}',
      'Content-Length "abc" is not a number of bytes',
    ],
    ['no Content-Length', 'Content-Type: x\r\n\r\n{}', 'a message has no Content-Length header'],
    ['a line that is not a header', 'garbage\r\n\r\n', 'a message header line is not `Name: value` ("garbage")'],
    [
      'two Content-Lengths',
      'Content-Length: 2\r\nContent-Length: 2\r\n\r\n{}',
      'a message has two Content-Length headers',
    ],
    [
      'a message past 256 MB',
      'Content-Length: 999999999999\r\n\r\n',
      'a message of 999999999999 bytes is larger than 256 MB',
    ],
    [
      'a header that never ends',
      'x'.repeat(MAX_HEADER_BYTES + 1),
      `a message header is longer than ${MAX_HEADER_BYTES} bytes`,
    ],
    ['a header that is not ASCII', 'Content-Length: 2\r\nX-Name: é\r\n\r\n{}', 'a message header is not ASCII text'],
  ])('%s: one error, and nothing passes from there on', async (_name, bad, reason) => {
    const first = frame('{"id":1}');
    for (const size of [1, 5, 4096]) {
      expect(await guard(Buffer.from(first + bad + frame('{"id":2}')), size)).toEqual({
        out: Buffer.from(first),
        errors: [reason],
      });
    }
  });

  test('checkHeader: names are case-insensitive, values trimmed', () => {
    expect(checkHeader('CONTENT-LENGTH:   12  ')).toEqual({ length: 12 });
  });
});

describe('the language server', () => {
  let root: string;
  beforeEach(() => {
    root = copySite('fixtures/sites/lsp-basic');
  });

  async function stopsOn(bytes: string): Promise<{ code: number | null; stderr: string; logged: boolean }> {
    const client = await LspClient.start();
    await client.open(path.join(root, 'guides/intro.mdx'));
    const exited = once(client.child, 'exit');
    client.child.stdin!.write(bytes);
    const [code] = (await exited) as [number | null];
    const stderr = client.stderr;
    await client.stop();
    return { code, stderr, logged: client.logs.some((l) => stderr.startsWith(l)) };
  }

  test.each<[string, string, string]>([
    ['a malformed Content-Length', 'Content-Length: abc\r\n\r\n{}', 'Content-Length "abc" is not a number of bytes'],
    ['no Content-Length', 'Content-Type: x\r\n\r\n{}', 'a message has no Content-Length header'],
    [
      'a Content-Length past 256 MB (not waited for)',
      'Content-Length: 999999999999\r\n\r\n',
      'a message of 999999999999 bytes is larger than 256 MB',
    ],
  ])('%s: exit code 1, one line on standard error and in the editor log', async (_name, bytes, reason) => {
    expect(await stopsOn(bytes)).toEqual({ code: 1, stderr: `${stops(reason)}\n`, logged: true });
  });

  test('a well-framed body that is not JSON: the server keeps answering', async () => {
    const client = await LspClient.start();
    try {
      client.child.stdin!.write('Content-Length: 3\r\n\r\nabc');
      const page = path.join(root, 'guides/intro.mdx');
      const published = await client.open(page);
      expect(published.diagnostics.map((d) => d.message)).toEqual([LINK_TEXT]);
    } finally {
      await client.stop();
    }
  });

  test('a second initialize is refused; the open documents and their diagnostics are kept', async () => {
    const client = await LspClient.start();
    try {
      const page = path.join(root, 'guides/intro.mdx');
      const text = readFileSync(page, 'utf8');
      await client.open(page, text);
      await expect(
        client.request('initialize', { processId: null, rootUri: null, capabilities: {} }),
      ).rejects.toMatchObject({
        code: -32600,
        message:
          'the server is already initialized; initialize may be sent once (open documents and settings are kept)',
      });
      // The document is still known: an edit is linted (a workspace made afresh would ignore it).
      const published = await client.change(page, `${text}\nAnd [here](/index) again.\n`, text);
      expect(published.diagnostics.map((d) => d.message)).toEqual([LINK_TEXT, LINK_TEXT]);
      expect(published.version).toBe(2);
    } finally {
      await client.stop();
    }
  });

  test('an editor buffer of 12 MB: skipped with the warning a 12 MB file gets', async () => {
    const client = await LspClient.start();
    try {
      const page = path.join(root, 'guides/intro.mdx');
      const published = await client.open(
        page,
        `---\ntitle: Big\n---\n\n${'All work and no play. '.repeat((12 * 1024 * 1024) / 22)}`,
      );
      expect(published.diagnostics.map((d) => [d.code, d.severity, d.message])).toEqual([
        ['page-mdx-syntax', 2, 'the file is too large to lint (12.0 MB; the limit is 8 MB); it was skipped'],
      ]);
      expect(published.diagnostics[0]!.range).toEqual({
        start: { line: 0, character: 0 },
        end: { line: 0, character: 0 },
      });
    } finally {
      await client.stop();
    }
  });
});
