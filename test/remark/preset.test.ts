import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified, type PluggableList } from 'unified';
import { VFile } from 'vfile';
import { builtinRules } from '../../rules/index.js';
import preset, * as remark from '../../src/remark/index.js';
import { checksWords } from '../../src/rule-kit/rule.js';
import { REPO } from '../helpers/cli.js';
import { runRule, TEST_FILE } from '../helpers/rule-tester.js';

/*
 * doclint/remark (src/remark/index.ts) run by unified as a host runs it: the page parsed by the
 * host (remark-parse, remark-mdx) with the preset's syntax, each rule a remark-lint plugin.
 */

// A spelling rule needs the dictionaries doclint's engine loads: doclint/remark does not offer it.
const pageRules = builtinRules.filter((r) => r.meta.kind === 'page' && !checksWords(r));
const camel = (id: string) => id.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase());

async function lint(text: string, plugins: PluggableList, file = TEST_FILE, cwd = '/site') {
  const vfile = new VFile({ path: file, value: text, cwd });
  const processor = unified().use(remarkParse).use(remarkMdx).use(remark.syntax).use(plugins);
  await processor.run(processor.parse(vfile), vfile);
  return vfile.messages.map((m) => ({
    place: `${m.place && 'start' in m.place ? `${m.place.start.line}:${m.place.start.column}-${m.place.end.line}:${m.place.end.column}` : '?'}`,
    reason: m.reason,
    origin: `${m.source}:${m.ruleId}`,
    fatal: m.fatal,
    url: m.url,
  }));
}

test('every built-in page rule is a plugin named doclint:<rule-id>, in the preset and exported by name (but spelling)', () => {
  expect(builtinRules.filter(checksWords).map((r) => r.meta.id)).toEqual(['page-spelling']);
  expect(Object.keys(remark.rules).sort()).toEqual(pageRules.map((r) => r.meta.id).sort());
  for (const rule of pageRules) {
    const plugin = remark.rules[rule.meta.id]!;
    expect(plugin.name).toBe(`doclint:${rule.meta.id}`);
    expect((remark as unknown as Record<string, unknown>)[camel(rule.meta.id)]).toBe(plugin);
  }
  // Rules that are off by default (page-image-frame) are left out of the preset, as doclint leaves them off.
  expect(preset.plugins).toEqual([
    remark.syntax,
    ...pageRules.filter((r) => r.meta.id !== 'page-image-frame').map((r) => remark.rules[r.meta.id]),
  ]);
});

const PAGE = '---\ntitle: Setup\n---\n\n## Steps\n\nTODO: write them.\n\n#### Details\n\n```\nnpm i\n```\n';

test('messages: exact places, source and rule id, the docs URL, fatal for errors', async () => {
  expect(await lint('---\ntitle: [a\n---\n\n## Start\n', [remark.pageFrontmatter])).toEqual([
    {
      place: '2:10-2:10',
      reason: expect.stringContaining('front matter is not valid YAML'),
      origin: 'doclint:page-frontmatter',
      fatal: true,
      url: 'https://github.com/doclint/doclint/blob/main/docs/rules/page-frontmatter.md',
    },
  ]);
});

test('severities and options as remark-lint takes them: off, warn, error, [severity, options]', async () => {
  const settings: PluggableList = [
    [remark.pageTodoMarker, ['error', { markers: ['FIXME'] }]],
    [remark.pageHeadingIncrement, ['error']],
    [remark.pageCodeLanguage, false],
    [remark.pageFrontmatterRequired, ['warn']],
  ];
  expect((await lint(PAGE, settings)).map((m) => [m.place, m.origin, m.fatal])).toEqual([
    ['9:1-9:13', 'doclint:page-heading-increment', true],
    ['1:1-1:4', 'doclint:page-frontmatter-required', false],
  ]);
  expect(
    (await lint(PAGE.replace('TODO', 'FIXME'), [[remark.pageTodoMarker, ['error', { markers: ['FIXME'] }]]])).map(
      (m) => [m.place, m.fatal],
    ),
  ).toEqual([['7:1-7:6', true]]);
});

test('a kind of problem that is a note stays a note (no fatal) whatever the severity; `{#id}` headings parse', async () => {
  const text =
    '---\ntitle: Setup\ndescription: How to set it up.\nowner: docs\n---\n\n## Start {#start}\n\n```\nHello, world\n```\n';
  expect(
    (
      await lint(text, [
        [remark.pageFrontmatterUnknownKey, ['error']],
        [remark.pageCodeLanguage, ['error']],
      ])
    ).map((m) => [m.place, m.origin, m.fatal]),
  ).toEqual([
    ['4:1-4:6', 'doclint:page-frontmatter-unknown-key', true],
    ['9:1-9:4', 'doclint:page-code-language', undefined],
  ]);
});

