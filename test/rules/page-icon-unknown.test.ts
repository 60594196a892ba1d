import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SiteSession } from '../../src/engine/session.js';
import { resolveSettings } from '../../src/config/settings.js';
import { ruleTester } from '../helpers/rule-tester.js';
import { lintSiteWith, SITE_FRONT } from '../helpers/site-rule-tester.js';
import { iconNames, iconVerdict, isIconImage, suggestIcon } from '../../src/platform/icons.js';

const FA = 'Font Awesome';
const DEFAULT = ', the platform’s default';

ruleTester('page-icon-unknown', {
  valid: [
    '<Card title="Delete" icon="trash" href="/delete" />\n',
    {
      name: 'Pro names render on the platform',
      code: '<Card title="Docs" icon="book-open-cover" />\n<Step title="Code" icon="rectangle-code">x</Step>\n',
    },
    {
      name: 'old names kept as aliases',
      code: '<Card title="Home" icon="home" />\n<Card title="Settings" icon="cog" />\n',
    },
    {
      name: 'brands and styles',
      code: '<Card title="GitHub" icon="github" iconType="brands" />\n<Note icon="key" iconType="sharp-duotone-solid">x</Note>\n',
    },
    {
      name: 'URLs, paths, image files and SVG are images',
      code:
        '<Card title="a" icon="/images/a.svg" />\n<Card title="b" icon="https://example.com/b.png" />\n<Card title="c" icon="logo.png" />\n' +
        '<Card title="d" icon={<svg viewBox="0 0 1 1" />} />\n<Card title="e" icon="images/e.svg" />\n',
    },
    {
      name: 'values the rule cannot read',
      code: '<Card title="a" icon={name} />\n<Card title="b" icon={`${x}-y`} />\n<Card title="c" icon="" />\n',
    },
    {
      name: 'components that are not the platform’s',
      code: '<MyCard icon="trash-2" />\n<Tile title="x" href="/x" />\n',
    },
    '---\ntitle: Page\ndescription: A page.\nicon: rocket\niconType: solid\n---\n\nText.\n',
  ],
  invalid: [
    {
      name: 'a Lucide name on a Font Awesome site, with a did-you-mean',
      code: '<Card title="Delete" icon="trash-2" href="/delete" />\n',
      errors: [
        {
          line: 1,
          column: 28,
          endLine: 1,
          endColumn: 35,
          message: `\`trash-2\` is a Lucide icon, but the site’s icons come from ${FA}${DEFAULT}: the platform renders nothing for it; did you mean \`trash\`?`,
          suggestions: [
            { desc: 'Replace with `trash`', output: '<Card title="Delete" icon="trash" href="/delete" />\n' },
          ],
        },
      ],
    },
    {
      name: 'a name written with capitals: the platform looks it up as written',
      code: '<Card title="Repo" icon="GitHub" href="https://github.com/acme" />\n',
      errors: [
        {
          line: 1,
          column: 26,
          endLine: 1,
          endColumn: 32,
          messageId: 'caseOnly',
          message: `\`GitHub\` is not a Font Awesome icon: its names are lower case, and the platform looks a name up as written, so it renders nothing for it (the site’s icons come from ${FA}${DEFAULT}); write \`github\``,
          suggestions: [
            {
              desc: 'Replace with `github`',
              output: '<Card title="Repo" icon="github" href="https://github.com/acme" />\n',
            },
          ],
        },
      ],
    },
    {
      name: 'a name of no library',
      code: '<Step title="x" icon="qwxz-blorp">y</Step>\n',
      errors: [
        {
          line: 1,
          column: 23,
          endColumn: 33,
          messageId: 'unknown',
          data: { name: 'qwxz-blorp', library: FA, where: DEFAULT },
        },
      ],
    },
    {
      name: 'a misspelling, in single quotes and in an expression',
      code: "<Accordion title='x' icon='rocke'>y</Accordion>\n<Tab title=\"t\" icon={'magnifying-glas'}>z</Tab>\n",
      errors: [
        {
          line: 1,
          column: 28,
          endColumn: 33,
          message: `\`rocke\` is not a ${FA} icon: the platform renders nothing for it (the site’s icons come from ${FA}${DEFAULT}); did you mean \`rocket\`?`,
          suggestions: [
            {
              desc: 'Replace with `rocket`',
              output:
                "<Accordion title='x' icon='rocket'>y</Accordion>\n<Tab title=\"t\" icon={'magnifying-glas'}>z</Tab>\n",
            },
          ],
        },
        {
          line: 2,
          column: 23,
          endColumn: 38,
          messageId: 'unknownClose',
          data: { name: 'magnifying-glas', library: FA, where: DEFAULT, suggestion: 'magnifying-glass' },
          suggestions: [
            {
              desc: 'Replace with `magnifying-glass`',
              output:
                "<Accordion title='x' icon='rocke'>y</Accordion>\n<Tab title=\"t\" icon={'magnifying-glass'}>z</Tab>\n",
            },
          ],
        },
      ],
    },
    {
      name: 'a misspelling',
      code: '<Card title="x" icon="arow-right" />\n',
      errors: [
        {
          line: 1,
          column: 23,
          endColumn: 33,
          messageId: 'unknownClose',
          data: { name: 'arow-right', library: FA, where: DEFAULT, suggestion: 'arrow-right' },
          suggestions: [{ desc: 'Replace with `arrow-right`', output: '<Card title="x" icon="arrow-right" />\n' }],
        },
      ],
    },
    {
      name: 'a Font Awesome class',
      code: '<Card title="a" icon="fa-gear" />\n<Info icon="fa-solid fa-circle-info">b</Info>\n',
      errors: [
        {
          line: 1,
          column: 23,
          endColumn: 30,
          message:
            '`fa-gear` is a Font Awesome class, not an icon name: the platform renders nothing for it; write `gear`',
          suggestions: [
            {
              desc: 'Replace with `gear`',
              output: '<Card title="a" icon="gear" />\n<Info icon="fa-solid fa-circle-info">b</Info>\n',
            },
          ],
        },
        {
          line: 2,
          column: 13,
          endColumn: 36,
          message:
            '`fa-solid fa-circle-info` is a Font Awesome class, not an icon name: the platform renders nothing for it; write `circle-info` with `iconType="solid"`',
          suggestions: [
            {
              desc: 'Replace with `circle-info`',
              output: '<Card title="a" icon="fa-gear" />\n<Info icon="circle-info">b</Info>\n',
            },
          ],
        },
      ],
    },
    {
      name: 'a style that is not a Font Awesome style',
      code: '<Card title="a" icon="house" iconType="outline" />\n<Card title="b" icon="house" iconType="soild" />\n',
      errors: [
        {
          line: 1,
          column: 40,
          endColumn: 47,
          message:
            '`outline` is not a Font Awesome style: the platform renders nothing for the icon; `iconType` takes `brands`, `duotone`, `light`, `regular`, `sharp-duotone-solid`, `sharp-light`, `sharp-regular`, `sharp-solid`, `sharp-thin`, `solid`, `thin`',
        },
        {
          line: 2,
          column: 40,
          endColumn: 45,
          message:
            '`soild` is not a Font Awesome style: the platform renders nothing for the icon; did you mean `solid`?',
          suggestions: [
            {
              desc: 'Replace with `solid`',
              output:
                '<Card title="a" icon="house" iconType="outline" />\n<Card title="b" icon="house" iconType="solid" />\n',
            },
          ],
        },
      ],
    },
    {
      name: 'front matter, quoted and not',
      code: '---\ntitle: Page\ndescription: A page.\nicon: "settings"\niconType: bold\n---\n\nText.\n',
      errors: [
        {
          line: 4,
          column: 8,
          endColumn: 16,
          messageId: 'otherLibrary',
          data: { name: 'settings', other: 'Lucide', library: FA, where: DEFAULT },
        },
        { line: 5, column: 11, endColumn: 15, messageId: 'style' },
      ],
    },
    {
      name: 'a Pro name with the pro option',
      code: '<Card title="Docs" icon="book-open-cover" />\n',
      options: { pro: true },
      errors: [
        {
          line: 1,
          column: 26,
          endColumn: 41,
          severity: 'info',
          message:
            '`book-open-cover` is a Font Awesome Pro icon: it renders on the platform (under its licence), but not with Font Awesome Free wherever else this page is shown',
        },
      ],
    },
    {
      name: 'a value written with an entity: reported where the attribute is, no replacement',
      code: '<Card title="a" icon="tras&#104;-2" />\n',
      errors: [{ line: 1, column: 17, endColumn: 36, messageId: 'otherLibraryClose' }],
    },
  ],
});

