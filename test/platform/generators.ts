/*
 * Inputs for the drift tests: curated strings that exercise every rule of the platform's slugs,
 * and fast-check generators (fixed seeds) of strings built from the same kinds of characters.
 */
import fc from 'fast-check';

/** Heading-like texts: punctuation, dots, slashes, plus signs, emoji, accents, CJK, percent signs, quotes, dashes, empties. */
export const CURATED_TITLES: readonly string[] = [
  '',
  ' ',
  '   \t ',
  'Hello World',
  'Overview',
  'Dify.ai',
  'API v2.0',
  '1.2.3',
  '...',
  'Wait…',
  '/newtask',
  'x.y/z',
  'a/b/c',
  '//',
  'BYOK (cloud + local)',
  'C++ & C#',
  'a+b',
  '+',
  'Tom & Jerry’s',
  '&',
  '#hashtag-like',
  'Title #',
  '100%',
  '100% sure',
  '%',
  '%%',
  '%41',
  '%zz',
  '50%off',
  'Über café',
  'Crème brûlée',
  'naïve façade',
  'ÅÄÖ',
  'Ærø',
  'ß',
  'İstanbul',
  '日本語の見出し',
  '中文 标题',
  '한국어 제목',
  'Привет мир',
  'مرحبا بالعالم',
  'שלום',
  'emoji 🚀 rocket',
  '🚀',
  '🚀 Launch',
  'Launch 🚀',
  '👩‍💻 dev',
  '🏳️‍🌈 flag',
  '❤️ love',
  '♥ love',
  '🦄 unicorn',
  '✅ Done',
  '⚠️ Warning',
  '1️⃣ One',
  'Say “hi”',
  '‘quoted’',
  'What’s new?',
  'Don’t stop',
  'It’s',
  "What's new?",
  'Say "hi"',
  'a -- b',
  'a—b',
  'a – b',
  'a-b',
  'a--b',
  '-leading',
  'trailing-',
  '---',
  'Step 1: Install',
  'Q&A: Part 1',
  'Hello, World!',
  'Why? Because.',
  'a;b',
  '(parenthesised)',
  '[bracketed]',
  '{braced}',
  'a=b',
  'a@b.com',
  'user@example.com',
  '$HOME',
  'a^b',
  'a|b',
  'a\\b',
  'a`b',
  '<tag>',
  'a~b',
  'a*b',
  "a'b",
  'getUserById',
  'HTTPServer',
  'snake_case_name',
  '__init__',
  '_',
  'Task-s list',
  "task's",
  'tasks s',
  'don t',
  'it s',
  'a-s',
  'a-t-b',
  'Overview 2',
  'Overview-2',
  'Overview 2 2',
  'overview',
  'OVERVIEW',
  'a 1',
  'a-1',
  'a 1 1',
  '2',
  '-2',
  '  Trailing.  ',
  'Tab\there',
  'New\u00a0line',
  'Zero\u200bwidth',
  'BOM\ufeff',
  'Combining e\u0301',
  '\u0130',
  'ℌ𝔢𝔩𝔩𝔬',
  '𝐁𝐨𝐥𝐝',
  '①②③',
  '½ cup',
  '™ ® ©',
  '°C',
];

/** Titles repeated and numbered as a page repeats them: for the page-wide counters. */
export const CURATED_PAGES: readonly (readonly string[])[] = [
  ['Overview', 'Overview', 'Overview'],
  ['Overview', 'Overview 2', 'Overview'],
  ['Overview', 'Overview-2', 'Overview', 'Overview'],
  ['a', 'a 2', 'a 2', 'a', 'a 2 2'],
  ['a-2', 'a', 'a', 'a'],
  ['a 1', 'a 1', 'a 1 1', 'a 1'],
  ['x 2 3', 'x 2', 'x', 'x', 'x', 'x'],
  ['A', 'a', 'A'],
  ['Step 1: Install', 'Step 1 Install', 'step-1-install'],
  ['Why?', 'Why', 'Why!'],
  ['/x', '%2Fx', 'x'],
  ['?', '!', ''],
  ['', '', 'a'],
  ['🚀', '🚀', 'x 🚀', 'x'],
  ['C++', 'C+', 'C'],
  ['100%', '100%', '100'],
  ['日本語', '日本語', '日本語 2'],
  ['Über', 'über', 'UBER'],
  ['a', 'a', 'a-2', 'a-2', 'a-3'],
  ['%3F', '?', '%3F'],
];

