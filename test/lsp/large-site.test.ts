import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brief, LspClient } from './client.js';
import { generateSite, pagePath } from './large-site.mjs';

/** Line and character (0-based, UTF-16) of the first occurrence of `needle` in `text`. */
function positionOf(text: string, needle: string, delta = 0): { line: number; character: number } {
  const offset = text.indexOf(needle) + delta;
  if (offset < delta) throw new Error(`not found: ${needle}`);
  const before = text.slice(0, offset).split('\n');
  return { line: before.length - 1, character: before[before.length - 1]!.length };
}

describe('a generated site of 1,000 pages', () => {
  let root: string;
  let client: LspClient;

  beforeAll(async () => {
    root = generateSite(mkdtempSync(path.join(os.tmpdir(), 'doclint-lsp-1000-')), 1000);
    // A thousand pages make an llms.txt past 100,000 characters (agent-llms-txt-size, on docs.json):
    // true, and not what this test is about.
    writeFileSync(path.join(root, '.doclintrc.json'), JSON.stringify({ rules: { 'agent-llms-txt-size': 'off' } }));
    client = await LspClient.start({ watchFiles: true });
  });

  afterAll(async () => {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  });

  const file = (rel: string) => path.join(root, rel);

  test('open, edit, rename: each publication is for the open document only, with exact ranges', async () => {
    const page = file(`${pagePath(500)}.mdx`);
    const text = readFileSync(page, 'utf8');
    const opened = await client.open(page, text);
    expect(opened.diagnostics).toEqual([]);

    // An unsaved edit: a link to a page that does not exist, and a skipped heading level.
    const edited = text
      .replace('### Defaults', '#### Defaults')
      .replace(`(/${pagePath(501)}#configuration)`, '(/section-10/page-9999)');
    const published = await client.change(page, edited, text);
    const link = positionOf(edited, '[next part]');
    const linkEnd = positionOf(edited, '(/section-10/page-9999)', '(/section-10/page-9999)'.length);
    const heading = positionOf(edited, '#### Defaults');
    expect(published.diagnostics.map(brief)).toEqual([
      `${link.line}:${link.character}-${linkEnd.line}:${linkEnd.character} site-broken-link 1 link \`/section-10/page-9999\` is broken: no page or file at \`section-10/page-9999\` in the site; did you mean \`/section-19/page-0999\`?`,
      `${heading.line}:0-${heading.line}:13 page-heading-increment 2 heading level 4 skips level 3 (the previous heading is level 2): use \`###\``,
    ]);
    expect(published.diagnostics.every((d) => d.source === 'doclint')).toBe(true);

    // Back to the saved text, then docs.json opens: navigation is clean.
    expect((await client.change(page, text)).diagnostics).toEqual([]);
    const config = file('docs.json');
    const configText = readFileSync(config, 'utf8');
    expect((await client.open(config, configText)).diagnostics).toEqual([]);

    // The next page is renamed on disk: docs.json gets nav-page-missing, the open page a broken link.
    const configUpdate = client.next(config, (p) => p.diagnostics.length > 0);
    const pageUpdate = client.next(page, (p) => p.diagnostics.length > 0);
    const renamedFrom = file(`${pagePath(501)}.mdx`);
    const renamedTo = file(`${pagePath(501)}-renamed.mdx`);
    renameSync(renamedFrom, renamedTo);
    client.watched([
      { file: renamedFrom, type: 3 },
      { file: renamedTo, type: 1 },
    ]);
    const entry = positionOf(configText, `"${pagePath(501)}"`);
    expect((await configUpdate).diagnostics.map(brief)).toEqual([
      `${entry.line}:${entry.character}-${entry.line}:${entry.character + pagePath(501).length + 2} nav-page-missing 1 \`${pagePath(501)}\` is in the navigation but no page \`${pagePath(501)}.mdx\` or \`${pagePath(501)}.md\` exists; did you mean \`${pagePath(500)}\`?`,
    ]);
    const broken = positionOf(text, '[next part]');
    const brokenEnd = positionOf(text, `(/${pagePath(501)}#configuration)`, `(/${pagePath(501)}#configuration)`.length);
    expect((await pageUpdate).diagnostics.map(brief)).toEqual([
      `${broken.line}:${broken.character}-${brokenEnd.line}:${brokenEnd.character} site-broken-link 1 link \`/${pagePath(501)}#configuration\` is broken: no page or file at \`${pagePath(501)}\` in the site; did you mean \`/${pagePath(500)}\`?`,
    ]);
    // The new file is in the inventory: a page that no navigation lists.
    const orphan = await client.open(renamedTo);
    expect(orphan.diagnostics.map(brief)).toEqual([
      `0:0-0:3 site-orphan-page 2 \`${pagePath(501)}-renamed\` is not in the navigation: with \`seo.indexing\` absent (the default, "navigable"), the platform leaves it out of search, the sitemap, llms.txt and AI context; add it to the navigation in docs.json, or set \`hidden: true\` in its front matter if it is unlisted on purpose`,
    ]);
  }, 180_000);
});
