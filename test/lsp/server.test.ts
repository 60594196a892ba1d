import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brief, copySite, LspClient, uriOf, type LspDiagnostic } from './client.js';

const RULES = 'https://github.com/doclint/doclint/blob/main/docs/rules/';
const LINK_TEXT = 'link text "here" does not say where the link goes: use words that name the target';

let client: LspClient;
let root: string;
const file = (rel: string) => path.join(root, rel);

// One server for the file (as an editor keeps one); every test works on its own copy of the site.
beforeAll(async () => {
  client = await LspClient.start({ watchFiles: true });
});

beforeEach(() => {
  root = copySite('fixtures/sites/lsp-basic');
});

afterAll(async () => {
  await client.stop();
});

describe('diagnostics', () => {
  test('on open: exact range, rule id as code, docs URL, severity, source', async () => {
    const published = await client.open(file('guides/intro.mdx'));
    expect(published.version).toBe(1);
    expect(published.diagnostics).toEqual<LspDiagnostic[]>([
      {
        range: { start: { line: 8, character: 25 }, end: { line: 8, character: 48 } },
        severity: 2,
        code: 'page-link-text',
        codeDescription: { href: `${RULES}page-link-text.md` },
        source: 'doclint',
        message: LINK_TEXT,
      },
    ]);
  });

  test('positions count UTF-16 code units: CJK text and an emoji before the finding', async () => {
    const published = await client.open(file('guides/unicode.mdx'));
    // "日本語のテキスト 😀 then [": 8 CJK characters, a space, an emoji (2 code units), " then " → 17
    expect(published.diagnostics.map(brief)).toEqual([`7:17-7:38 page-link-text 2 ${LINK_TEXT}`]);
  });

  test('UTF-16 on an unsaved edit: a second emoji on the line moves the finding by two', async () => {
    const page = file('guides/unicode.mdx');
    const text = readFileSync(page, 'utf8');
    await client.open(page, text);
    const edited = text.replace('😀 then', '😀🎉 then');
    const published = await client.change(page, edited, text);
    expect(published.diagnostics.map(brief)).toEqual([`7:19-7:40 page-link-text 2 ${LINK_TEXT}`]);
  });

  test('on change: the buffer is linted, not the disk', async () => {
    const page = file('guides/intro.mdx');
    const text = readFileSync(page, 'utf8');
    await client.open(page, text);
    const edited = text
      .replace('click [here](/guides/unicode)', 'read [the Unicode page](/guides/unicode)')
      .replace('## Next steps', '#### Next steps');
    const published = await client.change(page, edited, text);
    expect(published.diagnostics.map(brief)).toEqual([
      '11:0-11:15 page-heading-increment 2 heading level 4 skips level 3 (the previous heading is level 2): use `###`',
    ]);
    expect(readFileSync(page, 'utf8')).toBe(text);
  });

  test('incremental changes are applied to the buffer in order', async () => {
    const page = file('guides/intro.mdx');
    await client.open(page);
    // Line 8 (0-based) is "  For the details, click [here](/guides/unicode)."; replace "here" with "Unicode page".
    const published = await client.edit(page, [
      { range: { start: { line: 8, character: 26 }, end: { line: 8, character: 30 } }, text: 'Unicode page' },
    ]);
    expect(published.diagnostics).toEqual([]);
  });

  test('on save: re-linted from the saved file', async () => {
    const page = file('guides/intro.mdx');
    await client.open(page);
    const fixed = readFileSync(page, 'utf8').replace('click [here]', 'see [the Unicode page]');
    const changed = client.change(page, fixed);
    writeFileSync(page, fixed);
    const saved = client.save(page);
    expect((await changed).diagnostics).toEqual([]);
    expect((await saved).diagnostics).toEqual([]);
  });

  test('on close: empty diagnostics', async () => {
    const page = file('guides/intro.mdx');
    await client.open(page);
    const closed = await client.close(page);
    expect(closed).toEqual({ uri: uriOf(page), diagnostics: [] });
  });

  test('a page that does not parse gets its syntax error, and the server keeps answering', async () => {
    const page = file('guides/intro.mdx');
    const text = readFileSync(page, 'utf8');
    await client.open(page, text);
    const broken = text.replace('</Note>', '');
    const published = await client.change(page, broken, text);
    expect(published.diagnostics.map((d) => [d.code, d.severity])).toEqual([['page-mdx-syntax', 1]]);
    const d = published.diagnostics[0]!;
    expect(d.message).toMatch(/<Note>/);
    // Still alive: fixing the buffer brings the page back.
    const again = await client.change(page, text);
    expect(again.diagnostics.map((x) => x.code)).toEqual(['page-link-text']);
  });

  test('binary junk, an empty page, ignored files and files outside any site never kill the server', async () => {
    const page = file('guides/intro.mdx');
    await client.open(page, '\u0000\u0001\uFFFF{{{<<<');
    await client.change(page, '');
    const readme = file('README.md');
    writeFileSync(readme, '# Read me\n');
    const ignored = await client.open(readme);
    expect(ignored.diagnostics).toEqual([]);
    const hidden = file('.github/notes.md');
    mkdirSync(path.dirname(hidden), { recursive: true });
    writeFileSync(hidden, '# Notes\n\n[here](/nowhere)\n');
    expect((await client.open(hidden)).diagnostics).toEqual([]);
    const outside = path.join(path.dirname(root), `no-site-${path.basename(root)}.mdx`);
    writeFileSync(outside, '# Outside\n');
    expect((await client.open(outside)).diagnostics).toEqual([]);
    const published = await client.change(page, readFileSync(page, 'utf8'));
    expect(published.diagnostics.map((x) => x.code)).toEqual(['page-link-text']);
  });

  test('requests about unknown documents or impossible positions get empty answers', async () => {
    const ghost = uriOf(file('nope.mdx'));
    const far = { line: 9999, character: 9999 };
    expect(await client.request('textDocument/hover', { textDocument: { uri: ghost }, position: far })).toBeNull();
    expect(await client.request('textDocument/completion', { textDocument: { uri: ghost }, position: far })).toEqual(
      [],
    );
    expect(
      await client.request('textDocument/codeAction', {
        textDocument: { uri: ghost },
        range: { start: far, end: far },
        context: { diagnostics: [] },
      }),
    ).toEqual([]);
    void client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: ghost, version: 3 },
      contentChanges: [{ text: 'x' }],
    });
    void client.connection.sendNotification('textDocument/didSave', { textDocument: { uri: ghost } });
    void client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: ghost } });
    const config = file('docs.json');
    await client.open(config);
    expect(
      await client.request('textDocument/hover', { textDocument: { uri: uriOf(config) }, position: far }),
    ).toBeNull();
    const page = file('guides/intro.mdx');
    await client.open(page);
    // A change whose range lies past the end of the text is clamped, not fatal.
    const published = await client.edit(page, [{ range: { start: far, end: far }, text: '\nMore text.\n' }]);
    expect(published.diagnostics.map((d) => d.code)).toEqual(['page-link-text']);
    expect(
      await client.request('textDocument/completion', {
        textDocument: { uri: uriOf(page) },
        position: { line: 0, character: 0 },
      }),
    ).toEqual([]);
  });

  test('docs.json that does not parse: config-json at the position of the problem', async () => {
    const config = file('docs.json');
    const text = readFileSync(config, 'utf8');
    await client.open(config, text);
    const broken = text.replace('"name": "Editor test site",', '"name": "Editor test site",,');
    const published = await client.change(config, broken, text);
    expect(published.diagnostics.map(brief)).toEqual([
      '3:29-3:30 config-json 1 unexpected ","; a property name in double quotes is expected here',
    ]);
  });

  test('robots.txt: the crawler policy is checked', async () => {
    const robots = file('robots.txt');
    writeFileSync(robots, 'User-agent: GPTBot\nDisallow: /\n');
    const published = await client.open(robots);
    expect(published.diagnostics.map((d) => [d.code, d.range.start.line, d.severity])).toEqual([
      ['site-robots-blocks-ai', 1, 1],
    ]);
  });

  test('robots.txt is read from disk: a save re-lints it', async () => {
    const robots = file('robots.txt');
    const text = readFileSync(robots, 'utf8');
    expect((await client.open(robots, text)).diagnostics).toEqual([]);
    const blocked = 'User-agent: ClaudeBot\nDisallow: /\n';
    await client.change(robots, blocked);
    writeFileSync(robots, blocked);
    const saved = await client.save(robots);
    expect(saved.diagnostics.map((d) => [d.code, d.range.start.line, d.severity])).toEqual([
      ['site-robots-blocks-ai', 1, 1],
    ]);
  });

  test('robots.txt: an unsaved edit is checked (the site model reads the buffer, not the disk)', async () => {
    const robots = file('robots.txt');
    const text = readFileSync(robots, 'utf8');
    expect((await client.open(robots, text)).diagnostics).toEqual([]);
    const published = await client.change(robots, 'User-agent: ClaudeBot\nDisallow: /\n', text);
    expect(published.diagnostics.map((d) => [d.code, d.range.start.line, d.severity])).toEqual([
      ['site-robots-blocks-ai', 1, 1],
    ]);
    expect(readFileSync(robots, 'utf8')).toBe(text);
  });

  test('severities: info findings map to 3, and initializationOptions.rules override like --rule', async () => {
    const strict = await LspClient.start({ initializationOptions: { rules: { 'page-link-text': 'error' } } });
    try {
      const published = await strict.open(file('guides/intro.mdx'));
      expect(published.diagnostics.map((d) => [d.code, d.severity])).toEqual([['page-link-text', 1]]);
    } finally {
      await strict.stop();
    }
    const config = file('docs.json');
    const text = readFileSync(config, 'utf8');
    writeFileSync(
      file('hidden.mdx'),
      '---\ntitle: A hidden page of the site\ndescription: Not in the navigation on purpose.\n---\n\nText.\n',
    );
    writeFileSync(config, text.replace('"integrations"', '"seo": { "indexing": "all" },\n  "integrations"'));
    const hidden = await client.open(file('hidden.mdx'));
    expect(hidden.diagnostics.map(brief)).toEqual([
      '0:0-0:3 site-orphan-page 3 `hidden` is not in the navigation; it is reachable by its URL and, with `seo.indexing: "all"`, still indexed for search and AI context',
    ]);
  });
});

