import { pagePlan, resolveSettings } from '../../src/config/settings.js';
import { frontmatterFacts, frontmatterFieldPlaces, type FrontmatterFacts } from '../../src/pages/frontmatter-facts.js';
import { lintPage, type PageInput } from '../../src/engine/lint-page.js';

/*
 * A page's front-matter facts read from the front matter alone must be the values its page pass
 * gives (src/engine/session.ts takes one for the other): each case is read both ways.
 */

const plan = pagePlan(resolveSettings());
const input = (text: string): PageInput => ({ file: '/site/page.mdx', text, isSnippet: false });
const fromPagePass = (page: PageInput): FrontmatterFacts => {
  const { frontmatter, title, description, hidden } = lintPage(page, plan).facts;
  return {
    hidden,
    ...(frontmatter ? { frontmatter } : {}),
    ...(title !== undefined ? { title } : {}),
    ...(description !== undefined ? { description } : {}),
  };
};

const CASES: Array<[name: string, text: string, expected: FrontmatterFacts]> = [
  ['no front matter', '# Title\n\nText.\n', { hidden: false }],
  [
    'title, description, hidden and other scalar fields (nested values left out)',
    '---\ntitle: Users\ndescription: List users.\nhidden: true\nnoindex: true\nicon: user\nseo:\n  a: 1\n---\n\nText\n',
    {
      hidden: true,
      frontmatter: { title: 'Users', description: 'List users.', hidden: true, noindex: true, icon: 'user' },
      title: 'Users',
      description: 'List users.',
    },
  ],
  ['a number as title', '---\ntitle: 2024\n---\n', { hidden: false, frontmatter: { title: 2024 }, title: '2024' }],
  [
    'a byte-order mark first',
    '\ufeff---\ntitle: BOM\n---\n\nText\n',
    { hidden: false, frontmatter: { title: 'BOM' }, title: 'BOM' },
  ],
  [
    'CRLF line breaks',
    '---\r\ntitle: Windows\r\n---\r\n\r\nText\r\n',
    { hidden: false, frontmatter: { title: 'Windows' }, title: 'Windows' },
  ],
  [
    'spaces after the fences',
    '---  \ntitle: Spaced\n--- \t\n\nText\n',
    { hidden: false, frontmatter: { title: 'Spaced' }, title: 'Spaced' },
  ],
  ['empty front matter: no fields', '---\n---\n\nText\n', { hidden: false, frontmatter: {} }],
  ['never closed: a thematic break, no front matter', '---\ntitle: Open\n\nText\n', { hidden: false }],
  ['closed by four dashes: not closed', '---\ntitle: Four\n----\n\nText\n', { hidden: false }],
  ['closed by an indented fence: not closed', '---\ntitle: Indented\n  ---\n\nText\n', { hidden: false }],
  ['not at the very start', '\n---\ntitle: Late\n---\n\nText\n', { hidden: false }],
  ['YAML that does not parse', '---\ntitle: [unclosed\n---\n\nText\n', { hidden: false }],
  [
    'a comment line with a heading id',
    '---\n# note {#x}\ntitle: Comment\n---\n\nText\n',
    { hidden: false, frontmatter: { title: 'Comment' }, title: 'Comment' },
  ],
  [
    'a page that does not parse as MDX',
    '---\ntitle: Broken\n---\n\n<Card>\n\nunclosed {\n',
    { hidden: false, frontmatter: { title: 'Broken' }, title: 'Broken' },
  ],
  [
    'an alias field is left out; `__proto__` stays a key',
    '---\ntitle: &t Shared\nsidebarTitle: *t\n__proto__: kept\n---\n',
    {
      hidden: false,
      frontmatter: Object.defineProperty({ title: 'Shared' }, '__proto__', { value: 'kept', enumerable: true }),
      title: 'Shared',
    },
  ],
  [
    'text past 4,096 characters is cut in the fields, not in the title',
    `---\ntitle: ${'x'.repeat(5000)}\n---\n`,
    { hidden: false, frontmatter: { title: 'x'.repeat(4096) }, title: 'x'.repeat(5000) },
  ],
];

describe('front-matter facts without the page pass', () => {
  test.each(CASES)('%s', (_name, text, expected) => {
    expect(frontmatterFacts(input(text))).toEqual(expected);
    expect(fromPagePass(input(text))).toEqual(expected);
  });

  test('a page that could not be read has none', () => {
    const page: PageInput = {
      ...input('---\ntitle: Hidden away\n---\n'),
      unreadable: { message: 'the file is too large' },
    };
    expect(frontmatterFacts(page)).toEqual({ hidden: false });
    expect(fromPagePass(page)).toEqual({ hidden: false });
  });
});

describe('where front-matter fields are written', () => {
  test('each top-level key and its value, lines of the file (a byte-order mark first, a value over two lines)', () => {
    const places = frontmatterFieldPlaces(
      '\ufeff---\ntitle: Set up\ndescription: >-\n  Install the CLI\n  and sign in.\n---\n\n## Body\n',
    );
    expect(places.get('title')).toMatchObject({
      key: { line: 2, column: 1, endLine: 2, endColumn: 6 },
      valueSpan: { line: 2, column: 8, endLine: 2, endColumn: 14 },
    });
    expect(places.get('description')).toMatchObject({
      key: { line: 3, column: 1 },
      valueSpan: { line: 3, column: 14, endLine: 5, endColumn: 15 },
    });
  });

  test('none without front matter', () => {
    expect(frontmatterFieldPlaces('# Title\n').size).toBe(0);
  });
});
