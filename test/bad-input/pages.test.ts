import { lintOnePage } from '../helpers/severity.js';
// Pages that a linter in a CI gate must survive, all in one site and one run of the real CLI: each
// gets its exact finding (or is skipped cleanly), and the other pages are still linted.
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { invalidUtf8Offset } from '../../src/core/text.js';
import { config, findingsIn, FRONT, lintJson, siteWithOutside, type JsonRun } from './helpers.js';

const PAGES = [
  'index',
  'empty',
  'bom',
  'crlf',
  'cr',
  'binary',
  'not-utf8',
  'huge',
  'quotes',
  'list',
  'indented-list',
  'tags',
  'alias-bomb',
  'deep-front',
  'ok',
  'nul-output',
];
const BOMB = [
  'a0: &a0 [x, x, x, x, x, x, x, x, x, x]',
  ...Array.from({ length: 11 }, (_, i) => `a${i + 1}: &a${i + 1} [${Array(10).fill(`*a${i}`).join(', ')}]`),
].join('\n');
const H1 = 'level-1 heading in the page body: the page title is the h1, so start body headings at `##`';
const TOO_DEEP =
  'block quotes and lists are nested more than 100 levels deep here; the page is not read past this line (the MDX parser cannot read such nesting in reasonable time)';

let base: string;
let root: string;
let run: JsonRun;

beforeAll(() => {
  const front = Buffer.from(FRONT);
  ({ base, root } = siteWithOutside({
    'docs.json': config(PAGES),
    'index.mdx': `${FRONT}## Start\n\nText.\n`,
    'empty.mdx': '',
    'bom.mdx': `\ufeff${FRONT}# Heading\n`,
    'crlf.mdx': `${FRONT}# Heading\n`.replace(/\n/g, '\r\n'),
    'cr.mdx': `${FRONT}# Heading\n`.replace(/\n/g, '\r'),
    'binary.mdx': Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n'), Buffer.alloc(64), Buffer.from([0xff, 0xd8, 0xff])]),
    'not-utf8.mdx': Buffer.concat([
      front,
      Buffer.from('Caf'),
      Buffer.from([0xe9]),
      Buffer.from(' au lait, '),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('\n\n# Heading\n'),
    ]),
    'quotes.mdx': `${FRONT}## Quote\n\n${'>'.repeat(50000)} deep\n`,
    'list.mdx': `${FRONT}## List\n\n${'- '.repeat(50000)}item\n`,
    'indented-list.mdx': `${FRONT}## List\n\n${Array.from({ length: 150 }, (_, i) => `${'  '.repeat(i)}- item ${i}`).join('\n')}\n`,
    'tags.mdx': `${FRONT}${'<div>'.repeat(20000)}x${'</div>'.repeat(20000)}\n`,
    'alias-bomb.mdx': `---\ntitle: Welcome to the test site\ndescription: What this site is for and where to start.\n${BOMB}\n---\n\n## Start\n`,
    'deep-front.mdx': `---\ntitle: Welcome to the test site\ndescription: What this site is for and where to start.\nx: ${'['.repeat(10000)}${']'.repeat(10000)}\n---\n\n## Start\n`,
    'ok.mdx': `${FRONT}## Fine\n\n# Heading\n`,
    // A program's output with a NUL character, pasted into a Markdown page: UTF-8 text all the same.
    'nul-output.md': `${FRONT}## Output\n\n\`\`\`text\nread 3 bytes: a\u0000b\n\`\`\`\n\n# Heading\n`,
    // Outside the site root, reachable only through symbolic links.
    '../secret.mdx': '# Secret heading\n\n<Unclosed\n',
  }));
  // 20 MB, above the page size limit (generated here, never committed).
  writeFileSync(
    path.join(root, 'huge.mdx'),
    FRONT + 'All work and no play. '.repeat(Math.ceil((20 * 1024 * 1024) / 22)),
  );
  // A page that is a link to a file outside the site, and folders that loop.
  symlinkSync(path.join(root, '../secret.mdx'), path.join(root, 'linked.mdx'));
  mkdirSync(path.join(root, 'loops'));
  symlinkSync('..', path.join(root, 'loops/up'));
  symlinkSync('.', path.join(root, 'loops/self'));
  // Bounded time is shown by the run finishing under jest's timeout; no test times itself.
  run = lintJson(root, ['.']);
}, 180_000);

