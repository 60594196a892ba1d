// Input generators for the fuzz properties (fast-check arbitraries): documentation pages (MDX and
// front matter), docs.json documents, OpenAPI specs, robots.txt files and configuration files.
// Each generator starts from inputs that look like real ones and then damages them: wrong types,
// deleted and duplicated keys, huge strings, deep nesting, odd unicode, mixed line endings, NUL
// bytes, text-level cuts and splices. Plain JavaScript so that both the test suite (through jest)
// and `npm run fuzz` (plain node, against the build) use the same generators.
import fc from 'fast-check';

export { fc };

/**
 * `arb` once in `n` cases, else null. (fast-check's own `fc.option(arb, { freq: n })` is the
 * reverse: null once in `n` cases.)
 */
export const rarely = (arb, n) =>
  fc.oneof({ weight: n - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arb });

// ---------------------------------------------------------------------------------------------
// Text pieces

/** Characters that break naive code: astral emoji, CJK, RTL, combining marks, zero-width, lone surrogates, controls. */
export const ODD_CHARS = [
  '😀',
  '👩‍💻',
  '🏳️‍🌈',
  '漢字',
  'カタカナ',
  '한국어',
  'مرحبا',
  'שלום',
  'é',
  'e\u0301',
  '\u200b',
  '\u200d',
  '\ufeff',
  '\u00a0',
  '\ud800',
  '\udfff',
  '\udc00x',
  '\u2028',
  '\u2029',
  '\u0000',
  '\u0007',
  '\u001b[31m',
  '\t',
  '\u000b',
  '\u000c',
  '\u0085',
  '\uffff',
  '\ufffd',
];

export const LINE_BREAKS = ['\n', '\r\n', '\r'];

/** Short text: words, punctuation that means something to Markdown/MDX/YAML/JSON, odd characters. */
export const word = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      'the',
      'API',
      'email',
      'e-mail',
      'web site',
      'website',
      'plug-in',
      'click here',
      'here',
      'read more',
      'Setup',
      'user',
      'token',
      'Note',
      'Frame',
      'x',
    ),
  },
  { weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: 8, unit: 'grapheme-ascii' }) },
  { weight: 2, arbitrary: fc.constantFrom(...ODD_CHARS) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '*',
      '_',
      '`',
      '[',
      ']',
      '(',
      ')',
      '{',
      '}',
      '<',
      '>',
      '#',
      '|',
      '\\',
      '&amp;',
      '&#0;',
      ':',
      '---',
      '"',
      "'",
      '!',
      '$',
      '%',
      '~~~',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 6, unit: 'binary' }) },
);

export const phrase = fc.array(word, { minLength: 1, maxLength: 8 }).map((ws) => ws.join(' '));

const slug = fc.stringMatching(/^[a-z][a-z0-9-]{0,10}(\/[a-z0-9-]{1,8}){0,2}$/);
const pagePath = fc.oneof(
  slug,
  fc.constantFrom(
    'index',
    'quickstart',
    'guides/setup',
    'api/users',
    'missing/page',
    '../outside',
    '/abs',
    'snippets/s',
    '',
  ),
);
const href = fc.oneof(
  pagePath.map((p) => `/${p}`),
  fc
    .tuple(pagePath, fc.constantFrom('', '#start', '#start-here', '#%E0', '#', '#ünïcode'))
    .map(([p, a]) => `/${p}${a}`),
  fc.constantFrom(
    'https://example.com',
    'http://localhost:1/x',
    'mailto:a@b.c',
    '#anchor',
    './relative',
    '../up',
    'javascript:alert(1)',
    '',
    ' ',
    '<>',
    '%zz',
    'images/a.png',
    '/images/a.png',
  ),
);

// ---------------------------------------------------------------------------------------------
// MDX pages

const heading = fc.tuple(fc.integer({ min: 1, max: 7 }), phrase).map(([n, t]) => `${'#'.repeat(n)} ${t}`);
const paragraph = fc
  .array(
    fc.oneof(
      { weight: 5, arbitrary: phrase },
      { weight: 1, arbitrary: phrase.map((t) => `*${t}*`) },
      { weight: 1, arbitrary: phrase.map((t) => `**${t}**`) },
      { weight: 1, arbitrary: phrase.map((t) => `\`${t}\``) },
      { weight: 2, arbitrary: fc.tuple(phrase, href).map(([t, h]) => `[${t}](${h})`) },
      { weight: 1, arbitrary: fc.tuple(fc.oneof(phrase, fc.constant('')), href).map(([t, h]) => `![${t}](${h})`) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          '{1 + 1}',
          '{props.x}',
          '{',
          '}',
          '{/* doclint-disable page-link-text */}',
          '{/* doclint-enable */}',
          '{/* doclint-disable-next-line nope-rule */}',
          '{/* unclosed',
          '<!-- html comment -->',
          '<br>',
          '<br/>',
          '&nbsp;',
        ),
      },
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((parts) => parts.join(' '));

const componentName = fc.constantFrom(
  'Note',
  'Warning',
  'Tip',
  'Info',
  'Frame',
  'Card',
  'CardGroup',
  'Tabs',
  'Tab',
  'Steps',
  'Step',
  'Accordion',
  'AccordionGroup',
  'CodeGroup',
  'ParamField',
  'ResponseField',
  'Snippet',
  'Notee',
  'div',
  'img',
  'span',
  'My.Component',
  'x-y',
);
const attribute = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('title', 'href', 'src', 'alt', 'icon', 'cols', 'path', 'type', 'required', 'file', 'x'),
      fc.oneof(phrase, href),
    )
    .map(([k, v]) => `${k}="${v.replace(/"/g, '')}"`),
  fc.constantFrom('required', 'cols={2}', 'src={img}', '{...props}', 'title={`t`}', 'x=', '="y"', 'title="unclosed'),
);
const element = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: paragraph },
    { weight: 1, arbitrary: tie('jsx') },
  ),
  jsx: fc.oneof(
    fc
      .tuple(
        componentName,
        fc.array(attribute, { maxLength: 3 }),
        fc.array(tie('node'), { maxLength: 3 }),
        fc.constantFrom('\n', '', '\n\n'),
        fc.boolean(),
      )
      .map(
        ([name, attrs, children, sep, close]) =>
          `<${[name, ...attrs].join(' ')}>${sep}${children.join(sep || ' ')}${sep}${close ? `</${name}>` : ''}`,
      ),
    fc
      .tuple(componentName, fc.array(attribute, { maxLength: 3 }))
      .map(([name, attrs]) => `<${[name, ...attrs].join(' ')} />`),
  ),
})).node;

const codeFence = fc
  .tuple(
    fc.constantFrom('```', '~~~', '````', '```'),
    fc.constantFrom('', 'js', 'bash', 'json title="x"', 'mdx', '{}', '  '),
    fc.array(phrase, { maxLength: 3 }),
    fc.boolean(),
  )
  .map(([fence, lang, lines, closed]) => `${fence}${lang}\n${lines.join('\n')}\n${closed ? fence : ''}`);
