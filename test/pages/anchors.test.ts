import { quickAnchors } from '../../src/pages/anchors.js';
import { lintPage } from '../../src/engine/lint-page.js';
import { pagePlan, resolveSettings } from '../../src/config/settings.js';

/** The anchors of the parsed page: heading ids, component ids and id attributes. */
function parsedAnchors(text: string): string[] {
  const { facts } = lintPage({ file: '/site/page.mdx', text, isSnippet: false }, pagePlan(resolveSettings({})));
  return [...(facts?.headings.map((h) => h.id) ?? []), ...(facts?.ids ?? [])];
}

describe('quickAnchors: the anchors a page surely has, read without parsing it', () => {
  test.each<[string, string, string[]]>([
    [
      'ATX headings, slugged and de-duplicated',
      '## Start here\n\n### Start here\n#### Done ###\n',
      ['start-here', 'start-here-2', 'done'],
    ],
    ['custom ids', '## Install {#setup}\n', ['setup']],
    [
      'inline markup: code, emphasis, links, images, tags',
      '## The `key` **option** [docs](/x) ![logo](/l.png) <Badge>new</Badge>\n',
      // Markup: only the parser knows the text (the platform's id is `the-key-option-docs-new`).
      [],
    ],
    [
      'in list items, block quotes and components, at any indentation',
      '- ## In a list\n> ### Quoted\n<Accordion>\n    ## Indented\n</Accordion>\n',
      ['in-a-list', 'quoted', 'indented'],
    ],
    [
      'id attributes, any quoting',
      '<div id="one" />\n<span id=\'two\'>x</span>\n<a id={"three"} />\n',
      ['one', 'two', 'three'],
    ],
    ['front matter is not content', '---\ntitle: x\n# comment: y\n---\n\n## Body\n', ['body']],
    [
      'fenced code is not content, whatever the fence',
      '```bash\n# install\n```\n~~~~\n# also code\n~~~~\n- ```\n  # in a listed fence\n  ```\n## After\n',
      ['after'],
    ],
    ['comments over several lines hide what they hold', '{/*\n## Hidden\n*/}\n{/* one line */}\n## Shown\n', ['shown']],
    ['not headings: no space after the hashes, seven hashes, CRLF', '#hashtag\n####### seven\r\n## Crlf\r\n', ['crlf']],
    ['an empty heading has no anchor', '##\n## #\n## Next\n', ['next']],
    ['levels 5 and 6 get no id', '##### Five\n###### Six\n#### Four\n', ['four']],
    [
      'quotes, dashes and ellipses need the parser (smart punctuation)',
      "## What's new\n## A -- B\n## Wait...\n## Plain, words: too!\n",
      ['plain-words-too'],
    ],
    [
      'ids with dots, slashes and plus signs, as the platform keeps them',
      '## Dify.ai\n## /newtask\n## BYOK (cloud + local)\n',
      ['dify-ai', '/newtask', 'byok-cloud-+-local'],
    ],
    ['no heading ids in mode: custom', '---\nmode: custom\n---\n\n# Hero\n\n<div id="kept" />\n', ['kept']],
    ['id on a component is not sure to reach the page', '<Card id="c" title="x" />\n<Note id=\'n\'>x</Note>\n', []],
  ])('%s', (_name, text, expected) => {
    expect(quickAnchors(text)).toEqual(expected);
    // Every one of them is an anchor of the parsed page.
    expect(parsedAnchors(text)).toEqual(expect.arrayContaining(quickAnchors(text)));
  });
});
