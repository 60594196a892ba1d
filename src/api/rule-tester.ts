import assert from 'node:assert/strict';
import path from 'node:path';
import type { Diagnostic, Severity } from '../core/diagnostic.js';
import {
  fillMessage,
  resolveReport,
  withMessages,
  withReporter,
  type Report,
  type ReportDescriptor,
  type ExternalLinkResult,
  type Rule,
} from '../rule-kit/rule.js';

/*
 * Table-driven tests of one rule, ESLint's way: `new RuleTester().run(name, rule, { valid, invalid })`.
 * A page rule's case is a page (`code`); a site or docs.json rule's case is a small site (`files`,
 * written to a temporary folder that is removed after the case). Each runs through doclint's own
 * engine with only that rule on, and an invalid case states exactly the findings it yields.
 */

/** The path a page case is linted under (nothing is read from it). */
export const PAGE_FILE = '/site/page.mdx';

/** The docs.json a site case gets when it gives none. */
export const DEFAULT_DOCS_JSON = JSON.stringify(
  {
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Test',
    colors: { primary: '#0A7A5E' },
    navigation: { groups: [{ group: 'Start', pages: ['index'] }] },
  },
  null,
  2,
);

/** Front matter of a valid page; the index page a site case gets when it gives none is this and `## Start`. */
export const SITE_FRONT = '---\ntitle: A page\ndescription: A page of a test site.\n---\n\n';

/** A finding a case expects. */
export interface ExpectedError {
  /** Site cases: the site-relative file of the finding (default `docs.json`). */
  file?: string;
  line: number;
  column: number;
  /** Compared when given. */
  endLine?: number;
  endColumn?: number;
  /** The message as written; or give `messageId` (and `data`, then the message is compared too). */
  message?: string;
  messageId?: string;
  data?: Record<string, string | number | boolean>;
  /** Default: the rule's default severity (a kind of problem of `meta.problems` may have its own). */
  severity?: Severity;
  /**
   * What each suggestion says and the file after applying it alone (a page case: the page; a site
   * case: the finding's file). Omitted: the finding offers none.
   */
  suggestions?: Array<{ desc: string; output: string }>;
  /** Related places, `file:line:column message` (site-relative file; a page case's page is `page.mdx`). Omitted: none. */
  related?: string[];
}

export interface PageCase {
  code: string;
  options?: unknown;
  /** Lint the page as a snippet (included into pages). */
  isSnippet?: boolean;
  /** The test's name (default: the code, shortened). */
  name?: string;
}

export interface PageInvalidCase extends PageCase {
  errors: ExpectedError[];
  /**
   * The page after applying the rule's fixes, pass after pass as `--fix` does; what remains must
   * be exactly the findings that offered no fix. Omitted: no fix is offered.
   */
  output?: string;
}

export interface SiteCase {
  name: string;
  /** The site's files by site-relative path. A minimal docs.json and index page are added when not given. */
  files?: Record<string, string>;
  /** Shorthand for `files: { 'docs.json': code }`. */
  code?: string;
  options?: unknown;
  /**
   * A site rule that checks external links (`context.external`): what each URL answers, by URL
   * without its fragment (a URL not listed answers `{ status: 'ok', detail: 'HTTP 200 (OK)' }`).
   * The network is never reached.
   */
  external?: Record<string, ExternalLinkResult>;
  /**
   * Lint the case as a change (`--staged`, `--changed-since`): the files it removes (site-relative
   * path → their text before it) and docs.json as it was before it (default: as it is). The case's
   * findings are those the change brings: a rule that checks changes (`context.change`) sees them.
   */
  change?: { removed: Record<string, string>; docsJsonBefore?: string };
}

export interface SiteInvalidCase extends SiteCase {
  errors: ExpectedError[];
  /** The files the fixes change (site-relative path → text after `--fix`); files not listed must not change. Omitted: no fix is offered. */
  output?: Record<string, string>;
}

export interface PageTests {
  valid: Array<string | PageCase>;
  invalid: PageInvalidCase[];
}

export interface SiteTests {
  valid: SiteCase[];
  invalid: SiteInvalidCase[];
}

type Describe = (name: string, fn: () => void) => unknown;
type It = (name: string, fn: () => Promise<void>) => unknown;
type Engine = typeof import('./engine.js');