describe('the site model stays in memory and follows changes', () => {
  test('a page renamed on disk: nav-page-missing appears in docs.json without a restart', async () => {
    const config = file('docs.json');
    expect((await client.open(config)).diagnostics).toEqual([]);
    const missing = client.next(config, (p) => p.diagnostics.length > 0);
    renameSync(file('guides/intro.mdx'), file('guides/introduction.mdx'));
    client.watched([
      { file: file('guides/intro.mdx'), type: 3 },
      { file: file('guides/introduction.mdx'), type: 1 },
    ]);
    const published = await missing;
    expect(published.diagnostics.map(brief)).toEqual([
      '16:14-16:28 nav-page-missing 1 `guides/intro` is in the navigation but no page `guides/intro.mdx` or `guides/intro.md` exists',
    ]);
    // And back: renaming it again clears the finding.
    const clean = client.next(config, (p) => p.diagnostics.length === 0);
    renameSync(file('guides/introduction.mdx'), file('guides/intro.mdx'));
    client.watched([
      { file: file('guides/introduction.mdx'), type: 3 },
      { file: file('guides/intro.mdx'), type: 1 },
    ]);
    await clean;
  });

  test('without file events from the client, saving docs.json re-reads the site', async () => {
    const config = file('docs.json');
    expect((await client.open(config)).diagnostics).toEqual([]);
    renameSync(file('guides/intro.mdx'), file('guides/introduction.mdx'));
    const saved = await client.save(config);
    expect(saved.diagnostics.map((d) => [d.code, d.range.start.line])).toEqual([['nav-page-missing', 16]]);
  });

  test('editing docs.json re-checks navigation and re-publishes every open document', async () => {
    const config = file('docs.json');
    const page = file('guides/unicode.mdx');
    const text = readFileSync(config, 'utf8');
    await client.open(page);
    await client.open(config, text);
    const orphan = client.next(page, (p) => p.diagnostics.some((d) => d.code === 'site-orphan-page'));
    // guides/intro (listed) links to guides/unicode, and a page a listed page links to is unlisted on
    // purpose (site-orphan-page, b5f2a19): intro leaves the navigation too (its line stays, empty),
    // so that the page is an orphan once the navigation no longer lists it.
    const edited = text
      .replace('"guides/intro",', '')
      .replace('"pages": ["guides/unicode"]', '"pages": ["guides/unicod"]');
    const published = await client.change(config, edited, text);
    expect(published.diagnostics.map(brief)).toEqual([
      '19:26-19:41 nav-page-missing 1 `guides/unicod` is in the navigation but no page `guides/unicod.mdx` or `guides/unicod.md` exists; did you mean `guides/unicode`?',
    ]);
    const pagePublished = await orphan;
    expect(pagePublished.diagnostics.map((d) => d.code).sort()).toEqual(['page-link-text', 'site-orphan-page']);
  });

  test('a $ref file of docs.json is linted as configuration', async () => {
    const redirects = file('redirects.json');
    const text = readFileSync(redirects, 'utf8');
    await client.open(redirects, text);
    const published = await client.change(redirects, text.replace('"destination"', '"destinaton"'), text);
    expect(published.diagnostics.map((d) => d.code).sort()).toEqual(['config-schema', 'config-unknown-key']);
  });

  test('the server registers its file watchers dynamically when the client can', async () => {
    await client.open(file('index.mdx'));
    expect(client.registrations).toEqual([
      {
        registrations: [
          {
            id: expect.any(String),
            method: 'workspace/didChangeWatchedFiles',
            registerOptions: {
              watchers: [{ globPattern: '**/*.{md,mdx,json,yaml,yml,txt}' }, { globPattern: '**/.mintignore' }],
            },
          },
        ],
      },
    ]);
  });
});

