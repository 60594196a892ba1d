import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { resolveSiteSettings } from '../../src/config/site-settings.js';
import { WarmSessions } from '../../src/engine/warm.js';
import { MINIMAL_CONFIG, MINIMAL_PAGE, tmpSite } from '../helpers/tmp-site.js';

/*
 * Sessions kept warm between runs (the MCP server): the same session each time, pages parsed again
 * only when their signature changed, and the site listed again when a file came or went.
 */

/** Looks at the files as if an hour later: their signatures are vouched for (not changed within the racy window). */
const LATER = () => Date.now() + 3600_000;

const page = (title: string) => MINIMAL_PAGE.replace('Welcome to the test site', title);

test('a warm session parses again only the pages that changed, and lists the site again when a page is added', async () => {
  const root = tmpSite({
    'docs.json': MINIMAL_CONFIG.replace('"index"', '"index", "a", "b"'),
    'index.mdx': MINIMAL_PAGE,
    'a.mdx': page('The first page of the site'),
    'b.mdx': page('The second page of the site'),
  });
  const warm = new WarmSessions(LATER);
  const resolved = await resolveSiteSettings(root);
  const all = () => true;
  try {
    const session = await warm.acquire(root, resolved);
    await session.lint(all, { whole: true });
    expect(session.parsedPages).toBe(3);
    warm.release(session, []);

    // Nothing changed: the same session, nothing parsed again (settings resolved again to the same rules).
    const again = await warm.acquire(root, await resolveSiteSettings(root));
    expect(again).toBe(session);
    await again.lint(all, { whole: true });
    expect(again.parsedPages).toBe(3);
    warm.release(again, []);

    // One page edited: that page alone.
    writeFileSync(path.join(root, 'a.mdx'), page('The first page of the site, edited'));
    await (await warm.acquire(root, resolved)).lint(all, { whole: true });
    expect(session.parsedPages).toBe(4);
    warm.release(session, []);

    // A page added: listed, and parsed with nothing else.
    writeFileSync(path.join(root, 'c.mdx'), page('A third page of the site'));
    const pass = await (await warm.acquire(root, resolved)).lint(all, { whole: true });
    expect(session.parsedPages).toBe(5);
    expect(pass.files.map((f) => path.relative(root, f)).sort()).toEqual([
      'a.mdx',
      'b.mdx',
      'c.mdx',
      'docs.json',
      'index.mdx',
    ]);
    expect(pass.diagnostics.map((d) => `${path.relative(root, d.file)} ${d.ruleId}`)).toEqual([
      'c.mdx site-orphan-page',
    ]);
    warm.release(session, []);

    // Text given for a page stands for this run only.
    const withText = await warm.acquire(root, resolved, new Map([[path.join(root, 'b.mdx'), '# Not a page title\n']]));
    const texted = await withText.lint((f) => f === path.join(root, 'b.mdx'));
    expect(texted.diagnostics.map((d) => d.ruleId)).toContain('page-frontmatter-required');
    warm.release(withText, [path.join(root, 'b.mdx')]);
    const back = await (await warm.acquire(root, resolved)).lint((f) => f === path.join(root, 'b.mdx'));
    expect(back.diagnostics).toEqual([]);
    warm.release(session, []);
  } finally {
    warm.close();
  }
});
