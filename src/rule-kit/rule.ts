import type { At, Fix, Severity, Span } from '../core/diagnostic.js';
import type { PageFacts } from '../pages/facts.js';
import type { FrontmatterFacts } from '../pages/frontmatter-facts.js';
import type { DocsJson } from '../site/docs-json.js';
import type { LintPass, SiteModel } from '../model/site-model.js';
import type { ParsedPage } from '../pages/parsed.js';
import type { DirectiveFact } from '../pages/directives.js';
import type { SiteIcons } from '../platform/icons.js';

export type { SiteIcons };

/*
 * The public rule API. Every rule — docs.json, page or site, built in or from a plugin — is a
 * `meta` and a `check(context)` that calls `context.report()`. Rules import this kit and nothing
 * of the engine; the engine is handed the list of rules.
 */

export type RuleKind = 'config' | 'page' | 'site';

/** Where rule documentation lives; each built-in rule has `docs/rules/<id>.md`. */
export const DOCS_BASE_URL = 'https://github.com/doclint/doclint/blob/main/docs/rules/';

export function ruleUrl(id: string): string {
  return `${DOCS_BASE_URL}${id}.md`;
}

/** A kind of problem within a rule that has a severity of its own (a bad anchor is a warning where a broken link is an error). */
export interface ProblemMeta {
  /**
   * Default severity of this kind. A severity configured for the rule replaces it, except `info`:
   * notes stay notes.
   */
  severity: Severity;
  /** One line for the rule's documentation. */
  description: string;
  /**
   * The most this kind can be, whatever the rule is set to: `warning` for a failure that may pass
   * by itself (a timeout), which must never fail a run as an error would.
   */
  maxSeverity?: Severity;
}