let engine: Promise<Engine> | undefined;
const loadEngine = (): Promise<Engine> => (engine ??= import('./engine.js'));

/** A rule whose reports are logged (with their message ids) on their way to the engine. */
function recording(rule: Rule, log: Report[]): Rule {
  const inner = withMessages(rule);
  return {
    ...inner,
    check(context: { report(report: ReportDescriptor): void; reportNotChecked?(report: ReportDescriptor): void }) {
      const logged = (report: (r: ReportDescriptor) => void) => (r: ReportDescriptor) => {
        const resolved = resolveReport(rule.meta, r);
        log.push(resolved);
        report.call(context, resolved);
      };
      const { report, reportNotChecked } = context;
      const copy = withReporter(context, logged(report));
      if (reportNotChecked) copy.reportNotChecked = logged(reportNotChecked);
      return (inner.check as (c: unknown) => unknown)(copy);
    },
  } as unknown as Rule;
}

function label(code: string, name?: string): string {
  if (name) return name;
  const one = code.replace(/\s+/g, ' ').trim();
  return one.length > 70 ? `${one.slice(0, 67)}…` : one;
}

/** Findings in the order doclint lists them. */
function byPosition(a: Diagnostic, b: Diagnostic): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.line - b.line || a.column - b.column || (a.message < b.message ? -1 : a.message > b.message ? 1 : 0);
}

export class RuleTester {
  /** The test framework's `describe` and `it` (default: the globals, as under jest or mocha; none: each case runs at once). */
  static describe: Describe | undefined;
  static it: It | undefined;

  /**
   * Defines a test per case (under `describe(name)`), or, without a test framework, runs every
   * case and rejects at the first that fails.
   */
  run(name: string, rule: Rule, tests: PageTests | SiteTests): Promise<void> {
    checkRule(name, rule);
    const cases: Array<{ group: 'valid' | 'invalid'; title: string; run: () => Promise<void> }> = [];
    if (rule.meta.kind === 'page') {
      const { valid, invalid } = tests as PageTests;
      for (const c of valid) {
        const one = typeof c === 'string' ? { code: c } : c;
        cases.push({ group: 'valid', title: label(one.code, one.name), run: () => validPage(rule, one) });
      }
      for (const c of invalid)
        cases.push({ group: 'invalid', title: label(c.code, c.name), run: () => invalidPage(rule, c) });
    } else {
      const { valid, invalid } = tests as SiteTests;
      for (const c of valid) cases.push({ group: 'valid', title: c.name, run: () => validSite(rule, c) });
      for (const c of invalid) cases.push({ group: 'invalid', title: c.name, run: () => invalidSite(rule, c) });
    }
    const globals = globalThis as { describe?: Describe; it?: It };
    const describe = RuleTester.describe ?? globals.describe;
    const it = RuleTester.it ?? globals.it;
    if (describe && it) {
      describe(name, () => {
        for (const group of ['valid', 'invalid'] as const) {
          const mine = cases.filter((c) => c.group === group);
          if (mine.length) describe(group, () => mine.forEach((c) => it(c.title, c.run)));
        }
      });
      return Promise.resolve();
    }
    return (async () => {
      for (const c of cases) {
        try {
          await c.run();
        } catch (error) {
          // (An Error of another realm too: node:assert's under jest's VM modules.)
          if (error && typeof error === 'object' && typeof (error as Error).message === 'string') {
            (error as Error).message = `${name} ${c.group} "${c.title}": ${(error as Error).message}`;
          }
          throw error;
        }
      }
    })();
  }
}

function checkRule(name: string, rule: Rule): void {
  const meta = (rule as Partial<Rule> | undefined)?.meta;
  if (!meta || typeof rule.check !== 'function' || !['page', 'site', 'config'].includes(meta.kind)) {
    throw new TypeError(
      `RuleTester: "${name}" is not a rule (an object with "meta" of kind page, site or config, and a "check" function)`,
    );
  }
  if (typeof meta.id !== 'string' || !meta.id) throw new TypeError(`RuleTester: rule "${name}" has no meta.id`);
}

/** The message ids the log holds for a message (more than one only when two ids give the same text). */
function messageIds(log: Report[], message: string): Array<string | undefined> {
  return [...new Set(log.filter((r) => r.message === message).map((r) => r.messageId))];
}

