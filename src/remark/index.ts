import type { Heading, Root } from 'mdast';
import { defaultHandlers, type Handle } from 'mdast-util-to-markdown';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import type { Plugin, Processor } from 'unified';
import { lintRule } from 'unified-lint-rule';
import type { VFile } from 'vfile';
import type { Finding, Severity } from '../core/diagnostic.js';
import { LineIndex } from '../core/text.js';
import { applyDirectives, severityOf } from '../engine/message-control.js';
import { builtinRegistry } from '../config/registry.js';
import { extractHeadingIds } from '../pages/preprocess.js';
import type { DirectiveFact, UnusedDirectiveReport } from '../pages/directives.js';
import { checksWords, type PageRule, type Report } from '../rule-kit/rule.js';
import { sharedContext } from './context.js';

/*
 * `doclint/remark`: doclint's page rules as remark-lint rules, for remark-cli, eslint-plugin-mdx
 * and anything else that runs a unified preset. Each rule is a `unified-lint-rule` plugin named
 * `doclint:<rule-id>` that runs the doclint rule on the tree the host parsed; the preset also adds
 * the syntax doclint parses pages with (see `syntax`). README: "Running doclint's page rules in
 * remark-cli or ESLint".
 */

const SOURCE = 'doclint';

/** The built-in rules: their metas give severities, their ids are what directives may name. */
const lookup = builtinRegistry();
const RULE_IDS: ReadonlySet<string> = new Set(lookup.ids());
/**
 * Page rules that read only the page: a rule with a step over the whole site's words (`checkWords`,
 * a spelling rule) needs the dictionaries doclint's engine loads, so it is not offered here.
 */
const pageRules = (lookup.rules('page') as PageRule[]).filter((r) => !checksWords(r));
/** Rules whose findings no inline directive silences (`meta.notDisableable`). */
const notDisableable = new Set(pageRules.filter((r) => r.meta.notDisableable).map((r) => r.meta.id));

/**
 * The doclint severity of each message a rule reported (unified-lint-rule sets one for all;
 * doclint's differ by kind of problem), and whether its kind of problem is a note whatever the
 * rule's severity.
 */
const severities = new WeakMap<ReturnType<VFile['message']>, { severity: Severity; note: boolean }>();

type Setting = unknown;

/** The severity a remark-lint setting gives explicitly (`['warn', …]`, `['error', …]`); undefined for doclint's own defaults. */
function configuredSeverity(config: Setting): 'warning' | 'error' | undefined {
  if (!Array.isArray(config)) return undefined;
  if (config[0] === 'warn' || config[0] === 1) return 'warning';
  if (config[0] === 'error' || config[0] === 2) return 'error';
  return undefined;
}

function runRule(rule: PageRule, tree: Root, file: VFile, options: unknown): void {
  const id = rule.meta.id;
  const context = sharedContext(tree, file, RULE_IDS);
  const found: Finding[] = [];
  const ifUnused: UnusedDirectiveReport[] = [];
  const toFinding = (r: Report): Finding => {
    const at = r.at && 'line' in r.at ? r.at : { line: 1, column: 1, endLine: 1, endColumn: 1 };
    const finding: Finding = {
      file: context.file,
      line: at.line,
      column: at.column,
      endLine: at.endLine,
      endColumn: at.endColumn,
      ruleId: id,
      message: r.message,
    };
    if (r.problem !== undefined) finding.problem = r.problem;
    return finding;
  };
  const report = (r: Report) => void found.push(toFinding(r));
  const reportIfUnused = (directive: DirectiveFact, r: Report, named?: string) => {
    const { line, column } = directive;
    ifUnused.push({ line, column, ...(named !== undefined && { named }), finding: toFinding(r) });
  };
  try {
    rule.check({ ...context, ruleId: id, options, report, reportNotChecked: report, reportIfUnused });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    found.push({
      file: context.file,
      line: 1,
      column: 1,
      endLine: 1,
      endColumn: 1,
      ruleId: id,
      message: `internal error in rule ${id}: ${reason}; the rest of the page was checked`,
    });
  }
  // Inline `doclint-disable` directives apply as in doclint; whether one suppressed nothing is
  // known only with every rule's findings, so that is not reported here (not `checked`).
  const kept = applyDirectives(found, [...context.directives], context.file, ifUnused, false, notDisableable);
  const lines = context.lines;
  for (const f of kept) {
    const start = { line: f.line, column: f.column, offset: lines.offset(f.line, f.column) };
    const end = { line: f.endLine, column: f.endColumn, offset: lines.offset(f.endLine, f.endColumn) };
    const message = file.message(f.message, { place: { start, end }, ruleId: id, source: SOURCE });
    const severity = severityOf(f, lookup, undefined);
    const note = f.problem !== undefined && rule.meta.problems?.[f.problem]?.severity === 'info';
    severities.set(message, { severity: severity === 'off' ? 'warning' : severity, note });
  }
}

