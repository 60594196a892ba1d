import { ruleTester } from '../helpers/rule-tester.js';

ruleTester('page-unknown-component', {
  valid: [
    '<Note>a</Note>\n\n<Tip>b</Tip>\n\n<CardGroup cols={2}>\n  <Card title="x" href="/x" />\n</CardGroup>\n',
    { name: 'member components', code: '<Tree>\n  <Tree.Folder name="a">\n    <Tree.File name="b" />\n  </Tree.Folder>\n</Tree>\n' },
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
  ],
  invalid: [
    {
      name: 'typo: nearest known name',
      code: '<Notee>x</Notee>\n',
      output: "<Note>x</Note>\n",
      errors: [{ line: 1, column: 1, endLine: 1, endColumn: 7, message: '`<Notee>` is not a known component: did you mean `<Note>`?' }],
    },
    {
      name: 'abbreviation of a known name',
      code: '<Warn>x</Warn>\n',
      output: "<Warning>x</Warning>\n",
      errors: [{ line: 1, column: 1, message: '`<Warn>` is not a known component: did you mean `<Warning>`?' }],
    },
    {
      name: 'no close name',
      code: 'Text <MyWidget /> inline\n',
      errors: [
        { line: 1, column: 6, endLine: 1, endColumn: 15, message: '`<MyWidget>` is not a known component: import it or define it on the page (`export const MyWidget = …`)' },
      ],
    },
    {
      name: 'member typo',
      code: '<Tree>\n  <Tree.Fold name="a" />\n</Tree>\n',
      output: "<Tree>\n  <Tree.Folder name=\"a\" />\n</Tree>\n",
      errors: [{ line: 2, column: 3, endLine: 2, endColumn: 13, message: '`<Tree.Fold>` is not a known component: did you mean `<Tree.Folder>`?' }],
    },
    {
      name: 'nested inside other components, each use reported',
      code: '<Tabs>\n  <Tab title="A">\n    <Chartt />\n  </Tab>\n</Tabs>\n\n<Chartt />\n',
      options: { components: ['Chart'] },
      output: "<Tabs>\n  <Tab title=\"A\">\n    <Chart />\n  </Tab>\n</Tabs>\n\n<Chart />\n",
      errors: [
        { line: 3, column: 5, message: '`<Chartt>` is not a known component: did you mean `<Chart>`?' },
        { line: 7, column: 1, message: '`<Chartt>` is not a known component: did you mean `<Chart>`?' },
      ],
    },
  ],
});
