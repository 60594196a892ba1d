import { applyRedirects, readRedirects } from '../../src/site/redirects.js';

const table = (pairs: Array<[string, string]>) =>
  readRedirects({ redirects: pairs.map(([source, destination]) => ({ source, destination })) });

describe('applyRedirects: the first matching redirect wins, static or with parameters', () => {
  const redirects = table([
    ['/old/:slug*', '/new/:slug*'],
    ['/old/exact', '/never'],
    ['/exact', '/first'],
    ['/exact/', '/second'],
    ['/docs/concepts-*', '/concepts/*'],
    ['/a/:x/b', '/b/:x'],
    ['/a/fixed/b', '/never-either'],
    ['/', '/home'],
  ]);
  test.each<[string, string | undefined]>([
    ['/old/exact', '/new/exact'],
    ['/old', '/new'],
    ['/old/a/b/', '/new/a/b'],
    ['/exact', '/first'],
    ['exact/', '/first'],
    ['/docs/concepts-auth', '/concepts/auth'],
    ['/a/fixed/b', '/b/fixed'],
    ['/', '/home'],
    ['/Exact', undefined],
    ['/nowhere', undefined],
  ])('%s → %s', (from, to) => {
    expect(applyRedirects(redirects, from)).toBe(to);
  });

  test('a static redirect listed before the parameterised ones wins', () => {
    expect(
      applyRedirects(
        table([
          ['/p/one', '/static'],
          ['/p/:any', '/dynamic/:any'],
        ]),
        '/p/one',
      ),
    ).toBe('/static');
    expect(
      applyRedirects(
        table([
          ['/p/:any', '/dynamic/:any'],
          ['/p/one', '/static'],
        ]),
        '/p/one',
      ),
    ).toBe('/dynamic/one');
  });
});
