import { didYouMean, didYouMeanPath, MAX_SUGGEST_LENGTH, MAX_SUGGEST_WORK } from '../../src/core/suggest.js';

describe('didYouMean', () => {
  test.each<[string, string[], string | undefined]>([
    ['guides/intro', ['guides/introduction', 'guides/intr', 'api/intro'], 'guides/intr'],
    ['Quickstart', ['quickstart', 'quick-start'], 'quickstart'],
    ['setup', ['settings', 'setup-guide', 'setap', 'setop'], 'setap'],
    ['a', ['b', 'ab'], 'b'],
    ['overview', ['index', 'changelog', 'api/reference'], undefined],
    ['x', [], undefined],
    ['same', ['same'], undefined],
    // A much longer candidate listed first does not hide a closer short one.
    ['navigation', ['navigation/groups/and/tabs/overview', 'navigatoin'], 'navigatoin'],
  ])('%s among %j → %s', (input, candidates, expected) => {
    expect(didYouMean(input, candidates)).toBe(expected);
  });
});

describe('didYouMean bounds', () => {
  test('a name longer than MAX_SUGGEST_LENGTH gets no suggestion; longer candidates are never suggested', () => {
    const long = 'a'.repeat(MAX_SUGGEST_LENGTH + 1);
    expect(didYouMean(long, [`${long}b`])).toBeUndefined();
    expect(didYouMean('a'.repeat(MAX_SUGGEST_LENGTH), [long, 'b'.repeat(MAX_SUGGEST_LENGTH)])).toBeUndefined();
  });

  test('calls that pass the same list share one budget of candidates examined', () => {
    const list = Array.from({ length: 1_000 }, (_, i) => `page-${i}`);
    const calls = Math.floor(MAX_SUGGEST_WORK / list.length);
    for (let i = 0; i < calls; i++) expect(didYouMean(`pagf-${i % 1_000}`, list)).toBe(`page-${i % 1_000}`);
    // The budget is spent: the next call on this list suggests nothing; a fresh list still does.
    expect(didYouMean('pagf-1', list)).toBeUndefined();
    expect(didYouMean('pagf-1', [...list])).toBe('page-1');
  });
});

describe('didYouMeanPath: judged on the page name, not the shared folders', () => {
  const site = [
    'index',
    'quickstart',
    'guides/install',
    'guides/configure',
    'guides/deploy',
    'guides/upgrade',
    'guides/setup-more',
    'reference/api',
  ];
  test.each<[string, string | undefined]>([
    // A deleted or unrelated page: the folder alone does not make a neighbour a slip for it.
    ['reference/cli', undefined],
    ['reference/options', undefined],
    ['guides/setupx', undefined],
    ['guides/secrets', undefined],
    ['guides/index', undefined],
    // Slips of the name, or of the folder.
    ['guides/upgrading', 'guides/upgrade'],
    ['guides/configuration', 'guides/configure'],
    ['reference/apis', 'reference/api'],
    ['quick-start', 'quickstart'],
    ['docs/guides/install', 'guides/install'],
    ['guide/deploy', 'guides/deploy'],
    ['guides/setup', 'guides/setup-more'],
  ])('%s → %s', (input, expected) => {
    expect(didYouMeanPath(input, site)).toBe(expected);
  });
});
