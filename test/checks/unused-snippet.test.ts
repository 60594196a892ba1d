import siteUnusedSnippet from '../../rules/site-unused-snippet.js';
import { load, runCheck } from './helpers.js';

const message = (relative: string) =>
  `snippet \`/${relative}\` is not imported or included by any page or snippet, so it is never shown: import it where it belongs (\`import X from '/${relative}'\`) or delete it`;

describe('site-unused-snippet', () => {
  test('snippets nothing imports or includes, on their first line; imported, included and extension-less imports count as uses', async () => {
    expect(await runCheck(siteUnusedSnippet, await load('site-snippets-unused'))).toEqual([
      { file: '_snippets/draft.mdx', line: 1, column: 1, severity: 'info', message: message('_snippets/draft.mdx') },
      { file: 'snippets/nested-user.mdx', line: 1, column: 1, severity: 'info', message: message('snippets/nested-user.mdx') },
      { file: 'snippets/old-intro.mdx', line: 1, column: 1, severity: 'info', message: message('snippets/old-intro.mdx') },
    ]);
  });

  test('the ignore option keeps files that stay unused on purpose', async () => {
    const found = await runCheck(siteUnusedSnippet, await load('site-snippets-unused'), { ignore: ['_snippets/'] });
    expect(found.map((f) => f.file)).toEqual(['snippets/nested-user.mdx', 'snippets/old-intro.mdx']);
  });
});
