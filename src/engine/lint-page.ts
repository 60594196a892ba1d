import type { Root } from 'mdast';
import { VFile } from 'vfile';
import type { Finding, Span } from '../core/diagnostic.js';
import { emptyFacts, type PageFacts, type SpellingFact } from '../pages/facts.js';
import { pageFacts, parsePage, START } from '../pages/parse.js';
import type { PageInput } from '../pages/parsed.js';
import type { DirectiveFact, UnusedDirectiveReport } from '../pages/directives.js';
import { checksWords, type DeferredWords, type PageContext, type Report, type SiteIcons } from '../rule-kit/rule.js';
import type { PagePlan, RemarkPlugins } from '../config/page-plan.js';
import type { SpellingResources } from '../services/page-services.js';
import { inPhase } from './phase-cpu.js';

/*
 * The page pass on one page: the page parsed once (src/pages/parse.ts), every planned page rule
 * run on it, then the configuration's remark plugins on the same tree.
 */

export type { PageInput } from '../pages/parsed.js';

export type { PagePlan, PlannedPageRule, RemarkPlugins } from '../config/page-plan.js';
export type { SpellingResources } from '../services/page-services.js';

export interface PageResult {
  findings: Finding[];
  facts: PageFacts;
  /** The rule whose finding says why the page could not be checked (see `PageContext.reportNotChecked`). */
  notChecked?: string;
  /** Findings to make of directives that suppress nothing (see `PageContext.reportIfUnused`). */
  ifUnused?: UnusedDirectiveReport[];
}

/**
 * Lints one page: parses it once (MDX, front matter), runs every planned page rule on that tree
 * (and the remark plugins, on the same tree), and reads the page's facts from the same tree.
 * Never throws: a page that does not parse gets the facts that could be read (the rules that run
 * on such a page report it); a page that cannot be read at all (an internal error, a stack
 * overflow) is linted as an unreadable page, with why; a rule that throws gets a finding that names it.
 */
export function lintPage(
  input: PageInput,
  plan: PagePlan,
  spelling?: SpellingResources,
  icons?: SiteIcons,
): PageResult {
  try {
    return lintPageUnsafe(input, plan, spelling, icons);
  } catch (error) {
    const message =
      error instanceof RangeError && /call stack/i.test(error.message)
        ? 'the page is nested too deeply to be read (tags, expressions or inline markup thousands of levels deep); it was not checked'
        : `internal error while reading this page: ${error instanceof Error ? error.message : String(error)}`;
    const unreadable = { file: input.file, relative: input.relative, text: '', isSnippet: input.isSnippet };
    try {
      return lintPageUnsafe({ ...unreadable, unreadable: { message } }, plan, spelling, icons);
    } catch (again) {
      return lastResort(input.file, plan, again);
    }
  }
}

/**
 * The page could not even be linted as an unreadable page: one finding, under the first planned
 * rule that runs on pages that do not parse (else the first planned rule), says it was not checked.
 */
function lastResort(file: string, plan: PagePlan, error: unknown): PageResult {
  const facts = { ...emptyFacts(), syntaxError: true };
  let rule = plan.rules[0];
  try {
    rule = plan.rules.find((r) => r.rule.meta.runOnSyntaxError) ?? rule;
  } catch {
    // A rule's meta that cannot be read: the first planned rule says it.
  }
  if (!rule) return { findings: [], facts };
  const why = error instanceof Error ? error.message : String(error);
  return {
    findings: [
      {
        file,
        ...START,
        ruleId: rule.id,
        message: `internal error while reading this page: ${why}; it was not checked`,
      },
    ],
    facts,
    notChecked: rule.id,
  };
}