/** Characters the generated strings are built from, weighted towards what the slug rules treat specially. */
const SPECIAL = [
  ' ',
  ' ',
  '  ',
  '\t',
  '-',
  '-',
  '--',
  '_',
  '.',
  '/',
  '+',
  '&',
  '#',
  '%',
  '%2',
  '%20',
  '%2F',
  '%E2%80',
  '?',
  ',',
  ';',
  ':',
  '!',
  "'",
  '"',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  '=',
  '@',
  '$',
  '<',
  '>',
  '^',
  '|',
  '\\',
  '`',
  '~',
  '*',
  '’',
  '‘',
  '“',
  '”',
  '—',
  '–',
  '…',
  '\u00a0',
  '\u200d',
  '\ufe0f',
  '🚀',
  '👩‍💻',
  '❤️',
  '♥',
  '🦄',
  'é',
  'e\u0301',
  'Ü',
  'ß',
  'ø',
  'İ',
  '日本',
  '한',
  'Ж',
  'ع',
  '½',
  '™',
  's',
  't',
  '2',
  '-2',
  ' 2',
];

const WORDS = [
  'a',
  'b',
  'x',
  'API',
  'Overview',
  'get',
  'User',
  'ById',
  'v2',
  'step',
  's',
  't',
  '1',
  '10',
  'café',
  'HTTP',
  'snake_case',
];

/** A short string from special characters, words and arbitrary code points (no lone surrogates). */
export function titleArbitrary(maxLength = 12): fc.Arbitrary<string> {
  const piece = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...SPECIAL) },
    { weight: 5, arbitrary: fc.constantFrom(...WORDS) },
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 3 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 2 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 2 }) },
  );
  return fc.array(piece, { maxLength }).map((pieces) => pieces.join(''));
}

/** A page's worth of titles, drawn from a small pool so that they repeat. */
export function titleListArbitrary(): fc.Arbitrary<string[]> {
  return fc.array(titleArbitrary(6), { minLength: 1, maxLength: 5 }).chain((pool) =>
    fc.array(
      fc.oneof(
        fc.constantFrom(...pool),
        fc.constantFrom(...pool).map((t) => `${t} ${2}`),
        titleArbitrary(4),
      ),
      { minLength: 1, maxLength: 12 },
    ),
  );
}

/** `count` values of an arbitrary, always the same for a seed. */
export function sample<T>(arbitrary: fc.Arbitrary<T>, count: number, seed: number): T[] {
  return fc.sample(arbitrary, { numRuns: count, seed });
}

// ---------------------------------------------------------------------------------------------
// Pages

/** Words that recur across a page's headings and titles, so that ids repeat. */
const PAGE_WORDS = [
  'Overview',
  'Setup',
  'Install',
  'API',
  'v2.0',
  'Dify.ai',
  'getUserById',
  'snake_case',
  'Über',
  'café',
  '日本語',
  'Привет',
  '2',
  'Step 1',
  'x',
];

/** Heading text: words, punctuation the smart-punctuation pass rewrites, emoji, markup the parser reads. */
const HEADING_PIECES = [
  ' ',
  ' ',
  '.',
  '/',
  '+',
  '&',
  '%',
  '100%',
  '?',
  '!',
  ':',
  ',',
  '(',
  ')',
  '[',
  ']',
  '#',
  '=',
  '@',
  '$',
  '|',
  '~',
  '-',
  '--',
  '---',
  '...',
  "'",
  "'s",
  "Don't",
  '"',
  '"hi"',
  '’',
  '—',
  '…',
  '🚀',
  '👩‍💻',
  '❤️',
  'é',
  'Ж',
  '한',
  '`code`',
  '`a.b`',
  "`it's`",
  '*em*',
  '**bold**',
  '_under_',
  '~~gone~~',
  '[link](/x)',
  '[a.b](https://x.com)',
  '![img](/a.png)',
  '<Badge>New</Badge>',
  '<Icon icon="rocket" />',
  '<small>v2</small>',
  '$x^2$',
  '[^1]',
  '&amp;',
  '&copy;',
  '\\*',
  '\\#',
];

