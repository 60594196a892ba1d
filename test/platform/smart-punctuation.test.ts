import type { Root } from 'mdast';
import remarkSmartypants from 'remark-smartypants';
import type { Node, Parent } from 'unist';
import { mdxParser } from '../../src/pages/parse.js';
import { smartTexts } from '../../src/platform/smart-punctuation.js';

/*
 * smartTexts runs the platform's smart punctuation for some text nodes only (a page's headings):
 * each must read exactly as remark-smartypants, run over the whole tree, leaves it.
 */

function texts(node: Node, out: Node[] = []): Node[] {
  if (node.type === 'text') out.push(node);
  for (const child of (node as Parent).children ?? []) texts(child, out);
  return out;
}

/** The headings' texts after smartTexts, and after the plugin over the whole page. */
function both(page: string): { fast: string[]; plugin: string[] } {
  const parse = () => mdxParser().parse(page);
  const headingTexts = (tree: Root) => tree.children.filter((n) => n.type === 'heading').map((h) => texts(h));
  const fastTree = parse();
  const wanted = headingTexts(fastTree);
  smartTexts(fastTree, new Set(wanted.flat()));
  const pluginTree = parse();
  (remarkSmartypants as unknown as () => (tree: Root) => void)()(pluginTree);
  const read = (groups: Node[][]) =>
    groups.map((group) => group.map((n) => (n as Node & { value: string }).value).join('|'));
  return { fast: read(wanted), plugin: read(headingTexts(pluginTree)) };
}

describe('smartTexts: remark-smartypants for the wanted text nodes alone', () => {
  test.each<[string, string, string[]]>([
    ['a quote opening a heading after a word', 'Some text\n\n## "Listener" application\n', ['”Listener” application']],
    [
      'a quote opening a heading after a full stop',
      'Some text.\n\n## "Listener" application\n',
      ['”Listener” application'],
    ],
    ['a heading first on the page', '## "Listener" application\n\nText.\n', ['“Listener” application']],
    [
      'apostrophes and a decade',
      "## Don't stop: the '80s\n\n## users' data\n",
      ['Don’t stop: the ‘80s', 'users’ data'],
    ],
    ['nested quotes', '## He said "\'Quoted\' words"\n', ['He said “‘Quoted’ words”']],
    ['dashes, ellipses and backticks, per text', "## Wait... a--b ``c''\n\n## x . . . y\n", ['Wait… a—b “c”', 'x … y']],
    ['quotes around inline code and emphasis', '## The "`key`" and *"em"* option\n', ['The “|” and |“em”| option']],
    ['no smart characters', 'Intro "quoted".\n\n## Plain title\n', ['Plain title']],
  ])('%s', (_name, page, expected) => {
    const { fast, plugin } = both(page);
    expect(fast).toEqual(plugin);
    expect(fast).toEqual(expected);
  });

  test('only the wanted nodes change', () => {
    const tree = mdxParser().parse('Say "hi"...\n\n## "A" title\n');
    const paragraphText = texts(tree.children[0]!)[0] as Node & { value: string };
    smartTexts(tree, new Set(texts(tree.children[1]!)));
    expect(paragraphText.value).toBe('Say "hi"...');
    expect((texts(tree.children[1]!)[0] as Node & { value: string }).value).toBe('”A” title');
  });
});