function lintPageUnsafe(
  input: PageInput,
  plan: PagePlan,
  spelling: SpellingResources | undefined,
  icons: SiteIcons | undefined,
): PageResult {
  const page = inPhase('parse', () => parsePage(input));
  const findings: Finding[] = [];
  const shift = (range: [number, number]): [number, number] => [range[0] + bom, range[1] + bom];
  const place = (at: Report['at']): Span =>
    at && 'line' in at ? { line: at.line, column: at.column, endLine: at.endLine, endColumn: at.endColumn } : START;
  let notChecked: string | undefined;
  const ifUnused: UnusedDirectiveReport[] = [];
  const toFinding = (ruleId: string, report: Report): Finding => {
    const finding: Finding = { file: input.file, ...place(report.at), ruleId, message: report.message };
    if (report.problem !== undefined) finding.problem = report.problem;
    // Fix offsets count from the start of the file as read (BOM included).
    if (report.fix) finding.fix = { range: shift(report.fix.range), text: report.fix.text };
    if (report.suggestions?.length)
      finding.suggestions = report.suggestions.map((s) => ({
        desc: s.desc,
        fix: { range: shift(s.fix.range), text: s.fix.text },
      }));
    if (report.related?.length)
      finding.related = report.related.map((r) => ({ file: input.file, ...place(r.at), message: r.message }));
    return finding;
  };

  const { bom, ...parsed } = page;
  const shared = { ...parsed, ruleIds: plan.ruleIds, ...(icons ? { icons } : {}) };
  const broken = page.syntaxError !== undefined || page.unreadable !== undefined;
  let deferred: SpellingFact | undefined;
  const reporters = (ruleId: string) => {
    const report = (r: Report) => void findings.push(toFinding(ruleId, r));
    const reportNotChecked = (r: Report) => {
      report(r);
      notChecked ??= ruleId;
    };
    const reportIfUnused = (directive: DirectiveFact, r: Report, named?: string) => {
      const { line, column } = directive;
      ifUnused.push({ line, column, ...(named !== undefined && { named }), finding: toFinding(ruleId, r) });
    };
    return { report, reportNotChecked, reportIfUnused };
  };
  const defer = (ruleId: string, language: string) => (words: DeferredWords) => {
    deferred = { ruleId, language, bom, words: words.words, names: words.names, data: words.data };
  };
  inPhase('rules', () => runRules(plan, spelling, input.file, shared, broken, reporters, findings, defer));
  if (plan.remark && !broken)
    inPhase('rules', () => runRemark(plan.remark!, input.file, page.text, page.tree, findings, shift));

  const facts = inPhase('facts', () => pageFacts(page));
  if (deferred) facts.spelling = deferred;
  const result: PageResult = { findings, facts };
  if (notChecked !== undefined) result.notChecked = notChecked;
  if (ifUnused.length) result.ifUnused = ifUnused;
  return result;
}

/** The planned page rules on a parsed page. */
function runRules(
  plan: PagePlan,
  spelling: SpellingResources | undefined,
  file: string,
  shared: Omit<PageContext, 'ruleId' | 'options' | 'report' | 'reportNotChecked' | 'reportIfUnused'>,
  broken: boolean,
  reporters: (ruleId: string) => Pick<PageContext, 'report' | 'reportNotChecked' | 'reportIfUnused'>,
  findings: Finding[],
  defer: (ruleId: string, language: string) => (words: DeferredWords) => void,
): void {
  for (const { id, rule, options } of plan.rules) {
    if (broken && !rule.meta.runOnSyntaxError) continue;
    const context: PageContext = { ...shared, ruleId: id, options, ...reporters(id) };
    if (checksWords(rule)) {
      // A spelling rule runs only with the dictionaries (the run says why when they are missing).
      const words = spelling?.forPage(file);
      if (!words) continue;
      context.spelling = spelling!.defers && !words.dictionary ? { ...words, defer: defer(id, words.language) } : words;
    }
    try {
      rule.check(context);
    } catch (error) {
      findings.push({
        file,
        ...START,
        ruleId: id,
        message: `internal error in rule ${id}: ${error instanceof Error ? error.message : String(error)}; the rest of the page was checked`,
      });
    }
  }
}

/** remark plugins on the page's tree: their messages become findings under their own rule ids. */
function runRemark(
  remark: RemarkPlugins,
  path: string,
  text: string,
  tree: Root,
  findings: Finding[],
  shift: (r: [number, number]) => [number, number],
): void {
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
      | {
          start?: { line?: number; column?: number };
          end?: { line?: number; column?: number };
          line?: number;
          column?: number;
        }
      | undefined;
    const start = p && 'start' in p ? p.start : p;
    const end = p && 'end' in p ? p.end : start;
    const line = start?.line ?? 1;
    const column = start?.column ?? 1;
    const ruleId = remark.ruleIdOf(message);
    const finding: Finding = {
      file: path,
      line,
      column,
      endLine: end?.line ?? line,
      endColumn: end?.column ?? column,
      ruleId,
      message: message.reason,
    };
    // A remark-lint rule may offer `expected` replacements: offered as suggestions, never applied by --fix alone.
    const expected = (message as { expected?: unknown }).expected;
    const startOffset = (start as { offset?: number } | undefined)?.offset;
    const endOffset = (end as { offset?: number } | undefined)?.offset;
    if (Array.isArray(expected) && startOffset !== undefined && endOffset !== undefined) {
      const suggestions = expected
        .filter((e): e is string => typeof e === 'string')
        .map((e) => ({
          desc: e === '' ? 'Remove it' : `Replace with \`${e}\``,
          fix: { range: shift([startOffset, endOffset]), text: e },
        }));
      if (suggestions.length) finding.suggestions = suggestions;
    }
    findings.push(finding);
  }
}
