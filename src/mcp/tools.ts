import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic, Severity } from '../core/diagnostic.js';
import { UserError } from '../core/errors.js';
import { isInside, toPosix } from '../core/paths.js';
import { realRoot } from '../core/safe-read.js';
import { findDoclintrc } from '../config/doclintrc-file.js';
import { lint, type LintRun } from '../commands/lint.js';
import { notLoadedLine } from '../config/site-settings.js';
import { WarmSessions } from '../engine/warm.js';
import { escapeControls, filesText, plural } from '../report/support.js';
import { findSitesBelow } from '../site/find-below.js';
import { findSiteRoot } from '../site/load.js';

/*
 * The tools of `doclint mcp`: each takes the arguments a client sent (checked here, one line per
 * mistake), runs the same engine as the command line over the workspace, and returns text for the
 * model and the same as structured content. A path is relative to the workspace (or absolute
 * inside it); nothing outside it is read or written, and a site whose docs.json or configuration
 * file is outside it is refused.
 */

/** What a tool returns: text (a summary, a page, a diff) and, for most tools, the same as data. */
export interface ToolResult {
  text: string;
  structured?: Record<string, unknown>;
}

/** A mistake in a tool's arguments or its paths: the one line the client gets, as an error result. */
export class ToolError extends UserError {}

export interface ToolContext {
  /** The workspace: the folder the server was started in (or `--workspace`), absolute. */
  workspace: string;
  /** False unless the server was started with `--plugins`: nothing the configuration names is imported. */
  plugins: boolean;
  sessions: WarmSessions;
}

/** Findings a `lint` result lists by default (the counts are always whole). */
export const DEFAULT_MAX_FINDINGS = 200;
export const MAX_FINDINGS = 5000;

// ---------------------------------------------------------------------------------------------
// Arguments

type Args = Record<string, unknown>;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

/** The arguments as an object with only the names `known`: a mistake is one line naming the tool. */
function checkArgs(tool: string, args: unknown, known: string[]): Args {
  if (args === undefined || args === null) return {};
  if (typeof args !== 'object' || Array.isArray(args))
    throw new ToolError(`${tool}: the arguments must be an object (got ${describe(args)})`);
  for (const name of Object.keys(args)) {
    if (!known.includes(name))
      throw new ToolError(
        `${tool}: unknown argument "${escapeControls(name)}" (${tool} takes ${known.length ? known.join(', ') : 'no arguments'})`,
      );
  }
  return args as Args;
}

function stringArg(tool: string, args: Args, name: string): string | undefined {
  const value = args[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '')
    throw new ToolError(`${tool}: "${name}" must be a non-empty string (got ${describe(value)})`);
  return value;
}

function booleanArg(tool: string, args: Args, name: string): boolean {
  const value = args[name];
  if (value === undefined) return false;
  if (typeof value !== 'boolean')
    throw new ToolError(`${tool}: "${name}" must be true or false (got ${describe(value)})`);
  return value;
}

function pathsArg(tool: string, args: Args, name: string): string[] | undefined {
  const value = args[name];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length === 0 || value.some((p) => typeof p !== 'string' || p === ''))
    throw new ToolError(
      `${tool}: "${name}" must be a non-empty array of paths relative to the workspace (got ${describe(value)})`,
    );
  return value as string[];
}

