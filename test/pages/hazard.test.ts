// The structures the MDX parser's time grows faster than the page on are bounded before parsing
// by a linear scan (src/pages/hazard.ts): each gets one `page-mdx-syntax` error at the structure,
// the same on any machine under any load, and the page is read up to that line. Pages just below
// each bound are read whole. No test times anything.
import { builtinRegistry } from '../../src/config/registry.js';
import { toDiagnostics } from '../../src/engine/message-control.js';
import { pagePlan, resolveSettings } from '../../src/config/settings.js';
import { parseHazard, scanStructure, STRUCTURE_LIMITS } from '../../src/pages/hazard.js';
import { lintPage } from '../../src/engine/lint-page.js';
import { parsedImportSources } from '../../src/pages/parse.js';

const FRONT = '---\ntitle: A page\ndescription: A page of the test site.\n---\n\n';
const settings = resolveSettings({});
const plan = pagePlan(settings);

/** The page's findings, `line:column-endLine:endColumn ruleId message`. */
const lint = (text: string): string[] => {
  const result = lintPage({ file: '/site/page.mdx', text, isSnippet: false }, plan);
  return toDiagnostics(result.findings, builtinRegistry(), settings).map(
    (d) => `${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.severity} ${d.ruleId} ${d.message}`,
  );
};
const syntax = (text: string): string[] => lint(text).filter((f) => f.includes(' page-mdx-syntax '));

const READ = 'the page is not read past this line';
const page = (body: string) => FRONT + 'Intro.\n\n' + body + '\n';
/** Runs of 1, 2, … k backticks, none matched by a later run of its length. */
const ticks = (k: number) => Array.from({ length: k }, (_, i) => '`'.repeat(i + 1)).join(' a ');

