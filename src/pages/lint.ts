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
import type { Finding, Span } from '../core/diagnostic.js';
import type { PageInput } from './parsed.js';
import { LineIndex } from '../core/text.js';
import type { PageContext, PageRule, Report } from '../rule-kit/rule.js';
import { indexTree } from '../mdx/tree-index.js';
import { readDirectives } from './directives.js';
import { extractFacts } from './extract.js';
import { emptyFacts, type PageFacts } from './facts.js';
import { findFrontmatterBlock, parseFrontmatter } from './frontmatter.js';
import { parseHazard } from './hazard.js';
import { extractHeadingIds } from './preprocess.js';
import { describeSyntaxError, invalidUtf8Problem, type SyntaxProblem } from './syntax.js';

export type { PageInput } from './parsed.js';

/** One enabled page rule, under the id it runs as, with its options. */
export interface PlannedPageRule {
  id: string;
  rule: PageRule;
  options: unknown;
}

/** remark plugins (remark-lint rules and the like) run on the same tree, after doclint's rules. */
export interface RemarkPlugins {
  processor: Processor<Root, Root, Root>;
  /** The rule id a message of the plugins gets (from its `source` and `ruleId`). */
  ruleIdOf(message: { source?: string | null; ruleId?: string | null }): string;
}

/** What the page pass runs on every page: built once per configuration (in practice once per run). */
export interface PagePlan {
  rules: PlannedPageRule[];
  /** Every rule id of the run (for directives that name rules). */
  ruleIds: ReadonlySet<string>;
  /** The rule a page that cannot be read at all is reported under (`meta.reportsSyntax`), on or off. */
  syntaxRule: string;
  remark?: RemarkPlugins;
}

export interface PageResult {
  findings: Finding[];
  facts: PageFacts;
}

let parser: Processor<Root, Root, Root> | undefined;

/**
 * The one MDX parser, made once: the syntax the platform parses pages with — MDX, GitHub's
 * tables, strikethrough, footnotes and autolinks, front matter, and `$math$`.
 */
export function mdxParser(): Processor<Root, Root, Root> {
  return (parser ??= unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkFrontmatter, ['yaml']).use(remarkMath).freeze() as unknown as Processor<
    Root,
    Root,
    Root
  >);
}

const START: Span = { line: 1, column: 1, endLine: 1, endColumn: 1 };

let jsxParser: typeof AcornParser | undefined;

/** The sources of a JavaScript (JSX) module's imports; undefined when it does not parse (TypeScript types included). */
function scriptImportSources(text: string): string[] | undefined {
  jsxParser ??= AcornParser.extend(acornJsx());
  try {
    const program = jsxParser.parse(text.trim(), { ecmaVersion: 'latest', sourceType: 'module', allowReturnOutsideFunction: true }) as unknown as {
      body: Array<{ type: string; source?: { value?: unknown } }>;
    };
    return program.body.flatMap((s) => (s.type === 'ImportDeclaration' && typeof s.source?.value === 'string' ? [s.source.value] : []));
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
      if (statement.type === 'ImportDeclaration' && typeof statement.source?.value === 'string') out.push(statement.source.value);
    }
  }
  return out;
}

/**
 * Lints one page: parses it once (MDX, front matter), runs every planned page rule on that tree
 * (and the remark plugins, on the same tree), and reads the page's facts from the same tree.
 * Never throws: a page that does not parse gets a finding of the syntax rule and the facts that
 * could be read; a rule that throws gets a finding that names it.
 */
export function lintPage(input: PageInput, plan: PagePlan): PageResult {
  try {
    return lintPageUnsafe(input, plan);
  } catch (error) {
    const message =
      error instanceof RangeError && /call stack/i.test(error.message)
        ? 'the page is nested too deeply to be read (tags, expressions or inline markup thousands of levels deep); it was not checked'
        : `internal error while reading this page: ${error instanceof Error ? error.message : String(error)}`;
    return { findings: [{ file: input.file, ...START, ruleId: plan.syntaxRule, message }], facts: { ...emptyFacts(), syntaxError: true } };
  }
}

