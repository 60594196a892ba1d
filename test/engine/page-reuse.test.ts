import { rmSync } from 'node:fs';
import path from 'node:path';
import { LintCache } from '../../src/cache/cache.js';
import { pageReuse, type PageWork } from '../../src/cache/page-reuse.js';
import { resolveSettings } from '../../src/config/settings.js';
import { SiteSession } from '../../src/engine/session.js';
import { tmpSite } from '../helpers/tmp-site.js';

/*
 * The cache around the page pass (src/cache/page-reuse.ts): what a page rule asked of its context
 * (why the page was not checked, the reports of directives that suppress nothing) is part of the
 * page's outcome, and a run that takes the outcome from the cache reports exactly what the run that
 * made it did.
 */

const front = (title: string) => `---\ntitle: ${title}\ndescription: A page of the test site for the cache.\n---\n\n`;
const FILES = {
  'docs.json': JSON.stringify({
    theme: 'mint',
    name: 'Acme',
    colors: { primary: '#15803D' },
    navigation: { pages: ['index', 'broken'] },
  }),
  'index.mdx': `${front('Home')}{/* doclint-disable-next-line page-link-text -- old links */}\nSome text.\n`,
  'broken.mdx': `${front('Broken')}{/* doclint-disable page-link-text */}\n<Card>\n\nText\n`,
};

async function run(root: string, cacheFile: string) {
  const settings = resolveSettings();
  const identity = { doclint: 'test', root, settings: 'defaults' };
  const cache = await LintCache.load(cacheFile, identity, root);
  const session = await SiteSession.open(root, settings, undefined, { cache });
  try {
    const result = await session.lint(() => true, { whole: true });
    await cache.save(true);
    return {
      parsed: session.parsedPages,
      found: result.diagnostics.map((d) => `${path.basename(d.file)}:${d.line}:${d.column} ${d.ruleId} ${d.message}`),
      unchecked: [...result.unchecked.files.values()],
    };
  } finally {
    session.close();
  }
}

describe('the page pass through its reuse', () => {
  test('a cached run reports the directives that suppressed nothing, and the pages not checked, as the run that made them', async () => {
    const root = tmpSite(FILES);
    try {
      const cacheFile = path.join(root, '.doclintcache');
      const cold = await run(root, cacheFile);
      expect(cold.parsed).toBe(2);
      expect(cold.found).toEqual([
        'broken.mdx:7:1 page-mdx-syntax unclosed tag `<Card>`: add `</Card>` after its content, or write `<Card />` if it has none',
        'index.mdx:6:1 page-directive `doclint-disable-next-line` suppressed no `page-link-text` finding: remove `page-link-text` from it (its reason: "old links")',
      ]);
      expect(cold.unchecked).toEqual(['broken.mdx was not checked (see its page-mdx-syntax finding)']);
      const warm = await run(root, cacheFile);
      expect(warm.parsed).toBe(0);
      expect(warm).toEqual({ ...cold, parsed: 0 });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('without a cache: every page is made, nothing is kept, no key is asked for', async () => {
    const reuse = pageReuse(undefined);
    expect(reuse.keeps).toBe(false);
    const asked: string[] = [];
    const work: PageWork = {
      relative: 'a.mdx',
      file: '/site/a.mdx',
      key: () => (asked.push('key'), 'k'),
      readBytes: () => (asked.push('read'), undefined),
      make: async () => (asked.push('make'), { outcome: { findings: [], facts: undefined }, key: 'k' }),
    };
    expect(await reuse.outcome(work)).toEqual({ findings: [], facts: undefined });
    expect(asked).toEqual(['make']);
    expect(reuse.has('a.mdx', 'k')).toBe(false);
    expect(reuse.recordedHash('a.mdx', '/site/a.mdx')).toBeUndefined();
  });
});