const list = fc
  .array(
    fc.tuple(fc.constantFrom('- ', '* ', '1. ', '2) ', '  - ', '    - ', '- [ ] '), paragraph).map(([m, t]) => m + t),
    { minLength: 1, maxLength: 4 },
  )
  .map((items) => items.join('\n'));
const quote = fc.tuple(fc.integer({ min: 1, max: 4 }), paragraph).map(([n, t]) => `${'>'.repeat(n)} ${t}`);
const table = fc
  .array(fc.array(phrase, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 })
  .map((rows) => rows.map((r) => `| ${r.join(' | ')} |`).join('\n'));
const esm = fc.constantFrom(
  "import { X } from '/snippets/x.mdx';",
  'export const a = 1;',
  "import Y from './y';",
  'export default function Z() {}',
  'import',
  'export {',
);

export const block = fc.oneof(
  { weight: 4, arbitrary: paragraph },
  { weight: 2, arbitrary: heading },
  { weight: 2, arbitrary: element },
  { weight: 1, arbitrary: codeFence },
  { weight: 1, arbitrary: list },
  { weight: 1, arbitrary: quote },
  { weight: 1, arbitrary: table },
  { weight: 1, arbitrary: esm },
  {
    weight: 1,
    arbitrary: fc.constantFrom('---', '***', '', '    indented', '<!--', '-->', '{/*', '*/}', '\u0000', '$$\nx\n$$'),
  },
);

// Front matter ----------------------------------------------------------------------------------

const yamlScalar = fc.oneof(
  phrase.map((t) => JSON.stringify(t)),
  phrase,
  fc.constantFrom(
    '',
    '~',
    'null',
    'true',
    'no',
    '0x1F',
    '1e309',
    '.nan',
    '[]',
    '{}',
    '[a, b]',
    '{a: 1}',
    '|\n  block',
    '>-\n  folded',
    '!!binary aGVsbG8=',
    '!custom x',
    '&a anchored',
    '*a',
    '*undefined',
    "'single",
    '"double',
    '- list',
    '? complex',
    '%TAG',
    '@reserved',
    '`tick',
  ),
);
const yamlLine = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          'title',
          'description',
          'icon',
          'sidebarTitle',
          'openapi',
          'hidden',
          'mode',
          'noindex',
          'api',
          'tag',
          'url',
          '"quoted key"',
          '__proto__',
          'constructor',
          'title',
        ),
        yamlScalar,
      )
      .map(([k, v]) => `${k}: ${v}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '  nested: 1',
      '- item',
      '<<: *a',
      'a: &a [1, 2]',
      'b: [*a, *a]',
      'key without value',
      ': no key',
      '\t tab: indented',
      '---',
      '...',
      '#comment',
      'x: !!js/function "f"',
    ),
  },
);
/** A YAML alias chain: `levels` anchors, each referring `width` times to the one before (an exponential expansion). */
export const aliasBomb = fc
  .tuple(fc.integer({ min: 2, max: 12 }), fc.integer({ min: 2, max: 10 }))
  .map(([levels, width]) => {
    const lines = ['a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < levels; i++)
      lines.push(
        `a${i}: &a${i} [${Array(width)
          .fill(`*a${i - 1}`)
          .join(', ')}]`,
      );
    return lines.join('\n');
  });
/**
 * YAML at and past doclint's bounds: many keys (10,000 in front matter), many anchor/alias pairs
 * (1,000), duplicate keys far apart, merge keys, front matter near its size bound (256 KB).
 */
export const yamlStress = fc
  .record({
    kind: fc.constantFrom('keys', 'pairs', 'duplicate', 'merge', 'big'),
    n: fc.oneof(
      fc.integer({ min: 1, max: 2000 }),
      fc.constantFrom(998, 999, 1000, 1001, 9998, 9999, 10000, 10001, 12000),
    ),
  })
  .map(({ kind, n }) => {
    switch (kind) {
      case 'keys':
        return Array.from({ length: n }, (_, i) => `k${i}: ${i}`);
      case 'pairs':
        return Array.from({ length: Math.min(n, 1200) }, (_, i) => `a${i}: &a${i} v${i}\nb${i}: *a${i}`);
      case 'duplicate':
        return [...Array.from({ length: n }, (_, i) => `k${i}: ${i}`), 'k0: again'];
      case 'merge':
        return [
          'base: &base {p: 1, q: 2}',
          ...Array.from({ length: Math.min(n, 500) }, (_, i) => `m${i}: {<<: *base, r: ${i}}`),
          'self: &self {x: {<<: *self}}',
        ];
      default:
        return [`notes: ${'n'.repeat(n * 140)}`];
    }
  });
export const frontmatter = fc
  .oneof(
    {
      weight: 6,
      arbitrary: fc
        .array(yamlLine, { maxLength: 6 })
        .map((ls) => ['title: A page about the thing', 'description: What the page explains, in one line.', ...ls]),
    },
    { weight: 2, arbitrary: fc.array(yamlLine, { maxLength: 6 }) },
    { weight: 1, arbitrary: aliasBomb.map((b) => ['title: Bomb', 'description: An alias chain.', ...b.split('\n')]) },
    {
      weight: 1,
      arbitrary: yamlStress.map((ls) => ['title: Stress', 'description: Many keys, anchors or merges.', ...ls]),
    },
  )
  .map((lines) => `---\n${lines.join('\n')}\n---`);

/**
 * Shapes the MDX parser is slow on or that nest past what it can read, at sizes that still parse
 * in about a second: runs of emphasis markers, backticks, brackets, braces and tags, deep lists
 * and quotes, wide and long tables, many link definitions, unclosed constructs.
 */
export const PATHOLOGIES = {
  stars: (n) => '*'.repeat(n) + 'x',
  starWords: (n) => Array.from({ length: n }, () => '*a').join(' '),
  underscores: (n) => '_'.repeat(n) + 'x' + '_'.repeat(n),
  emphasisNest: (n) => '*a '.repeat(n) + 'b' + ' c*'.repeat(n),
  backticks: (n) => '`'.repeat(n) + 'x',
  backtickRuns: (n) => Array.from({ length: n }, (_, i) => '`'.repeat((i % 40) + 1)).join(' x '),
  brackets: (n) => '['.repeat(n) + 'x',
  bracketLinks: (n) => '[a]('.repeat(n) + 'x',
  images: (n) => '![a]('.repeat(n) + 'x',
  braces: (n) => '{'.repeat(n),
  tags: (n) => '<div>'.repeat(n) + 'x',
  components: (n) => '<Note>'.repeat(n) + 'x' + '</Note>'.repeat(n),
  lt: (n) => '<'.repeat(n),
  quotes: (n) => '> '.repeat(Math.min(n, 300)) + 'x',
  lists: (n) => Array.from({ length: Math.min(n, 300) }, (_, i) => '  '.repeat(i) + '- x').join('\n'),
  listMarkers: (n) => '- '.repeat(n) + 'x',
  table: (n) => '| a | b |\n|---|---|\n' + '| x | y |\n'.repeat(n),
  wideTable: (n) => '|' + ' a |'.repeat(n) + '\n|' + '---|'.repeat(n) + '\n',
  linkDefinitions: (n) => Array.from({ length: n }, (_, i) => `[x${i}]: /a`).join('\n') + '\n' + '[x1] '.repeat(n),
  entities: (n) => '&amp;'.repeat(n * 4),
  comments: (n) => '<!--'.repeat(n),
  autolinks: (n) => '<http://a'.repeat(n),
  fences: (n) => '```\n'.repeat(n),
  attributes: (n) => '<Note ' + 'a="b" '.repeat(n) + '>x</Note>',
  expressions: (n) => '{a'.repeat(n),
  headings: (n) => '#'.repeat(n) + ' x',
};
export const pathologicalMarkdown = fc
  .tuple(
    fc.constantFrom(...Object.keys(PATHOLOGIES)),
    fc.oneof(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 200, max: 1000 })),
    fc.boolean(),
  )
  .map(
    ([shape, n, front]) =>
      `${front ? '---\ntitle: A pathological page\ndescription: Built to be slow.\n---\n\n' : ''}${PATHOLOGIES[shape](n)}\n`,
  );

