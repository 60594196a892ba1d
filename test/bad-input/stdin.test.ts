// Standard input gets the checks a file gets (size, NUL bytes, UTF-8, the platform's ignores):
// each input below gives, through `--stdin`, exactly the findings the same bytes give from disk.
// A 12 MB page used to take 70–90 s and 4 GB through standard input, against 0.2 s from disk.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';
import { tmpSite } from '../helpers/tmp-site.js';
import { config, FRONT, lintJson, type Found } from './helpers.js';

let root: string;

beforeAll(() => {
  root = tmpSite({
    'docs.json': config(['index', 'page']),
    'index.mdx': `${FRONT}## Start\n\nText.\n`,
    'page.mdx': `${FRONT}## Page\n\nText.\n`,
  });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The findings of `bytes` as `name`: from standard input, and from disk (written there, then put back). */
function bothWays(
  name: string,
  bytes: Buffer,
): { stdin: Found[]; disk: Found[]; codes: [number | null, number | null]; stderr: string[] } {
  const stdin = lintJson(root, ['--stdin', '--stdin-filename', name], { input: bytes });
  const file = path.join(root, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, bytes);
  try {
    const disk = lintJson(root, [name]);
    return {
      stdin: stdin.findings,
      disk: disk.findings,
      codes: [stdin.code, disk.code],
      stderr: [stdin.stderr, disk.stderr],
    };
  } finally {
    writeFileSync(file, `${FRONT}## Page\n\nText.\n`);
  }
}

const syntax = (line: number, column: number, endColumn: number, message: string, severity = 2): Found => ({
  file: 'page.mdx',
  line,
  column,
  endLine: line,
  endColumn,
  ruleId: 'page-mdx-syntax',
  severity,
  message,
});

describe('--stdin checks bytes as the file on disk is checked', () => {
  test('a 12 MB page: skipped with a warning, not parsed', () => {
    const run = bothWays('page.mdx', Buffer.from(FRONT + 'All work and no play. '.repeat((12 * 1024 * 1024) / 22)));
    const expected = [syntax(1, 1, 1, 'the file is too large to lint (12.0 MB; the limit is 8 MB); it was skipped', 1)];
    expect(run).toEqual({ stdin: expected, disk: expected, codes: [0, 0], stderr: ['', ''] });
  });

  test('bytes that are not UTF-8: an error at the first of them', () => {
    const bytes = Buffer.concat([
      Buffer.from(`${FRONT}## Page\n\nCaf`),
      Buffer.from([0xe9]),
      Buffer.from(' au lait.\n'),
    ]);
    const expected = [
      syntax(8, 4, 5, 'the file is not valid UTF-8 here: the bytes read as U+FFFD (\ufffd); save the page as UTF-8'),
    ];
    expect(bothWays('page.mdx', bytes)).toEqual({ stdin: expected, disk: expected, codes: [1, 1], stderr: ['', ''] });
  });

  test('NUL bytes: not text, one error', () => {
    const expected = [syntax(1, 1, 1, 'the file is not text (it contains NUL bytes); a page must be UTF-8 MDX')];
    expect(bothWays('page.mdx', Buffer.from('\x89PNG\r\n\x1a\n\0\0\0\0'))).toEqual({
      stdin: expected,
      disk: expected,
      codes: [1, 1],
      stderr: ['', ''],
    });
  });

  test('a page in a folder the platform ignores (.github/): skipped silently, as from disk', () => {
    const run = bothWays('.github/notes.mdx', Buffer.from('# Not a page\n\n[here](/nowhere)\n'));
    expect(run).toEqual({ stdin: [], disk: [], codes: [0, 0], stderr: ['', ''] });
  });
});

describe('standard input that never ends', () => {
  test('more than 64 MB: exit 2 with one line, nothing linted', () => {
    const result = runCli(['--stdin', '--stdin-filename', 'page.mdx'], {
      cwd: root,
      input: Buffer.alloc(65 * 1024 * 1024, 0x61),
    });
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: 'doclint: standard input is larger than 64 MB, the largest file doclint reads; nothing was linted\n',
    });
  });
});