export interface RuleMeta {
  id: string;
  kind: RuleKind;
  /** One line, written for a docs writer. */
  description: string;
  /** Default severity when the rule is on. */
  severity: Severity;
  /**
   * Off unless the configuration (or `--rule`) gives it a severity: a check that a lint run would
   * find noisy on most sites, kept for `doclint score`, which runs every rule of a spec check.
   */
  defaultOff?: boolean;
  /** The rule offers fixes that `--fix` applies: edits that cannot change what the file means. */
  fixable?: boolean;
  /** The rule offers suggestions: guesses (did-you-mean) applied only when asked. */
  hasSuggestions?: boolean;
  /** Why its fixes are safe, or why its changes are only suggestions (rule pages and `doclint rules`). */
  fixNote?: string;
  /** JSON Schema of the rule's options, if it takes any. */
  optionsSchema?: Record<string, unknown>;
  /** Kinds of problem with their own default severity. */
  problems?: Record<string, ProblemMeta>;
  /**
   * Messages by id (ESLint's shape): a report may give `messageId` (and `data` for the message's
   * `{{name}}` placeholders) instead of writing `message`.
   */
  messages?: Record<string, string>;
  /** The check of the Agent-Friendly Documentation Spec this rule implements, if any. */
  spec?: string;
  /** Documentation page: `docs/rules/<id>.md` of doclint for built-in rules; a plugin may set its own. */
  docsUrl: string;
  /** Page rules: also run when the page does not parse (the tree then holds only what could be read). */
  runOnSyntaxError?: boolean;
  /** Site rules: every finding is in docs.json or its `$ref` files (not run when none of them is in scope). */
  reportsInConfigOnly?: boolean;
  /**
   * Site rules: the page facts the rule reads when it reads nothing else of a page. With a cache, a
   * whole run reuses its findings while docs.json, the file list, the other files and these facts
   * of every page are unchanged.
   */
  readsFacts?: ReadonlyArray<keyof PageFacts>;
  /**
   * Docs.json and site rules: run even when docs.json does not parse (other rules do not: the
   * navigation and the specs come from it). A docs.json rule then sees what the loader could read:
   * `context.config.diagnostics` holds its syntax and `$ref` problems.
   */
  independentOfConfig?: boolean;
  /*
   * What a rule uses of the services whose answers change without the site changing is not
   * declared: the engine notes it as the rule runs. A rule that reads git history
   * (`site.history()`) has its cached findings kept with the repository's HEAD and shallow state,
   * and a new commit checks again; one that asks for the network check (`context.external`) has
   * its findings never kept in, nor read from, the lint cache. The dictionaries
   * (`context.spelling`) go to the page rules that have a step over the whole site's words
   * (`checkWords`): the engine sets them up before the page pass from the options of the first
   * such rule that is on (language, dictionaries, words file), hands them to every worker thread,
   * and keys every page's cached findings on them, all before any page is linted. What the engine
   * learns of a page itself (it did not parse, a directive suppressed nothing) a page rule reports
   * through its context (`reportNotChecked`, `reportIfUnused`): no rule is looked up by a flag.
   *
   * The flags below are read by the engine for more than one rule, or describe the rule (how it
   * is run, what it reads) for every rule that sets them.
   */
  /** Docs.json rules: reports from the shared validation of docs.json against the platform schema (`context.site.configValidation()`), and reads nothing else. */
  readsConfigValidation?: boolean;
  /** No inline directive silences its findings (message control keeps them), and the editor offers no "disable for this line" for them. */
  notDisableable?: boolean;
  /** It reports references to paths of the site (links, navigation, imports, redirects, specs): `--staged` reports those a removed file breaks. */
  reportsRemovedTargets?: boolean;
  /**
   * Page rules that check a house style `doclint init` reads from the site: `imageFrames` (whether
   * screenshots are framed: on where most images are, off elsewhere), `fenceLanguages` (whether
   * code blocks name their language: off, or notes, where most do not), `descriptions` (whether
   * pages set a description: required where most hand-written pages do, folder by folder),
   * `frontmatterKeys` (the site's own front-matter keys: allowed when many pages set them),
   * `duplicateTitles` (a site rule: whether pages of different groups share titles: notes off
   * where many do).
   */
  houseStyle?: 'imageFrames' | 'fenceLanguages' | 'descriptions' | 'frontmatterKeys' | 'duplicateTitles';
  /**
   * Site rules: the rule has the specs in use validated in full against the OpenAPI schema. `true`:
   * it reports from that validation (`site.openapiUse`) whenever it is on; `{ option }`: when its
   * boolean option of that name is true, the shared endpoint analysis (`site.endpointReferences`,
   * read by several rules) validates them too. Read before any rule runs: the session starts the
   * validation while the pages are parsed, and the endpoint analysis is made once for all rules.
   */
  validatesSpecs?: boolean | { option: string };
  /**
   * What the rule needs to find anything beyond the site and its configuration, as the command
   * line says it (`--check-external`): without it the rule finds nothing, and `doclint rules`, the
   * rule tables and the configuration schema show it off by default (with its severity when
   * given it). Read for display only: the rule itself asks for the service (`context.external`).
   */
  runsWith?: string;
}

export type { At } from '../core/diagnostic.js';

export interface ReportSuggestion {
  desc: string;
  fix: Fix;
}

export interface ReportRelated {
  message: string;
  at: At;
}

export interface Report {
  /** What is wrong, and what to do next. */
  message: string;
  /** Default: the start of the file (page rules) or of docs.json (config and site rules). */
  at?: At;
  /** A kind declared in `meta.problems`. */
  problem?: string;
  /**
   * Offsets into the text the rule sees (`context.text` for page rules, the file's text for
   * others). Only edits that cannot change meaning; guesses go in `suggestions`.
   */
  fix?: Fix;
  suggestions?: ReportSuggestion[];
  related?: ReportRelated[];
  /** The id in `meta.messages` the message was made from (set when a report gave one). */
  messageId?: string;
  /** The values the message's placeholders were filled with. */
  data?: MessageData;
}

/** Values of a message's `{{name}}` placeholders. */
export type MessageData = Record<string, string | number | boolean>;

/** A report that names a message of `meta.messages` instead of writing it. */
export type MessageReport<M extends string = string> = Omit<Report, 'message' | 'messageId'> & {
  messageId: M;
  message?: undefined;
};