/** A finding and its expectation, each as a plain object holding what the expectation states. */
function compare(
  rule: Rule,
  found: Diagnostic[],
  errors: ExpectedError[],
  log: Report[],
  where: {
    relative(file: string): string;
    text(file: string): string;
    applyOne(text: string, fix: Diagnostic['fix'] & object): string;
    site: boolean;
  },
): void {
  const { meta } = rule;
  const got: Array<Record<string, unknown>> = [];
  const want: Array<Record<string, unknown>> = [];
  const count = Math.max(found.length, errors.length);
  for (let i = 0; i < count; i++) {
    const d = found[i];
    const e = errors[i];
    const w: Record<string, unknown> = {};
    const g: Record<string, unknown> = {};
    if (e) {
      if (e.message === undefined && e.messageId === undefined)
        throw new Error(`RuleTester: expected error ${i + 1} gives neither message nor messageId`);
      if (where.site) w.file = e.file ?? 'docs.json';
      w.line = e.line;
      w.column = e.column;
      if (e.endLine !== undefined) w.endLine = e.endLine;
      if (e.endColumn !== undefined) w.endColumn = e.endColumn;
      if (e.message !== undefined) w.message = e.message;
      if (e.messageId !== undefined) {
        const template =
          meta.messages && Object.hasOwn(meta.messages, e.messageId) ? meta.messages[e.messageId] : undefined;
        if (template === undefined)
          throw new Error(`RuleTester: expected messageId "${e.messageId}" is not in the rule's meta.messages`);
        w.messageId = e.messageId;
        if (e.data !== undefined) w.message = fillMessage(template, e.data);
      }
      w.severity = e.severity ?? meta.severity;
      if (e.suggestions) w.suggestions = e.suggestions;
      if (e.related) w.related = e.related;
    }
    if (d) {
      if (where.site) g.file = where.relative(d.file);
      g.line = d.line;
      g.column = d.column;
      if (!e || e.endLine !== undefined) g.endLine = d.endLine;
      if (!e || e.endColumn !== undefined) g.endColumn = d.endColumn;
      if (!e || w.message !== undefined) g.message = d.message;
      if (e?.messageId !== undefined) {
        const ids = messageIds(log, d.message);
        g.messageId = ids.includes(e.messageId) ? e.messageId : ids.length === 1 ? ids[0] : ids;
      }
      g.severity = d.severity;
      if (d.suggestions?.length) {
        const text = where.text(d.file);
        g.suggestions = d.suggestions.map((s) => ({ desc: s.desc, output: where.applyOne(text, s.fix) }));
      }
      if (d.related?.length)
        g.related = d.related.map((r) => `${where.relative(r.file)}:${r.line}:${r.column} ${r.message}`);
    }
    got.push(g);
    want.push(w);
  }
  assert.deepStrictEqual(got, want, `findings of ${meta.id} differ from the expected errors`);
  for (const d of found) {
    assert.equal(d.ruleId, meta.id, 'a finding of another rule');
    assert.equal(d.url, meta.docsUrl, `finding ${d.line}:${d.column}: its URL is not the rule's docsUrl`);
  }
  if (found.some((d) => d.suggestions?.length))
    assert.equal(meta.hasSuggestions, true, 'the rule offers suggestions: set meta.hasSuggestions');
}

const brief = (found: Diagnostic[]): string[] => found.map((d) => `${d.line}:${d.column} ${d.message}`);

async function lintPage(rule: Rule, c: PageCase, log: Report[] = []): Promise<Diagnostic[]> {
  const { lintPageWith } = await loadEngine();
  return (await lintPageWith(recording(rule, log), PAGE_FILE, c.code, c.options, c.isSnippet ?? false)).sort(
    byPosition,
  );
}

async function validPage(rule: Rule, c: PageCase): Promise<void> {
  assert.deepStrictEqual(brief(await lintPage(rule, c)), [], `${rule.meta.id} reports a valid page`);
}

