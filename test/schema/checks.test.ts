import { checkPathOrUrl, firstRepeat, hasAnyKey } from '../../src/schema/checks.js';

// The platform's rules for paths and URLs, value by value (test/differential checks them against the platform itself).
const CASES: Array<[kind: string, valid: string[], invalid: string[]]> = [
  [
    'url',
    ['https://example.com', 'http://localhost:3000/x', 'mailto:a@b.co', 'https://example.com/a b', 'ftp://x', 'a:b'],
    ['', 'example.com', '/path', '//example.com', 'https://', 'https://exa mple.com'],
  ],
  [
    'href',
    ['/quickstart', '#install', 'mailto:team@example.com', 'https://example.com', 'javascript:alert(1)'],
    ['', 'quickstart', 'example.com/docs', 'https://'],
  ],
  [
    'secure-href',
    ['/about', '#faq', 'mailto:x@example.com', 'https://example.com', 'https://example.com/blog/', 'https://example.com/a.png#x'],
    [
      'http://example.com',
      '//evil.example.com',
      'https://example.com/logo.svg',
      'https://example.com/setup.EXE/',
      'javascript:alert(1)',
      'about',
      'https://example.com/%E0%A4%A',
    ],
  ],
  ['secure-url', ['https://x.com/acme', 'https://example.com/dir/'], ['http://x.com/acme', '/acme', 'https://example.com/a.zip', 'mailto:a@b.co']],
  ['https-url', ['https://cdn.example.com/x.js'], ['http://cdn.example.com/x.js', 'cdn.example.com']],
  [
    'cdn-url',
    ['https://cdn.example.com', 'https://cdn.example.com/segment', 'https://cdn.example.com/?'],
    ['https://cdn.example.com/?a=1', 'https://cdn.example.com/#x', 'http://cdn.example.com'],
  ],
  [
    'spec-source',
    ['openapi.json', ' api/openapi.yaml ', '/specs/v1.json', 'https://api.example.com/openapi.json', 'http://localhost/openapi.json', '../x.json'],
    ['', '   ', 'ftp://example.com/openapi.json', 'javascript:alert(1)', 'C:\\docs\\openapi.json', 'mailto:x'],
  ],
  ['https-source', ['schema.graphql', 'https://example.com/schema.graphql'], ['http://example.com/schema.graphql', ' ', 'data:text/plain,hi']],
];

describe('checkPathOrUrl', () => {
  test.each(CASES)('%s', (kind, valid, invalid) => {
    expect(valid.filter((v) => !checkPathOrUrl(kind, v))).toEqual([]);
    expect(invalid.filter((v) => checkPathOrUrl(kind, v))).toEqual([]);
  });

  test('an unknown kind accepts nothing', () => {
    expect(checkPathOrUrl('nope', 'https://example.com')).toBe(false);
  });
});

describe('firstRepeat', () => {
  test('by a property of object items, skipping items without it', () => {
    expect(firstRepeat([{ source: '/a' }, { source: '/b' }, {}, 'x', { source: '/a' }], { property: 'source' })).toEqual([0, 4]);
    expect(firstRepeat([{ source: '/a' }, { source: '/A' }], { property: 'source' })).toBeNull();
  });

  test('string items only: equal objects are distinct, as in a JavaScript Set', () => {
    expect(firstRepeat([{ title: 'x' }, { title: 'x' }, 'copy'], { strings: true })).toBeNull();
    expect(firstRepeat(['copy', 'view', 'copy'], { strings: true })).toEqual([0, 2]);
  });

  test('trimmed values', () => {
    expect(firstRepeat([{ id: 'js' }, { id: ' js ' }], { property: 'id', trim: true })).toEqual([0, 1]);
    expect(firstRepeat([{ id: 'js' }, { id: ' js ' }], { property: 'id' })).toBeNull();
  });
});

test('hasAnyKey', () => {
  expect(hasAnyKey({ groups: [] }, ['pages', 'groups'])).toBe(true);
  expect(hasAnyKey({ global: {} }, ['pages', 'groups'])).toBe(false);
  expect(hasAnyKey(Object.create({ pages: [] }) as Record<string, unknown>, ['pages'])).toBe(false);
});