/** What `context.report()` takes: a message, or the id of one of `meta.messages` with its data. */
export type ReportDescriptor<M extends string = string> = Report | MessageReport<M>;

interface BaseContext<O, M extends string = string> {
  /** The id the rule runs under (`acme/no-todo` for a plugin rule). */
  ruleId: string;
  /** The options configured for the rule, undefined when none. */
  options: O | undefined;
  report(report: ReportDescriptor<M>): void;
}

/** A loaded dictionary (or several, checked as one). */
export interface SpellingDictionary {
  /** Whether the word is known (a capitalised word may match its lowercase entry). */
  has(word: string): boolean;
  /** Whether the word is known written exactly so (`lagos` is not: only `Lagos` is). */
  hasExactly(word: string): boolean;
}

/**
 * What a spelling rule (a page rule with `checkWords`) is given for one page, when the spelling
 * library (`cspell-lib`) is installed: the dictionaries of the site's languages are loaded once per
 * run (on the main thread: see `defer`), from the rule's `language`, `dictionaries` and `wordsFile`
 * options as set in `rules` (for the whole site). Without the library the rule does not run, and
 * the run says why once.
 */
export interface PageSpelling {
  /** The page's language: its language folder's code in `navigation.languages`, else the site's default. */
  language: string;
  /** That language's dictionary; absent when none is installed (the page is then not checked). */
  dictionary?: SpellingDictionary;
  /** Names the site itself uses: docs.json's `name`, its navigation's titles, the platform's component names. */
  siteWords: ReadonlySet<string>;
  /** The words of the rule's `wordsFile` (one per line). */
  fileWords: ReadonlySet<string>;
  /**
   * Present when the site's words are checked once, on the main thread, after every page was read
   * (the dictionaries are loaded once per run, not per thread, and the site's own vocabulary is
   * learnt from all its pages): the rule hands over what it read of the page, as plain data, and
   * checks it later in its `checkWords`. `dictionary` is then absent.
   */
  defer?(words: DeferredWords): void;
}

/** What a spelling rule hands over of one page (`PageSpelling.defer`): plain data. */
export interface DeferredWords {
  /** The words of the page's prose, each once, in lowercase: the site's vocabulary when several pages use them. */
  words: string[];
  /** Words the page names outside its prose (identifiers in code, addresses, props), in lowercase: the site's vocabulary. */
  names: string[];
  /** Whatever the rule needs to check the page later (`checkWords`): plain data, kept in the cache with the page. */
  data: unknown;
}

/** The vocabulary the site's pages make, learnt from all of them (see `PageSpelling.defer`). */
export interface SiteVocabulary {
  /** How many pages use the word (lowercase) in their prose. */
  pagesUsing(word: string): number;
  /** Whether a page names the word (lowercase) outside its prose: in code, an address or a prop. */
  named(word: string): boolean;
}

/** What a spelling rule's `checkWords` sees: one page's deferred words, with the dictionary and the site's vocabulary. */
export interface SpellingContext<O = unknown, M extends string = string> extends BaseContext<O, M> {
  /** The page (absolute path). */
  file: string;
  /** What the rule handed over for this page (`DeferredWords.data`). */
  data: unknown;
  /** The page's spelling, its dictionary present. */
  spelling: PageSpelling & { dictionary: SpellingDictionary };
  vocabulary: SiteVocabulary;
}