describe('code actions', () => {
  test('a finding with a suggestion: a quick fix with its edit, not preferred (it is a guess)', async () => {
    const config = file('docs.json');
    const text = readFileSync(config, 'utf8');
    await client.open(config, text);
    const published = await client.change(config, text.replace('"colors"', '"colours"'), text);
    const finding = published.diagnostics.find((d) => d.code === 'config-unknown-key')!;
    expect(brief(finding)).toBe('4:2-4:11 config-unknown-key 2 unknown key "colours"; did you mean "colors"?');
    const actions = await client.request<unknown[]>('textDocument/codeAction', {
      textDocument: { uri: uriOf(config) },
      range: finding.range,
      context: { diagnostics: [finding] },
    });
    expect(actions).toEqual([
      {
        title: 'Rename the key to "colors"',
        kind: 'quickfix',
        diagnostics: [finding],
        edit: { changes: { [uriOf(config)]: [{ range: finding.range, newText: '"colors"' }] } },
      },
    ]);
  });

  test('"Disable <rule> for this line" inserts a directive above, with the same indentation', async () => {
    const page = file('guides/intro.mdx');
    const text = readFileSync(page, 'utf8');
    const published = await client.open(page, text);
    const finding = published.diagnostics[0]!;
    const actions = await client.request<
      Array<{ title: string; edit: { changes: Record<string, Array<{ range: unknown; newText: string }>> } }>
    >('textDocument/codeAction', {
      textDocument: { uri: uriOf(page) },
      range: finding.range,
      context: { diagnostics: [finding] },
    });
    expect(actions).toEqual([
      {
        title: 'Disable page-link-text for this line',
        kind: 'quickfix',
        diagnostics: [finding],
        edit: {
          changes: {
            [uriOf(page)]: [
              {
                range: { start: { line: 8, character: 0 }, end: { line: 8, character: 0 } },
                newText: '  {/* doclint-disable-next-line page-link-text */}\n',
              },
            ],
          },
        },
      },
    ]);
    // Applying the edit silences the finding.
    const lines = text.split('\n');
    lines.splice(8, 0, '  {/* doclint-disable-next-line page-link-text */}');
    const after = await client.change(page, lines.join('\n'), text);
    expect(after.diagnostics).toEqual([]);
  });

  test('a directive already above the line gets the rule added to it', async () => {
    const page = file('guides/intro.mdx');
    const text = readFileSync(page, 'utf8').replace(
      '  For the details',
      '  {/* doclint-disable-next-line page-image-alt */}\n  For the details',
    );
    const published = await client.open(page, text);
    const finding = published.diagnostics.find((d) => d.code === 'page-link-text')!;
    expect(finding.range.start.line).toBe(9);
    const actions = await client.request<Array<{ title: string; edit: unknown }>>('textDocument/codeAction', {
      textDocument: { uri: uriOf(page) },
      range: finding.range,
      context: { diagnostics: [finding] },
    });
    expect(actions.map((a) => [a.title, a.edit])).toEqual([
      [
        'Disable page-link-text for this line',
        {
          changes: {
            [uriOf(page)]: [
              {
                range: { start: { line: 8, character: 46 }, end: { line: 8, character: 46 } },
                newText: ' page-link-text',
              },
            ],
          },
        },
      ],
    ]);
  });

  test('no directive inside front matter, and none for a syntax error', async () => {
    const page = file('guides/intro.mdx');
    const text = readFileSync(page, 'utf8')
      .replace('description: What the pages of this site are for.\n', '')
      .replace('</Note>', '');
    const published = await client.open(page, text);
    expect(published.diagnostics.map((d) => [d.code, d.range.start.line])).toEqual([
      ['page-frontmatter-required', 0],
      ['page-mdx-syntax', 6],
    ]);
    for (const finding of published.diagnostics) {
      const actions = await client.request<unknown[]>('textDocument/codeAction', {
        textDocument: { uri: uriOf(page) },
        range: finding.range,
        context: { diagnostics: [finding] },
      });
      expect(actions).toEqual([]);
    }
  });

  test('no actions for a range without findings, or for a stale request', async () => {
    const page = file('guides/intro.mdx');
    await client.open(page);
    const none = await client.request<unknown[]>('textDocument/codeAction', {
      textDocument: { uri: uriOf(page) },
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 3 } },
      context: { diagnostics: [] },
    });
    expect(none).toEqual([]);
  });
});