function lintPageUnsafe(input: PageInput, plan: PagePlan): PageResult {
  // The BOM is not part of the page (editors do not count it in columns either).
  const bom = input.text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const original = bom ? input.text.slice(1) : input.text;
  const lines = new LineIndex(original);
  const unreadable = input.unreadable;
  const { text, headingIds } = unreadable ? { text: '', headingIds: new Map<number, string>() } : extractHeadingIds(original, lines);

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

  const findings: Finding[] = [];
  const shift = (range: [number, number]): [number, number] => [range[0] + bom, range[1] + bom];
  const place = (at: Report['at']): Span => (at && 'line' in at ? { line: at.line, column: at.column, endLine: at.endLine, endColumn: at.endColumn } : START);
  const reporter = (ruleId: string) => (report: Report) => {
    const finding: Finding = { file: input.file, ...place(report.at), ruleId, message: report.message };
    if (report.problem !== undefined) finding.problem = report.problem;
    // Fix offsets count from the start of the file as read (BOM included).
    if (report.fix) finding.fix = { range: shift(report.fix.range), text: report.fix.text };
    if (report.suggestions?.length)
      finding.suggestions = report.suggestions.map((s) => ({ desc: s.desc, fix: { range: shift(s.fix.range), text: s.fix.text } }));
    if (report.related?.length) finding.related = report.related.map((r) => ({ file: input.file, ...place(r.at), message: r.message }));
    findings.push(finding);
  };

  const shared = {
    file: input.file,
    text,
    lines,
    tree,
    index,
    frontmatter,
    isSnippet: input.isSnippet,
    headingIds,
    syntaxError,
    invalidUtf8,
    unreadable: unreadable ? { ...START, ...unreadable.at, message: unreadable.message, problem: unreadable.problem } : undefined,
    directives,
    ruleIds: plan.ruleIds,
  };
  const broken = syntaxError !== undefined || unreadable !== undefined;
  for (const { id, rule, options } of plan.rules) {
    if (broken && !rule.meta.runOnSyntaxError) continue;
    const context: PageContext = { ...shared, ruleId: id, options, report: reporter(id) };
    try {
      rule.check(context);
    } catch (error) {
      findings.push({
        file: input.file,
        ...START,
        ruleId: id,
        message: `internal error in rule ${id}: ${error instanceof Error ? error.message : String(error)}; the rest of the page was checked`,
      });
    }
  }
  if (plan.remark && !broken) runRemark(plan.remark, input.file, text, tree, findings, shift);

  const facts = unreadable ? { ...emptyFacts(), syntaxError: true } : extractFacts({ index, frontmatter, syntaxError, headingIds, directives, lines, text });
  // Offsets in the facts are offsets of the file (the BOM included).
  if (bom) for (const link of facts.links) if (link.urlRange) link.urlRange = shift(link.urlRange);
  return { findings, facts };
}

/** remark plugins on the page's tree: their messages become findings under their own rule ids. */
function runRemark(remark: RemarkPlugins, path: string, text: string, tree: Root, findings: Finding[], shift: (r: [number, number]) => [number, number]): void {
  const file = new VFile({ path, value: text });
  try {
    // The tree is the page's only tree: a transformer that changes it would change the facts.
    remark.processor.runSync(structuredClone(tree), file);
  } catch (error) {
    findings.push({
      file: path,
      ...START,
      ruleId: remark.ruleIdOf({}),
      message: `a remark plugin failed on this page: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
  for (const message of file.messages) {
    const p = message.place as
      { start?: { line?: number; column?: number }; end?: { line?: number; column?: number }; line?: number; column?: number } | undefined;
    const start = p && 'start' in p ? p.start : p;
    const end = p && 'end' in p ? p.end : start;
    const line = start?.line ?? 1;
    const column = start?.column ?? 1;
    const ruleId = remark.ruleIdOf(message);
    const finding: Finding = { file: path, line, column, endLine: end?.line ?? line, endColumn: end?.column ?? column, ruleId, message: message.reason };
    // A remark-lint rule may offer `expected` replacements: offered as suggestions, never applied by --fix alone.
    const expected = (message as { expected?: unknown }).expected;
    const startOffset = (start as { offset?: number } | undefined)?.offset;
    const endOffset = (end as { offset?: number } | undefined)?.offset;
    if (Array.isArray(expected) && startOffset !== undefined && endOffset !== undefined) {
      const suggestions = expected
        .filter((e): e is string => typeof e === 'string')
        .map((e) => ({ desc: e === '' ? 'Remove it' : `Replace with \`${e}\``, fix: { range: shift([startOffset, endOffset]), text: e } }));
      if (suggestions.length) finding.suggestions = suggestions;
    }
    findings.push(finding);
  }
}

/**
 * What could be read of a page that does not parse: the text up to the line of the error, when
 * that much parses; else nothing (the front matter is then read on its own).
 */
function partialTree(processor: Processor<Root, Root, Root>, path: string, text: string, lines: LineIndex, problem: SyntaxProblem): Root {
  const empty: Root = { type: 'root', children: [] };
  if (problem.line <= 1) return empty;
  const cut = lines.offset(problem.line, 1);
  try {
    return processor.parse(new VFile({ path, value: text.slice(0, cut) }));
  } catch {
    return empty;
  }
}