describe('parse hazards: one finding at the structure, whatever the load', () => {
  test('emphasis markers: `*`, `_` (here 1,416 in 2,124 characters) times the paragraph’s punctuation', () => {
    expect(syntax(page('*a_'.repeat(708)))).toEqual([
      `8:1-8:2125 error page-mdx-syntax this paragraph has 1,416 emphasis markers (\`*\`, \`_\` or \`~\`) among 1,417 punctuation marks, more than the MDX parser can match in reasonable time (its time grows with the product); ${READ}: escape the markers that are not emphasis (\`\\*\`, \`\\_\`), split the paragraph, or put the text in a code block`,
    ]);
  });

  test('strikethrough markers count as emphasis; a run of `*_` too', () => {
    expect(syntax(page('`~'.repeat(3000)))[0]).toMatch(
      /^8:1-8:6001 error page-mdx-syntax this paragraph has 1,500 emphasis markers \(`\*`, `_` or `~`\) among 6,001 /,
    );
    expect(syntax(page('*_'.repeat(40000)))[0]).toMatch(
      /^8:1-8:80001 error page-mdx-syntax this paragraph has 80,000 emphasis markers/,
    );
  });

  test('brackets: `]` times the paragraph’s punctuation', () => {
    expect(syntax(page('['.repeat(1000) + 'a' + ']'.repeat(1000)))).toEqual([
      `8:1-8:2002 error page-mdx-syntax this paragraph has 1,000 \`]\` among 2,001 punctuation marks, more than the MDX parser can match in reasonable time (its time grows with the product); ${READ}: escape the brackets that are not links (\`\\[\`, \`\\]\`), split the paragraph, or put the text in a code block`,
    ]);
  });

  test('backticks: the characters searched for the ends of code spans that never end', () => {
    expect(syntax(page(ticks(300)))).toEqual([
      `8:1-8:46048 error page-mdx-syntax this paragraph has 300 runs of backticks that open no code span, and the MDX parser searches the rest of the paragraph for the end of each (9,179,600 characters in all, too many to read in reasonable time); ${READ}: escape them (\`\\\`\`), split the paragraph, or put the text in a code block`,
    ]);
  });

  test('`$`: the same for inline math', () => {
    expect(syntax(page(ticks(300).replace(/`/g, '$')))).toEqual([
      `8:1-8:46048 error page-mdx-syntax this paragraph has 300 runs of \`$\` that open no inline math, and the MDX parser searches the rest of the paragraph for the end of each (9,179,600 characters in all, too many to read in reasonable time); ${READ}: escape them (\`\\$\`), split the paragraph, or put the text in a code block`,
    ]);
  });

  test('an expression that does not end: reread at each `}`', () => {
    expect(syntax(page('{"' + '}'.repeat(1000)))).toEqual([
      `8:1-8:2 error page-mdx-syntax the expression that starts here may run on past 999 \`}\` (1,001 characters), and the MDX parser reads it again at each \`}\` till it parses (too long to read in reasonable time); ${READ}: check that its braces and quotes balance, escape a \`{\` that is text (\`\\{\`), or put the text in a code block`,
    ]);
    expect(syntax(page('{'.repeat(1000) + '}'.repeat(1000)))[0]).toMatch(
      /^8:1-8:2 error page-mdx-syntax the expression that starts here may run on past /,
    );
  });

  test('setext headings: their line numbers added up, per page (here at the 445th heading)', () => {
    expect(syntax(FRONT + 'a\n=\n'.repeat(500))).toEqual([
      `895:1-895:2 error page-mdx-syntax this is setext heading 445 of the page (text underlined with \`=\` or \`-\`), more than the MDX parser can read in reasonable time on a page this long (its time grows with their number times the page's length); ${READ}: use \`#\` headings, and put a blank line before a \`---\` that is a thematic break`,
    ]);
  });

  test('nesting: the finding it has always had', () => {
    const list = Array.from({ length: 150 }, (_, i) => `${'  '.repeat(i)}- item ${i}`).join('\n');
    expect(syntax(page(list))).toEqual([
      '108:201-108:202 error page-mdx-syntax block quotes and lists are nested more than 100 levels deep here; the page is not read past this line (the MDX parser cannot read such nesting in reasonable time)',
    ]);
  });

  test('the earliest structure is reported; the text before its line is read', () => {
    const text =
      FRONT + '## A heading\n\nSee [a page](/x).\n\n' + 'x ]'.repeat(2000) + '\n\n' + '*a_'.repeat(2000) + '\n';
    expect(syntax(text)).toEqual([
      `10:1-10:6001 error page-mdx-syntax this paragraph has 2,000 \`]\` among 2,001 punctuation marks, more than the MDX parser can match in reasonable time (its time grows with the product); ${READ}: escape the brackets that are not links (\`\\[\`, \`\\]\`), split the paragraph, or put the text in a code block`,
    ]);
    const { facts } = lintPage({ file: '/site/page.mdx', text, isSnippet: false }, plan);
    expect([facts.headings.map((h) => h.text), facts.links.map((l) => `${l.line}:${l.column} ${l.url}`)]).toEqual([
      ['A heading'],
      ['8:5 /x'],
    ]);
  });
});

describe('pages below the bounds are read whole', () => {
  test('just below each bound', () => {
    expect(syntax(page('*a_'.repeat(700)))).toEqual([]);
    expect(syntax(page('['.repeat(700) + 'a' + ']'.repeat(700)))).toEqual([]);
    expect(syntax(page(ticks(120)))).toEqual([]);
    expect(syntax(FRONT + 'a\n=\n'.repeat(400))).toEqual([]);
  });

  test('the counts are per paragraph, table row and list item; code, math blocks and escapes do not count', () => {
    const row = '| **a** | _b_ | [c](/c) |\n';
    const table = '| A | B | C |\n| --- | --- | --- |\n' + row.repeat(3000);
    const list = '- **a** _b_ [c](/c)\n'.repeat(3000);
    const fenced = '```\n' + '*a_'.repeat(3000) + '\n```\n\n$$\n' + '[]'.repeat(3000) + '\n$$\n';
    const escaped = '\\*a\\_'.repeat(3000);
    const paragraphs = 'Some **bold** and _emphasis_, `code` and [a link](/x).\n\n'.repeat(3000);
    for (const body of [table, list, fenced, escaped, paragraphs]) expect(parseHazard(page(body))).toBeUndefined();
  });

  test('an ordered item that does not start at 1 does not start a paragraph after text', () => {
    // One paragraph of 800 lines: the `2.` lines are its text.
    expect(parseHazard(page('Text *a_\n' + '2. b *a_\n'.repeat(800)))?.message).toMatch(
      /^this paragraph has 1,602 emphasis markers \(`\*`, `_` or `~`\) among 3,203 /,
    );
    expect(parseHazard(page('1. Text *a_\n' + '2. b *a_\n'.repeat(800)))).toBeUndefined();
  });

  test('the largest counts of a page are reported for checks against real sites', () => {
    expect(scanStructure(page('Some **bold** and `code`.\n\nTitle\n---\n')).stats).toEqual({
      emphasisWork: 32,
      bracketWork: 0,
      codeSpanWork: 5,
      expressionWork: 0,
      esmWork: 0,
      setextWork: 11,
      setextHeadings: 1,
    });
    expect(Object.keys(STRUCTURE_LIMITS)).toEqual([
      'emphasisWork',
      'bracketWork',
      'codeSpanWork',
      'expressionWork',
      'esmWork',
      'setextWork',
    ]);
  });
});

describe('a long run of markers counts each marker', () => {
  test('`_`×n `x` `_`×n: up to n matches, each spliced into the paragraph', () => {
    expect(syntax(page('_'.repeat(1000) + 'x' + '_'.repeat(1000)))).toEqual([
      `8:1-8:2002 error page-mdx-syntax this paragraph has 2,000 emphasis markers (\`*\`, \`_\` or \`~\`) among 2,001 punctuation marks, more than the MDX parser can match in reasonable time (its time grows with the product); ${READ}: escape the markers that are not emphasis (\`\\*\`, \`\\_\`), split the paragraph, or put the text in a code block`,
    ]);
    expect(syntax(page('_'.repeat(700) + 'x' + '_'.repeat(700)))).toEqual([]);
  });
});

describe('what is one paragraph', () => {
  test('a list marker indented 4 columns past the open item is text of the paragraph', () => {
    expect(parseHazard(page('Text *a_\n' + '    - b *a_\n'.repeat(800)))?.message).toMatch(
      /^this paragraph has 1,602 emphasis markers/,
    );
    expect(parseHazard(page('- Text *a_\n' + '  - b *a_\n'.repeat(800)))).toBeUndefined();
  });

  test('rows after a delimiter row are table rows only when the head row has as many cells', () => {
    const rows = '| *a_ | *a_ |\n'.repeat(800);
    expect(parseHazard(page('| A | B |\n| --- | --- |\n' + rows))).toBeUndefined();
    expect(parseHazard(page('| A | B | C |\n| --- | --- |\n' + rows))?.message).toMatch(
      /^this paragraph has 3,200 emphasis markers/,
    );
  });
});

describe('import/export blocks', () => {
  test('a block left open is read again at each blank line', () => {
    const open = FRONT + 'export const a = [\n\n' + '1,\n\n'.repeat(1000);
    expect(syntax(open)).toEqual([
      `6:1-6:7 error page-mdx-syntax the import/export block that starts here does not end at its 350 blank lines (a bracket, template literal or comment left open, or a statement cut short), and the MDX parser reads it again at each (250,950 characters in all, too many to read in reasonable time); ${READ}: close what is open, or put the text in a code block`,
    ]);
    expect(parseHazard(FRONT + 'export const a = [\n\n' + '1,\n\n'.repeat(300))).toBeUndefined();
  });

  test('a block that may end at a blank line ends there; the text after it is Markdown', () => {
    const text =
      FRONT +
      "import { A } from '/snippets/a.mdx';\n\nexport const b = `\n\nx\n\n`;\n\n" +
      'Text {b}.\n\n'.repeat(2000);
    expect(scanStructure(text).stats.esmWork).toBe(41);
    expect(parseHazard(text)).toBeUndefined();
  });
});

describe('the page budget: how much of any page is read (PAGE_LIMITS)', () => {
  test('a page of list items past 15,000 lines is read up to line 15,000', () => {
    // 6 lines of front matter and blank line, then one list item a line.
    const text = FRONT + '- a\n'.repeat(15_000 - 6 + 1);
    expect(syntax(text)).toEqual([
      `15001:1-15001:1 error page-mdx-syntax the page has more than 15,000 lines, more than doclint reads in reasonable time; the page is not read past line 15,000: split it into several pages`,
    ]);
    // Exactly 15,000 lines (the last one ends the file): read whole.
    expect(syntax(FRONT + '- a\n'.repeat(15_000 - 6 - 1) + '- a')).toEqual([]);
  });

  test('a page past 500,000 punctuation marks is read up to the line where it passes them', () => {
    // The front matter has 9 marks (`---` twice, two `:`, one `.`); its 5 lines come first. Each
    // body line has 100 (50 code spans), so mark 500,001 is the 92nd of body line 5,000 (line
    // 5,005): the closing backtick of its 46th code span, column 183.
    // (The scan alone: parsing the 5,000 lines before the finding takes seconds.)
    const text = FRONT + ('`a` '.repeat(50) + '\n').repeat(5_000);
    expect(parseHazard(text)).toEqual({
      line: 5005,
      column: 183,
      endLine: 5005,
      endColumn: 184,
      message: `the page has more than 500,000 punctuation marks by here (the MDX parser makes a token of each), more than doclint reads in reasonable time; ${READ}: split it into several pages, or move generated content (data, schemas) out of the page`,
    });
    // One line fewer: 499,909 marks, read whole.
    expect(parseHazard(FRONT + ('`a` '.repeat(50) + '\n').repeat(4_999))).toBeUndefined();
  });
});

describe('the listing reads imports with the same bounds', () => {
  test('a page past a parse bound is not parsed for its imports: it stands as a page that does not parse', () => {
    const imports = "import {\n  Note,\n} from '/snippets/note.mdx';\n\n";
    expect(parsedImportSources(imports + 'Text.\n')).toEqual(['/snippets/note.mdx']);
    expect(parsedImportSources(imports + '*_'.repeat(40000) + '\n')).toBeUndefined();
  });
});