describe('hover in docs.json', () => {
  async function hoverAt(rel: string, needle: string, delta = 1) {
    const target = file(rel);
    const text = readFileSync(target, 'utf8');
    await client.open(target, text);
    const offset = text.indexOf(needle) + delta;
    const before = text.slice(0, offset).split('\n');
    const position = { line: before.length - 1, character: before[before.length - 1]!.length };
    return client.request<{ contents: { kind: string; value: string }; range: unknown } | null>('textDocument/hover', {
      textDocument: { uri: uriOf(target) },
      position,
    });
  }

  test('a key shows its schema description, type and range', async () => {
    const result = await hoverAt('docs.json', '"measurementId"');
    expect(result).toEqual({
      contents: {
        kind: 'markdown',
        value: '**`integrations.ga4.measurementId`** · string\n\nGA4 measurement ID, for example "G-ABC123DEF4".',
      },
      range: { start: { line: 29, character: 6 }, end: { line: 29, character: 21 } },
    });
  });

  test('an enum shows its allowed values', async () => {
    const result = await hoverAt('docs.json', '"theme"');
    expect(result!.contents.value).toBe(
      '**`theme`** · string\n\nLayout theme of the site.\n\nAllowed values: `"mint"`, `"maple"`, `"palm"`, `"willow"`, `"linden"`, `"almond"`, `"aspen"`, `"sequoia"`, `"luma"`',
    );
  });

  test('$refs in the schema and union branches: a nested group inside pages', async () => {
    const result = await hoverAt('docs.json', '"group": "More"');
    expect(result!.contents.value).toBe(
      '**`navigation.tabs[0].groups[0].pages[2].group`** · string\n\nName of the group.',
    );
    const tab = await hoverAt('docs.json', '"tab"');
    expect(tab!.contents.value).toBe('**`navigation.tabs[0].tab`** · string\n\nName of the tab.');
  });

  test('a key in a $ref file is described at its place in docs.json', async () => {
    const result = await hoverAt('redirects.json', '"source"');
    expect(result!.contents.value).toBe(
      '**`redirects[0].source`** · string\n\nPath to redirect from, for example "/old-page".',
    );
  });

  test('no hover on a page', async () => {
    const result = await hoverAt('guides/intro.mdx', 'title');
    expect(result).toBeNull();
  });
});