/** What a page rule sees: the page parsed once (see `ParsedPage`), shared by every page rule. */
export interface PageContext<O = unknown, M extends string = string> extends BaseContext<O, M>, ParsedPage {
  /** Every rule id known in this run (built-in and plugins). */
  ruleIds: ReadonlySet<string>;
  /** For a spelling rule (one with `checkWords`), when the spelling library is installed. Absent otherwise. */
  spelling?: PageSpelling;
  /** The site's icon library. Absent when the page is linted without its site (a host that has only the page): Font Awesome, the default. */
  icons?: SiteIcons;
  /**
   * Reports why the page could not be checked in full (the problem in `unreadable`, `syntaxError`
   * or `invalidUtf8`): a report like `report`'s, after which the page counts as not checked (its
   * directives are not judged unused, and bulk suppressions recorded for it are held, naming this
   * rule's finding).
   */
  reportNotChecked(report: ReportDescriptor<M>): void;
  /**
   * Reports a directive of `directives` that suppresses nothing: the report is made only when,
   * once every finding of the page and the site is known, the directive suppressed no finding (of
   * the rule `named`, one of the rule ids it names, when given). Not made for a page that was not
   * checked in full. On a page where a rule asks this, no directive suppresses that rule's findings.
   */
  reportIfUnused(directive: DirectiveFact, report: ReportDescriptor<M>, named?: string): void;
}

/** A page that a change being linted (`--staged`, `--changed-since`) removes, and that was published. */
export interface RemovedPage {
  /** Absolute path. */
  file: string;
  /** Site-relative path, with forward slashes. */
  relative: string;
  /** Its route before the change (`guides/setup`), in the navigation and not hidden. */
  route: string;
}

/** What the change being linted does to the site, as far as site rules need to know. */
export interface SiteChange {
  /** Pages the change deletes or renames away that were in the navigation, and not hidden, before it. */
  removedPages: readonly RemovedPage[];
}

/** How an external URL answered (see `ExternalLinkChecker`). */
export interface ExternalLinkResult {
  /**
   * `ok`: a 2xx answer (or a code the check accepts); `broken`: 404, 410, or a host that does not
   * exist; `unreachable`: a timeout, 429, a 5xx or a failed connection, after one retry (the link
   * may work later); `rejected`: another 4xx; `refused`: not asked, since the host's address (or
   * that of a redirect) is loopback, link-local, private or unspecified, and the run does not
   * permit those (`--check-external-private`).
   */
  status: 'ok' | 'broken' | 'unreachable' | 'rejected' | 'refused';
  /** What happened, for a message: `HTTP 404 (Not Found)`, `host not found`, `timed out after 10 s`. */
  detail: string;
  /** Where its redirects led, when it redirected. */
  redirectedTo?: string;
  /** The `id` and `name` values of the HTML page it led to, when fragments were asked for and it is HTML. */
  ids?: string[];
  /** With `ids`: the page was read only in part (an id not among them may be further on). */
  partial?: boolean;
}

/** How an external check goes: the politeness limits and what is read. */
export interface ExternalCheckOptions {
  /** Seconds one request may take (default 10, at most 30). */
  timeout?: number;
  /** Requests at once to one host (default 2, at most 8). */
  perHost?: number;
  /** Requests at once in all (default 16, at most 32). */
  concurrency?: number;
  /** Seconds a result is reused from the cache (default 86400: one day; 0: not reused). */
  ttl?: number;
  /** Longest `Retry-After` waited for, in seconds (default 60, at most 60). */
  retryAfterMax?: number;
  /** HTTP status codes that count as working (`[403]` for a site that turns robots away). */
  accept?: number[];
}

/** The network check a site rule may ask for (`context.external`): given by the engine only under `--check-external`. */
export interface ExternalLinkChecker {
  /**
   * Checks each URL once (without its `#fragment`), from the cache when it was checked within
   * the ttl. `withIds`: the URLs whose page's ids are wanted (read with a GET, bounded).
   */
  check(
    urls: readonly string[],
    options: ExternalCheckOptions & { withIds?: ReadonlySet<string> },
  ): Promise<Map<string, ExternalLinkResult>>;
}