function headingText(): fc.Arbitrary<string> {
  return (
    fc
      .array(
        fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...PAGE_WORDS) },
          { weight: 2, arbitrary: fc.constantFrom(...HEADING_PIECES) },
        ),
        {
          minLength: 1,
          maxLength: 5,
        },
      )
      .map((pieces) => pieces.join(' ').replace(/ {2,}/g, ' ').trim())
      // Not `#` first: `## # Title {#id}` is a heading inside the platform's rewritten `<h2>`.
      .filter(
        (text) =>
          text !== '' &&
          !text.startsWith('#') &&
          !text.endsWith('#') &&
          !/^[-=*_+]/.test(text) &&
          !/^\d+[.)]/.test(text),
      )
  );
}

/** A title attribute (Accordion, Tab, Step, Update, View): no double quote; sometimes with markdown. */
function titleText(): fc.Arbitrary<string> {
  const pieces = [
    ...PAGE_WORDS,
    ' ',
    '.',
    '/',
    '+',
    '&',
    ':',
    '?',
    '!',
    "'",
    '’',
    '—',
    '🚀',
    'é',
    '`code`',
    '**bold**',
    '[link](/x)',
    '(beta)',
    '%',
    '#',
    '-',
    '_',
  ];
  return fc
    .array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 4 })
    .map((p) => p.join(' ').replace(/ {2,}/g, ' '));
}

function customId(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      'custom-id',
      'My Id!',
      'setup',
      'Setup',
      'x.y',
      'a/b',
      'café',
      '🚀 go',
      'q&a',
      "it's",
      'x:y',
      'dup',
      'dup',
      '%20',
      'overview',
    ),
    fc.string({ unit: fc.constantFrom('a', 'b', '-', '_', '.', 'É', '!', '&', '(', '/'), minLength: 1, maxLength: 6 }),
  );
}

