import type { Root } from 'mdast';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { VFile } from 'vfile';
import { invalidUtf8Offset, LineIndex } from '../core/text.js';
import { categorize } from '../platform/files.js';
import { parseFrontmatter, type FrontmatterInfo } from '../pages/frontmatter.js';
import { readDirectives, type DirectiveFact } from '../pages/directives.js';
import { extractHeadingIds } from '../pages/preprocess.js';
import { invalidUtf8Problem, type SyntaxProblem } from '../pages/syntax.js';
import type { PageContext } from '../rule-kit/rule.js';
import { indexTree, type TreeIndex } from '../mdx/tree-index.js';
import { siteIcons, type SiteIcons } from '../platform/icons.js';

/** What every doclint page rule of one file sees, computed once per tree from the tree and the file's text. */
export type SharedContext = Omit<PageContext, 'ruleId' | 'options' | 'report' | 'reportNotChecked' | 'reportIfUnused'>;

const NO_IMPORTS: ReadonlySet<string> = new Set();

/** The icon library of the site in a working folder, by folder: read once from its docs.json. */
const iconsByFolder = new Map<string, SiteIcons | undefined>();

/**
 * The icon library the docs.json of the working folder names (the host runs in the site's folder),
 * or undefined without a docs.json there that reads as JSON: the rules then take the default.
 */
function folderIcons(cwd: string): SiteIcons | undefined {
  if (!iconsByFolder.has(cwd)) {
    let icons: SiteIcons | undefined;
    try {
      icons = siteIcons(JSON.parse(readFileSync(path.join(cwd, 'docs.json'), 'utf8')) as unknown);
    } catch {
      icons = undefined;
    }
    iconsByFolder.set(cwd, icons);
  }
  return iconsByFolder.get(cwd);
}

/** By tree: the rules of one preset share one index of the tree given to them. */
const shared = new WeakMap<Root, { file: VFile; context: SharedContext }>();

/**
 * The facts doclint computes before its page rules run, from the tree the host parsed and the
 * file's text: the tree index, the front matter, custom heading ids, the directives, whether the
 * file is a snippet (by its path: under `snippets/` or `_snippets/` of the working folder; a page
 * imported by another is a snippet to doclint but cannot be told here) and where bytes that are not
 * UTF-8 are.
 */
export function sharedContext(tree: Root, file: VFile, ruleIds: ReadonlySet<string>): SharedContext {
  const known = shared.get(tree);
  if (known && known.file === file) return known.context;
  const value = file.value;
  const decoded = typeof value === 'string' ? value : new TextDecoder().decode(value ?? new Uint8Array());
  // The BOM is not part of the page (micromark does not count it either).
  const original = decoded.charCodeAt(0) === 0xfeff ? decoded.slice(1) : decoded;
  const lines = new LineIndex(original);
  const { text, headingIds } = extractHeadingIds(original, lines);
  let invalidUtf8: SyntaxProblem | undefined;
  if (typeof value !== 'string' && value && text.includes('\ufffd')) {
    const at = invalidUtf8Offset(value);
    if (at !== undefined)
      invalidUtf8 = invalidUtf8Problem(text, lines, Math.max(0, at - (decoded === original ? 0 : 1)));
  }
  const index: TreeIndex = indexTree(tree);
  const frontmatter: FrontmatterInfo = parseFrontmatter(index.yaml?.value, index.yaml?.position?.start.line ?? 1);
  const directives: DirectiveFact[] = readDirectives(index, text, lines);
  const absolute = file.path ? path.resolve(file.cwd, file.path) : path.resolve(file.cwd, 'page.mdx');
  const relative = path.relative(file.cwd, absolute).split(path.sep).join('/');
  const context: SharedContext = {
    file: absolute,
    text,
    lines,
    tree,
    index,
    frontmatter,
    isSnippet: !relative.startsWith('../') && categorize(relative, NO_IMPORTS) === 'snippet',
    headingIds,
    invalidUtf8,
    directives,
    ruleIds,
  };
  const icons = folderIcons(file.cwd);
  if (icons) context.icons = icons;
  shared.set(tree, { file, context });
  return context;
}
