import path from 'node:path';
import type { Finding, Span } from '../core/diagnostic.js';
import type { PageFacts, SpellingFact } from '../pages/facts.js';
import { resolveReport } from '../rule-kit/rule.js';
import type { PageRule, Report, SiteVocabulary, SpellingContext, SpellingDictionary } from '../rule-kit/rule.js';
import { settingsFor, type EffectiveSettings } from '../config/settings.js';
import { loadSpelling, spellingLoaded } from '../services/spelling/load.js';
import type { SiteModel } from '../model/site-model.js';
import type { PagePass } from './page-pass.js';
import { inPhaseAsync } from './phase-cpu.js';
import type { SpellingSetup } from '../services/spelling/setup.js';

/*
 * The spelling check of a run, after its page pass: the words each page's spelling rule deferred
 * (in the page's facts, from the cache or from any thread) are checked here, on the main thread,
 * with the dictionaries loaded once, and with the vocabulary the site's pages make together (the
 * words several pages use, the names in their code and addresses). The pages are read in the
 * order of their paths, so that what is learnt and found does not depend on threads or timing.
 */

/**
 * The spelling check of the pages in scope, after the page pass: with the vocabulary of every page
 * of the site (pages out of scope are read for it, as site rules read their facts).
 */
export async function spellingChecks(
  setup: SpellingSetup,
  settings: EffectiveSettings,
  site: SiteModel,
  pass: PagePass,
  inScope: (file: string) => boolean,
): Promise<Finding[]> {
  const entries = [...site.pages.values()];
  const outcomes = await Promise.all(entries.map((entry) => pass.page(entry)));
  const pages = entries.map((entry, i) => ({ file: entry.file, facts: outcomes[i]!.facts }));
  // The dictionaries take memory the page pass's threads give back: they are stopped before the
  // dictionaries are first loaded (and started again when pages are next linted).
  if (!spellingLoaded(setup)) pass.close();
  return inPhaseAsync('rules', () => spellingFindings(setup, settings, pages, inScope));
}

/** A page of the site as the spelling check reads it. */
export interface SpellingPage {
  file: string;
  facts: PageFacts | undefined;
}

/** A reading of `DOCLINT_SPELLING_HOLD_OUT` (N ≥ 2): every Nth page in path order is left out of the vocabulary. */
function holdOut(): number {
  const n = Number(process.env.DOCLINT_SPELLING_HOLD_OUT);
  return Number.isInteger(n) && n >= 2 ? n : 0;
}

/**
 * The site's vocabulary from its pages' deferred words, and the pages left out of it:
 * `DOCLINT_SPELLING_HOLD_OUT=N` leaves every Nth page (in path order) out, and only those are then
 * checked (to measure the rule's precision on pages it did not learn from).
 */
export function siteVocabulary(
  pages: SpellingPage[],
  root: string,
): { vocabulary: SiteVocabulary; heldOut?: ReadonlySet<string> } {
  const uses = new Map<string, number>();
  const names = new Set<string>();
  const every = holdOut();
  const heldOut = new Set<string>();
  const ordered = pages
    .map((p) => ({
      file: p.file,
      relative: path.relative(root, p.file).split(path.sep).join('/'),
      fact: p.facts?.spelling,
    }))
    .sort((a, b) => (a.relative < b.relative ? -1 : a.relative > b.relative ? 1 : 0));
  ordered.forEach(({ file, fact }, i) => {
    if (every && i % every === every - 1) heldOut.add(file);
    else if (fact) {
      for (const word of new Set(fact.words)) uses.set(word, (uses.get(word) ?? 0) + 1);
      for (const name of fact.names) names.add(name);
    }
  });
  return {
    vocabulary: { pagesUsing: (word) => uses.get(word) ?? 0, named: (word) => names.has(word) },
    ...(every ? { heldOut } : {}),
  };
}

/**
 * The findings of the spelling rule on the pages in scope, from the deferred words of every page
 * of the site (`pages`: the vocabulary is the whole site's, whatever the scope).
 */
export async function spellingFindings(
  setup: SpellingSetup,
  settings: EffectiveSettings,
  pages: SpellingPage[],
  inScope: (file: string) => boolean,
): Promise<Finding[]> {
  const { vocabulary, heldOut } = siteVocabulary(pages, setup.root);
  const checked = pages.filter((p) => p.facts?.spelling && inScope(p.file) && (!heldOut || heldOut.has(p.file)));
  if (!setup.library || !checked.length) return [];
  const resources = await loadSpelling(setup);
  const findings: Finding[] = [];
  for (const { file, facts } of checked) {
    const fact = facts!.spelling!;
    const rule = settings.registry.rule(fact.ruleId) as PageRule | undefined;
    const spelling = resources.forPage(file);
    if (!rule?.checkWords || !spelling?.dictionary) continue;
    const options = settingsFor(settings, file).rules[fact.ruleId]?.options;
    checkPage(rule, fact, file, options, { ...spelling, dictionary: spelling.dictionary }, vocabulary, findings);
  }
  return findings;
}

function checkPage(
  rule: PageRule,
  fact: SpellingFact,
  file: string,
  options: unknown,
  spelling: SpellingContext['spelling'] & { dictionary: SpellingDictionary },
  vocabulary: SiteVocabulary,
  findings: Finding[],
): void {
  const shift = (range: [number, number]): [number, number] => [range[0] + fact.bom, range[1] + fact.bom];
  const start: Span = { line: 1, column: 1, endLine: 1, endColumn: 1 };
  const place = (at: Report['at']): Span =>
    at && 'line' in at ? { line: at.line, column: at.column, endLine: at.endLine, endColumn: at.endColumn } : start;
  const context: SpellingContext = {
    ruleId: fact.ruleId,
    options,
    file,
    data: fact.data,
    spelling,
    vocabulary,
    report(descriptor) {
      const report = resolveReport(rule.meta, descriptor);
      const finding: Finding = { file, ...place(report.at), ruleId: fact.ruleId, message: report.message };
      if (report.suggestions?.length)
        finding.suggestions = report.suggestions.map((s) => ({
          desc: s.desc,
          fix: { range: shift(s.fix.range), text: s.fix.text },
        }));
      findings.push(finding);
    },
  };
  try {
    rule.checkWords!(context);
  } catch (error) {
    findings.push({
      file,
      ...start,
      ruleId: fact.ruleId,
      message: `internal error in rule ${fact.ruleId}: ${error instanceof Error ? error.message : String(error)}; the rest of the page was checked`,
    });
  }
}
