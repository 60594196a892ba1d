import { readFileSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { mayRefer, referencesToRemoved } from '../../src/commands/removed.js';
import { SiteSession } from '../../src/engine/session.js';
import { resolveSettings } from '../../src/config/settings.js';
import { tmpSite } from '../helpers/tmp-site.js';

/*
 * What a removal breaks is found by linting the pages that may name a removed file (src/commands/removed.ts,
 * `mayRefer`), not every page: each case is also run over every page, and must find the same.
 */

const FRONT = (title: string) => `---\ntitle: ${title}\ndescription: A page.\n---\n\n`;
const CONFIG = (pages: string[], redirects: unknown[] = []) =>
  JSON.stringify({
    theme: 'mint',
    name: 'Removed',
    colors: { primary: '#0A7A5E' },
    navigation: { groups: [{ group: 'Start', pages }] },
    redirects,
  });

/** Removes `gone` from a site made of `files`; returns the findings of the removal as `file:line rule message`, run both ways. */
async function removal(
  files: Record<string, string>,
  gone: string[],
): Promise<{ fast: string[]; exhaustive: string[] }> {
  const root = tmpSite(files);
  const removed = new Map<string, Buffer>();
  for (const rel of gone) {
    const file = path.join(root, rel);
    removed.set(file, readFileSync(file));
    unlinkSync(file);
  }
  const show = (found: Awaited<ReturnType<typeof referencesToRemoved>>) =>
    found.map((d) => `${path.relative(root, d.file)}:${d.line} ${d.ruleId} ${d.message.split(': ')[0]}`).sort();
  return {
    fast: show(await referencesToRemoved(root, removed, {}, 0)),
    exhaustive: show(await referencesToRemoved(root, removed, { exhaustive: true }, 0)),
  };
}

describe('references to removed files, from the pages that may name them', () => {
  test('links by every form of the name; prose that uses the word, and a longer name, are not references', async () => {
    const { fast, exhaustive } = await removal(
      {
        'docs.json': CONFIG(['index', 'guides/setup', 'a', 'b']),
        'index.mdx': `${FRONT('Home')}Read [setup](/guides/setup) and [again](/Guides/Setup/#top).\n`,
        'guides/setup.mdx': `${FRONT('Setup')}## Top\n`,
        'guides/setup-more.mdx': `${FRONT('More')}Text.\n`,
        'a.mdx': `${FRONT('A')}To set up, see [more](/guides/setup-more) and [relative](guides/setup.mdx).\n`,
        'b.mdx': `${FRONT('B')}We setup things; <Card href="./guides/setup" title="x" />\n`,
      },
      ['guides/setup.mdx'],
    );
    expect(fast).toEqual(exhaustive);
    expect(fast).toEqual([
      'a.mdx:6 site-broken-link link `guides/setup.mdx` is broken',
      'b.mdx:6 site-broken-link <Card href> `./guides/setup` is broken',
      'docs.json:1 nav-page-missing `guides/setup` is in the navigation but no page `guides/setup.mdx` or `guides/setup.md` exists; did you mean `guides/setup-more`?',
      'index.mdx:6 site-broken-link link `/guides/setup` is broken',
    ]);
  });

  test("an anchor of a page that came from the removed snippet it imported: the page's name is looked for too", async () => {
    const { fast, exhaustive } = await removal(
      {
        'docs.json': CONFIG(['index', 'install']),
        'index.mdx': `${FRONT('Home')}See [the keys](/install#api-keys).\n`,
        'install.mdx': `${FRONT('Install')}import Keys from '/snippets/keys.mdx';\n\n<Keys />\n`,
        'snippets/keys.mdx': '## API keys\n\nText.\n',
      },
      ['snippets/keys.mdx'],
    );
    expect(fast).toEqual(exhaustive);
    expect(fast).toEqual([
      'index.mdx:6 site-broken-link anchor `#api-keys` in `/install` matches no heading or id of `install`',
      "install.mdx:6 site-import-missing `import … from '/snippets/keys.mdx'` names no file of the site",
    ]);
  });

  test("a folder's index by the folder's name, an encoded name, a redirect's source", async () => {
    const { fast, exhaustive } = await removal(
      {
        'docs.json': CONFIG(
          ['index', 'guides/index', 'my page', 'c'],
          [{ source: '/old-guides', destination: '/guides' }],
        ),
        'index.mdx': `${FRONT('Home')}[Guides](/guides/), [mine](/my%20page), [old](/old-guides).\n`,
        'guides/index.mdx': `${FRONT('Guides')}Text.\n`,
        'my page.mdx': `${FRONT('Mine')}Text.\n`,
        'c.mdx': `${FRONT('C')}Guides and old guides, in prose only.\n`,
      },
      ['guides/index.mdx', 'my page.mdx'],
    );
    expect(fast).toEqual(exhaustive);
    // A link to the redirect's source stands (the redirect is reported where it is written).
    expect(fast).toEqual([
      'docs.json:1 nav-page-missing `guides/index` is in the navigation but no page `guides/index.mdx` or `guides/index.md` exists',
      'docs.json:1 nav-page-missing `my page` is in the navigation but no page `my page.mdx` or `my page.md` exists',
      'docs.json:1 site-redirect redirect `/old-guides` → `/guides` leads nowhere',
      'index.mdx:6 site-broken-link link `/guides/` is broken',
      'index.mdx:6 site-broken-link link `/my%20page` is broken',
    ]);
  });

  test('the pages looked at: those that name a removed file where a reference could; every page when that cannot be told', async () => {
    const root = tmpSite({
      'docs.json': CONFIG(['index', 'a', 'b', 'c']),
      'index.mdx': `${FRONT('Home')}[Setup](/guides/setup#top)\n`,
      'a.mdx': `${FRONT('A')}[def]:\n  guides/setup\n`,
      'b.mdx': `${FRONT('B')}Setup is easy: we setup, re-setup and [set up more](/guides/setup/more).\n`,
      'c.mdx': `${FRONT('C')}import Part from '/snippets/part.mdx';\n`,
      'guides/setup.mdx': `${FRONT('Setup')}import Part from '/snippets/part.mdx';\n`,
      'snippets/part.mdx': 'Part.\n',
      'openapi.json': '{}',
      'index-root.mdx': `${FRONT('Other')}Text.\n`,
    });
    const removedOf = (rels: string[]) =>
      new Map(rels.map((rel) => [path.join(root, rel), readFileSync(path.join(root, rel))]));
    const session = await SiteSession.open(root, resolveSettings({}), removedOf(['guides/setup.mdx']));
    const looked = async (rels: string[]) => {
      const found = await mayRefer(session.site, removedOf(rels));
      return found && [...found].map((f) => path.relative(root, f)).sort();
    };
    // index.mdx links to it; a.mdx defines a link to it on the next line; snippets/part.mdx was
    // imported by it (and may become a page); b.mdx only uses the word, and a folder of that name.
    expect(await looked(['guides/setup.mdx'])).toEqual(['a.mdx', 'index.mdx', 'snippets/part.mdx']);
    // Removing the root index (`/`) or a spec: every page.
    expect(await looked(['index.mdx'])).toBeUndefined();
    expect(await looked(['openapi.json'])).toBeUndefined();
    session.close();
  });
});