async function invalidPage(rule: Rule, c: PageInvalidCase): Promise<void> {
  const { applyFixes } = await loadEngine();
  const log: Report[] = [];
  const found = await lintPage(rule, c, log);
  for (const d of found) assert.equal(d.file, PAGE_FILE);
  compare(rule, found, c.errors, log, {
    site: false,
    relative: (file) => path.posix.relative(path.posix.dirname(PAGE_FILE), file),
    text: () => c.code,
    applyOne: (text, fix) => applyFixes(text, [{ fix }]).output,
  });
  if (c.output === undefined) {
    assert.deepStrictEqual(
      applyFixes(c.code, found).applied.map((d) => `${d.line}:${d.column} ${d.message}`),
      [],
      'the rule offers fixes: give the case an output',
    );
    return;
  }
  assert.equal(rule.meta.fixable, true, 'the case has an output: the rule must set meta.fixable');
  let text = c.code;
  for (let pass = 0; pass < 10; pass++) {
    const { output, applied } = applyFixes(text, await lintPage(rule, { ...c, code: text }));
    if (!applied.length || output === text) break;
    text = output;
  }
  assert.equal(text, c.output, 'the page after --fix');
  // What remains are exactly the findings that offered no fix.
  const remaining = await lintPage(rule, { ...c, code: text });
  assert.deepStrictEqual(brief(remaining.filter((d) => d.fix)), [], 'findings with a fix remain after --fix');
  assert.equal(
    remaining.length,
    found.filter((d) => !d.fix).length,
    'the findings left after --fix are not those that offered no fix',
  );
}

function siteFiles(c: SiteCase): Record<string, string> {
  return {
    'docs.json': DEFAULT_DOCS_JSON,
    'index.mdx': `${SITE_FRONT}## Start\n`,
    ...(c.code !== undefined && { 'docs.json': c.code }),
    ...c.files,
  };
}

/** A site case's findings: of the whole site, or those its change brings. */
async function lintSite(rule: Rule, root: string, c: SiteCase): Promise<Diagnostic[]> {
  const { lintChangeWith, lintSiteWith } = await loadEngine();
  return c.change ? lintChangeWith(rule, root, c.options, c.change) : lintSiteWith(rule, root, c.options, c.external);
}

async function validSite(rule: Rule, c: SiteCase): Promise<void> {
  const { writeSite, removeSite } = await loadEngine();
  const root = writeSite(siteFiles(c));
  try {
    assert.deepStrictEqual(
      brief(await lintSite(recording(rule, []), root, c)),
      [],
      `${rule.meta.id} reports a valid site`,
    );
  } finally {
    removeSite(root);
  }
}

async function invalidSite(rule: Rule, c: SiteInvalidCase): Promise<void> {
  const { applyFixes, readSiteFile, writeSiteFile, writeSite, removeSite } = await loadEngine();
  const files = siteFiles(c);
  const root = writeSite(files);
  const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');
  try {
    const log: Report[] = [];
    const found = await lintSite(recording(rule, log), root, c);
    compare(rule, found, c.errors, log, {
      site: true,
      relative,
      text: (file) => readSiteFile(file),
      applyOne: (text, fix) => applyFixes(text, [{ fix }]).output,
    });
    if (c.output === undefined) {
      assert.deepStrictEqual(brief(found.filter((d) => d.fix)), [], 'the rule offers fixes: give the case an output');
      return;
    }
    assert.equal(rule.meta.fixable, true, 'the case has an output: the rule must set meta.fixable');
    let current = found;
    for (let pass = 0; pass < 10; pass++) {
      const byFile = new Map<string, Diagnostic[]>();
      for (const d of current) if (d.fix) byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
      let changed = false;
      for (const [file, fixes] of byFile) {
        const text = readSiteFile(file);
        const { output, applied } = applyFixes(text, fixes);
        if (applied.length && output !== text) {
          writeSiteFile(file, output);
          changed = true;
        }
      }
      if (!changed) break;
      current = await lintSite(recording(rule, []), root, c);
    }
    const after: Record<string, string> = {};
    for (const [name, text] of Object.entries(files)) {
      const now = readSiteFile(path.join(root, name));
      if (now !== text) after[name] = now;
    }
    assert.deepStrictEqual(after, c.output, 'the files after --fix');
    assert.deepStrictEqual(brief(current.filter((d) => d.fix)), [], 'findings with a fix remain after --fix');
    assert.equal(
      current.length,
      found.filter((d) => !d.fix).length,
      'the findings left after --fix are not those that offered no fix',
    );
  } finally {
    removeSite(root);
  }
}
