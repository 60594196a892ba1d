import type { Finding, Place, Span } from '../core/diagnostic.js';
import type { At, ConfigRule, ExternalLinkChecker, Report, Rule, SiteChange, SiteRule } from '../rule-kit/rule.js';
import type { LintPass, SiteModel } from '../model/site-model.js';
import type { FrontmatterFacts } from '../pages/frontmatter-facts.js';
import type { Used } from '../cache/site-reuse.js';

const START: Span = { line: 1, column: 1, endLine: 1, endColumn: 1 };

/** A lint pass as the site rules see it: the facts of pages, which files are wanted, quick anchors. */
export interface SitePass extends LintPass {
  anchors(file: string): Promise<string[] | undefined>;
  frontmatterFacts(file: string): Promise<FrontmatterFacts | undefined>;
  /** In a run over a change: what it removes. */
  change?: SiteChange;
  /** Under `--check-external`: the network check, for any site rule that asks (`context.external`). */
  external?: ExternalLinkChecker;
}

/** Where a report's `at` is: a span of the default file, a place, or a pointer of docs.json. */
function placeOf(site: SiteModel, at: At | undefined, defaultFile: string): Place {
  if (!at) return { file: defaultFile, ...START };
  if ('pointer' in at) return site.place(at.pointer, at.on ?? 'value');
  return {
    file: 'file' in at && typeof at.file === 'string' ? at.file : defaultFile,
    line: at.line,
    column: at.column,
    endLine: at.endLine,
    endColumn: at.endColumn,
  };
}

/** Turns a site or docs.json rule's report into a finding placed in a file. */
export function placeReport(site: SiteModel, ruleId: string, report: Report, defaultFile: string): Finding {
  const finding: Finding = { ...placeOf(site, report.at, defaultFile), ruleId, message: report.message };
  if (report.problem !== undefined) finding.problem = report.problem;
  if (report.fix) finding.fix = report.fix;
  if (report.suggestions?.length) finding.suggestions = report.suggestions.map((s) => ({ desc: s.desc, fix: s.fix }));
  if (report.related?.length)
    finding.related = report.related.map((r) => ({ ...placeOf(site, r.at, defaultFile), message: r.message }));
  return finding;
}

/** Thrown into a site rule that asks for a page past its watchdog: the rule, and the run, stop there. */
class TimeLimitReached extends Error {
  constructor(readonly at: string | undefined) {
    super('time limit reached');
  }
}

/**
 * Runs one site or docs.json rule over the site model; a rule that throws becomes a finding naming
 * it. With `limit`, a site rule that asks for a page's facts or anchors after `limit.ms` is stopped
 * there (site rules ask page after page), and so is the run: the error `limit.passed` makes (which
 * names the rule and the page it was at) is thrown. The time the rule waits on the network check
 * does not count (the checker's own timeouts bound it). With `used`, what the rule asked for is
 * added to it: git history, the network check (`context.external`, given or not).
 */
export async function runSiteRule(
  rule: Rule,
  site: SiteModel,
  options: unknown,
  pass: SitePass,
  limit?: { ms: number; passed(what: string): Error },
  /** Told why when the rule did not finish (it failed): its findings are partial. */
  incomplete?: (why: string) => void,
  used?: Used,
): Promise<Finding[]> {
  const id = rule.meta.id;
  const out: Finding[] = [];
  const rootFile = site.config.rootFile;
  const report = (r: Report) => out.push(placeReport(site, id, r, rootFile));
  let deadline = limit ? performance.now() + limit.ms : Infinity;
  const asked = site.historyAsked(pass);
  const checker = pass.external;
  const external: ExternalLinkChecker | undefined = checker && {
    async check(urls, options) {
      const start = performance.now();
      try {
        return await checker.check(urls, options);
      } finally {
        deadline += performance.now() - start;
      }
    },
  };
  const check = (file: string) => {
    if (performance.now() > deadline) throw new TimeLimitReached(file);
  };
  const facts: SitePass['facts'] = limit ? (file) => (check(file), pass.facts(file)) : pass.facts;
  const anchors: SitePass['anchors'] = limit ? (file) => (check(file), pass.anchors(file)) : pass.anchors;
  const frontmatterFacts: SitePass['frontmatterFacts'] = limit
    ? (file) => (check(file), pass.frontmatterFacts(file))
    : pass.frontmatterFacts;
  try {
    if (rule.meta.kind === 'config')
      await (rule as ConfigRule).check({ ruleId: id, options, report, config: site.config, site });
    else
      await (rule as SiteRule).check({
        ruleId: id,
        options,
        report,
        site,
        facts,
        anchors,
        frontmatterFacts,
        inScope: pass.inScope,
        pass,
        ...(pass.change ? { change: pass.change } : {}),
        get external() {
          if (used && !used.external.includes(id)) used.external.push(id);
          return external;
        },
      });
  } catch (error) {
    if (error instanceof TimeLimitReached && limit)
      throw limit.passed(`${id} (at ${error.at ? site.relative(error.at) : 'the start'})`);
    incomplete?.(`${id} failed with an internal error`);
    out.push({
      file: rootFile,
      ...START,
      ruleId: id,
      message: `internal error in rule ${id}: ${error instanceof Error ? error.message : String(error)}; the rest of the site was checked`,
    });
  } finally {
    if (used && site.historyAsked(pass) > asked) used.history = true;
  }
  return out;
}
