import { quickAnchors } from '../../src/pages/anchors.js';
import { lintPage } from '../../src/pages/lint.js';
import { pagePlan, resolveSettings } from '../../src/engine/settings.js';

/** The anchors of the parsed page: heading ids and id attributes. */
function parsedAnchors(text: string): string[] {
  const { facts } = lintPage({ file: '/site/page.mdx', text, isSnippet: false }, pagePlan(resolveSettings({})));
  return [...(facts?.headings.map((h) => h.id) ?? []), ...(facts?.ids ?? [])];
}

describe('quickAnchors: the anchors a page may have, read without parsing it', () => {
  test.each<[string, string, string[]]>([
    ['ATX headings, slugged and de-duplicated', '## Start here\n\n### Start here\n#### Done ###\n', ['start-here', 'start-here-1', 'done']],
    ['custom ids', '## Install {#setup}\n', ['setup']],
    [
      'inline markup: code, emphasis, links, images, tags',
      '## The `key` **option** [docs](/x) ![logo](/l.png) <Badge>new</Badge>\n',
      ['the-key-option-docs-logo-new'],
    ],
    [
      'in list items, block quotes and components, at any indentation',
      '- ## In a list\n> ### Quoted\n<Accordion>\n    ## Indented\n</Accordion>\n',
      ['in-a-list', 'quoted', 'indented'],
    ],
    ['id attributes, any quoting', '<div id="one" />\n<span id=\'two\'>\n<a id={"three"} />\n', ['one', 'two', 'three']],
    ['front matter is not content', '---\ntitle: x\n# comment: y\n---\n\n## Body\n', ['body']],
    [
      'fenced code is not content, whatever the fence',
      '```bash\n# install\n```\n~~~~\n# also code\n~~~~\n- ```\n  # in a listed fence\n  ```\n## After\n',
      ['after'],
    ],
    ['comments over several lines hide what they hold', '{/*\n## Hidden\n*/}\n{/* one line */}\n## Shown\n', ['shown']],
    ['not headings: no space after the hashes, seven hashes, CRLF', '#hashtag\n####### seven\r\n## Crlf\r\n', ['crlf']],
    ['an empty heading slugs to nothing, and counts for the next one', '##\n## #\n', ['', '-1']],
  ])('%s', (_name, text, expected) => {
    expect(quickAnchors(text)).toEqual(expected);
    // Every anchor of the parsed page is among them.
    expect(quickAnchors(text)).toEqual(expect.arrayContaining(parsedAnchors(text)));
  });
});