// Pages and their damage --------------------------------------------------------------------------

/** A mutation of a text: a cut, a splice of odd text, a duplicated or swapped slice. */
const textMutation = fc.record({
  kind: fc.constantFrom('delete', 'insert', 'duplicate', 'swap', 'truncate', 'replace-breaks'),
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  length: fc.nat({ max: 40 }),
  text: fc.oneof(
    word,
    fc.constantFrom(...ODD_CHARS),
    fc.constantFrom(
      '\r',
      '\r\n',
      '\n',
      '\u0000',
      '<',
      '{',
      '```',
      '---\n',
      '"',
      ',',
      '}',
      ']',
      '[',
      '{"$ref":"x.json"}',
      '&a',
      '*a',
    ),
  ),
  breaks: fc.constantFrom(...LINE_BREAKS),
});

export function applyMutations(text, mutations) {
  let out = text;
  for (const m of mutations) {
    const at = Math.floor(m.at * out.length);
    const end = Math.min(out.length, at + m.length);
    switch (m.kind) {
      case 'delete':
        out = out.slice(0, at) + out.slice(end);
        break;
      case 'insert':
        out = out.slice(0, at) + m.text + out.slice(at);
        break;
      case 'duplicate':
        out = out.slice(0, end) + out.slice(at, end) + out.slice(end);
        break;
      case 'swap':
        out = out.slice(at, end) + out.slice(0, at) + out.slice(end);
        break;
      case 'truncate':
        out = out.slice(0, at);
        break;
      case 'replace-breaks':
        out = out.replace(/\r\n|\r|\n/g, m.breaks);
        break;
    }
  }
  return out;
}

export const textMutations = fc.array(textMutation, { maxLength: 4 });

/** A page: optional front matter, blocks, joined with random line breaks, then damaged. */
export const page = fc
  .record({
    front: fc.option(frontmatter, { freq: 4 }),
    bom: fc.boolean(),
    blocks: fc.array(block, { maxLength: 12 }),
    breaks: fc.constantFrom('\n', '\n', '\n', '\r\n', '\r', 'mixed'),
    mutations: textMutations,
    huge: rarely(fc.constantFrom('long-line', 'many-lines', 'long-word'), 30),
    pathology: rarely(pathologicalMarkdown, 12),
  })
  .map(({ front, bom, blocks, breaks, mutations, huge, pathology }) => {
    if (pathology !== null) return applyMutations(pathology, mutations.slice(0, 1));
    let text = [front, ...blocks].filter((b) => b !== null).join('\n\n') + '\n';
    if (breaks === 'mixed') {
      let i = 0;
      text = text.replace(/\n/g, () => LINE_BREAKS[i++ % 3]);
    } else if (breaks !== '\n') {
      text = text.replace(/\n/g, breaks);
    }
    if (huge === 'long-line') text += 'word '.repeat(5000);
    if (huge === 'many-lines') text += '\npara\n'.repeat(1000);
    if (huge === 'long-word') text += '#'.repeat(10000);
    text = applyMutations(text, mutations);
    return (bom && mutations.length % 2 === 0 ? '\ufeff' : '') + text;
  });

// ---------------------------------------------------------------------------------------------
// JSON values, their damage and their text

/** Marks an object whose serialised text repeats a key (JSON.parse keeps the last one). */
export const DUPLICATES = Symbol('duplicate keys');

const anyJson = fc.jsonValue({ maxDepth: 3 });
const hugeString = fc.constantFrom('x'.repeat(100000), '😀'.repeat(30000), '\\'.repeat(5000));

/** Every container of a JSON value (with its parent), depth first, for picking a place to damage. */
function containers(value, out = []) {
  if (value !== null && typeof value === 'object') {
    out.push(value);
    for (const v of Object.values(value)) containers(v, out);
  }
  return out;
}

function deepNest(depth, inner) {
  let v = inner;
  for (let i = 0; i < depth; i++) v = i % 2 ? { k: v } : [v];
  return v;
}

const jsonMutation = fc.record({
  kind: fc.constantFrom('replace', 'delete', 'duplicate', 'wrap', 'proto', 'huge', 'nest', 'ref', 'rename'),
  pick: fc.nat(),
  value: anyJson,
  huge: hugeString,
  depth: fc.oneof(fc.integer({ min: 2, max: 60 }), fc.constantFrom(511, 512, 513, 2000)),
  ref: fc.constantFrom(
    'x.json',
    './nav.json',
    'docs.json',
    '../outside.json',
    '../../etc/passwd',
    '/etc/passwd',
    'https://example.com/a.json',
    '//example.com/a.json',
    '#/navigation',
    'missing.json',
    'dir/',
    'nav.json#/x',
    '%2e%2e/x.json',
    '',
    'loop-a.json',
    // Files that may hold secrets, or are no JSON: never read (the property fails on a read).
    '.env',
    './.npmrc',
    '.git/config',
    'node_modules/pkg/data.json',
    'hidden/.secret.json',
    '.config/nav.json',
    'notes.txt',
    'index.mdx',
  ),
  key: fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    '',
    ' ',
    'navigation',
    'name',
    '$ref',
    'ünï',
    'a/b',
    'a~b',
    'groups',
    'tab',
    'group',
    'item',
  ),
});

/** Applies JSON damage to a (copied) value: the kinds a hand-edited docs.json or spec goes through. */
export function applyJsonMutations(original, mutations) {
  let root = structuredClone(original);
  for (const m of mutations) {
    const all = containers(root);
    if (!all.length) {
      root = m.value;
      continue;
    }
    const target = all[m.pick % all.length];
    const keys = Object.keys(target);
    const key = keys.length ? keys[m.pick % keys.length] : undefined;
    switch (m.kind) {
      case 'replace':
        if (key !== undefined) target[key] = m.value;
        break;
      case 'delete':
        if (key !== undefined) {
          if (Array.isArray(target)) target.splice(Number(key), 1);
          else delete target[key];
        }
        break;
      case 'duplicate':
        if (key !== undefined && !Array.isArray(target)) (target[DUPLICATES] ??= []).push([key, m.value]);
        else if (Array.isArray(target) && key !== undefined) target.push(structuredClone(target[Number(key)]));
        break;
      case 'wrap':
        if (key !== undefined) target[key] = [target[key]];
        break;
      case 'proto':
        if (!Array.isArray(target))
          Object.defineProperty(target, m.key, {
            value: m.value ?? { polluted: true },
            enumerable: true,
            writable: true,
            configurable: true,
          });
        break;
      case 'huge':
        if (key !== undefined) target[key] = m.huge;
        break;
      case 'nest':
        if (key !== undefined) target[key] = deepNest(m.depth, target[key] ?? null);
        break;
      case 'ref':
        if (key !== undefined) target[key] = { $ref: m.ref };
        break;
      case 'rename':
        if (key !== undefined && !Array.isArray(target)) {
          const v = target[key];
          delete target[key];
          Object.defineProperty(target, m.key, { value: v, enumerable: true, writable: true, configurable: true });
        }
        break;
    }
  }
  return root;
}

