import { writeFileSync } from 'node:fs';
import path from 'node:path';
import siteUnusedSnippet from '../../rules/site-unused-snippet.js';
import { SiteSession } from '../../src/engine/session.js';
import { resolveSettings } from '../../src/engine/settings.js';
import { tmpSite } from '../helpers/tmp-site.js';
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

  test('`<Snippet file>` elements as the listing read them, else from the text the session sees: an editor buffer, a file changed since', async () => {
    const root = tmpSite({
      'docs.json': JSON.stringify({ theme: 'mint', name: 'S', colors: { primary: '#0A7A5E' }, navigation: { pages: ['index'] } }),
      'index.mdx': '---\ntitle: Home\n---\n\n<Snippet file="./Note.mdx" />\n',
      'snippets/note.mdx': 'A note.\n',
      'snippets/tip.mdx': 'A tip.\n',
    });
    const session = await SiteSession.open(root, resolveSettings({}));
    expect(Object.fromEntries(session.site.site.inclusions!)).toEqual({ 'index.mdx': ['note.mdx'], 'snippets/note.mdx': [], 'snippets/tip.mdx': [] });
    const unused = async () =>
      (await session.lint(() => true, { whole: true })).diagnostics.filter((d) => d.ruleId === 'site-unused-snippet').map((d) => path.relative(root, d.file));
    expect(await unused()).toEqual(['snippets/tip.mdx']);
    const index = path.join(root, 'index.mdx');
    session.setOverlay(index, '---\ntitle: Home\n---\n\n<Snippet file="tip.mdx" />\n');
    expect(await unused()).toEqual(['snippets/note.mdx']);
    // The buffer is dropped and the file changed on disk meanwhile: the disk's text, not the listing's.
    writeFileSync(index, '---\ntitle: Home\n---\n\nNo snippet.\n');
    session.setOverlay(index, undefined);
    expect(await unused()).toEqual(['snippets/note.mdx', 'snippets/tip.mdx']);
    session.close();
  });
});