/** `fatal` as vfile has it: true for errors, false for warnings, undefined for notes. */
const fatalOf = (severity: Severity): boolean | undefined =>
  severity === 'error' ? true : severity === 'warning' ? false : undefined;

type Transformer = (tree: Root, file: VFile, next: (error?: Error) => void) => void;

/**
 * The remark-lint plugin of one doclint page rule. Settings as for any remark-lint rule:
 * `[plugin, false]` turns it off, `[plugin, ['warn' | 'error']]` sets its severity,
 * `[plugin, ['warn', options]]` (or `[plugin, options]`) also gives it options. Without a severity, each
 * finding has doclint's default severity (errors are fatal, notes have no `fatal`); with one,
 * every finding has it, except kinds of problem that are notes.
 */
export function remarkLintRule(rule: PageRule): Plugin<[Setting?], Root> {
  const id = rule.meta.id;
  const origin = `${SOURCE}:${id}`;
  const attacher = lintRule<Root, unknown>({ origin, url: rule.meta.docsUrl }, (tree, file, options) =>
    runRule(rule, tree, file, options),
  );
  function plugin(this: Processor, config?: Setting) {
    const transformer = (attacher as unknown as (this: Processor, config: Setting) => Transformer | undefined).call(
      this,
      config,
    );
    if (!transformer) return undefined;
    const configured = configuredSeverity(config);
    return (tree: Root, file: VFile, next: (error?: Error) => void) => {
      const from = file.messages.length;
      transformer(tree, file, (error) => {
        for (const message of file.messages.slice(from)) {
          const own = severities.get(message);
          if (own === undefined) continue;
          message.fatal = fatalOf(own.note ? 'info' : (configured ?? own.severity));
        }
        next(error);
      });
    };
  }
  Object.defineProperty(plugin, 'name', { value: origin });
  return plugin as Plugin<[Setting?], Root>;
}

/** A heading's custom id (`## Title {#id}`), kept on the node for remark-stringify (see `syntax`). */
const HEADING_ID = 'doclintHeadingId';

/** Marks the headings of the lines that had a `{#id}` with it (blanked before parsing, so not in the tree). */
function markHeadingIds(
  node: { type: string; position?: { start: { line: number } }; data?: unknown; children?: unknown[] },
  ids: Map<number, string>,
): void {
  const line = node.position?.start.line;
  if (node.type === 'heading' && line !== undefined && ids.has(line))
    node.data = { ...(node.data as object | undefined), [HEADING_ID]: ids.get(line) };
  for (const child of node.children ?? []) markHeadingIds(child as Parameters<typeof markHeadingIds>[0], ids);
}

/** remark-stringify's heading, with the custom id written back (a host that rewrites the file, such as eslint-plugin-mdx's fixes, keeps it). */
const heading: Handle = (node, parent, state, info) => {
  const out = defaultHandlers.heading(node as Heading, parent, state, info);
  const id = (node.data as Record<string, unknown> | undefined)?.[HEADING_ID];
  return typeof id === 'string' && out.startsWith('#') ? `${out} {#${id}}` : out;
};