// The 20 MB page is not left behind in the temp folder.
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('bad pages, one CLI run', () => {
  test('the run finishes with exit 1 (errors) and lists every page', () => {
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('');
    expect(run.files.filter((f) => /\.mdx?$/.test(f)).sort()).toEqual(
      PAGES.map((p) => (p === 'nul-output' ? `${p}.md` : `${p}.mdx`)).sort(),
    );
  });

  test('an empty page: no front matter', () => {
    expect(findingsIn(run, 'empty.mdx')).toEqual([
      {
        file: 'empty.mdx',
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 1,
        ruleId: 'page-frontmatter-required',
        severity: 1,
        message: 'page has no front matter: start it with a `---` block that sets `title` and `description`',
      },
    ]);
  });

  test.each(['bom', 'crlf', 'cr'])(
    '%s: positions count lines and columns as editors do (BOM not a column, CR a line break)',
    (name) => {
      expect(findingsIn(run, `${name}.mdx`)).toEqual([
        {
          file: `${name}.mdx`,
          line: 6,
          column: 1,
          endLine: 6,
          endColumn: 10,
          ruleId: 'page-no-body-h1',
          severity: 1,
          message: H1,
        },
      ]);
    },
  );

  test('a .md page with a NUL character in UTF-8 text is text: linted like any other, no syntax error', () => {
    expect(findingsIn(run, 'nul-output.md')).toEqual([
      {
        file: 'nul-output.md',
        line: 12,
        column: 1,
        endLine: 12,
        endColumn: 10,
        ruleId: 'page-no-body-h1',
        severity: 1,
        message: H1,
      },
    ]);
  });

  test('a binary file named .mdx: one error, not parsed', () => {
    expect(findingsIn(run, 'binary.mdx')).toEqual([
      {
        file: 'binary.mdx',
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 1,
        ruleId: 'page-mdx-syntax',
        severity: 2,
        message: 'the file is not text (it contains NUL bytes); a page must be UTF-8 MDX',
      },
    ]);
  });

  test('a 20 MB page is skipped with a warning', () => {
    expect(findingsIn(run, 'huge.mdx')).toEqual([
      {
        file: 'huge.mdx',
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 1,
        ruleId: 'page-mdx-syntax',
        severity: 1,
        message: 'the file is too large to lint (20.0 MB; the limit is 8 MB); it was skipped',
      },
    ]);
  });

  test('50,000 nested block quotes: an error at the 101st `>`, the page before it still linted', () => {
    expect(findingsIn(run, 'quotes.mdx')).toEqual([
      {
        file: 'quotes.mdx',
        line: 8,
        column: 101,
        endLine: 8,
        endColumn: 102,
        ruleId: 'page-mdx-syntax',
        severity: 2,
        message: TOO_DEEP,
      },
    ]);
  });

  test('50,000 nested list items: an error at the 101st marker', () => {
    expect(findingsIn(run, 'list.mdx')).toEqual([
      {
        file: 'list.mdx',
        line: 8,
        column: 201,
        endLine: 8,
        endColumn: 202,
        ruleId: 'page-mdx-syntax',
        severity: 2,
        message: TOO_DEEP,
      },
    ]);
  });

  test('a list indented 150 levels deep: an error at the item that goes past 100', () => {
    expect(findingsIn(run, 'indented-list.mdx')).toEqual([
      {
        file: 'indented-list.mdx',
        line: 108,
        column: 201,
        endLine: 108,
        endColumn: 202,
        ruleId: 'page-mdx-syntax',
        severity: 2,
        message: TOO_DEEP,
      },
    ]);
  });

  test('20,000 nested tags: the parser runs out of stack; one error, the run goes on', () => {
    expect(findingsIn(run, 'tags.mdx')).toEqual([
      {
        file: 'tags.mdx',
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 1,
        ruleId: 'page-mdx-syntax',
        severity: 2,
        message:
          'the page is nested too deeply to be read (tags, expressions or inline markup thousands of levels deep); it was not checked',
      },
    ]);
  });

  test('a YAML alias bomb in the front matter: refused at the opening fence', () => {
    expect(findingsIn(run, 'alias-bomb.mdx')).toEqual([
      {
        file: 'alias-bomb.mdx',
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 4,
        ruleId: 'page-frontmatter',
        severity: 2,
        message: 'front matter is not valid YAML: its aliases expand to too many values (an alias bomb)',
      },
    ]);
  });

  test('front matter nested 10,000 deep: an error at the first bracket past 512 levels', () => {
    expect(findingsIn(run, 'deep-front.mdx')).toEqual([
      {
        file: 'deep-front.mdx',
        line: 4,
        column: 516,
        endLine: 4,
        endColumn: 517,
        ruleId: 'page-frontmatter',
        severity: 2,
        message: 'front matter is not valid YAML: it is nested too deeply to be read',
      },
    ]);
  });

  test('the other pages are still linted', () => {
    expect(findingsIn(run, 'ok.mdx')).toEqual([
      {
        file: 'ok.mdx',
        line: 8,
        column: 1,
        endLine: 8,
        endColumn: 10,
        ruleId: 'page-no-body-h1',
        severity: 1,
        message: H1,
      },
    ]);
    expect(findingsIn(run, 'index.mdx')).toEqual([]);
  });

  test('a page that links out of the site root is neither read nor reported; symlink loops are not followed', () => {
    expect(run.files.some((f) => f.includes('linked') || f.includes('secret') || f.startsWith('loops/'))).toBe(false);
    expect(run.findings.filter((f) => /secret|linked|loops/i.test(f.file + f.message))).toEqual([]);
  });

  // Bytes that are not UTF-8 are read as U+FFFD. Reported once the page reader passes where they
  // are (see `invalidUtf8` of lintPage); until then the page is linted with no word about them.
  test('bytes that are not UTF-8: an error at the first of them (needs the reader to pass invalidUtf8)', () => {
    expect(findingsIn(run, 'not-utf8.mdx')).toContainEqual({
      file: 'not-utf8.mdx',
      line: 6,
      column: 4,
      endLine: 6,
      endColumn: 5,
      ruleId: 'page-mdx-syntax',
      severity: 2,
      message:
        'the file is not valid UTF-8 here (and up to 2 more places): the bytes read as U+FFFD (�); save the page as UTF-8',
    });
  });
});