const docsJson = (library?: string) =>
  JSON.stringify({
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Acme',
    colors: { primary: '#0D9373' },
    ...(library ? { icons: { library } } : {}),
    navigation: { pages: ['index', 'guide'] },
  });

describe('page-icon-unknown on a site', () => {
  const roots: string[] = [];
  afterAll(() => {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });
  const found = async (library: string | undefined, page: string) => {
    const run = await lintSiteWith('page-icon-unknown', {
      'docs.json': docsJson(library),
      'guide.mdx': `${SITE_FRONT}${page}`,
    });
    roots.push(run.root);
    return run.found.map((d) => `${path.relative(run.root, d.file)}:${d.line}:${d.column} ${d.message}`);
  };

  test('a Lucide site: Font Awesome names are reported, Lucide names and styles are not', async () => {
    const page =
      '<Card title="a" icon="trash-2" iconType="outline" />\n<Card title="b" icon="gear" />\n<Card title="c" icon="book-open-cover" />\n';
    expect(await found('lucide', page)).toEqual([
      'guide.mdx:7:23 `gear` is a Font Awesome icon, but the site’s icons come from Lucide, docs.json `icons.library`: the platform renders nothing for it; use a Lucide name',
      'guide.mdx:8:23 `book-open-cover` is a Font Awesome icon, but the site’s icons come from Lucide, docs.json `icons.library`: the platform renders nothing for it; use a Lucide name',
    ]);
  });

  test('a Tabler site', async () => {
    expect(await found('tabler', '<Card title="a" icon="trash" />\n<Card title="b" icon="trash-2" />\n')).toEqual([
      'guide.mdx:7:23 `trash-2` is a Lucide icon, but the site’s icons come from Tabler, docs.json `icons.library`: the platform renders nothing for it; did you mean `trash`?',
    ]);
  });

  test('Font Awesome named in docs.json', async () => {
    expect(await found('fontawesome', '<Card title="a" icon="trash-2" />\n')).toEqual([
      'guide.mdx:6:23 `trash-2` is a Lucide icon, but the site’s icons come from Font Awesome, docs.json `icons.library`: the platform renders nothing for it; did you mean `trash`?',
    ]);
  });

  test('a session whose docs.json changes its library lints the pages again', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'doclint-icons-'));
    roots.push(root);
    writeFileSync(path.join(root, 'docs.json'), docsJson());
    writeFileSync(path.join(root, 'index.mdx'), `${SITE_FRONT}<Card title="a" icon="settings" />\n`);
    writeFileSync(path.join(root, 'guide.mdx'), `${SITE_FRONT}<Card title="b" icon="gear" />\n`);
    const session = await SiteSession.open(root, resolveSettings({ 'page-icon-unknown': { severity: 'warning' } }));
    const icons = async () =>
      (await session.lint(() => true, { whole: true })).diagnostics
        .filter((d) => d.ruleId === 'page-icon-unknown')
        .map((d) => `${path.basename(d.file)} ${d.message.slice(0, d.message.indexOf(':'))}`);
    try {
      expect(await icons()).toEqual([
        'index.mdx `settings` is a Lucide icon, but the site’s icons come from Font Awesome, the platform’s default',
      ]);
      session.setOverlay(path.join(root, 'docs.json'), docsJson('lucide'));
      await session.reloadSite({ inventory: false });
      expect(await icons()).toEqual([
        'guide.mdx `gear` is a Font Awesome icon, but the site’s icons come from Lucide, docs.json `icons.library`',
      ]);
    } finally {
      session.close();
    }
  });

  test('a library the platform does not know: names are not checked (config-schema reports the library)', async () => {
    expect(await found('material', '<Card title="a" icon="qwxz-blorp" />\n')).toEqual([]);
  });
});

