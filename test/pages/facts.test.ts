import { lintPage } from '../../src/engine/lint-page.js';
import { pagePlan, resolveSettings } from '../../src/config/settings.js';
import type { PageFacts } from '../../src/pages/facts.js';

const settings = pagePlan(resolveSettings());
const factsOf = (text: string, isSnippet = false): PageFacts =>
  lintPage({ file: '/site/page.mdx', text, isSnippet }, settings).facts;

describe('page facts', () => {
  test('front matter fields, hidden, openapi with its position', () => {
    const facts = factsOf(
      '---\ntitle: Users\ndescription: List users.\nhidden: true\nopenapi: "GET /users"\n---\n\nText\n',
    );
    expect(facts.frontmatter).toEqual({
      title: 'Users',
      description: 'List users.',
      hidden: true,
      openapi: 'GET /users',
    });
    expect(facts.title).toBe('Users');
    expect(facts.description).toBe('List users.');
    expect(facts.hidden).toBe(true);
    expect(facts.openapi).toEqual({ value: 'GET /users', line: 5, column: 10, endLine: 5, endColumn: 22 });
    expect(facts.syntaxError).toBe(false);
  });

  test('no front matter: nothing invented', () => {
    const facts = factsOf('Text\n');
    expect(facts.frontmatter).toBeUndefined();
    expect(facts.title).toBeUndefined();
    expect(facts.hidden).toBe(false);
  });

  test('headings: text, slug ids deduplicated per page, custom ids, headings inside components', () => {
    const facts = factsOf(
      [
        '## Get started {#start}',
        '',
        '## Get started',
        '',
        '## Get started',
        '',
        '### `npm` and **Yarn** — Setup!',
        '',
        '<Accordion title="More">',
        '  #### Inside a component',
        '</Accordion>',
        '',
      ].join('\n'),
    );
    expect(facts.headings).toEqual([
      { depth: 2, text: 'Get started', id: 'start', line: 1, column: 1, endLine: 1, endColumn: 24 },
      { depth: 2, text: 'Get started', id: 'get-started', line: 3, column: 1, endLine: 3, endColumn: 15 },
      { depth: 2, text: 'Get started', id: 'get-started-2', line: 5, column: 1, endLine: 5, endColumn: 15 },
      {
        depth: 3,
        text: 'npm and Yarn — Setup!',
        id: 'npm-and-yarn-—-setup',
        line: 7,
        column: 1,
        endLine: 7,
        endColumn: 32,
      },
      {
        depth: 4,
        text: 'Inside a component',
        id: 'inside-a-component',
        line: 10,
        column: 3,
        endLine: 10,
        endColumn: 26,
      },
    ]);
  });

  test('a custom id keeps every position of the line and of the page exact', () => {
    const text = '## Title {#custom-id} \n\nA [link](/x) after.\n\n### Next {#n}\n';
    const facts = factsOf(text);
    expect(facts.headings.map((h) => [h.id, h.text, h.line, h.column])).toEqual([
      ['custom-id', 'Title', 1, 1],
      ['n', 'Next', 5, 1],
    ]);
    expect(facts.links).toEqual([
      { url: '/x', kind: 'link', line: 3, column: 3, endLine: 3, endColumn: 13, urlRange: [33, 35] },
    ]);
    expect(text.slice(33, 35)).toBe('/x');
  });

  test('{#id} with CRLF, and with spaces inside the braces, as the platform reads it', () => {
    const facts = factsOf('## Title {#q}\r\n\r\n### Other { #My Id! }\r\n');
    expect(facts.headings.map((h) => [h.id, h.text, h.line])).toEqual([
      ['q', 'Title', 1],
      ['My-Id', 'Other', 3],
    ]);
  });

  test('{#id} in a block quote or a list item does not compile (on the platform either): a syntax error there', () => {
    for (const text of ['> ## Quoted {#q}\n', '- ### Listed {#l}\n', '    ## Indented {#i}\n', '## {#empty}\n']) {
      const { findings: diagnostics, facts } = lintPage(
        { file: '/site/page.mdx', text, isSnippet: true },
        pagePlan(resolveSettings({})),
      );
      expect(facts.syntaxError).toBe(true);
      expect(diagnostics.map((d) => `${d.ruleId} ${d.message}`)).toEqual([
        'page-mdx-syntax a custom heading id `{#…}` works only at the end of a heading on a line of its own (not in a list item or a block quote, not indented 4 spaces or more, after a title): move the heading out, or remove the id',
      ]);
    }
  });

  test('{#id} inside a code fence is code, not a heading id', () => {
    const facts = factsOf('```bash\n# comment {#x}\n```\n\n## Real {#real}\n');
    expect(facts.headings.map((h) => h.id)).toEqual(['real']);
  });

  test('explicit ids of JSX elements', () => {
    const facts = factsOf('<div id="anchor" />\n\n<Step title="x" id={"step-1"}>y</Step>\n\n<span id={dynamic} />\n');
    expect(facts.ids).toEqual(['anchor', 'step-1']);
  });

  test('links: markdown links, images, definitions and JSX href/src/img of HTML elements and platform components, with where each URL is written', () => {
    const facts = factsOf(
      '[a](/a#b) ![Chart](/i.png) <Card title="c" href="/card" img="/c.png" /> <a href="https://x.com">x</a> <img src={"/j.png"} alt="a" /> <Card href={url} /> <Feedback src="docs-x" />\n\n[ref]: /defined\n',
    );
    expect(facts.links).toEqual([
      { url: '/a#b', kind: 'link', line: 1, column: 1, endLine: 1, endColumn: 10, urlRange: [4, 8] },
      { url: '/i.png', kind: 'image', line: 1, column: 11, endLine: 1, endColumn: 27, urlRange: [19, 25] },
      {
        url: '/card',
        kind: 'jsx',
        element: 'Card',
        attribute: 'href',
        line: 1,
        column: 44,
        endLine: 1,
        endColumn: 56,
        urlRange: [49, 54],
      },
      {
        url: '/c.png',
        kind: 'jsx',
        element: 'Card',
        attribute: 'img',
        line: 1,
        column: 57,
        endLine: 1,
        endColumn: 69,
        urlRange: [61, 67],
      },
      {
        url: 'https://x.com',
        kind: 'jsx',
        element: 'a',
        attribute: 'href',
        line: 1,
        column: 76,
        endLine: 1,
        endColumn: 96,
        urlRange: [81, 94],
      },
      {
        url: '/j.png',
        kind: 'jsx',
        element: 'img',
        attribute: 'src',
        line: 1,
        column: 108,
        endLine: 1,
        endColumn: 122,
        urlRange: [113, 119],
      },
      // `<Feedback src>`: a prop of the site's own component, not a URL.
      { url: '/defined', kind: 'link', line: 3, column: 1, endLine: 3, endColumn: 16, urlRange: [187, 195] },
    ]);
  });

  test('directives: kinds, rule lists (spaces or commas, -- comment), next non-blank line', () => {
    const facts = factsOf(
      [
        '{/* doclint-disable page-link-text, page-image-alt -- screenshots come later */}',
        '',
        '{/* doclint-disable-next-line */}',
        '',
        '',
        'Next',
        '',
        'Text {/* doclint-enable page-link-text */} {/* not a directive */}',
        '',
      ].join('\n'),
    );
    expect(facts.directives).toEqual([
      {
        kind: 'disable',
        ruleIds: ['page-link-text', 'page-image-alt'],
        reason: 'screenshots come later',
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 81,
      },
      { kind: 'disable-next-line', ruleIds: [], line: 3, column: 1, endLine: 3, endColumn: 34, targetLine: 6 },
      { kind: 'enable', ruleIds: ['page-link-text'], line: 8, column: 6, endLine: 8, endColumn: 43 },
    ]);
  });

  test('a page that does not parse: syntaxError, front matter read on its own, content up to the error', () => {
    const facts = factsOf(
      '---\ntitle: Broken\ndescription: D\n---\n\n## Before\n\n[x](/x)\n\n<!-- comment -->\n\n## After\n',
    );
    expect(facts.syntaxError).toBe(true);
    expect(facts.title).toBe('Broken');
    expect(facts.headings.map((h) => h.text)).toEqual(['Before']);
    expect(facts.links.map((l) => l.url)).toEqual(['/x']);
  });

  test('a page that fails on its first line still yields its front matter', () => {
    const facts = factsOf('---\ntitle: T\n---\n<Note>\n\nnever closed\n');
    expect(facts.syntaxError).toBe(true);
    expect(facts.title).toBe('T');
  });
});
