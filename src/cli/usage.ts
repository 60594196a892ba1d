export const ExitCode = { Ok: 0, Problems: 1, Failure: 2 } as const;

export { packageVersion as version } from '../core/package.js';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UserError } from '../core/errors.js';
import { didYouMean } from '../core/suggest.js';

/**
 * A command line parsed strictly against `options` (positionals allowed); one parseArgs refuses
 * throws a UserError of one line (exit 2) that names `help`, the command listing the options.
 */
export function parseCommandLine<const O extends NonNullable<ParseArgsConfig['options']>>(
  args: string[],
  options: O,
  help: string,
) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UserError(usageError(error, options, help));
  }
}

/**
 * A command line parseArgs refused, as one line: an unknown option with the nearest known one,
 * else Node's message in doclint's words (no line break, balanced quotes); `help` is the command
 * that lists the options.
 */
function usageError(error: unknown, options: object, help: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const unknown = /^Unknown option '([^']*)'/.exec(message);
  if (unknown) {
    const given = unknown[1]!;
    const names = Object.keys(options).map((name) => `--${name}`);
    const near = given.startsWith('--') ? didYouMean(given, names) : undefined;
    return `unknown option ${given}${near ? `; did you mean ${near}?` : ''} (run "${help}" for the options)`;
  }
  // "Option '-f, --format <value>' argument missing": the long name.
  const named = /^Option '(?:-\w, )?(--?[\w-]+)[^']*' (argument missing|does not take an argument)/.exec(message);
  if (named)
    return `${named[1]} ${named[2] === 'argument missing' ? 'needs a value' : 'takes no value'} (run "${help}" for the options)`;
  return `${message.split('\n')[0]!.replace(/\.$/, '')} (run "${help}" for the options)`;
}

export const HELP = `Usage: doclint [options] [paths...]
       doclint llms-txt [site] [--out FILE] [--base-url URL] [--full | --segment NAME]
       doclint score [site] [--format terminal|json|markdown] [--min-score N]
       doclint lsp --stdio
       doclint mcp [--workspace DIR] [--plugins]   (for coding agents; see doclint mcp --help)
       doclint rename OLD NEW [--dry-run]   (moves a page; see doclint rename --help)
       doclint init [dir] [--suppress-all] [--force]   (see doclint init --help)
       doclint rules [--format json]
       doclint explain RULE

Lints a documentation site: docs.json, every MDX page, and the site as a whole.
A path is a site root (a folder with docs.json), a folder inside one, files, or a
quoted glob ("guides/**/*.mdx"); with no path, the current folder. The site root is
found by walking up to docs.json.

Options:
  -f, --format NAME        Output format: stylish (default), json, compact (ESLint's),
                           unix (file:line:col), github, sarif, junit, gitlab, html
  -o, --output-file PATH   Write the report to a file instead of standard output
  -q, --quiet              Report errors only
      --no-notes           Report errors and warnings only (hide notes)
      --max-warnings N     Exit with 1 when there are more than N warnings (-1: no limit)
  -c, --config PATH        Use this configuration file (default: .doclintrc.json,
                           .doclintrc.yaml or doclint.config.json, looked for from the
                           site root up to the repository root)
      --no-plugins         Import nothing the configuration names (plugins, remark plugins,
                           a .js/.mjs/.cjs extends): its JSON/YAML settings only, and one
                           warning line saying what was left out. A configuration is code:
                           use this on checkouts you do not trust (pull requests from forks)
      --rule ID:SEVERITY   Override a rule's severity (off, info, warn, error); repeatable
      --print-config FILE  Print the configuration that applies to FILE and exit
      --check-external     Also check the site's external links on the network (rule
                           site-external-link; results cached for a day in
                           $XDG_CACHE_HOME/doclint). Without it, nothing goes to the network.
                           GITHUB_TOKEN, when set, is sent to github.com over https only
      --check-external-private  With --check-external: also ask URLs whose host has a
                           loopback, private, link-local or unspecified address (a
                           configuration file cannot allow this)
      --check-external-budget S  With --check-external: seconds the external check may
                           take in all (default 600); past it nothing more is asked
      --cache              Reuse results of earlier runs for unchanged pages and site
                           (stored in .doclintcache at the site root)
      --cache-location P   Where to keep the cache (a file, or a folder)
      --threads N|auto     Worker threads that parse and check pages (default: auto,
                           one per core; one when linting files or standard input)
      --fix                Apply the fixes of fixable findings to the files, then report
                           what remains
      --fix-dry-run        Print the fixes as a unified diff, and the suggestions apart;
                           change nothing
      --fix-suggestions    With --fix or --fix-dry-run: also apply suggestions (guesses
                           such as did-you-mean renames), the first of each finding
      --fix-code-language L  With --fix: the language for code blocks that declare none
                           (when a CodeGroup title does not name one)
      --staged             Lint what git would commit: the staged files (or the paths
                           given), and whatever points at a file the commit deletes or
                           renames (navigation, links, imports, redirects), in any file
      --changed-since REF  Lint what this branch changed since it left REF (committed,
                           staged or not, and new files): the changed files (those inside
                           the paths given), and whatever points at a file the change
                           deletes or renames, as --staged does
      --stdin              Lint standard input ...
      --stdin-filename P   ... as the file P of its site (the site is found from P)
      --ignore-pattern P   Do not lint files matching P (gitignore style, relative to the
                           current folder); repeatable
      --no-ignore          Lint files the configuration's ignores and --ignore-pattern
                           exclude (the platform's own ignores still apply)
      --suppress-all       Record every error and warning in doclint-suppressions.json (at
                           the site root); later runs report only what goes beyond the
                           recorded counts
      --suppress-rule ID   Record the errors and warnings of rule ID only; repeatable
      --prune-suppressions Shrink the recorded counts to what still occurs
      --suppressions-location P  The suppressions file (or a folder holding one)
      --pass-on-unpruned-suppressions  Do not fail (exit 2) a whole-site run on recorded
                           findings that no longer occur
      --color, --no-color  Force or disable colours (NO_COLOR and FORCE_COLOR are honoured)
  -v, --version            Print the version
  -h, --help               Print this help

Exit codes: 0 no errors, 1 errors found (or more warnings than --max-warnings),
2 usage, configuration or internal failure, or (a whole-site run) recorded
suppressions that no longer occur.
`;