describe('icon sets', () => {
  test('sizes of the generated sets', () => {
    expect(iconNames('fontawesome').size).toBe(5246);
    expect(iconNames('lucide').size).toBe(1960);
    expect(iconNames('tabler').size).toBe(5491);
  });

  test('verdicts', () => {
    expect(iconVerdict('house', 'fontawesome')).toEqual({ kind: 'known' });
    expect(iconVerdict('abacus', 'fontawesome')).toEqual({ kind: 'pro' });
    expect(iconVerdict('fas fa-house', 'fontawesome')).toEqual({ kind: 'class', name: 'house', style: 'solid' });
    expect(iconVerdict('fa-nothing-here', 'fontawesome')).toEqual({ kind: 'unknown', elsewhere: [] });
    expect(iconVerdict('github', 'lucide')).toEqual({ kind: 'unknown', elsewhere: ['fontawesome'] });
    expect(iconVerdict('house', 'lucide')).toEqual({ kind: 'known' });
  });

  test('images', () => {
    for (const v of ['/a.svg', 'https://x.y/z.png', '//cdn/x', 'data:image/svg+xml;base64,AA', 'a.webp', 'img\\a'])
      expect(isIconImage(v)).toBe(true);
    for (const v of ['house', 'fa-house', 'svg', 'arrow-up-right-from-square']) expect(isIconImage(v)).toBe(false);
  });

  test('suggestions', () => {
    expect(suggestIcon('Trash', 'fontawesome')).toBe('trash');
    expect(suggestIcon('trash-2', 'fontawesome')).toBe('trash');
    expect(suggestIcon('x'.repeat(100), 'fontawesome')).toBeUndefined();
    expect(suggestIcon('cursor-click', 'fontawesome')).toBeUndefined();
    // A name of another library is a word: no closest spelling is guessed.
    expect(suggestIcon('settings', 'fontawesome', false)).toBeUndefined();
  });
});
