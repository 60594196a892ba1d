import { didYouMean } from '../../src/core/suggest.js';

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
