import { ruleTester } from '../helpers/rule-tester.js';

const left = (marker: string) =>
  `\`${marker}\` left in the page: readers see it as written; finish the text, or keep the note out of the page (a \`{/* … */}\` comment is not published)`;

ruleTester('page-todo-marker', {
  valid: [
    'Everything here is finished.\n',
    { name: 'code is not prose', code: '`TODO`\n\n```js\n// TODO: refactor\n```\n' },
    { name: 'a comment is not published', code: '{/* TODO: add the limits table */}\n\nText.\n' },
    { name: 'a link target is not read', code: 'See [the list](/todo) and [the tracker](https://example.com/TODO).\n' },
    { name: 'not in capitals, or part of a word', code: 'A todo list, Todoist, TODOS, TBDs and FIXMEs.\n' },
    {
      name: 'markers set by the team replace the defaults',
      code: 'TODO: this is fine here.\n',
      options: { markers: ['WIP'] },
    },
    {
      name: 'a marker named in a sentence is a word, not a note',
      code: "You can use TODO comments. Search for 'TODO' only in the frontend.\n\n*Mark anything uncertain with a TODO comment*\n",
    },
    {
      name: 'TBD is a value in a table, not a default marker',
      code: '| Item | Date |\n| --- | --- |\n| Launch | TBD |\n',
    },
  ],
  invalid: [
    {
      code: '## Limits\n\nTODO: add the table. Rates are TODO.\n\n<Note>FIXME check this</Note>\n\nThe table is ready (FIXME: the last row).\n',
      errors: [
        { line: 3, column: 1, endLine: 3, endColumn: 5, message: left('TODO') },
        { line: 5, column: 7, endLine: 5, endColumn: 12, message: left('FIXME') },
        { line: 7, column: 21, endLine: 7, endColumn: 26, message: left('FIXME') },
      ],
    },
    {
      name: 'in a heading, link text and a list; after an entity, at its place in the source',
      code: '## TODO\n\n- [TODO](/later)\n- a &amp; TODO: this\n',
      errors: [
        { line: 1, column: 4, endLine: 1, endColumn: 8, message: left('TODO') },
        { line: 3, column: 4, endLine: 3, endColumn: 8, message: left('TODO') },
        { line: 4, column: 11, endLine: 4, endColumn: 15, message: left('TODO') },
      ],
    },
    {
      name: 'the team’s own markers',
      code: 'WIP section.\n',
      options: { markers: ['WIP'] },
      errors: [{ line: 1, column: 1, endLine: 1, endColumn: 4, message: left('WIP') }],
    },
  ],
});
