import { compileGlob, compileGlobs, expandBraces, GlobError, MAX_ALTERNATIVES } from '../../src/core/glob.js';

/*
 * The `files` patterns of `overrides`: ESLint's glob syntax, matched without regular expressions,
 * so that no pattern backtracks (a pattern that held a whole-site run past two minutes is
 * matched here as cheaply as `*.mdx`).
 */

const PATHS = [
  'index.mdx',
  'api/one.mdx',
  'api/v2/two.mdx',
  'guides/a.mdx',
  'abc.mdx',
  '.hidden/x.mdx',
  'x/1/y/2/z.mdx',
  'snippets/x/y.md',
  'a/changelog.mdx',
];

describe('glob patterns of overrides', () => {
  test.each<[string, string[]]>([
    ['api/**', ['api/one.mdx', 'api/v2/two.mdx']],
    ['*.mdx', ['index.mdx', 'abc.mdx']],
    [
      '**/*.mdx',
      [
        'index.mdx',
        'api/one.mdx',
        'api/v2/two.mdx',
        'guides/a.mdx',
        'abc.mdx',
        '.hidden/x.mdx',
        'x/1/y/2/z.mdx',
        'a/changelog.mdx',
      ],
    ],
    ['api/*.mdx', ['api/one.mdx']],
    ['**/v2/**', ['api/v2/two.mdx']],
    ['{api,guides}/**', ['api/one.mdx', 'api/v2/two.mdx', 'guides/a.mdx']],
    ['snippets/**/*.{md,mdx}', ['snippets/x/y.md']],
    ['x/**/y/**/z.mdx', ['x/1/y/2/z.mdx']],
    ['a?c.mdx', ['abc.mdx']],
    ['[a-b]*.mdx', ['abc.mdx']],
    ['[!a-i]*.mdx', []],
    ['[^a-i]*.mdx', []],
    ['.hidden/*', ['.hidden/x.mdx']],
    ['./api/*.mdx', ['api/one.mdx']],
    ['!**/*.mdx', ['snippets/x/y.md']],
    ['**/changelog.mdx', ['a/changelog.mdx']],
    ['\\*.mdx', []],
  ])('%s', (pattern, matched) => {
    const match = compileGlob(pattern);
    expect(PATHS.filter((p) => match(p))).toEqual(matched);
  });

  test('a pattern of many stars against a long name is answered (linear matching, no backtracking)', () => {
    const pattern = `${'*a'.repeat(15)}*b.mdx`;
    const name = `${'a'.repeat(40)}.mdx`;
    const match = compileGlobs([pattern, `**/${pattern}`, `${'**/'.repeat(20)}${pattern}`]);
    expect(match(name)).toBe(false);
    expect(match(`deep/${'a/'.repeat(30)}${name}`)).toBe(false);
    expect(match(`${'a'.repeat(40)}b.mdx`)).toBe(true);
  });

  test('braces: nested lists expand; past the cap, a GlobError; repeated lists are not expanded again and again', () => {
    expect(expandBraces('a/{b,c/{d,e}}/*.mdx')).toEqual(['a/b/*.mdx', 'a/c/d/*.mdx', 'a/c/e/*.mdx']);
    expect(expandBraces('{a}/{,x}')).toEqual(['{a}/', '{a}/x']);
    expect(expandBraces('{a,a}'.repeat(40))).toEqual(['a'.repeat(40)]);
    expect(() => expandBraces('{a,b}'.repeat(9))).toThrow(
      new GlobError(`expands to more than ${MAX_ALTERNATIVES} patterns`),
    );
  });
});
