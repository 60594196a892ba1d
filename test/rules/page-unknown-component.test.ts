import { ruleTester } from '../helpers/rule-tester.js';

ruleTester('page-unknown-component', {
  valid: [
    '<Note>a</Note>\n\n<Tip>b</Tip>\n\n<CardGroup cols={2}>\n  <Card title="x" href="/x" />\n</CardGroup>\n',
    {
      name: 'member components',
      code: '<Tree>\n  <Tree.Folder name="a">\n    <Tree.File name="b" />\n  </Tree.Folder>\n</Tree>\n',
    },
    { name: 'HTML elements', code: '<div><span>html</span> <img src="/a.png" alt="A chart" /></div>\n' },
    {
      name: 'imported and defined on the page',
      code: [
        "import { Chart } from '/snippets/chart.jsx'",
        "import Intro from '/snippets/intro.mdx'",
        "import * as UI from '/snippets/ui.jsx'",
        'export const Banner2 = () => <span />',
        'export function Thing() { return null }',
        '',
        '<Chart /> <Intro /> <UI.Button /> <Banner2 /> <Thing />',
        '',
      ].join('\n'),
    },
    { name: 'configured extra components', code: '<MyWidget />\n', options: { components: ['MyWidget'] } },
    { name: 'in code, not JSX', code: '```jsx\n<Notee />\n```\n\nAnd `<Foo />` inline.\n' },
    {
      name: "the platform's allowlist: components beyond the documented ones, and the names it rewrites",
      code: '<Link href="/x">x</Link>\n\n<Heading level={2}>H</Heading>\n\n<ZoomImage><img src="/a.png" alt="A" /></ZoomImage>\n\n<ApiPlayground />\n\n<GitHub.Repo />\n\n<Example>e</Example>\n\n<Snippet file="a.mdx" />\n',
    },
  ],
  invalid: [
    {
      name: 'typo: nearest known name',
      code: '<Notee>x</Notee>\n',
      errors: [
        {
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 7,
          messageId: 'removedClose',
          message:
            '`<Notee>` is not a known component, so the platform removes it and its content from the page: did you mean `<Note>`?',
          suggestions: [{ desc: 'Rename `<Notee>` to `<Note>`', output: '<Note>x</Note>\n' }],
        },
      ],
    },
    {
      name: 'abbreviation of a known name',
      code: '<Warn>x</Warn>\n',
      errors: [
        {
          line: 1,
          column: 1,
          messageId: 'removedClose',
          data: { name: 'Warn', suggestion: 'Warning' },
          suggestions: [{ desc: 'Rename `<Warn>` to `<Warning>`', output: '<Warning>x</Warning>\n' }],
        },
      ],
    },
    {
      name: 'no close name',
      code: 'Text <MyWidget /> inline\n',
      errors: [
        {
          line: 1,
          column: 6,
          endLine: 1,
          endColumn: 15,
          messageId: 'unknown',
          message:
            '`<MyWidget>` is not a known component: import it or define it on the page (`export const MyWidget = …`)',
        },
      ],
    },
    {
      name: 'member typo',
      code: '<Tree>\n  <Tree.Fold name="a" />\n</Tree>\n',
      errors: [
        {
          line: 2,
          column: 3,
          endLine: 2,
          endColumn: 13,
          messageId: 'removedClose',
          data: { name: 'Tree.Fold', suggestion: 'Tree.Folder' },
          suggestions: [
            {
              desc: 'Rename `<Tree.Fold>` to `<Tree.Folder>`',
              output: '<Tree>\n  <Tree.Folder name="a" />\n</Tree>\n',
            },
          ],
        },
      ],
    },
    {
      name: 'nested inside other components, each use reported',
      code: '<Tabs>\n  <Tab title="A">\n    <Chartt />\n  </Tab>\n</Tabs>\n\n<Chartt />\n',
      options: { components: ['Chart'] },
      errors: [
        {
          line: 3,
          column: 5,
          messageId: 'removedClose',
          data: { name: 'Chartt', suggestion: 'Chart' },
          suggestions: [
            {
              desc: 'Rename `<Chartt>` to `<Chart>`',
              output: '<Tabs>\n  <Tab title="A">\n    <Chart />\n  </Tab>\n</Tabs>\n\n<Chartt />\n',
            },
          ],
        },
        {
          line: 7,
          column: 1,
          messageId: 'removedClose',
          data: { name: 'Chartt', suggestion: 'Chart' },
          suggestions: [
            {
              desc: 'Rename `<Chartt>` to `<Chart>`',
              output: '<Tabs>\n  <Tab title="A">\n    <Chartt />\n  </Tab>\n</Tabs>\n\n<Chart />\n',
            },
          ],
        },
      ],
    },
    {
      name: 'a word that is not a typo of the closest name gets no rename: <File> is not <Tile>',
      code: '<Files>\n  <File name="a" />\n</Files>\n',
      errors: [
        {
          line: 1,
          column: 1,
          messageId: 'removedClose',
          data: { name: 'Files', suggestion: 'Tree.File' },
          suggestions: [
            { desc: 'Rename `<Files>` to `<Tree.File>`', output: '<Tree.File>\n  <File name="a" />\n</Tree.File>\n' },
          ],
        },
        {
          line: 2,
          column: 3,
          messageId: 'removedClose',
          data: { name: 'File', suggestion: 'Tree.File' },
          suggestions: [
            { desc: 'Rename `<File>` to `<Tree.File>`', output: '<Files>\n  <Tree.File name="a" />\n</Files>\n' },
          ],
        },
      ],
    },
  ],
});
