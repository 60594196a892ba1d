import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { escapeControls } from '../report/support.js';
import { ExitCode } from './usage.js';
import { UserError } from '../core/errors.js';
import type { Scorecard } from '../commands/scorecard.js';

export const SCORE_HELP = `Usage: doclint score [site] [--format terminal|json|markdown] [--min-score N] [-c FILE] [--no-plugins]

The agent-readiness scorecard of a site, from its source: the checks of the Agent-Friendly
Documentation Spec by category, each pass, warn, fail or skip (checks that need the deployed site
are skipped and not counted), a 0-100 score per category and overall, and the top fixes.

  -f, --format NAME   terminal (default), json or markdown (a pull-request comment)
  --min-score N       exit 1 when the overall score is below N (0-100)
  -c, --config PATH   use this configuration file (rule options, ignores)
  --no-plugins        import nothing the configuration names (plugins, remark plugins,
                      JavaScript extends): for untrusted checkouts
  --color, --no-color
`;

/**
 * The scorecard of the site at or above `target`, as `doclint score` and the HTML report give it
 * (one number): every rule of a spec check runs, whatever the configuration says of its severity
 * (with its options), and no other rule does; a suppressions file never changes it (its findings
 * count; `card.suppressed` says how many it records). No card when there is no site.
 */
export async function siteScorecard(
  target: string,
  cwd: string,
  options: { configFile?: string; plugins?: boolean },
): Promise<{ card: Scorecard | undefined; notLoaded: string | undefined }> {
  const { lint } = await import('../engine/lint.js');
  const { builtinRegistry } = await import('../engine/registry.js');
  const { buildScorecard } = await import('../commands/scorecard.js');
  const metas = builtinRegistry().metas();
  const overrides = Object.fromEntries(metas.map((m) => [m.id, { severity: m.spec ? ('warning' as const) : ('off' as const) }]));
  const result = await lint({
    paths: [target],
    cwd,
    configFile: options.configFile,
    overrides,
    threads: 'auto',
    suppressions: { countOnly: true },
    ...(options.plugins === false ? { plugins: false } : {}),
  });
  const { notLoadedLine } = await import('../engine/site-settings.js');
  const notLoaded = notLoadedLine(result.notLoaded);
  const root = result.sites[0];
  if (!root) return { card: undefined, notLoaded };
  let served: Parameters<typeof buildScorecard>[3] = 'custom';
  if (!existsSync(path.join(root, 'llms.txt'))) {
    const [{ loadDocsJson }, { llmsTxtSummary }] = await Promise.all([import('../site/docs-json.js'), import('../llms/llms-txt.js')]);
    const config = await loadDocsJson(path.join(root, 'docs.json'), root);
    served = llmsTxtSummary(config.value) ? 'generated' : 'generated-without-summary';
  }
  return { card: buildScorecard(result.diagnostics, metas, root, served, result.suppressed), notLoaded };
}

const SCORE_OPTIONS = {
  format: { type: 'string', short: 'f' },
  'min-score': { type: 'string' },
  config: { type: 'string', short: 'c' },
  help: { type: 'boolean', short: 'h' },
  color: { type: 'boolean' },
  'no-color': { type: 'boolean' },
  'no-plugins': { type: 'boolean' },
} as const;

/** `doclint score`: exit 0, 1 below `--min-score`, 2 for bad usage. */
export async function runScore(argv: string[], cwd: string): Promise<number> {
  try {
    return await score(argv, cwd);
  } catch (error) {
    if (error instanceof UserError) {
      process.stderr.write(`doclint score: ${escapeControls(error.describe(cwd))}\n`);
      return error.exitCode;
    }
    const e = error as Error;
    process.stderr.write(`doclint score: internal error: ${escapeControls((e?.message ?? String(error)).split('\n')[0]!)}\n`);
    if (process.env.DOCLINT_DEBUG) process.stderr.write(`${e?.stack ?? ''}\n`);
    return ExitCode.Failure;
  }
}

async function score(argv: string[], cwd: string): Promise<number> {
  let values: { format?: string; 'min-score'?: string; config?: string; help?: boolean; color?: boolean; 'no-color'?: boolean; 'no-plugins'?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: SCORE_OPTIONS,
    }));
  } catch (error) {
    const { usageError } = await import('./usage.js');
    throw new UserError(usageError(error, SCORE_OPTIONS, 'doclint score --help'));
  }
  if (values.help) {
    process.stdout.write(SCORE_HELP);
    return ExitCode.Ok;
  }
  const format = values.format ?? 'terminal';
  if (!['terminal', 'json', 'markdown'].includes(format)) throw new UserError(`unknown format "${format}"; use terminal, json or markdown`);
  let minScore: number | undefined;
  if (values['min-score'] !== undefined) {
    minScore = /^\d+$/.test(values['min-score']) ? Number(values['min-score']) : NaN;
    if (!(minScore >= 0 && minScore <= 100)) throw new UserError(`--min-score takes a whole number from 0 to 100 (got "${values['min-score']}")`);
  }
  if (positionals.length > 1) throw new UserError('score takes at most one site folder');

  const target = path.resolve(cwd, positionals[0] ?? '.');
  const { card, notLoaded } = await siteScorecard(target, cwd, {
    configFile: values.config ? path.resolve(cwd, values.config) : undefined,
    plugins: !values['no-plugins'],
  });
  if (notLoaded) process.stderr.write(`doclint score: warning: ${notLoaded}\n`);
  if (!card) throw new UserError(`no docs.json found in ${positionals[0] ?? '.'} or any folder above it`);
  const { scorecardMarkdown, scorecardText } = await import('../commands/scorecard.js');
  let text: string;
  if (format === 'json') text = `${JSON.stringify(card, null, 2)}\n`;
  else if (format === 'markdown') text = scorecardMarkdown(card);
  else {
    const color = values['no-color'] ? false : values.color ? true : 'NO_COLOR' in process.env ? false : Boolean(process.stdout.isTTY);
    const chalk = color ? new (await import('chalk')).Chalk({ level: 1 }) : undefined;
    const paint = (status: string, t: string) =>
      !chalk
        ? t
        : status === 'bold'
          ? chalk.bold(t)
          : status === 'fail'
            ? chalk.red(t)
            : status === 'warn'
              ? chalk.yellow(t)
              : status === 'pass'
                ? chalk.green(t)
                : chalk.dim(t);
    text = scorecardText(card, paint);
  }
  process.stdout.write(text);
  return minScore !== undefined && card.score < minScore ? ExitCode.Problems : ExitCode.Ok;
}
