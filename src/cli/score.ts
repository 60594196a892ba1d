import path from 'node:path';
import { escapeControls } from '../report/support.js';
import { ExitCode, parseCommandLine } from './usage.js';
import { UserError } from '../core/errors.js';

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
    process.stderr.write(
      `doclint score: internal error: ${escapeControls((e?.message ?? String(error)).split('\n')[0]!)}\n`,
    );
    if (process.env.DOCLINT_DEBUG) process.stderr.write(`${e?.stack ?? ''}\n`);
    return ExitCode.Failure;
  }
}

async function score(argv: string[], cwd: string): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, SCORE_OPTIONS, 'doclint score --help');
  if (values.help) {
    process.stdout.write(SCORE_HELP);
    return ExitCode.Ok;
  }
  const format = values.format ?? 'terminal';
  if (!['terminal', 'json', 'markdown'].includes(format))
    throw new UserError(`unknown format "${format}"; use terminal, json or markdown`);
  let minScore: number | undefined;
  if (values['min-score'] !== undefined) {
    minScore = /^\d+$/.test(values['min-score']) ? Number(values['min-score']) : NaN;
    if (!(minScore >= 0 && minScore <= 100))
      throw new UserError(`--min-score takes a whole number from 0 to 100 (got "${values['min-score']}")`);
  }
  if (positionals.length > 1) throw new UserError('score takes at most one site folder');

  const { scoreSite } = await import('../commands/score-site.js');
  const { scorecardMarkdown, scorecardText } = await import('../commands/scorecard.js');
  const { card, notLoaded } = await scoreSite(path.resolve(cwd, positionals[0] ?? '.'), cwd, {
    configFile: values.config ? path.resolve(cwd, values.config) : undefined,
    ...(values['no-plugins'] ? { plugins: false } : {}),
    shown: positionals[0] ?? '.',
  });
  const { notLoadedLine } = await import('../config/site-settings.js');
  const skipped = notLoadedLine(notLoaded);
  if (skipped) process.stderr.write(`doclint score: warning: ${skipped}\n`);
  let text: string;
  if (format === 'json') text = `${JSON.stringify(card, null, 2)}\n`;
  else if (format === 'markdown') text = scorecardMarkdown(card);
  else {
    const color = values['no-color']
      ? false
      : values.color
        ? true
        : 'NO_COLOR' in process.env
          ? false
          : Boolean(process.stdout.isTTY);
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