/**
 * The syntax doclint parses pages with, added to the host's parser unless the host already has it:
 * GitHub's tables, strikethrough, footnotes and autolinks (remark-gfm), YAML front matter
 * (remark-frontmatter) and `$math$` (remark-math). `## Title {#id}` custom heading ids are blanked
 * out before parsing (same length: positions stay exact), as doclint does, and written back by
 * remark-stringify; MDX itself (remark-mdx) comes from the host.
 */
export function syntax(this: Processor): void {
  const present = new Set(this.attachers.map(([plugin]) => (plugin as { name?: string }).name));
  if (!present.has('remarkGfm')) remarkGfm.call(this as never);
  if (!present.has('remarkFrontmatter')) remarkFrontmatter.call(this as never, ['yaml']);
  if (!present.has('remarkMath')) remarkMath.call(this as never);
  const parse = this.parser;
  if (parse) {
    this.parser = (document: string, file: VFile) => {
      const { text, headingIds } = extractHeadingIds(document, new LineIndex(document));
      const tree = parse(text, file);
      if (headingIds.size) markHeadingIds(tree as Root, headingIds);
      return tree;
    };
  }
  const data = this.data() as { toMarkdownExtensions?: Array<{ handlers?: Record<string, Handle> }> };
  (data.toMarkdownExtensions ??= []).push({ handlers: { heading } });
}
Object.defineProperty(syntax, 'name', { value: 'doclintSyntax' });

/** Every built-in page rule as a remark-lint plugin, by rule id. */
export const rules: Readonly<Record<string, Plugin<[Setting?], Root>>> = Object.freeze(
  Object.fromEntries(pageRules.map((r) => [r.meta.id, remarkLintRule(r)])),
);

type RulePlugin = Plugin<[Setting?], Root>;

/** The plugins by the camel-case name of their rule id (pageImageAlt for page-image-alt): the named exports below. */
const named: Readonly<Record<string, RulePlugin>> = Object.fromEntries(
  Object.entries(rules).map(([id, plugin]) => [id.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase()), plugin]),
);

/**
 * The plugin of a named export; a name that no page rule has fails the import. The exports below
 * are generated from the page rules by `npm run gen` (`node scripts/gen.mjs --check` says when they
 * are out of date; test/remark/preset.test.ts checks each).
 */
const of = (name: string): RulePlugin => {
  const plugin = named[name];
  if (!plugin) throw new Error(`doclint/remark: no page rule named ${name}`);
  return plugin;
};

// gen:remark-rules — one export per page rule, written by `npm run gen` (scripts/gen.mjs): do not edit.
export const agentSectionHeaderQuality = of('agentSectionHeaderQuality');
export const agentTabbedContentSize = of('agentTabbedContentSize');
export const pageCodeFence = of('pageCodeFence');
export const pageCodeLanguage = of('pageCodeLanguage');
export const pageComponentAttributes = of('pageComponentAttributes');
export const pageDirective = of('pageDirective');
export const pageFrontmatter = of('pageFrontmatter');
export const pageFrontmatterRequired = of('pageFrontmatterRequired');
export const pageFrontmatterUnknownKey = of('pageFrontmatterUnknownKey');
export const pageHeadingIncrement = of('pageHeadingIncrement');
export const pageIconUnknown = of('pageIconUnknown');
export const pageImageAlt = of('pageImageAlt');
export const pageImageFrame = of('pageImageFrame');
export const pageLinkName = of('pageLinkName');
export const pageLinkText = of('pageLinkText');
export const pageMdxSyntax = of('pageMdxSyntax');
export const pageMediaAlt = of('pageMediaAlt');
export const pageNoBodyH1 = of('pageNoBodyH1');
export const pageTerminology = of('pageTerminology');
export const pageTodoMarker = of('pageTodoMarker');
export const pageUnknownComponent = of('pageUnknownComponent');
// /gen:remark-rules

/** The preset: doclint's syntax, then every built-in page rule that is on by default, with its default severity (add an off-by-default one by name). */
const preset: { plugins: Array<Plugin<never[], Root> | Plugin<[Setting?], Root>> } = {
  plugins: [
    syntax as Plugin<never[], Root>,
    ...pageRules.filter((r) => !r.meta.defaultOff).map((r) => rules[r.meta.id]!),
  ],
};
export default preset;
