import type { Root } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified, type Processor } from 'unified';
import { VFile } from 'vfile';
import type { Diagnostic, Severity } from '../core/diagnostic.js';
import { ruleUrl } from '../core/rule.js';
import { LineIndex } from '../core/text.js';
import { pageRules } from '../../rules/index.js';
import type { PageContext } from './context.js';
import type { PageFix } from './rule.js';
import { extractFacts } from './extract.js';
import { emptyFacts, type PageFacts } from './facts.js';
import { findFrontmatterBlock, parseFrontmatter } from './frontmatter.js';
import { extractHeadingIds } from './preprocess.js';
import { describeSyntaxError, type SyntaxProblem } from './syntax.js';
import { indexTree } from './tree-index.js';
import { containerNestingProblem } from './limits.js';

export interface PageInput {
  /** Absolute path of the page. */
  file: string;
  text: string;
  /** Files under `snippets/`: no front-matter requirements, no "must be inside" checks. */
  isSnippet: boolean;
  /**
   * Offset in `text` of the first character decoded from bytes that are not UTF-8 (see
   * `invalidUtf8Offset`), when the reader found some: reported by page-mdx-syntax.
   */
  invalidUtf8?: number;
}

export interface PageRuleSetting {
  /** Undefined: the rule's default severity. */
  severity?: Severity | 'off';
  options?: unknown;
}

export interface PageSettings {
  /** By rule id. Rules absent from the map run with their default severity and options. */
  rules: Record<string, PageRuleSetting>;
}

export interface PageResult {
  diagnostics: Diagnostic[];
  facts: PageFacts;
}

interface Configured {
  processor: Processor<Root, Root, Root>;
  severities: Map<string, Severity>;
}

/** One processor per distinct configuration (in practice: one per run), reused for every page. */
const byObject = new WeakMap<PageSettings, Configured>();
const byKey = new Map<string, Configured>();

function configure(settings: PageSettings): Configured {
  const cached = byObject.get(settings);
  if (cached) return cached;
  const enabled: { index: number; severity: Severity; options: unknown }[] = [];
  pageRules.forEach((rule, index) => {
    const setting = settings.rules?.[rule.meta.id];
    const severity = setting?.severity ?? rule.meta.severity;
    if (severity === 'off') return;
    enabled.push({ index, severity, options: setting?.options });
  });
  const key = JSON.stringify(enabled);
  let configured = byKey.get(key);
  if (!configured) {
    const processor = unified().use(remarkParse).use(remarkMdx).use(remarkFrontmatter, ['yaml']);
    const severities = new Map<string, Severity>();
    for (const { index, severity, options } of enabled) {
      const rule = pageRules[index]!;
      // Every rule reports as a warning inside unified; the real severity is applied below.
      processor.use(rule.plugin, [1, options]);
      severities.set(rule.meta.id, severity);
    }
    configured = { processor: processor.freeze() as unknown as Processor<Root, Root, Root>, severities };
    byKey.set(key, configured);
  }
  byObject.set(settings, configured);
  return configured;
}

/**
 * Lints one page: parses it once (MDX, front matter), runs every enabled page rule on that tree,
 * and reads the page's facts from the same tree. Never throws: a page that does not parse gets one
 * `page-mdx-syntax` error and the facts that could be read.
 */
export function lintPage(input: PageInput, settings: PageSettings): PageResult {
  try {
    return lintPageUnsafe(input, settings);
  } catch (error) {
    const message =
      error instanceof RangeError && /call stack/i.test(error.message)
        ? 'the page is nested too deeply to be read (tags, expressions or inline markup thousands of levels deep); it was not checked'
        : `internal error while reading this page: ${error instanceof Error ? error.message : String(error)}`;
    return {
      diagnostics: [
        {
          file: input.file,
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 1,
          ruleId: 'page-mdx-syntax',
          severity: 'error',
          message,
          url: ruleUrl('page-mdx-syntax'),
        },
      ],
      facts: { ...emptyFacts(), syntaxError: true },
    };
  }
}

function lintPageUnsafe(input: PageInput, settings: PageSettings): PageResult {
  const { processor, severities } = configure(settings);
  // The BOM is not part of the page (editors do not count it in columns either).
  const bom = input.text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const original = bom ? input.text.slice(1) : input.text;
  const lines = new LineIndex(original);
  const { text, headingIds } = extractHeadingIds(original, lines);

  const context: PageContext = {
    text,
    lines,
    isSnippet: input.isSnippet,
    headingIds,
    frontmatter: { present: false, fields: new Map() },
  };
  if (input.invalidUtf8 !== undefined) {
    let more = 0;
    const first = Math.max(0, input.invalidUtf8 - bom);
    for (let i = text.indexOf('\ufffd', first + 1); i !== -1; i = text.indexOf('\ufffd', i + 1)) more++;
    context.invalidUtf8 = {
      ...lines.range(first, Math.min(first + 1, text.length)),
      message: `the file is not valid UTF-8 here${more ? ` (and up to ${more} more place${more > 1 ? 's' : ''})` : ''}: the bytes read as U+FFFD (�); save the page as UTF-8`,
    };
  }
  const file = new VFile({ path: input.file, value: text, data: { doclint: context } });

  let tree: Root;
  const tooDeep = containerNestingProblem(text);
  if (tooDeep) {
    // Not parsed at all: the parser would take minutes, then overflow the stack.
    context.syntaxError = tooDeep;
    tree = partialTree(processor, input.file, text, lines, tooDeep);
  } else {
    try {
      tree = processor.parse(file);
    } catch (error) {
      const problem = describeSyntaxError(error, text);
      context.syntaxError = problem;
      tree = partialTree(processor, input.file, text, lines, problem);
    }
  }

  const yaml = indexTree(tree).yaml;
  if (yaml) {
    context.frontmatter = parseFrontmatter(yaml.value, yaml.position?.start.line ?? 1);
  } else if (context.syntaxError) {
    context.frontmatter = parseFrontmatter(findFrontmatterBlock(text)?.value, 1);
  }

  processor.runSync(tree, file);

  const diagnostics: Diagnostic[] = [];
  for (const message of file.messages) {
    const ruleId = message.ruleId ?? 'page-mdx-syntax';
    const severity = severities.get(ruleId) ?? 'error';
    const place = message.place as
      | { start?: { line?: number; column?: number }; end?: { line?: number; column?: number }; line?: number; column?: number }
      | undefined;
    const start = place && 'start' in place ? place.start : place;
    const end = place && 'end' in place ? place.end : start;
    const line = start?.line ?? 1;
    const column = start?.column ?? 1;
    const cause = message.cause instanceof Error ? message.cause : undefined;
    const fix = (message as unknown as { fix?: PageFix }).fix;
    diagnostics.push({
      file: input.file,
      line,
      column,
      endLine: end?.line ?? line,
      endColumn: end?.column ?? column,
      ruleId,
      severity,
      message: cause ? `internal error in rule ${ruleId}: ${cause.message}` : message.reason,
      url: ruleUrl(ruleId),
      // Fix offsets count from the start of the file as read (BOM included).
      ...(fix && !cause ? { fix: { range: [fix.range[0] + bom, fix.range[1] + bom] as [number, number], text: fix.text } } : {}),
    });
  }

  return { diagnostics, facts: extractFacts(tree, context) };
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
