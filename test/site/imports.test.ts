import { importCandidates } from '../../src/platform/files.js';
import { loadInventory, settleImporters } from '../../src/site/inventory.js';
import { tmpSite } from '../helpers/tmp-site.js';

const MULTI_LINE_JSX =
  "import {\n  Button,\n  Selector,\n} from '/snippets/widgets.jsx';\nimport Note from '/snippets/note.mdx';\n\n# Home\n";

describe('imports that only an MDX parse settles', () => {
  test('the candidates are every quoted name after `from` or `import`, in code, prose and fenced code alike', () => {
    expect(
      importCandidates(
        [
          "import {\n  A, // a comment\n} from '/a.jsx';",
          'import B from \'./b.mdx\'; import C from "../c.mdx"',
          '',
          "export const x = 'not from an import';",
          '',
          '```mdx',
          "import D from '/d.mdx'",
          '```',
          "import './side-effect.css'",
          '',
          "Prose: import E from '/e.mdx' is not an import line.",
          "  import F from '/f.mdx'",
        ].join('\n'),
      ),
    ).toEqual(['/a.jsx', './b.mdx', '../c.mdx', '/d.mdx', './side-effect.css', '/e.mdx', '/f.mdx']);
  });

  test('a multi-line import of a snippet-folder file is parsed only when someone asks who imports that file', async () => {
    const root = tmpSite({
      'docs.json': '{}',
      'index.mdx': MULTI_LINE_JSX,
      'snippets/widgets.jsx': 'export const Button = () => null;\n',
      'snippets/note.mdx': 'N\n',
    });
    const inventory = await loadInventory(root);
    // The whole file waits: were it not to parse, only its complete import lines would count.
    expect(Object.fromEntries(inventory.importers)).toEqual({});
    expect([...inventory.pendingImports.keys()]).toEqual(['/snippets/note.mdx', '/snippets/widgets.jsx']);
    expect(await settleImporters(inventory, '/snippets/widgets.jsx')).toEqual(['index.mdx']);
    expect(Object.fromEntries(inventory.importers)).toEqual({
      '/snippets/note.mdx': ['index.mdx'],
      '/snippets/widgets.jsx': ['index.mdx'],
    });
    expect(await settleImporters(inventory, '/snippets/note.mdx')).toEqual(['index.mdx']);
    expect(inventory.pendingImports.size).toBe(0);
    expect(inventory.pages.get('index.mdx')?.isSnippet).toBe(false);
  });

  test('a multi-line import that may make a page a snippet is parsed at once', async () => {
    const root = tmpSite({
      'docs.json': '{}',
      'index.mdx': "import {\n  A,\n} from '/guides/part.mdx';\n\n# Home\n",
      'guides/part.mdx': 'export const A = 1;\n',
    });
    const inventory = await loadInventory(root);
    expect(Object.fromEntries(inventory.importers)).toEqual({ '/guides/part.mdx': ['index.mdx'] });
    expect(inventory.pendingImports.size).toBe(0);
    expect(inventory.pages.get('guides/part.mdx')?.isSnippet).toBe(true);
  });

  test('an import line that is JSX text is no import once the file parses (a .jsx file, read as JavaScript)', async () => {
    const card =
      "<Note>\nimport Part from '/snippets/note.mdx'\n</Note>\n\nimport {\n  A,\n} from '/snippets/widgets.jsx';\n";
    const root = tmpSite({
      'docs.json': '{}',
      'components/Card.jsx': card,
      'snippets/widgets.jsx': 'x\n',
      'snippets/note.mdx': 'N\n',
    });
    const inventory = await loadInventory(root);
    expect(Object.fromEntries(inventory.importers)).toEqual({});
    expect(await settleImporters(inventory, '/snippets/note.mdx')).toEqual([]);
    expect(Object.fromEntries(inventory.importers)).toEqual({ '/snippets/widgets.jsx': ['components/Card.jsx'] });
  });

  test('a file that does not parse as MDX keeps the sources of its complete import lines only, as on the platform', async () => {
    const broken = `${MULTI_LINE_JSX}\n<Unclosed>\n`;
    const root = tmpSite({
      'docs.json': '{}',
      'index.mdx': broken,
      'snippets/widgets.jsx': 'export const Button = () => null;\n',
      'snippets/note.mdx': 'N\n',
    });
    const inventory = await loadInventory(root);
    expect(await settleImporters(inventory, '/snippets/widgets.jsx')).toEqual([]);
    expect(Object.fromEntries(inventory.importers)).toEqual({ '/snippets/note.mdx': ['index.mdx'] });
  });
});
