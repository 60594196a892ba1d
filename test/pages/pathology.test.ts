import { LARGE_PAGE_CHARS, mayBeSlow, pathologyHint } from '../../src/pages/pathology.js';

describe('pathologyHint: where a page that took too long most likely makes the parser slow', () => {
  const front = '---\ntitle: T\n---\n\n';

  test('a long run of emphasis markers', () => {
    expect(pathologyHint(front + 'Intro.\n\n' + '*_'.repeat(500) + '\n')).toEqual({
      line: 7,
      column: 1,
      endLine: 7,
      endColumn: 1001,
      what: 'a run of 1,000 `*` and `_`',
    });
  });

  test('the longest of several runs of backticks', () => {
    const text = front + ['`'.repeat(100), '`'.repeat(300), '`'.repeat(200)].join(' a ') + '\n';
    expect(pathologyHint(text)).toEqual({
      line: 5,
      column: 104,
      endLine: 5,
      endColumn: 404,
      what: 'a run of 300 backticks',
    });
  });

  test('runs of `{` and of `[` (blanks inside a run do not end it)', () => {
    expect(pathologyHint('{ '.repeat(100))?.what).toBe('a run of 100 `{` and `}`');
    expect(pathologyHint('x\n' + '[a'.repeat(10) + '['.repeat(70))).toEqual({
      line: 2,
      column: 21,
      endLine: 2,
      endColumn: 91,
      what: 'a run of 70 `[` and `]`',
    });
  });

  test('lists nested deeply: the first line at the deepest level', () => {
    const list = Array.from({ length: 40 }, (_, i) => `${'  '.repeat(i)}- item`).join('\n');
    expect(pathologyHint(front + list + '\n')).toEqual({
      line: 44,
      column: 79,
      endLine: 44,
      endColumn: 80,
      what: 'block quotes and list items nested 40 levels deep',
    });
  });

  test('nothing out of the ordinary: no hint', () => {
    expect(
      pathologyHint(front + '## Heading\n\nSome *emphasis*, `code`, [a link](/x) and {1 + 1}.\n\n- a\n  - b\n'),
    ).toBeUndefined();
  });
});

describe('mayBeSlow: the pages a run over a few files sends to a worker thread, under the time limit', () => {
  test('over 64 KB, whatever is in it (a paragraph of `key: value` lines parses superlinearly)', () => {
    const line = 'k1: 1\n';
    const paragraph = (chars: number) => line.repeat(Math.ceil(chars / line.length)).slice(0, chars);
    expect(LARGE_PAGE_CHARS).toBe(65536);
    expect(mayBeSlow(paragraph(65536))).toBe(false);
    expect(mayBeSlow(paragraph(65537))).toBe(true);
  });

  test('a small page never, whatever its structure: the pre-scan bounds what the parser is slow on', () => {
    expect(mayBeSlow('*_'.repeat(40))).toBe(false);
    expect(mayBeSlow('*_'.repeat(30000))).toBe(false);
    expect(mayBeSlow('## Heading\n\nSome *emphasis* and `code`.\n')).toBe(false);
  });

  test('a large page whose hazard comes before 64 KB is read only up to it', () => {
    const text = 'Some text.\n\n'.repeat(10000);
    expect(mayBeSlow('*_'.repeat(30000) + '\n\n' + text)).toBe(false);
    expect(mayBeSlow(text + '*_'.repeat(30000) + '\n')).toBe(true);
  });
});