/** What a site rule sees: the site model, built once per site state, and every page's facts. */
export interface SiteContext<O = unknown, M extends string = string> extends BaseContext<O, M> {
  site: SiteModel;
  /** Facts of a page by absolute path (parsed on first request, then kept). */
  facts(file: string): Promise<PageFacts | undefined>;
  /**
   * A page's front-matter facts (title, description, `hidden`, its scalar fields): the values its
   * facts hold, read from its front matter alone when its facts are not at hand. A rule that reads
   * nothing else of other pages asks this instead of `facts`, and a run over docs.json alone then
   * parses no page.
   */
  frontmatterFacts(file: string): Promise<FrontmatterFacts | undefined>;
  /**
   * The anchors a page's heading lines and `id` attributes suggest, read without parsing (a
   * superset of its real anchors); undefined when its facts are at hand anyway: then ask `facts`.
   */
  anchors(file: string): Promise<string[] | undefined>;
  /** Files whose findings are wanted (findings elsewhere are dropped anyway). */
  inScope(file: string): boolean;
  /** This lint pass, for the site model's analyses that read pages (`site.endpointReferences(context.pass)`). */
  pass: LintPass;
  /** In a run over a change (`--staged`, `--changed-since`): what it removes. Absent otherwise. */
  change?: SiteChange;
  /**
   * Under `--check-external`: the network check, for any site rule that asks. Absent otherwise:
   * the rule then has nothing to check. Asking (reading it, given or not) keeps the rule's
   * findings out of the lint cache (the checker has a cache of its own, dated), and the time it
   * waits on the checker does not count against the site check's time limit.
   */
  external?: ExternalLinkChecker;
}

/** What a docs.json rule sees. */
export interface ConfigContext<O = unknown, M extends string = string> extends BaseContext<O, M> {
  config: DocsJson;
  site: SiteModel;
}

export interface PageRule<O = any> {
  meta: RuleMeta & { kind: 'page' };
  check(context: PageContext<O>): void;
  /**
   * A spelling rule: checks the words its `check` deferred (see `PageSpelling.defer`). A page rule
   * that has it is given the dictionaries (`context.spelling`); the first one on sets them up.
   */
  checkWords?(context: SpellingContext<O>): void;
}

/** A spelling rule: a page rule with a step over the whole site's words, given the dictionaries. */
export function checksWords(rule: Rule): rule is PageRule & { checkWords: NonNullable<PageRule['checkWords']> } {
  return rule.meta.kind === 'page' && typeof (rule as PageRule).checkWords === 'function';
}

export interface SiteRule<O = any> {
  meta: RuleMeta & { kind: 'site' };
  check(context: SiteContext<O>): Promise<void> | void;
}

export interface ConfigRule<O = any> {
  meta: RuleMeta & { kind: 'config' };
  check(context: ConfigContext<O>): Promise<void> | void;
}

export type Rule = PageRule | SiteRule | ConfigRule;

type MetaInput<K extends RuleKind, M extends string = string> = Omit<RuleMeta, 'docsUrl' | 'kind' | 'messages'> & {
  kind: K;
  docsUrl?: string;
  messages?: Record<M, string>;
};

/** Declares a rule; fills in the docs URL from the id. Types the check's context by the kind (and `messageId` by `meta.messages`). */
export function defineRule<O = unknown, M extends string = string>(rule: {
  meta: MetaInput<'page', M>;
  check(context: PageContext<O, M>): void;
  checkWords?(context: SpellingContext<O, M>): void;
}): PageRule<O>;
export function defineRule<O = unknown, M extends string = string>(rule: {
  meta: MetaInput<'site', M>;
  check(context: SiteContext<O, M>): Promise<void> | void;
}): SiteRule<O>;
export function defineRule<O = unknown, M extends string = string>(rule: {
  meta: MetaInput<'config', M>;
  check(context: ConfigContext<O, M>): Promise<void> | void;
}): ConfigRule<O>;
export function defineRule(rule: { meta: MetaInput<RuleKind>; check(context: never): unknown }): Rule {
  return withMessages({ ...rule, meta: { ...rule.meta, docsUrl: rule.meta.docsUrl ?? ruleUrl(rule.meta.id) } } as Rule);
}

/**
 * A rule whose reports may name `meta.messages` by id: its check is handed a context whose
 * `report` turns `{ messageId, data }` into the message (the rule itself when it declares no
 * messages, unless `always`: a plugin's rule, whose stray `messageId` is then an error naming it).
 * A report that already has its message passes through, so wrapping twice is harmless. The
 * page context's other ways to report (`reportNotChecked`, `reportIfUnused`) resolve it too.
 */