export const jsonMutations = fc.array(jsonMutation, { maxLength: 4 });

/** Serialises JSON as an editor would (indentation, line breaks), repeated keys included. */
export function toJsonText(value, style = { indent: 2, breaks: '\n' }) {
  const pad = (n) => ' '.repeat(style.indent * n);
  const nl = style.indent ? style.breaks : '';
  // Iterative over the nesting (values nested thousands deep must not overflow the generator).
  const out = [];
  const stack = [{ value, level: 0 }];
  while (stack.length) {
    const item = stack.pop();
    if (item.text !== undefined) {
      out.push(item.text);
      continue;
    }
    const { value: v, level } = item;
    if (v === null || typeof v !== 'object') {
      out.push(v === undefined ? 'null' : (JSON.stringify(v) ?? 'null'));
      continue;
    }
    const isArray = Array.isArray(v);
    const entries = isArray
      ? v.map((x) => [undefined, x])
      : [...Object.keys(v).map((k) => [k, v[k]]), ...(v[DUPLICATES] ?? [])];
    if (!entries.length) {
      out.push(isArray ? '[]' : '{}');
      continue;
    }
    const parts = [{ text: (isArray ? '[' : '{') + nl }];
    entries.forEach(([k, x], i) => {
      parts.push({ text: pad(level + 1) + (k === undefined ? '' : `${JSON.stringify(k)}: `) });
      parts.push({ value: x, level: level + 1 });
      parts.push({ text: (i < entries.length - 1 ? ',' : '') + nl });
    });
    parts.push({ text: pad(level) + (isArray ? ']' : '}') });
    for (let i = parts.length - 1; i >= 0; i--) stack.push(parts[i]);
  }
  return out.join('');
}

const jsonStyle = fc.record({ indent: fc.constantFrom(0, 2, 4, 1), breaks: fc.constantFrom('\n', '\n', '\r\n', '\r') });

// docs.json ----------------------------------------------------------------------------------------

/** Redirect patterns: path parameters (`:a`, `:a*`, `:a+`, `:a?`), wildcards inside segments, loops. */
const redirectSegment = fc.constantFrom(
  'old',
  'docs',
  'guides',
  'index',
  ':slug',
  ':slug*',
  ':slug+',
  ':slug?',
  ':a',
  ':b*',
  '*',
  'a-*',
  '*-b',
  '*.*',
  ':a:b',
  ':x-*',
  '**',
  '%E0',
  'ünï',
  '',
  '..',
);
const redirectPath = fc.array(redirectSegment, { minLength: 0, maxLength: 8 }).map((segs) => `/${segs.join('/')}`);
const redirect = fc.oneof(
  { weight: 3, arbitrary: fc.record({ source: href, destination: href, permanent: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ source: redirectPath, destination: fc.oneof(redirectPath, href) }) },
  { weight: 1, arbitrary: redirectPath.map((p) => ({ source: p, destination: p })) },
);
const redirects = fc.oneof(
  { weight: 24, arbitrary: fc.array(redirect, { maxLength: 3 }) },
  { weight: 4, arbitrary: fc.array(redirect, { minLength: 20, maxLength: 60 }) },
  // Large sets, rarely: thousands of parameterised sources (matching is indexed), one source of thousands of wildcards (bounded per path).
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 1000, max: 5000 })
      .map((n) => Array.from({ length: n }, (_, i) => ({ source: `/old${i}/:slug*`, destination: `/new${i}/:slug*` }))),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 10, max: 3000 }).map((n) => [{ source: `/${'a*'.repeat(n)}`, destination: '/index' }]),
  },
);

const navPages = fc.array(
  fc.oneof(
    { weight: 4, arbitrary: pagePath },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'GET /users',
        'POST /users/{id}',
        'api.yaml GET /a',
        'webhook created',
        'index',
        'index',
      ),
    },
  ),
  { maxLength: 5 },
);
const group = fc.letrec((tie) => ({
  group: fc.record(
    {
      group: phrase,
      pages: fc.array(fc.oneof({ weight: 4, arbitrary: pagePath }, { weight: 1, arbitrary: tie('group') }), {
        maxLength: 4,
      }),
      icon: fc.constantFrom('book', 'rocket'),
      openapi: fc.constantFrom(
        'api.yaml',
        'openapi.json',
        'missing.json',
        'https://example.com/openapi.json',
        '../outside.yaml',
        '/api.yaml',
      ),
      hidden: fc.boolean(),
    },
    { requiredKeys: ['group', 'pages'] },
  ),
})).group;
const navigation = fc.oneof(
  fc.record({ groups: fc.array(group, { maxLength: 3 }) }),
  fc.record({ pages: navPages }),
  fc.record({
    tabs: fc.array(
      fc.record(
        {
          tab: phrase,
          groups: fc.array(group, { maxLength: 2 }),
          openapi: fc.constantFrom('api.yaml', 'openapi.json'),
        },
        { requiredKeys: ['tab'] },
      ),
      { maxLength: 2 },
    ),
  }),
  fc.record({
    anchors: fc.array(fc.record({ anchor: phrase, href: href, pages: navPages }, { requiredKeys: ['anchor'] }), {
      maxLength: 2,
    }),
  }),
  fc.record(
    {
      versions: fc.array(fc.record({ version: phrase, groups: fc.array(group, { maxLength: 2 }) }), { maxLength: 2 }),
      languages: fc.array(
        fc.record({
          language: fc.constantFrom(
            'en',
            'fr',
            'xx',
            'zh',
            'pt-BR',
            'constructor',
            '__proto__',
            'toString',
            'hasOwnProperty',
          ),
          pages: navPages,
        }),
        { maxLength: 3 },
      ),
    },
    { requiredKeys: [] },
  ),
);
export const docsJsonValue = fc.record(
  {
    $schema: fc.constant('https://mintlify.com/docs.json'),
    theme: fc.constantFrom('mint', 'maple', 'palm', 'willow', 'linden', 'almond', 'aspen', 'mintt'),
    name: phrase,
    colors: fc.record(
      {
        primary: fc.constantFrom('#0D9373', '#fff', 'red', '#GGGGGG', ''),
        light: fc.constantFrom('#07C983'),
        dark: fc.constantFrom('#0D9373'),
      },
      { requiredKeys: ['primary'] },
    ),
    navigation,
    logo: fc.oneof(
      fc.constantFrom('/logo.svg'),
      fc.record({ light: fc.constant('/l.svg'), dark: fc.constant('/d.svg') }),
    ),
    favicon: fc.constantFrom('/favicon.svg', ''),
    api: fc.record({
      openapi: fc.oneof(
        fc.constantFrom('api.yaml', 'openapi.json', 'missing', 'https://x.example/o.json'),
        fc.array(fc.constantFrom('api.yaml', 'openapi.json'), { maxLength: 2 }),
      ),
    }),
    integrations: fc.record(
      {
        ga4: fc.record({ measurementId: fc.constantFrom('G-ABC123', 'UA-1', '<MEASUREMENT_ID>', '') }),
        posthog: fc.record({ apiKey: fc.constantFrom('phc_x', 'YOUR_API_KEY') }),
        unknownProvider: fc.record({ x: fc.constant(1) }),
      },
      { requiredKeys: [] },
    ),
    redirects,
    seo: fc.record(
      {
        indexing: fc.constantFrom('navigable', 'all', 'none'),
        metatags: fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
      },
      { requiredKeys: [] },
    ),
    footer: fc.record({
      socials: fc.dictionary(fc.constantFrom('x', 'github', 'nope'), fc.constantFrom('https://x.com/a', 'not a url')),
    }),
    navbar: fc.record({ links: fc.array(fc.record({ label: phrase, href: href }), { maxLength: 2 }) }),
  },
  { requiredKeys: ['theme', 'name', 'colors', 'navigation'] },
);