describe('bytes that are not UTF-8, in-process', () => {
  test('invalidUtf8Offset finds the first bad sequence, as an offset in the decoded text', () => {
    expect(invalidUtf8Offset(Buffer.from('plain ascii, é, 😀, 漢字'))).toBeUndefined();
    expect(invalidUtf8Offset(Buffer.from([0x61, 0xe9, 0x62]))).toBe(1);
    expect(invalidUtf8Offset(Buffer.concat([Buffer.from('😀x'), Buffer.from([0xed, 0xa0, 0x80])]))).toBe(3); // an encoded surrogate
    expect(invalidUtf8Offset(Buffer.from([0xc0, 0xaf]))).toBe(0); // overlong
    expect(invalidUtf8Offset(Buffer.from([0xe2, 0x82]))).toBe(0); // cut short
    expect(invalidUtf8Offset(Buffer.from([0xf4, 0x90, 0x80, 0x80]))).toBe(0); // past U+10FFFF
  });

  test('lintPage reports where the reader found them (BOM not counted), as page-mdx-syntax', () => {
    const bytes = Buffer.concat([
      Buffer.from(`\ufeff${FRONT}Caf`),
      Buffer.from([0xe9]),
      Buffer.from(' and \ufffd on purpose\n'),
    ]);
    const text = bytes.toString('utf8');
    const result = lintOnePage({ file: '/site/p.mdx', text, isSnippet: false, invalidUtf8: invalidUtf8Offset(bytes) });
    expect(
      result.diagnostics.map(({ line, column, endLine, endColumn, ruleId, severity, message }) => ({
        line,
        column,
        endLine,
        endColumn,
        ruleId,
        severity,
        message,
      })),
    ).toEqual([
      {
        line: 6,
        column: 4,
        endLine: 6,
        endColumn: 5,
        ruleId: 'page-mdx-syntax',
        severity: 'error',
        message:
          'the file is not valid UTF-8 here (and up to 1 more place): the bytes read as U+FFFD (�); save the page as UTF-8',
      },
    ]);
  });
});