export function withMessages<R extends Rule>(rule: R, always = false): R {
  if (!rule.meta.messages && !always) return rule;
  const meta = rule.meta;
  const check = rule.check as (context: BaseContext<unknown>) => unknown;
  const wrapped = {
    ...rule,
    check(context: BaseContext<unknown> & Partial<Pick<PageContext, 'reportNotChecked' | 'reportIfUnused'>>) {
      const { report, reportNotChecked, reportIfUnused } = context;
      const resolved = (r: ReportDescriptor) => report.call(context, resolveReport(meta, r));
      // A page context (made for every page) has no getter: spread, the cheaper copy.
      if (meta.kind !== 'page') return check.call(rule, withReporter(context, resolved));
      return check.call(rule, {
        ...context,
        report: resolved,
        ...(reportNotChecked && {
          reportNotChecked: (r: ReportDescriptor) => reportNotChecked.call(context, resolveReport(meta, r)),
        }),
        ...(reportIfUnused && {
          reportIfUnused: (directive: DirectiveFact, r: ReportDescriptor, named?: string) =>
            reportIfUnused.call(context, directive, resolveReport(meta, r), named),
        }),
      });
    },
  };
  return wrapped as unknown as R;
}

/**
 * The context with another `report`; its other properties as they are, getters included (a
 * service the engine gives on request, `context.external`, is asked for only when the rule reads it).
 */
export function withReporter<C extends { report(report: never): void }>(context: C, report: C['report']): C {
  const descriptors = Object.getOwnPropertyDescriptors(context);
  return Object.defineProperties({} as C, {
    ...descriptors,
    report: { value: report, enumerable: true, writable: true, configurable: true },
  });
}

/** A report with its message: `messageId` looked up in `meta.messages` and its placeholders filled from `data`. */
export function resolveReport(meta: Pick<RuleMeta, 'id' | 'messages'>, report: ReportDescriptor): Report {
  if (report.message !== undefined || report.messageId === undefined) return report as Report;
  const template =
    meta.messages && Object.hasOwn(meta.messages, report.messageId) ? meta.messages[report.messageId] : undefined;
  if (typeof template !== 'string') {
    throw new Error(`rule ${meta.id} reported messageId "${report.messageId}", which is not in its meta.messages`);
  }
  return { ...report, message: fillMessage(template, report.data) };
}

/** `{{name}}` placeholders replaced by `data.name` (ESLint's syntax); one without a value stays as written. */
export function fillMessage(template: string, data: MessageData | undefined): string {
  if (!data) return template;
  return template.replace(/\{\{([^{}]+?)\}\}/g, (whole, name: string) => {
    const key = name.trim();
    return Object.hasOwn(data, key) ? String(data[key]) : whole;
  });
}

/**
 * Compiled form of a rule's options, built once per options object (options come from the
 * configuration and are the same object for every page of a run).
 */
export function compiledOnce<O extends object, C>(build: (options: O | undefined) => C): (options: O | undefined) => C {
  const cache = new WeakMap<O, C>();
  let defaults: C | undefined;
  return (options) => {
    if (options === undefined || options === null || typeof options !== 'object') {
      return (defaults ??= build(undefined));
    }
    let compiled = cache.get(options);
    if (compiled === undefined) {
      compiled = build(options);
      cache.set(options, compiled);
    }
    return compiled;
  };
}

/** Lowercase, punctuation removed, whitespace collapsed: how phrases are compared. */
export function normalisePhrase(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The span from a 1-based position to the end of its line. */
export function toLineEnd(context: Pick<PageContext, 'text' | 'lines'>, line: number, column: number): Span {
  const starts = context.lines.starts;
  const start = starts[line - 1] ?? 0;
  let end = line < starts.length ? starts[line]! : context.text.length;
  while (end > start && (context.text.charCodeAt(end - 1) === 10 || context.text.charCodeAt(end - 1) === 13)) end--;
  return { line, column, endLine: line, endColumn: Math.max(column, end - start + 1) };
}