/** Extra files docs.json may `$ref`, including ones that refer to each other (cycles). */
export const refFiles = fc.record({
  'x.json': fc
    .oneof(
      docsJsonValue.map((v) => v.navigation),
      anyJson,
    )
    .map((v) => toJsonText(v)),
  'nav.json': fc.constantFrom('{"$ref": "nav.json"}', '{"groups": []}', '[', '', '\ufeff{}', '{"$ref": "loop-a.json"}'),
  'loop-a.json': fc.constant('{"$ref": "loop-b.json"}'),
  'loop-b.json': fc.constant('{"a": {"$ref": "loop-a.json"}}'),
});

/**
 * Where a report or llms.txt is written, in a repository whose checkout may hold a folder that
 * links outside it (`out`), a link to a file (`link.json`), a FIFO (`pipe`), a link that leads
 * nowhere yet (`dangling`) and plain folders: the target as written (relative to the working
 * folder, `..` included), and which of those the case makes.
 */
export const writeTarget = fc.record({
  target: fc
    .array(
      fc.constantFrom(
        'out',
        'reports',
        'plain',
        'dangling',
        '..',
        '.',
        'sub',
        'link.json',
        'pipe',
        'report.json',
        'deep',
      ),
      { minLength: 1, maxLength: 5 },
    )
    .map((parts) => parts.join('/')),
  cwd: fc.constantFrom('.', 'sub', 'plain'),
  linkOut: fc.boolean(),
  fifo: fc.boolean(),
  fileLink: fc.boolean(),
  dangling: fc.boolean(),
  absolute: fc.boolean(),
});

/** docs.json text: a generated document, damaged as a value and then as text. */
/** Arrays past the ~125,000 arguments one call can take (a spread of one overflows the stack). */
const HUGE_ARRAY = 130_000;
/** Large key sets: tens of thousands of keys docs.json does not know (each a finding), and 20,000 redirect patterns. */
const MANY_KEYS = 30_000;
const MANY_REDIRECTS = 20_000;
export const hugeArrays = fc.constantFrom(
  'pages',
  'redirects',
  'groups',
  'unknownKeys',
  'nestedKeys',
  'redirectPatterns',
);
function withHugeArray(value, which) {
  const v = structuredClone(value);
  if (which === 'unknownKeys') for (let i = 0; i < MANY_KEYS; i++) v[`unknown${i}`] = i;
  else if (which === 'nestedKeys')
    v.seo = Object.fromEntries(Array.from({ length: MANY_KEYS }, (_, i) => [`meta${i}`, `value ${i}`]));
  else if (which === 'redirectPatterns')
    v.redirects = Array.from({ length: MANY_REDIRECTS }, (_, i) => ({
      source: i % 3 === 0 ? `/old/:slug${i}/*` : i % 3 === 1 ? `/docs/${i}/:rest*` : `/plain${i % 1000}`,
      destination: i % 2 ? `/new/:slug${i}` : `/new${i}`,
    }));
  else if (which === 'pages')
    v.navigation = { groups: [{ group: 'Many', pages: Array.from({ length: HUGE_ARRAY }, (_, i) => `p${i}`) }] };
  else if (which === 'groups')
    v.navigation = { groups: Array.from({ length: HUGE_ARRAY }, (_, i) => ({ group: `g${i}`, pages: [] })) };
  else v.redirects = Array.from({ length: HUGE_ARRAY }, (_, i) => ({ source: `/old${i}`, destination: `/new${i}` }));
  return v;
}

export const docsJsonText = fc
  .record({
    huge: rarely(hugeArrays, 200),
    value: docsJsonValue,
    mutations: jsonMutations,
    style: jsonStyle,
    textMutations: fc.array(textMutation, { maxLength: 2 }),
    wholesale: rarely(
      fc.constantFrom(
        '',
        ' ',
        '\ufeff',
        '\ufeff{}',
        'null',
        '[]',
        '"docs"',
        '{',
        '{"a":1,}',
        '// c\n{}',
        '\u0000\u0001',
        '[[[[[[[[[[',
        `${'['.repeat(10000)}${']'.repeat(10000)}`,
      ),
      15,
    ),
  })
  .map(
    ({ huge, value, mutations, style, textMutations: tm, wholesale }) =>
      wholesale ??
      (huge !== null
        ? toJsonText(withHugeArray(value, huge), style)
        : applyMutations(toJsonText(applyJsonMutations(value, mutations), style), tm)),
  );

// ---------------------------------------------------------------------------------------------
// OpenAPI specs

