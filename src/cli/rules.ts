import { UserError } from '../core/errors.js';
import { rulePage, ruleSummary, sortedRules } from '../commands/rules.js';
import type { RuleMeta } from '../rule-kit/rule.js';
import type { Values } from './usage.js';
import { ExitCode } from './usage.js';

/*
 * `doclint rules`: every built-in rule with its kind, default severity, what it offers to change
 * and one line of description (`--format json` for tools). `doclint explain RULE`: the rule's page
 * from the package's own `docs/rules/`, offline (src/commands/rules.ts).
 */

const KIND_WORDS: Record<RuleMeta['kind'], string> = { config: 'docs.json', page: 'page', site: 'site' };

/** What a rule offers to change: `fix`, `suggestions`, both, or `-`. */
function offers(meta: RuleMeta): string {
  return [meta.fixable ? 'fix' : '', meta.hasSuggestions ? 'suggestions' : ''].filter(Boolean).join(', ') || '-';
}

function listRules(format: string | undefined): string {
  const rules = sortedRules();
  if (format === 'json') {
    return JSON.stringify(rules.map(ruleSummary), null, 2) + '\n';
  }
  if (format !== undefined && format !== 'stylish')
    throw new UserError(`doclint rules: unknown format "${format}"; use stylish (a table, the default) or json`);
  const rows = [
    ['rule', 'kind', 'default', 'offers', 'checks'],
    ...rules.map((m) => [
      m.id,
      KIND_WORDS[m.kind],
      m.defaultOff || m.runsWith !== undefined ? 'off' : m.severity,
      offers(m),
      m.description,
    ]),
  ];
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((cell, i) => (i < 4 ? cell.padEnd(widths[i]!) : cell)).join('  ')).join('\n') + '\n';
}

async function explain(id: string | undefined): Promise<string> {
  if (id === undefined)
    throw new UserError(
      'doclint explain takes a rule id, for example `doclint explain site-broken-link` (`doclint rules` lists them)',
    );
  return (await rulePage(id)).text;
}

export async function rulesCommand(positionals: string[], values: Values): Promise<number> {
  const [command, ...args] = positionals;
  if (command === 'rules') {
    if (args.length) throw new UserError(`doclint rules takes no paths (got "${args[0]}")`);
    process.stdout.write(listRules(values.format));
  } else {
    if (args.length > 1) throw new UserError('doclint explain takes one rule id');
    process.stdout.write(await explain(args[0]));
  }
  return ExitCode.Ok;
}