/** A value in one case out of `1 + none`, else undefined. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, none = 2): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: none, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => sometimes(arbitrary, 2);
const attr = (name: string, value: string | undefined) => (value === undefined ? '' : ` ${name}="${value}"`);

/** One block of a page: markdown heading or a component that may carry an anchor. */
function block(): fc.Arbitrary<string> {
  const heading = fc
    .record({ level: fc.integer({ min: 1, max: 6 }), text: headingText(), id: sometimes(customId(), 4) })
    .map(({ level, text, id }) => `${'#'.repeat(level)} ${text}${id === undefined ? '' : ` {#${id}}`}`);
  const inner = fc.oneof(fc.constant('Some text.'), heading);
  // An accordion whose title makes no id takes its content's rendered text, math rendered by
  // KaTeX included, which doclint does not model: no math in accordions.
  const accordion = fc
    .record({ title: titleText(), id: maybe(customId()), body: inner.filter((body) => !body.includes('$')) })
    .map(({ title, id, body }) => `<Accordion title="${title}"${attr('id', id)}>\n\n${body}\n\n</Accordion>`);
  const accordionGroup = fc
    .array(fc.record({ title: titleText(), body: inner.filter((body) => !body.includes('$')) }), {
      minLength: 1,
      maxLength: 3,
    })
    .map(
      (items) =>
        `<AccordionGroup>\n${items.map(({ title, body }) => `<Accordion title="${title}">\n\n${body}\n\n</Accordion>`).join('\n')}\n</AccordionGroup>`,
    );
  const size = fc.constantFrom('h2', 'h3', 'p');
  const steps = fc
    .record({
      size: maybe(size),
      steps: fc.array(
        fc.record({
          title: titleText(),
          size: maybe(size),
          id: maybe(customId()),
          noAnchor: fc.boolean(),
          body: inner,
        }),
        {
          minLength: 1,
          maxLength: 3,
        },
      ),
    })
    .map(
      ({ size, steps }) =>
        `<Steps${attr('titleSize', size)}>\n${steps
          .map(
            (s) =>
              `<Step title="${s.title}"${attr('titleSize', s.size)}${attr('id', s.id)}${s.noAnchor ? ' noAnchor' : ''}>\n\n${s.body}\n\n</Step>`,
          )
          .join('\n')}\n</Steps>`,
    );
  const update = fc
    .record({ label: titleText(), id: maybe(customId()), body: inner })
    .map(
      ({ label, id, body }) => `<Update label="${label}" description="v1"${attr('id', id)}>\n\n${body}\n\n</Update>`,
    );
  const tabs = fc
    .array(fc.record({ title: titleText(), id: maybe(customId()), body: inner }), { minLength: 1, maxLength: 3 })
    .map(
      (items) =>
        `<Tabs>\n${items.map(({ title, id, body }) => `<Tab title="${title}"${attr('id', id)}>\n\n${body}\n\n</Tab>`).join('\n')}\n</Tabs>`,
    );
  const param = fc
    .record({
      component: fc.constantFrom('ParamField', 'ParamField', 'Param', 'ResponseField'),
      where: fc.constantFrom('query', 'path', 'body', 'header', 'name'),
      name: fc.constantFrom(
        'user_id',
        'userId',
        'X-API-Key',
        'data.items',
        'page[size]',
        'HTTPStatus',
        'id',
        'Foo Bar',
        'param-x',
        'x',
      ),
      id: sometimes(customId(), 4),
    })
    .map(
      ({ component, where, name, id }) =>
        `<${component} ${where}="${name}" type="string"${attr('id', id)}>\n\nWhat it is.\n\n</${component}>`,
    );
  const view = fc
    .record({ title: titleText(), id: maybe(customId()) })
    .map(({ title, id }) => `<View title="${title}"${attr('id', id)}>\n\nContent.\n\n</View>`);
  const jsxHeading = fc
    .record({
      level: fc.integer({ min: 1, max: 6 }),
      text: fc.constantFrom(...PAGE_WORDS),
      id: maybe(customId()),
      oneLine: fc.boolean(),
    })
    .map(({ level, text, id, oneLine }) =>
      oneLine
        ? `<h${level}${attr('id', id)}>${text}</h${level}>`
        : `<h${level}${attr('id', id)}>\n${text}\n</h${level}>`,
    );
  const withId = fc
    .record({
      component: fc.constantFrom('div', 'span', 'Note', 'Card', 'Info', 'Heading', 'Frame', 'CodeGroup'),
      id: customId(),
    })
    .map(({ component, id }) =>
      component === 'Heading'
        ? `<Heading level={2} id="${id}">\nTitled\n</Heading>`
        : `<${component} id="${id}">\n\nText.\n\n</${component}>`,
    );
  const inline = customId().map((id) => `Text with <span id="${id}">an anchor</span> inside.`);
  const expandable = inner.map((body) => `<Expandable title="props">\n\n${body}\n\n</Expandable>`);
  const code = fc.constant('```md\n## Not a heading\n```');
  return fc.oneof(
    { weight: 12, arbitrary: heading },
    { weight: 2, arbitrary: fc.constant('Some text.') },
    { weight: 2, arbitrary: accordion },
    { weight: 1, arbitrary: accordionGroup },
    { weight: 2, arbitrary: steps },
    { weight: 2, arbitrary: update },
    { weight: 2, arbitrary: tabs },
    { weight: 2, arbitrary: param },
    { weight: 1, arbitrary: view },
    { weight: 2, arbitrary: jsxHeading },
    { weight: 1, arbitrary: withId },
    { weight: 1, arbitrary: inline },
    { weight: 1, arbitrary: expandable },
    { weight: 1, arbitrary: code },
  );
}

/** A page: optional front matter (`mode`), then blocks separated by blank lines. */
export function pageArbitrary(): fc.Arbitrary<string> {
  return fc
    .record({
      mode: sometimes(fc.constantFrom('custom', 'frame', 'wide', 'center', 'default'), 3),
      blocks: fc.array(block(), { minLength: 1, maxLength: 12 }),
    })
    .map(
      ({ mode, blocks }) =>
        `${mode === undefined ? '' : `---\ntitle: A page\nmode: ${mode}\n---\n\n`}${blocks.join('\n\n')}\n`,
    );
}