const operation = fc.record(
  {
    summary: phrase,
    description: phrase,
    'x-hidden': fc.oneof(fc.boolean(), fc.constantFrom('true', 1, null)),
    'x-excluded': fc.boolean(),
    'x-mint': fc.oneof(
      fc.record(
        {
          metadata: fc.record({ title: phrase, description: fc.constantFrom(1, 'd') }),
          content: fc.constantFrom('x', 2),
          href: fc.constantFrom('/a', 3),
        },
        { requiredKeys: [] },
      ),
      fc.constantFrom('string', null, []),
    ),
    parameters: fc.array(
      fc.oneof(
        fc.record({
          name: fc.constantFrom('id', 'q'),
          in: fc.constantFrom('path', 'query', 'nowhere'),
          required: fc.boolean(),
          schema: fc.record({ type: fc.constantFrom('string', 'integer') }),
        }),
        fc.record({
          $ref: fc.constantFrom(
            '#/components/parameters/Id',
            '#/components/parameters/Missing',
            '#/paths/%E0',
            '#/__proto__',
            '#/constructor/prototype',
            'https://example.com/p.json',
            '../../etc/passwd',
            '#',
            '#/',
          ),
        }),
      ),
      { maxLength: 2 },
    ),
    responses: fc.dictionary(
      fc.constantFrom('200', '404', 'default', 'nope'),
      fc.oneof(
        fc.record({ description: phrase }),
        fc.record({
          $ref: fc.constantFrom('#/components/responses/Ok', 'https://example.com/r.json', '#/components/schemas/A'),
        }),
      ),
      { maxKeys: 2 },
    ),
  },
  { requiredKeys: [] },
);
const pathItem = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.dictionary(
      fc.constantFrom(
        'get',
        'post',
        'put',
        'delete',
        'patch',
        'options',
        'head',
        'trace',
        'GET',
        'parameters',
        'summary',
        'x-thing',
      ),
      operation,
      { maxKeys: 3 },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      $ref: fc.constantFrom(
        '#/components/pathItems/P',
        '#/paths/~1a',
        '#/paths/%E0%A4%A',
        '#/x/y/z',
        'other.yaml#/P',
        'https://example.com/p.yaml',
        '#/__proto__',
        '#/paths/~1users',
      ),
    }),
  },
);
export const openapiValue = fc.record(
  {
    openapi: fc.constantFrom('3.1.0', '3.0.3', '3.0', '2.0', '4.0.0', 3.1, null),
    swagger: fc.constant('2.0'),
    info: fc.record({ title: phrase, version: fc.constantFrom('1.0', '') }),
    paths: fc.dictionary(
      fc.constantFrom(
        '/users',
        '/users/{id}',
        '/users/{userId}/',
        '/a',
        '/',
        'no-slash',
        '/{a}{b}',
        '/ünï',
        '/a b',
        '',
      ),
      pathItem,
      {
        maxKeys: 4,
      },
    ),
    webhooks: fc.dictionary(fc.constantFrom('created', 'deleted'), pathItem, { maxKeys: 2 }),
    components: fc.record({
      schemas: fc.record({
        A: fc.constant({ $ref: '#/components/schemas/B' }),
        B: fc.constant({ $ref: '#/components/schemas/A' }),
        C: fc.constant({ type: 'object', properties: { self: { $ref: '#/components/schemas/C' } } }),
      }),
      parameters: fc.record({
        Id: fc.constant({ name: 'id', in: 'path', required: true, schema: { type: 'string' } }),
      }),
      pathItems: fc.record({ P: fc.constant({ get: { summary: 'p', responses: { 200: { description: 'ok' } } } }) }),
    }),
  },
  { requiredKeys: ['openapi', 'info', 'paths'] },
);

/** A spec's text as JSON or YAML (YAML with anchors, aliases, bombs and deep flow nesting now and then). */
export const openapiText = (stringifyYaml) =>
  fc
    .record({
      value: openapiValue,
      mutations: jsonMutations,
      format: fc.constantFrom('json', 'yaml'),
      style: jsonStyle,
      textMutations: fc.array(textMutation, { maxLength: 2 }),
      extra: rarely(
        fc.oneof(
          aliasBomb,
          fc.constantFrom(
            `x: ${'['.repeat(3000)}${']'.repeat(3000)}`,
            `x: ${'{a: '.repeat(600)}1${'}'.repeat(600)}`,
            'x: &x\n  y: *x',
            'x-base: &base {a: 1, b: 2}\nx-m: {<<: *base, c: 3}\nx-n: {<<: [*base, {d: 4}]}',
            'x-self: &self {y: {<<: *self}}',
            'k: 1\nk: 2',
            'x: !!binary aGk=',
            '%YAML 1.1\n---',
            '--- !!map\n',
            'x: [*nope]',
          ),
        ),
        6,
      ),
      wholesale: rarely(
        fc.constantFrom(
          '',
          '\ufeff',
          'null',
          '[]',
          '{',
          'openapi: [',
          `${'['.repeat(10000)}${']'.repeat(10000)}`,
          `${'- '.repeat(3000)}x`,
          '\u0000',
        ),
        20,
      ),
    })
    .map(({ value, mutations, format, style, textMutations: tm, extra, wholesale }) => {
      if (wholesale !== null) return { format, text: wholesale };
      const damaged = applyJsonMutations(value, mutations);
      let text;
      if (format === 'json') text = toJsonText(damaged, style);
      else {
        try {
          text = stringifyYaml(damaged, { aliasDuplicateObjects: false, lineWidth: 0 });
        } catch {
          text = toJsonText(damaged, style); // JSON is YAML too
        }
        if (extra !== null) text += `\n${extra}\n`;
      }
      return { format, text: applyMutations(text, tm) };
    });

// ---------------------------------------------------------------------------------------------
// robots.txt

