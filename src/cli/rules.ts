import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { packageRoot } from '../core/package.js';
import { didYouMean } from '../core/suggest.js';
import { UserError } from '../core/errors.js';
import { allRules, findRule } from '../engine/registry.js';
import type { RuleMeta } from '../rule-kit/rule.js';
import type { Values } from './usage.js';
import { ExitCode } from './usage.js';

/*
 * `doclint rules`: every built-in rule with its kind, default severity, what it offers to change
 * and one line of description (`--format json` for tools). `doclint explain RULE`: the rule's page
 * from the package's own `docs/rules/`, offline.
 */

const KIND_WORDS: Record<RuleMeta['kind'], string> = { config: 'docs.json', page: 'page', site: 'site' };

/** What a rule offers to change: `fix`, `suggestions`, both, or `-`. */
function offers(meta: RuleMeta): string {
  return [meta.fixable ? 'fix' : '', meta.hasSuggestions ? 'suggestions' : ''].filter(Boolean).join(', ') || '-';
}

function sortedRules(): RuleMeta[] {
  const order = { config: 0, page: 1, site: 2 };
  return [...allRules()].sort((a, b) => order[a.kind] - order[b.kind] || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

function listRules(format: string | undefined): string {
  const rules = sortedRules();
  if (format === 'json') {
    return (
      JSON.stringify(
        rules.map((m) => ({
          id: m.id,
          kind: m.kind,
          severity: m.severity,
          fixable: m.fixable === true,
          hasSuggestions: m.hasSuggestions === true,
          description: m.description,
          url: m.docsUrl,
        })),
        null,
        2,
      ) + '\n'
    );
  }
  if (format !== undefined && format !== 'stylish')
    throw new UserError(`doclint rules: unknown format "${format}"; use stylish (a table, the default) or json`);
  const rows = [
    ['rule', 'kind', 'default', 'offers', 'checks'],
    ...rules.map((m) => [m.id, KIND_WORDS[m.kind], m.defaultOff || m.checksExternalLinks ? 'off' : m.severity, offers(m), m.description]),
  ];
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((cell, i) => (i < 4 ? cell.padEnd(widths[i]!) : cell)).join('  ')).join('\n') + '\n';
}

/** The page of a built-in rule, read from the package's docs/rules/ (never a path built from user text). */
async function explain(id: string | undefined): Promise<string> {
  if (id === undefined) throw new UserError('doclint explain takes a rule id, for example `doclint explain site-broken-link` (`doclint rules` lists them)');
  const meta = findRule(id);
  if (!meta) {
    const near = didYouMean(
      id,
      sortedRules().map((m) => m.id),
    );
    throw new UserError(`unknown rule "${id}"${near ? `; did you mean "${near}"?` : ''} (\`doclint rules\` lists the rules)`);
  }
  const file = path.join(packageRoot(), 'docs', 'rules', `${meta.id}.md`);
  return readFile(file, 'utf8').catch(() => {
    throw new UserError(`the page of ${meta.id} is not in this installation (${file}); read it at ${meta.docsUrl}`);
  });
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
