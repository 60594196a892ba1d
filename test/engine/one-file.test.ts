import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from '../../src/core/diagnostic.js';
import { lint } from '../../src/commands/lint.js';
import { SiteSession } from '../../src/engine/session.js';
import { resolveSettings } from '../../src/config/settings.js';
import { tmpSite } from '../helpers/tmp-site.js';

const FRONT = '---\ntitle: A page\ndescription: A page of the one-file test site.\n---\n\n';
const CONFIG = JSON.stringify({
  theme: 'mint',
  name: 'One file',
  colors: { primary: '#0A7A5E' },
  navigation: { groups: [{ group: 'Start', pages: ['index', 'guide', 'tricky'] }] },
});

const files = {
  'docs.json': CONFIG,
  'index.mdx': `${FRONT}## Start\n\nSee [setup](/guide#set-up-the-sdk), [custom](/guide#install), [component](/tricky#inside) and [id](/tricky#named).\n`,
  'guide.mdx': `${FRONT}## Set up the SDK\n\n## Install {#install}\n\nBack to [start](/index#start), [inline](/tricky#the-key-option); [missing](/tricky#hidden) and [typo](/index#strat).\n`,
  // Headings that only the parser reads right (setext, in a comment, in code): the links to them
  // must get the same answer in a one-file run as in a whole run.
  'tricky.mdx': `${FRONT}## The \`key\` **option**\n\n<Accordion title="x">\n  ## Inside\n</Accordion>\n\n<div id="named" />\n\nSetext heading\n--------------\n\n{/*\n## Hidden\n*/}\n\n\`\`\`bash\n# comment in code\n\`\`\`\n\nTo [setext](/tricky#setext-heading) and [code](/guide#comment-in-code).\n`,
};

describe('a run over one file answers as the whole run does, parsing only what it must', () => {
  const root = tmpSite(files);
  const pages = ['index.mdx', 'guide.mdx', 'tricky.mdx'];

  test.each(pages)('%s: the same findings as the whole run', async (page) => {
    const whole = await lint({ paths: [root], cwd: root });
    const one = await lint({ paths: [path.join(root, page)], cwd: root });
    const file = path.join(root, page);
    expect(one.diagnostics).toEqual(whole.diagnostics.filter((d) => d.file === file));
  });

  test('the whole run finds the broken anchors (so the comparison above is not empty)', async () => {
    const whole = await lint({ paths: [root], cwd: root });
    expect(
      whole.diagnostics
        .filter((d) => d.ruleId === 'site-broken-link')
        .map((d) => `${path.relative(root, d.file)}:${d.line}:${d.column} ${d.message}`),
    ).toEqual([
      'guide.mdx:10:66 anchor `#hidden` in `/tricky` matches no heading or id of `tricky`',
      'guide.mdx:10:96 anchor `#strat` in `/index` matches no heading or id of `index`; did you mean `#start`?',
      'tricky.mdx:25:41 anchor `#comment-in-code` in `/guide` matches no heading or id of `guide`',
    ]);
  });

  test('anchors its heading lines show: the linked pages are not parsed', async () => {
    const session = await SiteSession.open(root, resolveSettings({}));
    const file = path.join(root, 'index.mdx');
    await session.lint((f) => f === file);
    expect(session.parsedPages).toBe(1);
  });

  test('an anchor its heading lines do not show: the linked page is parsed for the exact answer', async () => {
    const session = await SiteSession.open(root, resolveSettings({}));
    const file = path.join(root, 'tricky.mdx');
    await session.lint((f) => f === file);
    // tricky.mdx itself, then guide.mdx for `#comment-in-code`; its own setext anchor needs no other page.
    expect(session.parsedPages).toBe(2);
  });
});

describe('every page of every fixture site: a run over the page alone reports what the whole run reports there', () => {
  const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures');
  const sites = [
    path.join(fixtures, 'example'),
    ...readdirSync(path.join(fixtures, 'sites')).map((name) => path.join(fixtures, 'sites', name)),
  ];
  const cases = sites.flatMap((root) =>
    globSync(root)
      .filter((rel) => /\.mdx?$/.test(rel))
      .map((rel) => [path.relative(fixtures, root), rel] as const),
  );

  test('there are pages to compare', () => {
    expect(cases.length).toBeGreaterThan(40);
  });

  const wholeRuns = new Map<string, Promise<Diagnostic[]>>();
  test.each(cases)('%s: %s', async (site, rel) => {
    const root = path.join(fixtures, site);
    if (!wholeRuns.has(root))
      wholeRuns.set(
        root,
        lint({ paths: [root], cwd: root }).then((r) => r.diagnostics),
      );
    const file = path.join(root, rel);
    const whole = (await wholeRuns.get(root)!).filter((d) => d.file === file);
    const one = await lint({ paths: [file], cwd: root });
    expect(one.diagnostics).toEqual(whole);
  });
});

function globSync(root: string): string[] {
  return readdirSync(root, { recursive: true })
    .map(String)
    .filter((rel) => !rel.split(path.sep).some((part) => part.startsWith('.') || part === 'node_modules'));
}

describe('a run over docs.json alone answers as the whole run does, parsing no page', () => {
  const page = (title: string, more = '') =>
    `---\ntitle: ${title}\ndescription: A page.\n${more}---\n\n## Body\n\nText.\n`;
  const root = tmpSite({
    'docs.json': JSON.stringify({
      theme: 'mint',
      name: 'Titles',
      colors: { primary: '#0A7A5E' },
      navigation: { groups: [{ group: 'Start', pages: ['index', 'a', 'b', 'quiet'] }] },
    }),
    'index.mdx': page('Home'),
    'a.mdx': page('Overview'),
    'b.mdx': page('Overview'),
    'quiet.mdx': page('Quiet', 'noindex: true\n'),
  });
  const config = path.join(root, 'docs.json');

  test('the same docs.json findings as the whole run (titles read from the front matter alone)', async () => {
    const whole = await lint({ paths: [root], cwd: root });
    const one = await lint({ paths: [config], cwd: root });
    const inConfig = whole.diagnostics.filter((d) => d.file === config);
    expect(inConfig.map((d) => `${d.ruleId} ${d.line}:${d.column}`)).toEqual(['nav-duplicate-title 1:126']); // `"b"`, the second page titled Overview
    expect(one.diagnostics).toEqual(inConfig);
  });

  test('no page is parsed; a title changed in an editor buffer is read again', async () => {
    const session = await SiteSession.open(root, resolveSettings({}));
    const titles = async () =>
      (await session.lint((f) => f === config)).diagnostics.filter((d) => d.ruleId === 'nav-duplicate-title').length;
    expect(await titles()).toBe(1);
    expect(session.parsedPages).toBe(0);
    session.setOverlay(path.join(root, 'b.mdx'), page('Details'));
    expect(await titles()).toBe(0);
    expect(session.parsedPages).toBe(0);
    session.close();
  });
});