const robotsLine = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.constantFrom('User-agent', 'user-agent', 'USER-AGENT', 'User-Agent ', ' User-agent'),
        fc.constantFrom(
          '*',
          'GPTBot',
          'ClaudeBot',
          'gptbot',
          'Googlebot',
          'anthropic-ai',
          'CCBot/2.0',
          '',
          '😀',
          '*bot',
        ),
      )
      .map(([k, v]) => `${k}: ${v}`),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.constantFrom('Disallow', 'Allow', 'disallow', 'DISALLOW'),
        fc.constantFrom('/', '', '/*', '/$', '/docs', '*', '/%E0', '/ü', '/a$b', '//'),
      )
      .map(([k, v]) => `${k}: ${v}`),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom('Content-Signal', 'content-signal', 'Content-signal '),
        fc.array(
          fc.constantFrom(
            'search=yes',
            'ai-train=no',
            'ai-input=maybe',
            'ai-trian=yes',
            'search',
            '=yes',
            '',
            ' ',
            'search==yes',
          ),
          { maxLength: 4 },
        ),
      )
      .map(([k, v]) => `${k}: ${v.join(', ')}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'Sitemap: https://example.com/sitemap.xml',
      'Crawl-delay: 10',
      '# comment',
      '',
      '   ',
      'garbage line',
      ':',
      'User-agent',
      'Disallow /',
      '\u0000',
      'Host: x',
    ),
  },
  { weight: 1, arbitrary: phrase },
);
export const robotsText = fc
  .record({
    lines: fc.array(robotsLine, { maxLength: 20 }),
    breaks: fc.constantFrom(...LINE_BREAKS),
    bom: fc.boolean(),
    mutations: fc.array(textMutation, { maxLength: 2 }),
    huge: rarely(fc.constantFrom('long', 'many'), 30),
  })
  .map(({ lines, breaks, bom, mutations, huge }) => {
    let text = lines.join(breaks);
    if (huge === 'long') text += `${breaks}Disallow: /${'a*'.repeat(20000)}`;
    if (huge === 'many') text += `${breaks}User-agent: GPTBot${breaks}Disallow: /`.repeat(3000);
    return (bom ? '\ufeff' : '') + applyMutations(text, mutations);
  });

// ---------------------------------------------------------------------------------------------
// Configuration files (.doclintrc)

/** Term patterns that would backtrack catastrophically if they were read as regular expressions. */
export const EVIL_TERMS = [
  '(a+)+$',
  '(a|aa)+$',
  '(.*a){20}',
  '^(([a-z])+.)+[A-Z]([a-z])+$',
  '\\',
  '[',
  '(?<=',
  '.*.*.*.*.*=',
  'a{1000000}',
  '(x+x+)+y',
  '*',
  '+',
  '?',
  'e-?mail',
  '\\b',
  '$&',
  '$1',
];

const ruleId = fc.constantFrom(
  'page-terminology',
  'page-link-text',
  'page-code-language',
  'page-image-alt',
  'site-robots-blocks-ai',
  'nav-openapi-invalid',
  'config-schema',
  'page-unknown-component',
  'page-component-attributes',
  'no-such-rule',
  '__proto__',
  'constructor',
  'toString',
);
const severity = fc.constantFrom('off', 'warn', 'error', 'info', 'warning', 0, 1, 2, 'loud', null, true);
const ruleOptions = fc.oneof(
  fc.record({
    sets: fc.array(
      fc.oneof(
        fc.array(fc.oneof(fc.constantFrom(...EVIL_TERMS), word), { minLength: 1, maxLength: 4 }),
        fc.record({
          preferred: fc.oneof(fc.constantFrom(...EVIL_TERMS), word),
          variants: fc.array(fc.oneof(fc.constantFrom(...EVIL_TERMS), word), { maxLength: 3 }),
        }),
      ),
      { maxLength: 3 },
    ),
  }),
  fc.record(
    {
      agents: fc.array(fc.constantFrom('GPTBot', '*', '', '(a+)+$'), { maxLength: 2 }),
      allow: fc.array(fc.constantFrom('GPTBot', 'ClaudeBot'), { maxLength: 2 }),
    },
    { requiredKeys: [] },
  ),
  fc.record({ schema: fc.boolean() }),
  fc.record(
    {
      fixLanguage: fc.constantFrom('bash', '', '`'),
      components: fc.array(word, { maxLength: 2 }),
      words: fc.array(word, { maxLength: 2 }),
    },
    { requiredKeys: [] },
  ),
  anyJson,
);
/** `files` patterns of `overrides`: ordinary ones, ones a regular expression would backtrack on, brace bombs, over-long ones, and random glob text. */
export const hostileGlob = fc.oneof(
  fc.constantFrom(
    'api/**',
    '**/*.mdx',
    '{api,guides}/**/*.{md,mdx}',
    '[',
    '\\',
    '!drafts/**',
    `${'*a'.repeat(15)}*b.mdx`,
    `${'**/'.repeat(40)}*`,
    '{a,b}'.repeat(9),
    '{a,a}'.repeat(40),
    `${'{'.repeat(200)}a,b${'}'.repeat(200)}`,
    'a'.repeat(501),
    '[!a-]]*',
  ),
  fc.string({
    maxLength: 60,
    unit: fc.constantFrom('*', 'a', 'b', '?', '/', '{', '}', ',', '[', ']', '!', '^', '-', '\\', '.'),
  }),
);
export const rcValue = fc.record(
  {
    extends: fc.oneof(
      fc.constantFrom('doclint:recommended', 'doclint:strict', 'doclint:nope', ''),
      fc.array(fc.constantFrom('doclint:recommended', 'doclint:strict', 'x'), { maxLength: 2 }),
    ),
    rules: fc.dictionary(ruleId, fc.oneof(severity, fc.tuple(severity, ruleOptions)), { maxKeys: 4 }),
    ignores: fc.array(fc.constantFrom('drafts/**', '!keep.mdx', '', '[', '**/*.mdx', '\\'), { maxLength: 3 }),
    overrides: fc.array(
      fc.record({
        files: fc.array(hostileGlob, { minLength: 1, maxLength: 4 }),
        rules: fc.dictionary(ruleId, severity, { maxKeys: 2 }),
      }),
      {
        maxLength: 3,
      },
    ),
  },
  { requiredKeys: [] },
);
export const rcText = (stringifyYaml) =>
  fc
    .record({
      value: rcValue,
      mutations: jsonMutations,
      format: fc.constantFrom('json', 'yaml'),
      style: jsonStyle,
      textMutations: fc.array(textMutation, { maxLength: 2 }),
      wholesale: rarely(
        fc.constantFrom(
          '',
          ' ',
          '\ufeff{}',
          'null',
          '[]',
          '{',
          `${'['.repeat(10000)}${']'.repeat(10000)}`,
          `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
          `rules: ${'['.repeat(5000)}`,
          'a: &a [1]\nb: [*a, *a, *a]',
        ),
        15,
      ),
      bomb: rarely(aliasBomb, 10),
    })
    .map(({ value, mutations, format, style, textMutations: tm, wholesale, bomb }) => {
      if (wholesale !== null) return { format, text: wholesale };
      const damaged = applyJsonMutations(value, mutations);
      let text;
      if (format === 'yaml') {
        try {
          text = stringifyYaml(damaged, { lineWidth: 0 });
        } catch {
          text = toJsonText(damaged, style);
        }
        if (bomb !== null) text += `\n${bomb}\n`;
      } else text = toJsonText(damaged, style);
      return { format, text: applyMutations(text, tm) };
    });

// ---------------------------------------------------------------------------------------------
// Large term sets (page-terminology)

/**
 * Term sets as a team may configure them, and past: thousands of sets, terms of hundreds of words
 * sharing long prefixes, terms that are prefixes of each other, patterns that would backtrack if
 * they were regular expressions; with a page made of their words.
 */
export const largeTermSets = fc
  .record({
    shape: fc.constantFrom('many', 'long', 'nested', 'evil', 'mixed'),
    count: fc.oneof(fc.integer({ min: 1, max: 60 }), fc.constantFrom(1000, 5000, 10000)),
    words: fc.oneof(fc.integer({ min: 1, max: 20 }), fc.constantFrom(200, 1000)),
    repeat: fc.integer({ min: 1, max: 3000 }),
    mutations: fc.array(textMutation, { maxLength: 2 }),
  })
  .map(({ shape, count, words, repeat, mutations }) => {
    const run = (w) => Array.from({ length: w }, () => 'go').join(' ');
    let sets;
    let text;
    switch (shape) {
      case 'many':
        sets = Array.from({ length: count }, (_, i) => ({
          preferred: `term${i} alpha`,
          variants: [`term${i}-alpha`, `Term${i}Alpha`],
        }));
        text = `Then term${count - 1} alpha and term${count - 1}-alpha. ${'Prose that names no term. '.repeat(repeat)}`;
        break;
      case 'long':
        sets = [{ preferred: `${run(words)} stop`, variants: [`${run(words)} halt`] }];
        text = `${'go '.repeat(repeat + words)}stop. And ${run(words)} halt.`;
        break;
      case 'nested':
        sets = [Array.from({ length: Math.min(words, 300) }, (_, i) => run(i + 1))];
        text = 'go '.repeat(repeat);
        break;
      case 'evil':
        sets = [EVIL_TERMS, ['email', 'e-mail', 'E‑mail']];
        text = `${'a'.repeat(repeat)}! (a+)+$ email e-mail ${'x'.repeat(repeat)}`;
        break;
      default:
        sets = [
          ...Array.from({ length: Math.min(count, 2000) }, (_, i) => [`w${i % 50} x${i}`, `w${i % 50}-x${i}`]),
          [run(Math.min(words, 50)), 'go'],
        ];
        text = Array.from({ length: repeat }, (_, i) => `w${i % 50} x${i % count} w${i % 50}-x${i % count} go`).join(
          ' ',
        );
    }
    return {
      sets,
      text: applyMutations(`---\ntitle: Terms\ndescription: A page of terms.\n---\n\n${text}\n`, mutations),
    };
  });

// ---------------------------------------------------------------------------------------------
// Caches: what a hand-made or damaged .doclintcache can hold

/** How a cache file is damaged or replaced, for the cache surface (see properties.mjs). */
export const cacheDamage = fc.record({
  header: jsonMutations,
  facts: fc.array(textMutation, { maxLength: 3 }),
  /** Sign the crafted file with the user's key (an authentic file of the wrong content), or leave the old signature. */
  sign: fc.boolean(),
  wholesale: rarely(
    fc.constantFrom(
      'empty',
      'magic-only',
      'one-line',
      'other-format',
      'bad-hmac',
      'deep-header',
      'long-line',
      'not-json',
      'outside-file',
      'symlink-zero',
      'symlink-outside',
      'fifo',
      'folder',
    ),
    3,
  ),
});

// ---------------------------------------------------------------------------------------------
// A whole site

export const site = (stringifyYaml) =>
  fc.record({
    docsJson: docsJsonText,
    refs: refFiles,
    pages: fc.dictionary(
      fc.constantFrom(
        'index',
        'quickstart',
        'guides/setup',
        'api/users',
        'snippets/s',
        'README',
        '.hidden/p',
        'deep/a/b/c/d',
      ),
      page,
      {
        minKeys: 1,
        maxKeys: 4,
      },
    ),
    pageExt: fc.constantFrom('.mdx', '.md'),
    spec: openapiText(stringifyYaml),
    specName: fc.constantFrom('api.yaml', 'openapi.json', 'api.yml', 'spec'),
    robots: fc.option(robotsText, { freq: 2 }),
    images: fc.boolean(),
    /** Files replaced by devices (through symbolic links) or FIFOs: never opened, never waited on. */
    device: rarely(
      fc.constantFrom(
        'spec-zero',
        'spec-urandom',
        'spec-fifo',
        'robots-zero',
        'robots-fifo',
        'page-fifo',
        'page-zero',
        'mintignore-fifo',
        'ref-fifo',
        'docs-zero',
      ),
      3,
    ),
  });

// ---------------------------------------------------------------------------------------------
// Snippet fan-out: one small snippet imported 30-60 times per level, nested

/**
 * A site whose page writes the top snippet `fan` times; each snippet level writes the one below
 * `fan` times, down to a leaf of a few words: expanded in full, fan^levels copies (60^5 is 7.8e8).
 */
export const snippetFanOut = fc.record({
  levels: fc.integer({ min: 1, max: 5 }),
  fan: fc.integer({ min: 30, max: 60 }),
  leaf: fc.constantFrom('Leaf text.', 'A **bold** leaf with a [link](/index).', '`code`', ''),
  /** How the levels include each other: an import and its element, or the legacy `<Snippet file>`. */
  style: fc.constantFrom('import', 'snippet', 'mixed'),
  /** Pages writing the top snippet. */
  pages: fc.integer({ min: 1, max: 3 }),
});

// ---------------------------------------------------------------------------------------------
// Control characters in file names

/** Pieces of file names that look like terminal or CI commands once printed raw. */
export const NAME_PIECES = [
  '\n',
  '\r',
  '\t',
  '\u001b[31m',
  '\u001b]8;;https://x\u0007',
  '::error file=a.mdx::',
  '::stop-commands::x',
  '\u0085',
  '\u2028',
  '\u2029',
  '\u007f',
  '\u009b',
  'a',
  ' ',
  'é',
  '%0A',
];

export const controlName = fc
  .array(fc.constantFrom(...NAME_PIECES), { minLength: 1, maxLength: 6 })
  .map((parts) => parts.join(''))
  .filter((name) => name !== '.' && name !== '..');

export const controlNames = fc.record({
  pages: fc.uniqueArray(controlName, { minLength: 1, maxLength: 3 }),
  /** A folder whose name has them too. */
  folder: fc.option(controlName, { nil: null }),
  /** Pages listed in the navigation (their names in docs.json), or left out (each an orphan finding). */
  listed: fc.boolean(),
});

/**
 * Answers of a loopback server to the external-link check: any status, redirects to relative
 * paths, to itself (`SELF`, its own origin), to addresses the check must not reach (other loopback
 * addresses, IPv4-mapped IPv6, link-local, private, `localhost` from the hosts file) and to other
 * schemes, odd `Retry-After`, reason phrases with control characters, compressed and broken bodies.
 */
const externalLocation = fc.constantFrom(
  '/c/0',
  '/c/1',
  '/c/2',
  'SELF/c/1',
  '/c/0#frag',
  'http://127.0.0.2/x',
  'http://[::ffff:127.0.0.1]/x',
  'http://[::ffff:7f00:1]:1/x',
  'http://[::1]/',
  'http://localhost/x',
  'http://0.0.0.0/',
  'http://169.254.169.254/latest/meta-data/',
  'http://10.0.0.1/',
  'http://2130706433/',
  'file:///etc/passwd',
  'data:text/html,x',
  'javascript:alert(1)',
  '//127.0.0.2/x',
  'http://[',
  `/${'x'.repeat(3000)}`,
  '',
);
const externalAnswer = fc.record({
  status: fc.oneof(
    fc.constantFrom(200, 204, 301, 302, 303, 307, 308, 400, 403, 404, 405, 410, 429, 500, 501, 503),
    fc.integer({ min: 200, max: 599 }),
  ),
  headStatus: fc.option(fc.constantFrom(200, 404, 405, 500, 302)),
  location: fc.option(externalLocation),
  retryAfter: fc.option(fc.constantFrom('0', '1', '99999999', 'Thu, 01 Jan 2099 00:00:00 GMT', 'soon', '-1')),
  contentType: fc.option(fc.constantFrom('text/html', 'text/html; charset=utf-8', 'application/json', 'TEXT/XHTML')),
  encoding: fc.option(fc.constantFrom('gzip', 'deflate', 'br', 'x-gzip', 'identity', 'bogus')),
  compress: fc.boolean(),
  body: fc.oneof(
    fc.constantFrom('', '<h2 id="a">x</h2>', "<a name='b'>", `<p id="${'i'.repeat(400)}">`),
    fc.string({ maxLength: 200 }),
  ),
  reason: fc.option(fc.constantFrom('OK', 'Not Found', '\u001b[31mred', '::error::x', 'caf\u00e9', '\u202eevil')),
  hang: rarely(fc.constant(true), 20),
});
export const externalCase = fc.record({
  answers: fc.array(externalAnswer, { minLength: 1, maxLength: 3 }),
  withIds: fc.boolean(),
  accept: fc.array(fc.constantFrom(403, 404, 429, 503), { maxLength: 2 }),
});