function integerArg(tool: string, args: Args, name: string, min: number, max: number): number | undefined {
  const value = args[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    throw new ToolError(`${tool}: "${name}" must be a whole number from ${min} to ${max} (got ${describe(value)})`);
  return value;
}

// ---------------------------------------------------------------------------------------------
// The workspace

/** The real path of `file`, or of the nearest folder above it that exists (a page given as text may not exist yet). */
function realOrParent(file: string): string {
  let current = file;
  const rest: string[] = [];
  for (;;) {
    try {
      return path.join(realpathSync.native(current), ...rest.reverse());
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return file;
      rest.push(path.basename(current));
      current = parent;
    }
  }
}

/** A path argument as an absolute path inside the workspace (through any symbolic link too); else a ToolError. */
function inWorkspace(ctx: ToolContext, tool: string, p: string): string {
  if (p.includes('\0')) throw new ToolError(`${tool}: a path must not contain a NUL character`);
  const abs = path.resolve(ctx.workspace, p);
  const outside = `${tool}: ${escapeControls(p)} is outside the workspace ${ctx.workspace}; doclint mcp reads and writes only inside the folder it was started in (or --workspace DIR)`;
  if (!isInside(ctx.workspace, abs)) throw new ToolError(outside);
  if (!isInside(realRoot(ctx.workspace), realOrParent(abs)))
    throw new ToolError(`${outside} (it leads out through a symbolic link)`);
  return abs;
}

/** The site of a path (walking up to docs.json), which must be inside the workspace with the configuration that applies to it. */
async function checkSite(ctx: ToolContext, tool: string, abs: string, shown: string): Promise<string | undefined> {
  let folder = abs;
  try {
    if (!statSync(abs).isDirectory()) folder = path.dirname(abs);
  } catch {
    folder = path.dirname(abs);
  }
  const root = await findSiteRoot(folder);
  if (!root) return undefined;
  if (!isInside(ctx.workspace, root))
    throw new ToolError(
      `${tool}: ${escapeControls(shown)} belongs to the site at ${root}, whose docs.json is outside the workspace ${ctx.workspace}; start doclint mcp in a folder that holds the site (or give --workspace DIR)`,
    );
  const rc = await findDoclintrc(root);
  if (rc && !isInside(ctx.workspace, rc))
    throw new ToolError(
      `${tool}: the configuration file ${rc} of the site at ${root} is outside the workspace ${ctx.workspace}; start doclint mcp in a folder that holds it (or give --workspace DIR)`,
    );
  return root;
}

/** The paths of a tool's arguments, checked; none: the workspace itself. */
async function sitePaths(ctx: ToolContext, tool: string, paths: string[] | undefined): Promise<string[]> {
  const out: string[] = [];
  for (const p of paths ?? ['.']) {
    const abs = inWorkspace(ctx, tool, p);
    if (!statSync(abs, { throwIfNoEntry: false }))
      throw new ToolError(
        `${tool}: no such file or folder: ${escapeControls(p)} (paths are relative to the workspace ${ctx.workspace})`,
      );
    const root = await checkSite(ctx, tool, abs, p);
    if (!root && statSync(abs).isDirectory()) {
      // A repository whose site is in a subfolder: say which paths to give.
      const sites = (await findSitesBelow(abs)).map((s) => relative(ctx, s));
      const where = sites.length
        ? `; found ${sites.length === 1 ? 'one' : sites.length} in ${sites.slice(0, 3).join(', ')} — give "paths": ${JSON.stringify(sites.slice(0, 1))}`
        : '';
      throw new ToolError(`${tool}: no docs.json in ${escapeControls(p)} or any folder above it${where}`);
    }
    out.push(abs);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Findings

/** A finding as the tools return it: the CLI's JSON message with the file relative to the workspace and the severity as a word. */
export interface ToolFinding {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  ruleId: string;
  severity: Severity;
  message: string;
  url: string;
  fix?: { range: [number, number]; text: string };
  suggestions?: Array<{ desc: string; fix: { range: [number, number]; text: string } }>;
  related?: Array<{ file: string; line: number; column: number; endLine: number; endColumn: number; message: string }>;
}

function relative(ctx: ToolContext, file: string): string {
  return toPosix(path.relative(ctx.workspace, file)) || '.';
}

function toFinding(ctx: ToolContext, d: Diagnostic): ToolFinding {
  return {
    file: relative(ctx, d.file),
    line: d.line,
    column: d.column,
    endLine: d.endLine,
    endColumn: d.endColumn,
    ruleId: d.ruleId,
    severity: d.severity,
    message: d.message,
    url: d.url,
    ...(d.fix ? { fix: { range: d.fix.range, text: d.fix.text } } : {}),
    ...(d.suggestions?.length
      ? { suggestions: d.suggestions.map((s) => ({ desc: s.desc, fix: { range: s.fix.range, text: s.fix.text } })) }
      : {}),
    ...(d.related?.length
      ? {
          related: d.related.map((r) => ({
            file: relative(ctx, r.file),
            line: r.line,
            column: r.column,
            endLine: r.endLine,
            endColumn: r.endColumn,
            message: r.message,
          })),
        }
      : {}),
  };
}

function counts(diagnostics: Diagnostic[]): { errorCount: number; warningCount: number; infoCount: number } {
  let errorCount = 0;
  let warningCount = 0;
  let infoCount = 0;
  for (const d of diagnostics) {
    if (d.severity === 'error') errorCount++;
    else if (d.severity === 'warning') warningCount++;
    else infoCount++;
  }
  return { errorCount, warningCount, infoCount };
}

/** What the run says besides its findings: plugins not loaded, checks not done in full, files ignored. */
function notes(ctx: ToolContext, run: LintRun): string[] {
  const out: string[] = [];
  const skipped = notLoadedLine(run.notLoaded);
  if (skipped)
    out.push(
      ctx.plugins
        ? skipped
        : skipped.replace('--no-plugins', 'plugins are off (start doclint mcp with --plugins to load them)'),
    );
  for (const notice of run.notices) out.push(notice);
  for (const file of run.ignored) out.push(`${relative(ctx, file)}: ignored by an ignore pattern of the configuration`);
  for (const change of run.fixed) if (change.error) out.push(change.error);
  return out.map((n) => escapeControls(n));
}

function findingLine(f: ToolFinding): string {
  return `${escapeControls(f.file)}:${f.line}:${f.column}: ${f.severity} ${escapeControls(f.message.replace(/\s*[\r\n]\s*/g, ' '))} [${escapeControls(f.ruleId)}]`;
}

/** The run's options that every tool's lint shares: the warm sessions, the plugins switch, suppressions read and never written. */
function runOptions(
  ctx: ToolContext,
): Pick<Parameters<typeof lint>[0], 'cwd' | 'sessions' | 'plugins' | 'suppressions'> {
  return { cwd: ctx.workspace, sessions: ctx.sessions, plugins: ctx.plugins ? undefined : false, suppressions: {} };
}

// ---------------------------------------------------------------------------------------------
// The tools

export async function lintTool(ctx: ToolContext, input: unknown): Promise<ToolResult> {
  const args = checkArgs('lint', input, ['paths', 'path', 'text', 'maxFindings']);
  const paths = pathsArg('lint', args, 'paths');
  const file = stringArg('lint', args, 'path');
  const text = args.text;
  if (text !== undefined && typeof text !== 'string')
    throw new ToolError(`lint: "text" must be a string (got ${describe(text)})`);
  const max = integerArg('lint', args, 'maxFindings', 1, MAX_FINDINGS) ?? DEFAULT_MAX_FINDINGS;
  if (text !== undefined && file === undefined)
    throw new ToolError('lint: "text" needs "path": the file of the site the text stands for');
  if (file !== undefined && text === undefined)
    throw new ToolError('lint: "path" goes with "text"; to lint files on disk, give "paths"');
  if (text !== undefined && paths) throw new ToolError('lint: give either "paths" or "text" with "path", not both');
  let run: LintRun;
  if (text !== undefined) {
    const abs = inWorkspace(ctx, 'lint', file!);
    const root = await checkSite(ctx, 'lint', abs, file!);
    if (!root)
      throw new ToolError(
        `lint: ${escapeControls(file!)} is in no site (no docs.json in its folder or any folder above it)`,
      );
    if (statSync(abs, { throwIfNoEntry: false })?.isDirectory())
      throw new ToolError(`lint: ${escapeControls(file!)} is a folder; "path" names the file the text stands for`);
    run = await lint({ ...runOptions(ctx), paths: [abs], overlays: new Map([[abs, text]]) });
  } else {
    run = await lint({ ...runOptions(ctx), paths: await sitePaths(ctx, 'lint', paths) });
  }
  const findings = run.diagnostics.map((d) => toFinding(ctx, d));
  const shown = findings.slice(0, max);
  const total = counts(run.diagnostics);
  const said = notes(ctx, run);
  const summary =
    findings.length === 0
      ? `No problems found in ${filesText(run.files)}.`
      : `${plural(findings.length, 'problem')} (${plural(total.errorCount, 'error')}, ${plural(total.warningCount, 'warning')}, ${plural(total.infoCount, 'note')}) in ${filesText(run.files)}.`;
  const lines = [summary, ...shown.map(findingLine)];
  if (shown.length < findings.length)
    lines.push(
      `… and ${findings.length - shown.length} more (raise maxFindings, up to ${MAX_FINDINGS}, or lint fewer paths)`,
    );
  if (findings.some((f) => f.fix))
    lines.push('Fixable findings: the fix tool shows their diff (and writes them with "write": true).');
  for (const note of said) lines.push(`note: ${note}`);
  return {
    text: lines.join('\n') + '\n',
    structured: {
      findings: shown,
      truncated: shown.length < findings.length,
      ...total,
      fileCount: run.files.length,
      sites: run.sites.map((s) => relative(ctx, s)),
      notes: said,
    },
  };
}

export async function fixTool(ctx: ToolContext, input: unknown): Promise<ToolResult> {
  const args = checkArgs('fix', input, ['paths', 'write', 'suggestions']);
  const paths = pathsArg('fix', args, 'paths');
  if (!paths) throw new ToolError('fix: "paths" is required: the files or folders (relative to the workspace) to fix');
  const write = booleanArg('fix', args, 'write');
  const suggestions = booleanArg('fix', args, 'suggestions');
  const run = await lint({
    ...runOptions(ctx),
    paths: await sitePaths(ctx, 'fix', paths),
    fix: write ? 'write' : 'dry-run',
    fixSuggestions: suggestions,
  });
  const { createTwoFilesPatch } = await import('diff');
  let diff = '';
  const files = run.fixed.map((change) => {
    const name = relative(ctx, change.file);
    diff += createTwoFilesPatch(`a/${name}`, `b/${name}`, change.original, change.output, undefined, undefined, {
      context: 3,
    }).replace(/^=+\n/, '');
    return {
      file: name,
      written: write && !change.error,
      ...(change.error ? { error: escapeControls(change.error) } : {}),
    };
  });
  const offered = suggestions ? [] : run.diagnostics.filter((d) => !d.fix && d.suggestions?.length);
  const remaining = counts(run.diagnostics);
  const lines: string[] = [];
  if (!files.length) lines.push('Nothing to fix: no finding in these paths has a safe fix.');
  else if (write) {
    const written = files.filter((f) => f.written).length;
    lines.push(
      `Fixed ${plural(written, 'file')}${written < files.length ? ` (${files.length - written} not written: see the notes)` : ''}:`,
      diff,
    );
  } else lines.push(`The fixes as a diff (nothing written; call fix with "write": true to apply them):`, diff);
  if (offered.length) {
    lines.push('Suggestions, not applied (guesses: apply them with "suggestions": true):');
    for (const d of offered)
      lines.push(
        `  ${escapeControls(relative(ctx, d.file))}:${d.line}:${d.column}  ${d.ruleId}  ${d.suggestions!.map((s) => escapeControls(s.desc)).join('; ')}`,
      );
  }
  lines.push(
    `${write ? 'Remaining' : 'Remaining after these fixes'}: ${plural(remaining.errorCount, 'error')}, ${plural(remaining.warningCount, 'warning')}, ${plural(remaining.infoCount, 'note')}.`,
  );
  for (const note of notes(ctx, run)) lines.push(`note: ${note}`);
  return {
    text: lines.join('\n').replace(/\n+$/, '') + '\n',
    structured: {
      written: write,
      files,
      diff,
      suggestions: offered.map((d) => ({
        file: relative(ctx, d.file),
        line: d.line,
        column: d.column,
        ruleId: d.ruleId,
        descriptions: d.suggestions!.map((s) => s.desc),
      })),
      remaining,
    },
  };
}

export async function listRulesTool(_ctx: ToolContext, input: unknown): Promise<ToolResult> {
  const args = checkArgs('list_rules', input, ['kind']);
  const kind = stringArg('list_rules', args, 'kind');
  if (kind !== undefined && !['config', 'page', 'site'].includes(kind))
    throw new ToolError(`list_rules: "kind" must be config, page or site (got ${describe(kind)})`);
  const { ruleSummary, sortedRules } = await import('../commands/rules.js');
  const rules = sortedRules()
    .filter((m) => kind === undefined || m.kind === kind)
    .map(ruleSummary);
  const lines = rules.map(
    (r) =>
      `${r.id} (${r.kind}, ${r.severity}${r.fixable ? ', fix' : ''}${r.hasSuggestions ? ', suggestions' : ''}): ${r.description}`,
  );
  return {
    text: `${plural(rules.length, 'rule')}; explain_rule gives a rule's page.\n${lines.join('\n')}\n`,
    structured: { rules },
  };
}

export async function explainRuleTool(_ctx: ToolContext, input: unknown): Promise<ToolResult> {
  const args = checkArgs('explain_rule', input, ['rule']);
  const rule = stringArg('explain_rule', args, 'rule');
  if (rule === undefined)
    throw new ToolError('explain_rule: "rule" is required: a rule id such as site-broken-link (list_rules lists them)');
  const { rulePage, ruleSummary } = await import('../commands/rules.js');
  const { meta, text } = await rulePage(rule, 'list_rules').catch((error: unknown) => {
    throw error instanceof UserError ? new ToolError(`explain_rule: ${error.message}`) : error;
  });
  return { text, structured: { rule: ruleSummary(meta), page: text } };
}

export async function scoreTool(ctx: ToolContext, input: unknown): Promise<ToolResult> {
  const args = checkArgs('score', input, ['site']);
  const site = stringArg('score', args, 'site') ?? '.';
  const [target] = await sitePaths(ctx, 'score', [site]);
  const { scoreSite } = await import('../commands/score-site.js');
  const { scorecardText } = await import('../commands/scorecard.js');
  const { card, notLoaded } = await scoreSite(target!, ctx.workspace, {
    plugins: ctx.plugins ? undefined : false,
    shown: site,
  });
  const skipped = notLoadedLine(notLoaded);
  return {
    text: scorecardText(card) + (skipped ? `note: ${skipped}\n` : ''),
    structured: card as unknown as Record<string, unknown>,
  };
}

export async function llmsTxtTool(ctx: ToolContext, input: unknown): Promise<ToolResult> {
  const args = checkArgs('llms_txt', input, ['site', 'full', 'baseUrl']);
  const site = stringArg('llms_txt', args, 'site') ?? '.';
  const full = booleanArg('llms_txt', args, 'full');
  const base = stringArg('llms_txt', args, 'baseUrl');
  const { generateLlmsFullTxt, normaliseBaseUrl } = await import('../llms/llms-txt.js');
  const { generatedIndex } = await import('../commands/llms-txt.js');
  let baseUrl: string | undefined;
  if (base !== undefined) {
    const checked = normaliseBaseUrl(base);
    if (!checked.ok) throw new ToolError(`llms_txt: "baseUrl": ${checked.reason}`);
    baseUrl = checked.url;
  }
  const [target] = await sitePaths(ctx, 'llms_txt', [site]);
  const root = await findSiteRoot(target!);
  if (!root) throw new ToolError(`llms_txt: no docs.json found in ${escapeControls(site)} or any folder above it`);
  const { SiteSession } = await import('../engine/session.js');
  const { resolveSettings } = await import('../config/settings.js');
  const session = await SiteSession.open(root, resolveSettings());
  try {
    const model = session.site;
    if (model.config.value === undefined)
      throw new ToolError(`llms_txt: ${relative(ctx, model.config.rootFile)} does not parse; lint it first`);
    const facts = (file: string) => session.facts(file);
    const warnings: string[] = [];
    const text = full
      ? await generateLlmsFullTxt(model, facts, { baseUrl, warn: (message) => warnings.push(escapeControls(message)) })
      : await generatedIndex(model, facts, { baseUrl }, (note) => warnings.push(escapeControls(note)));
    return { text, structured: { file: full ? 'llms-full.txt' : 'llms.txt', text, notes: warnings } };
  } finally {
    session.close();
  }
}

export const TOOLS = {
  lint: lintTool,
  fix: fixTool,
  explain_rule: explainRuleTool,
  list_rules: listRulesTool,
  score: scoreTool,
  llms_txt: llmsTxtTool,
} as const;

export type ToolName = keyof typeof TOOLS;