export const LLMS_TXT_HELP = `Usage: doclint llms-txt [site] [options]

Prints the llms.txt index the site would serve: the site's name and description, then each
navigation section with one "- [Title](URL.md): description" line per page. With --full, the
llms-full.txt instead: every navigated page's text, snippets expanded. Past 100,000 characters
the platform serves llms.txt as a root index linking to one index per first folder of the
pages (/_llms/<folder>.md): that root index is printed, and --segment prints one of them.
The site is the folder holding docs.json (default: found from the current folder upwards).

Options:
      --out FILE           Write to FILE instead of standard output (folders are created)
      --base-url URL       Make links absolute: https://docs.example.com/guides/intro.md
      --full               Write llms-full.txt (every page's markdown) instead of llms.txt
      --segment NAME       Write the scoped index /_llms/NAME.md (the pages under NAME/)
  -h, --help               Print this help
`;

export const INIT_HELP = `Usage: doclint init [dir] [options]

Sets a documentation site up for doclint. The site is dir (default: the current folder), a
folder above it, or the one folder below it that holds docs.json (such as docs/). init writes
.doclintrc.json at the site root (extends doclint:recommended; $schema for editors) with the
house-style rules set to what the site does (page-image-frame on where it frames its images or
has few, page-code-language off where its code blocks mostly name no language, descriptions
required where most pages set one; one line each says why, with the counts),
adds .doclintcache (the --cache file) to the site root's .gitignore, and lints the site once to
say what it has now.

Options:
      --suppress-all       Also record the site's current errors and warnings in
                           doclint-suppressions.json, a baseline: later runs fail only on
                           what is new
      --suppressions-location P  With --suppress-all: the suppressions file (or a folder)
      --force              Write a new .doclintrc.json where the site already has a
                           configuration
  -h, --help               Print this help
`;

/** The command line's options, as parsed. */
export type Values = {
  format?: string;
  quiet?: boolean;
  'no-notes'?: boolean;
  'max-warnings'?: string;
  rule?: string[];
  'output-file'?: string;
  color?: boolean;
  'no-color'?: boolean;
  version?: boolean;
  help?: boolean;
  out?: string;
  config?: string;
  stdin?: boolean;
  cache?: boolean;
  'cache-location'?: string;
  'check-external'?: boolean;
  'check-external-private'?: boolean;
  'check-external-budget'?: string;
  fix?: boolean;
  'fix-dry-run'?: boolean;
  'fix-suggestions'?: boolean;
  'fix-code-language'?: string;
  'stdin-filename'?: string;
  'print-config'?: string;
  threads?: string;
  staged?: boolean;
  'changed-since'?: string;
  'base-url'?: string;
  full?: boolean;
  segment?: string;
  force?: boolean;
  'suppress-all'?: boolean;
  'suppress-rule'?: string[];
  'prune-suppressions'?: boolean;
  'suppressions-location'?: string;
  'pass-on-unpruned-suppressions'?: boolean;
  'ignore-pattern'?: string[];
  'no-ignore'?: boolean;
  'no-plugins'?: boolean;
};
