import siteOrphanPage from '../../rules/site-orphan-page.js';
import { load, runCheck, runRule } from './helpers.js';

async function withIndexing(indexing: string | undefined) {
  const site = await load('site-orphans');
  const value = site.config.value as Record<string, unknown>;
  if (indexing !== undefined) value.seo = { indexing };
  return site;
}

const ADVICE =
  'add it to the navigation in docs.json, or set `hidden: true` in its front matter if it is unlisted on purpose';

describe('site-orphan-page', () => {
  test('seo.indexing absent: pages outside the navigation are not indexed (warning)', async () => {
    expect(await runCheck(siteOrphanPage, await withIndexing(undefined))).toEqual([
      {
        file: 'guides/bare.md',
        line: 1,
        column: 1,
        severity: 'warning',
        message: `\`guides/bare\` is not in the navigation: with \`seo.indexing\` absent (the default, "navigable"), the platform leaves it out of search, the sitemap, llms.txt and AI context; ${ADVICE}`,
      },
      {
        file: 'guides/forgotten.mdx',
        line: 1,
        column: 1,
        severity: 'warning',
        message: `\`guides/forgotten\` is not in the navigation: with \`seo.indexing\` absent (the default, "navigable"), the platform leaves it out of search, the sitemap, llms.txt and AI context; ${ADVICE}`,
      },
    ]);
  });

  test('seo.indexing "navigable": same as absent', async () => {
    const found = await runCheck(siteOrphanPage, await withIndexing('navigable'));
    expect(found.map((f) => [f.file, f.severity])).toEqual([
      ['guides/bare.md', 'warning'],
      ['guides/forgotten.mdx', 'warning'],
    ]);
    expect(found[1]!.message).toBe(
      `\`guides/forgotten\` is not in the navigation: with \`seo.indexing\` "navigable", the platform leaves it out of search, the sitemap, llms.txt and AI context; ${ADVICE}`,
    );
  });

  test('seo.indexing "all": reachable and indexed, an info note only', async () => {
    expect(await runCheck(siteOrphanPage, await withIndexing('all'))).toEqual([
      {
        file: 'guides/bare.md',
        line: 1,
        column: 1,
        severity: 'info',
        message:
          '`guides/bare` is not in the navigation; it is reachable by its URL and, with `seo.indexing: "all"`, still indexed for search and AI context',
      },
      {
        file: 'guides/forgotten.mdx',
        line: 1,
        column: 1,
        severity: 'info',
        message:
          '`guides/forgotten` is not in the navigation; it is reachable by its URL and, with `seo.indexing: "all"`, still indexed for search and AI context',
      },
    ]);
  });

  test('hidden: true pages, snippets, group roots and internal navigation hrefs are not orphans', async () => {
    const found = await runCheck(siteOrphanPage, await withIndexing(undefined));
    const files = found.map((f) => f.file);
    expect(files).not.toContain('guides/unlisted.mdx');
    expect(files).not.toContain('snippets/shared.mdx');
    expect(files).not.toContain('guides/overview.mdx');
    expect(files).not.toContain('changelog.mdx');
  });

  test('the ignore option skips pages', async () => {
    const found = await runCheck(siteOrphanPage, await withIndexing(undefined), {
      ignore: ['guides/forgotten.mdx', '*.md'],
    });
    expect(found).toEqual([]);
  });

  test('the range covers the first line of the page', async () => {
    const site = await withIndexing(undefined);
    const found = await runRule(siteOrphanPage, site, undefined, async () => undefined);
    const bare = found.find((d) => d.file.endsWith('bare.md'));
    const forgotten = found.find((d) => d.file.endsWith('forgotten.mdx'));
    expect(bare).toMatchObject({ line: 1, column: 1, endLine: 1, endColumn: 22, ruleId: 'site-orphan-page' });
    expect(forgotten).toMatchObject({ line: 1, column: 1, endLine: 1, endColumn: 4 });
  });
});