test('`## Title {#id}`: parsed as doclint parses it, and written back by remark-stringify', async () => {
  const text = '## Start {#begin}\n\nText.\n\n<Note>\n  ### Inside {#inner}\n</Note>\n';
  const file = await unified().use(remarkParse).use(remarkMdx).use(remark.syntax).use(remarkStringify).process(text);
  expect(String(file)).toBe('## Start {#begin}\n\nText.\n\n<Note>\n  ### Inside {#inner}\n</Note>\n');
});

test('bytes that are not UTF-8 (a host that reads files as bytes): page-mdx-syntax says where', async () => {
  const bytes = Buffer.concat([
    Buffer.from('---\ntitle: A\ndescription: B\n---\n\nCaf'),
    Buffer.from([0xe9]),
    Buffer.from(' au lait.\n'),
  ]);
  const vfile = new VFile({ path: TEST_FILE, value: bytes, cwd: '/site' });
  const processor = unified().use(remarkParse).use(remarkMdx).use(remark.syntax).use(remark.pageMdxSyntax);
  await processor.run(processor.parse(vfile), vfile);
  expect(
    vfile.messages.map((m) => [
      m.place && 'start' in m.place
        ? `${m.place.start.line}:${m.place.start.column}-${m.place.end.line}:${m.place.end.column}`
        : '?',
      m.reason,
      m.fatal,
    ]),
  ).toEqual([
    ['6:4-6:5', 'the file is not valid UTF-8 here: the bytes read as U+FFFD (�); save the page as UTF-8', true],
  ]);
});

test('inline doclint-disable directives apply', async () => {
  const text =
    '---\ntitle: Setup\ndescription: How.\n---\n\n{/* doclint-disable-next-line page-todo-marker */}\nTODO: one.\n\nTODO: two.\n';
  expect((await lint(text, [remark.pageTodoMarker])).map((m) => m.place)).toEqual(['9:1-9:5']);
});

test('a page under snippets/ is a snippet: no front-matter requirements', async () => {
  expect(await lint('Some text.\n', [remark.pageFrontmatterRequired], '/site/snippets/part.mdx')).toEqual([]);
  expect((await lint('Some text.\n', [remark.pageFrontmatterRequired], '/site/guide.mdx')).length).toBe(1);
});

test('icon names are checked against the library of the docs.json in the working folder (Font Awesome without one)', async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'doclint-remark-icons-'));
  try {
    writeFileSync(path.join(root, 'docs.json'), JSON.stringify({ icons: { library: 'lucide' } }));
    const text = '<Card title="a" icon="settings" />\n';
    expect(
      (await lint(text, [remark.pageIconUnknown], path.join(root, 'guide.mdx'), root)).map((m) => m.place),
    ).toEqual([]);
    expect((await lint(text, [remark.pageIconUnknown])).map((m) => `${m.place} ${m.reason.slice(0, 27)}`)).toEqual([
      '1:23-1:31 `settings` is a Lucide icon',
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

/** The page examples (fenced mdx/md blocks that name no file) of a rule page's sections. */
function pageExamples(markdown: string): string[] {
  const out: string[] = [];
  const re = /^(`{3,}|~{3,})(mdx|md)[ \t]*\n([\s\S]*?)^\1[ \t]*$/gm;
  for (let m = re.exec(markdown); m; m = re.exec(markdown)) out.push(m[3]!);
  return out;
}

const FRONT = '---\ntitle: Example page\ndescription: A page of a rule example.\n---\n\n';

const documented = pageRules
  .map(
    (r) => [r.meta.id, pageExamples(readFileSync(path.join(REPO, 'docs/rules', `${r.meta.id}.md`), 'utf8'))] as const,
  )
  .filter(([, examples]) => examples.length > 0);

test('the rule pages hold page examples to compare', () => {
  expect(documented.length).toBeGreaterThanOrEqual(pageRules.length - 1);
});

describe.each(documented)('%s: same findings as doclint on its documented examples', (id, examples) => {
  test.each(examples.map((e, i) => [i + 1, e] as const))('example %i', async (_i, example) => {
    const text = example.startsWith('---') || id === 'page-frontmatter' ? example : FRONT + example;
    const own = runRule(id, text);
    const fatal = (s: string) => (s === 'error' ? true : s === 'warning' ? false : undefined);
    const hosted = await lint(text, [remark.rules[id]!]).then(
      (messages) => messages.map((m) => [m.place, m.reason, m.fatal]),
      // A page that does not parse as MDX: the host reports its parser's error, and no rule runs.
      () => 'does not parse',
    );
    if (hosted === 'does not parse') expect(own.map((d) => d.ruleId)).toContain('page-mdx-syntax');
    else
      expect(hosted).toEqual(
        own.map((d) => [`${d.line}:${d.column}-${d.endLine}:${d.endColumn}`, d.message, fatal(d.severity)]),
      );
  });
});