describe('completion in docs.json', () => {
  async function completeAt(text: string, needle: string) {
    const config = file('docs.json');
    await client.open(config, text);
    const offset = text.indexOf(needle) + needle.length;
    const before = text.slice(0, offset).split('\n');
    const position = { line: before.length - 1, character: before[before.length - 1]!.length };
    return client.request<Array<{ label: string; textEdit?: { newText: string }; insertText?: string }>>(
      'textDocument/completion',
      {
        textDocument: { uri: uriOf(config) },
        position,
      },
    );
  }

  test('page paths of the site inside pages', async () => {
    const text = readFileSync(file('docs.json'), 'utf8').replace('"guides/intro",', '"guides/intro", "gu",');
    const items = await completeAt(text, '"gu');
    expect(items.map((i) => i.label)).toEqual(['guides/intro', 'guides/unicode', 'index']);
    expect(items[0]!.textEdit!.newText).toBe('"guides/intro"');
  });

  test('integration providers under integrations, without the ones already there', async () => {
    const text = readFileSync(file('docs.json'), 'utf8').replace('"ga4": {', '"pos": {}, "ga4": {');
    const items = await completeAt(text, '"pos');
    const labels = items.map((i) => i.label);
    expect(labels).toEqual(expect.arrayContaining(['posthog', 'plausible', 'segment', 'intercom']));
    expect(labels).not.toContain('ga4');
  });
});
