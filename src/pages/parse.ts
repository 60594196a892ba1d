import type { Root } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkMdx from 'remark-mdx';
import { Parser as AcornParser } from 'acorn';
import acornJsx from 'acorn-jsx';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import { unified, type Processor } from 'unified';
import { VFile } from 'vfile';
import type { Span } from '../core/diagnostic.js';
import { LineIndex } from '../core/text.js';
import { indexTree } from '../mdx/tree-index.js';
import { readDirectives } from './directives.js';
import { extractFacts } from './extract.js';
import { emptyFacts, type PageFacts } from './facts.js';
import { findFrontmatterBlock, parseFrontmatter } from './frontmatter.js';
import { parseHazard } from './hazard.js';
import type { PageInput, ParsedPage } from './parsed.js';
import { extractHeadingIds } from './preprocess.js';
import { describeSyntaxError, invalidUtf8Problem, type SyntaxProblem } from './syntax.js';

/*
 * Reading a page: the one MDX parser, a page parsed once into what its rules see (ParsedPage),
 * and the facts the site checks read of it. The page pass (src/engine/lint-page.ts) runs the rules.
 */

let parser: Processor<Root, Root, Root> | undefined;

/**
 * The one MDX parser, made once: the syntax the platform parses pages with — MDX, GitHub's
 * tables, strikethrough, footnotes and autolinks, front matter, and `$math$`.
 */
export function mdxParser(): Processor<Root, Root, Root> {
  return (parser ??= unified()
    .use(remarkParse)
    .use(remarkMdx)
    .use(remarkGfm)
    .use(remarkFrontmatter, ['yaml'])
    .use(remarkMath)
    .freeze() as unknown as Processor<Root, Root, Root>);
}

/** The start of a file: where a finding about the whole page goes. */
export const START: Span = { line: 1, column: 1, endLine: 1, endColumn: 1 };

let jsxParser: typeof AcornParser | undefined;

/** The sources of a JavaScript (JSX) module's imports; undefined when it does not parse (TypeScript types included). */
function scriptImportSources(text: string): string[] | undefined {
  jsxParser ??= AcornParser.extend(acornJsx());
  try {
    const program = jsxParser.parse(text.trim(), {
      ecmaVersion: 'latest',
      sourceType: 'module',
      allowReturnOutsideFunction: true,
    }) as unknown as {
      body: Array<{ type: string; source?: { value?: unknown } }>;
    };
    return program.body.flatMap((s) =>
      s.type === 'ImportDeclaration' && typeof s.source?.value === 'string' ? [s.source.value] : [],
    );
  } catch {
    return undefined;
  }
}

/**
 * The sources of the `import` statements of an MDX text, read from its tree (what the platform
 * does with a file whose imports its line scan cannot read); undefined when the text does not
 * parse. Used only for such files, before the run lints them.
 */
export function parsedImportSources(text: string, file = ''): string[] | undefined {
  // `.jsx` and `.tsx` files are JavaScript to the platform, not MDX.
  if (/\.[jt]sx$/i.test(file)) return scriptImportSources(text);
  // A page past a parse bound is not parsed here either (the listing has no watchdog): it is
  // taken as a page that does not parse, whose complete `import` lines stand.
  if (parseHazard(text)) return undefined;
  let tree: Root;
  try {
    tree = mdxParser().parse(text);
  } catch {
    return undefined;
  }
  const out: string[] = [];
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    const program = node.data?.estree as { body?: Array<{ type: string; source?: { value?: unknown } }> } | undefined;
    for (const statement of program?.body ?? []) {
      if (statement.type === 'ImportDeclaration' && typeof statement.source?.value === 'string')
        out.push(statement.source.value);
    }
  }
  return out;
}

/** A page parsed: what its rules see, and the BOM the positions of its fixes must count. */
export interface PageParse extends ParsedPage {
  /** 1 when the file starts with a BOM (not part of the page: offsets of fixes add it back). */
  bom: number;
}

/**
 * Parses a page once: the BOM dropped, `{#id}` heading ids blanked out, the MDX tree (up to the
 * line of a syntax error, or of a structure past the parse bounds), its index, front matter and
 * inline directives. Throws only on a page nested too deeply for the stack (see lintPage).
 */
export function parsePage(input: PageInput): PageParse {
  // The BOM is not part of the page (editors do not count it in columns either).
  const bom = input.text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const original = bom ? input.text.slice(1) : input.text;
  const lines = new LineIndex(original);
  const unreadable = input.unreadable;
  const { text, headingIds } = unreadable
    ? { text: '', headingIds: new Map<number, string>() }
    : extractHeadingIds(original, lines);

  let syntaxError: SyntaxProblem | undefined;
  let invalidUtf8: SyntaxProblem | undefined;
  if (input.invalidUtf8 !== undefined) {
    invalidUtf8 = invalidUtf8Problem(text, lines, Math.max(0, input.invalidUtf8 - bom));
  }

  const processor = mdxParser();
  let tree: Root = { type: 'root', children: [] };
  if (!unreadable) {
    const hazard = parseHazard(text);
    if (hazard) {
      // Read only up to the line of a structure the parser would take minutes on (or overflow
      // the stack); the text before it has none.
      syntaxError = hazard;
      tree = partialTree(processor, input.file, text, lines, hazard);
    } else {
      try {
        tree = processor.parse(new VFile({ path: input.file, value: text }));
      } catch (error) {
        // Out of stack is not a syntax error: the page is not read at all (see lintPage).
        if (error instanceof RangeError && /call stack/i.test(error.message)) throw error;
        syntaxError = describeSyntaxError(error, text);
        tree = partialTree(processor, input.file, text, lines, syntaxError);
      }
    }
  }

  const index = indexTree(tree);
  const frontmatter = index.yaml
    ? parseFrontmatter(index.yaml.value, index.yaml.position?.start.line ?? 1)
    : syntaxError
      ? parseFrontmatter(findFrontmatterBlock(text)?.value, 1)
      : parseFrontmatter(undefined, 1);

  const directives = readDirectives(index, text, lines);

  return {
    file: input.file,
    relative: input.relative,
    text,
    lines,
    tree,
    index,
    frontmatter,
    isSnippet: input.isSnippet,
    headingIds,
    syntaxError,
    invalidUtf8,
    unreadable: unreadable
      ? { ...START, ...unreadable.at, message: unreadable.message, problem: unreadable.problem }
      : undefined,
    directives,
    bom,
  };
}

/** What the site checks read of a parsed page; offsets are offsets of the file (the BOM included). */
export function pageFacts(page: PageParse): PageFacts {
  if (page.unreadable) return { ...emptyFacts(), syntaxError: true };
  const facts = extractFacts(page);
  if (page.bom)
    for (const link of facts.links)
      if (link.urlRange) link.urlRange = [link.urlRange[0] + page.bom, link.urlRange[1] + page.bom];
  return facts;
}

/**
 * What could be read of a page that does not parse: the text up to the line of the error, when
 * that much parses; else nothing (the front matter is then read on its own).
 */
function partialTree(
  processor: Processor<Root, Root, Root>,
  path: string,
  text: string,
  lines: LineIndex,
  problem: SyntaxProblem,
): Root {
  const empty: Root = { type: 'root', children: [] };
  if (problem.line <= 1) return empty;
  const cut = lines.offset(problem.line, 1);
  try {
    return processor.parse(new VFile({ path, value: text.slice(0, cut) }));
  } catch {
    return empty;
  }
}
