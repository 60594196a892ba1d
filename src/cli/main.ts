import { ExitCode, HELP, INIT_HELP, LLMS_TXT_HELP, parseCommandLine, version, type Values } from './usage.js';
import { escapeControls } from '../report/support.js';

/** `--max-warnings -1` as `--max-warnings=-1`: parseArgs refuses a separate value that starts with a dash. */
function negativeMaxWarnings(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--max-warnings' && /^-\d+$/.test(argv[i + 1] ?? '')) out.push(`--max-warnings=${argv[++i]}`);
    else out.push(argv[i]!);
  }
  return out;
}

/** The command line's options (parseArgs). */
const OPTIONS = {
  format: { type: 'string', short: 'f' },
  quiet: { type: 'boolean', short: 'q' },
  'no-notes': { type: 'boolean' },
  'max-warnings': { type: 'string' },
  rule: { type: 'string', multiple: true },
  'output-file': { type: 'string', short: 'o' },
  color: { type: 'boolean' },
  'no-color': { type: 'boolean' },
  version: { type: 'boolean', short: 'v' },
  help: { type: 'boolean', short: 'h' },
  out: { type: 'string' },
  config: { type: 'string', short: 'c' },
  stdin: { type: 'boolean' },
  cache: { type: 'boolean' },
  'cache-location': { type: 'string' },
  fix: { type: 'boolean' },
  'fix-dry-run': { type: 'boolean' },
  'fix-suggestions': { type: 'boolean' },
  'fix-code-language': { type: 'string' },
  'stdin-filename': { type: 'string' },
  'print-config': { type: 'string' },
  threads: { type: 'string' },
  staged: { type: 'boolean' },
  'changed-since': { type: 'string' },
  'base-url': { type: 'string' },
  full: { type: 'boolean' },
  segment: { type: 'string' },
  force: { type: 'boolean' },
  'suppress-all': { type: 'boolean' },
  'suppress-rule': { type: 'string', multiple: true },
  'prune-suppressions': { type: 'boolean' },
  'suppressions-location': { type: 'string' },
  'pass-on-unpruned-suppressions': { type: 'boolean' },
  'ignore-pattern': { type: 'string', multiple: true },
  'no-ignore': { type: 'boolean' },
  'no-plugins': { type: 'boolean' },
  'check-external': { type: 'boolean' },
  'check-external-private': { type: 'boolean' },
  'check-external-budget': { type: 'string' },
} as const;

function fail(message: string): number {
  process.stderr.write(`doclint: ${escapeControls(message)}\n`);
  return ExitCode.Failure;
}

/**
 * Runs the command line; returns the exit code. Only usage and internal failures exit 2. `build`:
 * the signature of the doclint build running (bin/doclint.js gives it), under which a `--cache`
 * run is recorded for replay.
 */
export async function main(argv: string[], cwd = process.cwd(), options: { build?: string } = {}): Promise<number> {
  // `doclint lsp --stdio`: the language server owns standard input and output from here on.
  if (argv[0] === 'lsp') return (await import('../lsp/cli.js')).runLsp(argv.slice(1));
  // `doclint mcp`: the MCP server owns standard input and output until the client closes them.
  if (argv[0] === 'mcp') return (await import('../mcp/cli.js')).runMcp(argv.slice(1), cwd);
  if (argv[0] === 'rename') return (await import('./rename-command.js')).runRename(argv.slice(1), cwd);
  if (argv[0] === 'score') return (await import('./score.js')).runScore(argv.slice(1), cwd);
  let values: Values;
  let positionals: string[];
  try {
    ({ values, positionals } = parseCommandLine(negativeMaxWarnings(argv), OPTIONS, 'doclint --help') as {
      values: Values;
      positionals: string[];
    });
  } catch (error) {
    return fail((error as Error).message);
  }

  if (values.version) {
    process.stdout.write(`${version()}\n`);
    return ExitCode.Ok;
  }
  if (values.help) {
    process.stdout.write(positionals[0] === 'llms-txt' ? LLMS_TXT_HELP : positionals[0] === 'init' ? INIT_HELP : HELP);
    return ExitCode.Ok;
  }
  // Everything below loads the engine; --version and --help stay instant.
  const { run } = await import('./run.js');
  return run({ values, positionals, cwd, ...(options.build ? { record: { argv, build: options.build } } : {}) });
}

export type { Values } from './usage.js';
