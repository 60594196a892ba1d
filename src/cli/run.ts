import { statSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { writeFileAtomic } from '../core/atomic-write.js';
import { checkWriteTarget } from '../core/place.js';
import { isInside } from '../core/paths.js';
import path from 'node:path';
import { lint } from '../commands/lint.js';
import { MAX_BUDGET } from '../services/external/checker.js';
import { UserError } from '../core/errors.js';
import { parseSeverity, resolveSettings, type RuleSetting } from '../config/settings.js';
import { notLoadedLine, resolveSiteSettings } from '../config/site-settings.js';
import { reporters } from '../report/index.js';
import { escapeControls } from '../report/support.js';
import type { SuppressionsOptions } from '../commands/suppressions.js';
import type { LintOptions, LintRun } from '../commands/lint.js';
import type { Values } from './usage.js';
import { exitCode, printNotes, type Print } from './run-notes.js';
import { ExitCode } from './usage.js';
import { didYouMean } from '../core/suggest.js';

interface Invocation {
  values: Values;
  positionals: string[];
  cwd: string;
  /** The command as given and the signature of the doclint build running it: a `--cache` run is then recorded for replay (src/cache/run-record.ts). */
  record?: { argv: string[]; build: string };
}

/** Most worker threads `--threads` starts. */
const MAX_THREADS = 256;

/** Formats that describe the rules (a rule table, rule links): only they load the registry. */
const RULE_TABLE_FORMATS = new Set(['sarif', 'html']);

function useColor(values: Values, toFile: boolean): boolean {
  if (values['no-color']) return false;
  if (values.color) return true;
  if (toFile) return false;
  const env = process.env;
  if ('NO_COLOR' in env && env.NO_COLOR !== '') return false;
  if ('FORCE_COLOR' in env) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return Boolean(process.stdout.isTTY);
}

async function ruleOverrides(specs: string[] = []): Promise<Record<string, RuleSetting>> {
  const out: Record<string, RuleSetting> = {};
  const { findRule, allRuleIds } = specs.length
    ? await import('../config/registry.js')
    : { findRule: () => undefined, allRuleIds: () => [] };
  for (const spec of specs) {
    const i = spec.lastIndexOf(':');
    const id = i > 0 ? spec.slice(0, i) : '';
    const severity = i > 0 ? parseSeverity(spec.slice(i + 1)) : undefined;
    if (!id || !severity)
      throw new UserError(`--rule takes ID:SEVERITY with SEVERITY off, info, warn or error (got "${spec}")`);
    // A plugin's rule (`acme/no-todo`) is checked once the configuration has loaded its plugins.
    if (!id.includes('/') && !findRule(id)) {
      const close = didYouMean(id, allRuleIds());
      throw new UserError(`--rule: unknown rule "${id}"${close ? `; did you mean "${close}"?` : ''}`);
    }
    out[id] = { severity };
  }
  return out;
}

export async function run({ values, positionals, cwd, record }: Invocation): Promise<number> {
  const started = Date.now();
  try {
    if (positionals[0] === 'llms-txt') return await llmsTxt(positionals.slice(1), values, cwd);
    if (positionals[0] === 'init') return await (await import('./init.js')).init(positionals.slice(1), values, cwd);
    if (positionals[0] === 'rules' || positionals[0] === 'explain')
      return await (await import('./rules.js')).rulesCommand(positionals, values);
    return await lintCommand({ values, positionals, cwd, record }, started);
  } catch (error) {
    if (error instanceof UserError) {
      process.stderr.write(`doclint: ${escapeControls(error.describe(cwd))}\n`);
      return error.exitCode;
    }
    const e = error as Error;
    process.stderr.write(`doclint: internal error: ${escapeControls(e?.message ?? String(error))}\n`);
    if (process.env.DOCLINT_DEBUG) process.stderr.write(`${e?.stack ?? ''}\n`);
    return ExitCode.Failure;
  }
}

/** The report's format and the `--max-warnings` limit (-1: none), checked. */
function outputOptions(values: Values): {
  format: string;
  loadReporter: (typeof reporters)[string];
  maxWarnings: number;
} {
  if (values['base-url'] !== undefined || values.full || values.segment !== undefined) {
    const flag = values.full ? '--full' : values.segment !== undefined ? '--segment NAME' : '--base-url URL';
    throw new UserError(`${flag.split(' ')[0]} goes with llms-txt: doclint llms-txt [site] ${flag}`);
  }
  const format = values.format ?? 'stylish';
  // Own names only: `constructor` or `toString` are not formats.
  const loadReporter = Object.hasOwn(reporters, format) ? reporters[format] : undefined;
  if (!loadReporter) throw new UserError(`unknown format "${format}"; use one of ${Object.keys(reporters).join(', ')}`);
  let maxWarnings = -1;
  if (values['max-warnings'] !== undefined && values['max-warnings'] !== '-1') {
    // Digits only: `Number('')` and `Number(' ')` are 0, `Number('1e3')` is 1000. -1 is no limit (ESLint's meaning).
    maxWarnings = /^\d+$/.test(values['max-warnings']) ? Number(values['max-warnings']) : -1;
    if (!Number.isSafeInteger(maxWarnings) || maxWarnings < 0)
      throw new UserError(`--max-warnings takes a whole number, or -1 for no limit (got "${values['max-warnings']}")`);
  }
  return { format, loadReporter, maxWarnings };
}

/** What to lint: the paths, standard input (`--stdin`), or the change git would commit (`--staged`). */
async function lintInputs(
  values: Values,
  positionals: string[],
  cwd: string,
): Promise<Pick<LintOptions, 'paths' | 'overlays' | 'removed' | 'configsBefore'>> {
  let paths = positionals;
  let overlays: Map<string, Buffer> | undefined;
  if (values.stdin) {
    const name = values['stdin-filename'];
    if (!name) throw new UserError('--stdin needs --stdin-filename PATH: the file of the site the text stands for');
    if (positionals.length) throw new UserError('--stdin lints standard input only; give no paths');
    const file = path.resolve(cwd, name);
    overlays = new Map([[file, await readStdin()]]);
    paths = [file];
  } else if (values['stdin-filename']) {
    throw new UserError('--stdin-filename goes with --stdin');
  }
  let removed: Map<string, Buffer> | undefined;
  let configsBefore: Map<string, Buffer> | undefined;
  const since = values['changed-since'];
  if (values.staged || since !== undefined) {
    const flag = values.staged ? '--staged' : '--changed-since';
    if (values.staged && since !== undefined) throw new UserError('--staged and --changed-since exclude each other');
    if (values.stdin)
      throw new UserError(
        values.staged
          ? '--staged lints the change git would commit; it does not go with --stdin'
          : "--changed-since lints a branch's change; it does not go with --stdin",
      );
    const { stagedChange, changeSince } = await import('./git-change.js');
    const change = since !== undefined ? await changeSince(cwd, since) : await stagedChange(cwd);
    removed = change.removed;
    configsBefore = change.configsBefore;
    // A change that deletes or moves a site's docs.json: its pages are no longer a site there.
    for (const config of change.configsRemoved)
      process.stderr.write(
        `doclint: ${flag}: the ${values.staged ? 'commit' : 'change'} removes ${escapeControls(path.relative(cwd, config) || config)}: the pages of that folder are no longer a site there (linted only against a docs.json above them, if any)\n`,
      );
    if (values.staged) {
      // With no paths, the staged files; with paths (pre-commit's list), those.
      if (!paths.length) paths = change.files;
    } else {
      // The changed files; with paths, those of the changed files inside them.
      const within = paths.map((p) => path.resolve(cwd, p));
      paths = within.length ? change.files.filter((f) => within.some((w) => isInside(w, f))) : change.files;
      if (within.length) removed = new Map([...removed].filter(([f]) => within.some((w) => isInside(w, f))));
    }
  }
  return { paths, overlays, removed, configsBefore };
}

/** How the run fixes (`--fix`, `--fix-dry-run`), and the rule options `--fix-code-language` sets. */
async function fixOptions(
  values: Values,
  overrides: Record<string, RuleSetting>,
): Promise<'write' | 'dry-run' | undefined> {
  if (values.fix && values['fix-dry-run']) throw new UserError('--fix and --fix-dry-run exclude each other');
  if (values.fix && values.stdin)
    throw new UserError('--fix cannot write to standard input; use --fix-dry-run to see the fixes');
  const fix = values.fix ? 'write' : values['fix-dry-run'] ? 'dry-run' : undefined;
  if (values['fix-suggestions'] && !fix) throw new UserError('--fix-suggestions goes with --fix or --fix-dry-run');
  if (values['fix-code-language'] !== undefined) {
    const language = values['fix-code-language'];
    if (!/^[\w+#.-]+$/.test(language))
      throw new UserError(`--fix-code-language takes a language name such as "bash" (got "${language}")`);
    // The rules whose options schema has a `fixLanguage` option.
    const { builtinRegistry } = await import('../config/registry.js');
    for (const { id, optionsSchema } of builtinRegistry().metas())
      if (Object.hasOwn((optionsSchema?.properties ?? {}) as object, 'fixLanguage'))
        overrides[id] = { ...overrides[id], options: { fixLanguage: language } };
  }
  return fix;
}

/** `--threads` and `--cache`, checked. */
function runOptions(values: Values): Pick<LintOptions, 'threads' | 'cache'> {
  if (values['cache-location'] !== undefined && !values.cache)
    throw new UserError('--cache-location goes with --cache');
  const threads =
    values.threads === undefined || values.threads === 'auto'
      ? 'auto'
      : /^\d+$/.test(values.threads)
        ? Number(values.threads)
        : 0;
  if (threads !== 'auto' && (threads < 1 || threads > MAX_THREADS))
    throw new UserError(
      `--threads takes a number of threads from 1 to ${MAX_THREADS}, or auto (got "${values.threads}")`,
    );
  const cache = values.cache ? { location: values['cache-location'] } : undefined;
  return { threads, cache };
}

/** `--check-external` and the flags that go with it; `GITHUB_TOKEN` from the environment. */
function externalOptions(values: Values): Pick<LintOptions, 'checkExternal'> {
  if (!values['check-external']) {
    if (values['check-external-private']) throw new UserError('--check-external-private goes with --check-external');
    if (values['check-external-budget'] !== undefined)
      throw new UserError('--check-external-budget goes with --check-external');
    return {};
  }
  const text = values['check-external-budget'];
  const budget = text === undefined ? undefined : /^\d{1,6}$/.test(text) ? Number(text) : 0;
  if (budget !== undefined && (budget < 1 || budget > MAX_BUDGET))
    throw new UserError(`--check-external-budget takes a number of seconds from 1 to ${MAX_BUDGET} (got "${text}")`);
  const token = process.env.GITHUB_TOKEN;
  return {
    checkExternal: {
      ...(values['check-external-private'] ? { allowPrivate: true } : {}),
      ...(budget !== undefined ? { budget } : {}),
      ...(token ? { githubToken: token } : {}),
    },
  };
}

/** A lint run: its options checked, the sites linted, the report written and the exit code. */
async function lintCommand({ values, positionals, cwd, record }: Invocation, started: number): Promise<number> {
  const { format, loadReporter, maxWarnings } = outputOptions(values);
  const overrides = await ruleOverrides(values.rule);
  const configFile = values.config ? path.resolve(cwd, values.config) : undefined;
  const plugins = values['no-plugins'] ? false : undefined;
  if (values['print-config'] !== undefined)
    return await printConfig(values['print-config'], cwd, configFile, overrides, plugins);
  const inputs = await lintInputs(values, positionals, cwd);
  const fix = await fixOptions(values, overrides);
  const threadsAndCache = runOptions(values);
  const suppressions = await suppressionOptions(values);
  const progress = progressLine();
  const outputFile = values['output-file'] === undefined ? undefined : path.resolve(cwd, values['output-file']);
  const result = await lint({
    ...inputs,
    cwd,
    configFile,
    overrides,
    fix,
    fixSuggestions: values['fix-suggestions'],
    ...threadsAndCache,
    onProgress: progress?.update,
    suppressions,
    ignorePatterns: values['ignore-pattern'],
    noIgnore: values['no-ignore'],
    plugins,
    ...externalOptions(values),
    output: outputFile,
  }).finally(() => progress?.clear());
  // What the run prints, kept for its record.
  const printed = { stdout: '', stderr: '' };
  const print = (stream: 'stdout' | 'stderr', text: string) => {
    printed[stream] += text;
    process[stream].write(text);
  };
  printNotes(result, cwd, print, fix);
  if (fix === 'dry-run') return printDryRun(result, values, cwd, print);
  const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = result.diagnostics.filter((d) => d.severity === 'warning').length;
  const shown = values.quiet
    ? result.diagnostics.filter((d) => d.severity === 'error')
    : values['no-notes']
      ? result.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning')
      : result.diagnostics;
  const notes = result.diagnostics.length - errors - warnings;
  const reporter = await loadReporter();
  const text = reporter({
    diagnostics: shown,
    files: result.files,
    cwd,
    color: useColor(values, Boolean(outputFile)),
    terminal: !outputFile && Boolean(process.stdout.isTTY),
    rules: RULE_TABLE_FORMATS.has(format) ? (await import('../config/registry.js')).allRules() : [],
    sites: result.sites,
    ...(inputs.overlays
      ? { sources: new Map([...inputs.overlays].map(([file, bytes]) => [file, bytes.toString('utf8')])) }
      : {}),
    ...(values.quiet
      ? { hidden: { warnings, notes } }
      : values['no-notes']
        ? { hidden: { warnings: 0, notes, by: '--no-notes' as const } }
        : {}),
    ...(format === 'html' ? await siteCard(result, cwd, configFile, plugins) : {}),
  });
  if (outputFile) await writeReport(outputFile, text, cwd, result.reportPlaceProblem);
  else print('stdout', text);
  const code = exitCode(result, values, cwd, print, { errors, warnings, maxWarnings });
  if (record && result.recordable && !process.env.DOCLINT_NO_REPLAY) {
    const { writeRunRecord } = await import('../cache/run-record.js');
    await writeRunRecord(
      { argv: record.argv, cwd, build: record.build },
      result.recordable,
      { code, ...printed, ...(outputFile ? { report: { file: outputFile, text } } : {}) },
      started,
    );
  }
  return code;
}

/** The HTML report's scorecard: the site's, as `doclint score` gives it (one number for both). */
async function siteCard(result: LintRun, cwd: string, configFile: string | undefined, plugins: false | undefined) {
  const root = result.sites[0];
  if (!root) return {};
  const { scoreSite } = await import('../commands/score-site.js');
  const { card } = await scoreSite(root, cwd, { configFile, ...(plugins === false ? { plugins: false } : {}) });
  return card ? { scorecard: card } : {};
}

/** `--fix-dry-run`: the fixes as a unified diff, the suggestions apart; exit 1 when errors remain. */
async function printDryRun(result: LintRun, values: Values, cwd: string, print: Print): Promise<number> {
  const { createTwoFilesPatch } = await import('diff');
  for (const change of result.fixed) {
    const name = path.relative(cwd, change.file).split(path.sep).join('/') || change.file;
    print(
      'stdout',
      createTwoFilesPatch(`a/${name}`, `b/${name}`, change.original, change.output, undefined, undefined, {
        context: 3,
      }).replace(/^=+\n/, ''),
    );
  }
  // Guesses are shown apart: they change the page only when asked for.
  const offered = result.diagnostics.filter((d) => !d.fix && d.suggestions?.length);
  if (offered.length && !values['fix-suggestions']) {
    print('stdout', `\nSuggestions, not applied (apply them with --fix-suggestions):\n`);
    for (const d of offered) {
      const name = path.relative(cwd, d.file).split(path.sep).join('/') || d.file;
      print(
        'stdout',
        `  ${name}:${d.line}:${d.column}  ${d.ruleId}  ${d.suggestions!.map((s) => s.desc).join('; ')}\n`,
      );
    }
  }
  return result.diagnostics.some((d) => d.severity === 'error') ? ExitCode.Problems : ExitCode.Ok;
}

/** The bulk-suppression options, checked as ESLint checks them. */
async function suppressionOptions(values: Values): Promise<SuppressionsOptions> {
  const all = values['suppress-all'];
  const rules = values['suppress-rule'];
  const prune = values['prune-suppressions'];
  if (all && rules) throw new UserError('--suppress-all and --suppress-rule exclude each other');
  if ((all || rules) && prune)
    throw new UserError(`${all ? '--suppress-all' : '--suppress-rule'} and --prune-suppressions exclude each other`);
  if ((all || rules || prune) && values.stdin)
    throw new UserError('--suppress-all, --suppress-rule and --prune-suppressions cannot be used with --stdin');
  if (rules) {
    const { findRule, allRuleIds } = await import('../config/registry.js');
    const { didYouMean } = await import('../core/suggest.js');
    for (const id of rules) {
      if (id.includes('/') || findRule(id)) continue;
      const near = didYouMean(id, allRuleIds());
      throw new UserError(`--suppress-rule: unknown rule "${id}"${near ? `; did you mean "${near}"?` : ''}`);
    }
  }
  return { location: values['suppressions-location'], record: all ? true : rules, prune };
}

/**
 * Writes a report (or llms.txt) atomically, creating missing folders; never where a linted site
 * has or would have content (docs.json, a page, a spec…: see src/commands/report-place.ts), and
 * never where a checkout could steer it (see checkWriteTarget: through a symbolic link out of the
 * repository, over a link, a FIFO or a file git tracks).
 */
async function writeReport(
  file: string,
  text: string,
  cwd: string,
  placeProblem: (file: string, name: string) => string | undefined,
): Promise<void> {
  const name = path.relative(cwd, file) || file;
  const problem = placeProblem(file, name);
  if (problem) throw new UserError(problem);
  await checkWriteTarget(file, cwd, name);
  const existing = statSync(file, { throwIfNoEntry: false });
  if (existing?.isDirectory()) throw new UserError(`${name} is a folder; name a file for the report`);
  // A device or a pipe named outside the repository (`-o /dev/null`, `-o /dev/stdout`) is written to, not replaced.
  if (existing && !existing.isFile()) return writeFileSync(file, text);
  const failed = (error: NodeJS.ErrnoException) => {
    throw new UserError(`cannot write ${name} (${error.code ?? error.message}); nothing was written`);
  };
  await mkdir(path.dirname(file), { recursive: true }).catch(failed);
  await writeFileAtomic(file, text).catch(failed);
}

/**
 * A "pages done / total" line on standard error, only on a terminal (never in piped output or
 * CI logs), redrawn at most ten times a second and erased when the run ends.
 */
function progressLine(): { update(done: number, total: number): void; clear(): void } | undefined {
  if (!process.stderr.isTTY || process.env.CI) return undefined;
  let last = 0;
  let shown = false;
  return {
    update(done, total) {
      const now = Date.now();
      if (total < 50 || (now - last < 100 && done < total)) return;
      last = now;
      shown = true;
      // The pages and snippets parsed: the files' count of the report names its pages too.
      process.stderr.write(`\rdoclint: ${done}/${total} pages`);
    },
    clear() {
      if (shown) process.stderr.write('\r\u001b[K');
    },
  };
}

/** The most standard input is read: the largest file doclint reads from a site (a spec, robots.txt). */
const MAX_STDIN_BYTES = 64 * 1024 * 1024;

/**
 * Standard input as bytes, at most MAX_STDIN_BYTES (it may never end): the engine checks them as
 * a file's (size, NUL bytes, UTF-8) for the file `--stdin-filename` names.
 */
async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    total += (chunk as Buffer).length;
    if (total > MAX_STDIN_BYTES) {
      throw new UserError(
        `standard input is larger than ${MAX_STDIN_BYTES / 1048576} MB, the largest file doclint reads; nothing was linted`,
      );
    }
  }
  return Buffer.concat(chunks, total);
}

const CONFIG_WORD: Record<string, string> = { error: 'error', warning: 'warn', info: 'info', off: 'off' };

/** Prints the configuration that applies to a file: which file it came from and every rule's setting. */
async function printConfig(
  target: string,
  cwd: string,
  configFile: string | undefined,
  overrides: Record<string, RuleSetting>,
  plugins: false | undefined,
): Promise<number> {
  const { findSiteRoot } = await import('../site/load.js');
  const { allRules } = await import('../config/registry.js');
  const abs = path.resolve(cwd, target);
  const root = await findSiteRoot(abs);
  if (!root) throw new UserError(`no docs.json found for ${target} or any folder above it`);
  const config = await resolveSiteSettings(root, { configFile, overrides, plugins });
  const skipped = notLoadedLine(config.notLoaded);
  if (skipped) process.stderr.write(`doclint: warning: ${skipped}\n`);
  const rules: Record<string, unknown> = {};
  const fileRules = config.rulesFor(abs);
  for (const meta of allRules()) {
    const setting = fileRules[meta.id];
    // The words of the configuration file: `warn`, not the finding's `warning`.
    // A rule off by default stays off until a severity is configured (as the run resolves it).
    const severity = CONFIG_WORD[setting?.severity ?? (meta.defaultOff ? 'off' : meta.severity)];
    rules[meta.id] = setting?.options !== undefined ? [severity, setting.options] : severity;
  }
  process.stdout.write(
    JSON.stringify(
      { configFile: config.file ?? null, siteRoot: root, ignored: config.isIgnored(abs), rules },
      null,
      2,
    ) + '\n',
  );
  return ExitCode.Ok;
}

async function llmsTxt(args: string[], values: Values, cwd: string): Promise<number> {
  const { findSiteRoot } = await import('../site/load.js');
  const { generateLlmsFullTxt, normaliseBaseUrl } = await import('../llms/llms-txt.js');
  if (values.segment !== undefined && values.full)
    throw new UserError('--segment prints a scoped llms.txt index, not llms-full.txt');
  let baseUrl: string | undefined;
  if (values['base-url'] !== undefined) {
    const checked = normaliseBaseUrl(values['base-url']);
    if (!checked.ok) throw new UserError(`--base-url: ${checked.reason}`);
    baseUrl = checked.url;
  }
  const { SiteSession } = await import('../engine/session.js');
  if (args.length > 1) throw new UserError('llms-txt takes at most one site folder');
  const start = path.resolve(cwd, args[0] ?? '.');
  const root = await findSiteRoot(start);
  if (!root) throw new UserError(`no docs.json found in ${args[0] ?? '.'} or any folder above it`);
  const out = values.out === undefined ? undefined : path.resolve(cwd, values.out);
  const { leftOut, reportPlaceProblem } = await import('../commands/report-place.js');

  const session = await SiteSession.open(root, resolveSettings(), undefined, { leaveOut: leftOut(root, out) });
  const site = session.site;
  if (site.config.value === undefined)
    throw new UserError(`${path.relative(cwd, site.config.rootFile)} does not parse; run doclint on it first`);
  // A site that has its own llms.txt (llms-full.txt) serves it: the platform generates one only
  // where there is none. That file is what is printed, as it is, and the run says so.
  const name = values.full ? 'llms-full.txt' : 'llms.txt';
  const { readTextSafe, realRoot } = await import('../core/safe-read.js');
  const custom = readTextSafe(path.join(root, name), { root: realRoot(root), maxBytes: MAX_STDIN_BYTES });
  // The scoped indexes under /_llms/ are generated whether or not the site has its own llms.txt.
  if (values.segment === undefined && (custom.ok || custom.reason !== 'missing')) {
    if (!custom.ok) throw new UserError(`cannot read the site's own ${name}: ${custom.message}`);
    const where = path.relative(cwd, path.join(root, name)).split(path.sep).join('/') || name;
    process.stderr.write(
      `doclint: llms-txt: the site serves its own ${escapeControls(where)}: printed as it is${baseUrl ? ' (--base-url applies only to a generated index)' : ''}; the platform generates ${name} only for a site without one\n`,
    );
    if (out) await writeReport(out, custom.text, cwd, (file, shown) => reportPlaceProblem(site, file, shown));
    else process.stdout.write(custom.text);
    return ExitCode.Ok;
  }
  const facts = (file: string) => session.facts(file);
  const { generatedIndex } = await import('../commands/llms-txt.js');
  const text = values.full
    ? await generateLlmsFullTxt(site, facts, {
        baseUrl,
        warn: (message) => process.stderr.write(`doclint: ${escapeControls(message)}\n`),
      })
    : await generatedIndex(site, facts, { baseUrl, segment: values.segment }, (note) =>
        process.stderr.write(`doclint: llms-txt: ${escapeControls(note)}\n`),
      );
  if (out) await writeReport(out, text, cwd, (file, name) => reportPlaceProblem(site, file, name));
  else process.stdout.write(text);
  return ExitCode.Ok;
}
