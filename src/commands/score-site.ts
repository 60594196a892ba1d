import { existsSync } from 'node:fs';
import path from 'node:path';
import { UserError } from '../core/errors.js';
import { lint } from './lint.js';
import { builtinRegistry } from '../config/registry.js';
import { buildScorecard, type Scorecard } from './scorecard.js';

/**
 * The agent-readiness scorecard of the site at or above `target` (`doclint score`, the HTML report
 * and the MCP server's `score`: one number): every rule of a spec check runs, whatever the
 * configuration says of its severity (with its options); no other rule does. A suppressions file
 * never changes it: its findings count, and `card.suppressed` says how many it records.
 * `notLoaded`: what `plugins: false` left out.
 */
export async function scoreSite(
  target: string,
  cwd: string,
  options: { configFile?: string; plugins?: boolean; shown?: string } = {},
): Promise<{ card: Scorecard; root: string; notLoaded: string[] }> {
  const metas = builtinRegistry().metas();
  const overrides = Object.fromEntries(
    metas.map((m) => [m.id, { severity: m.spec ? ('warning' as const) : ('off' as const) }]),
  );
  const result = await lint({
    paths: [target],
    cwd,
    configFile: options.configFile,
    overrides,
    threads: 'auto',
    suppressions: { countOnly: true },
    ...(options.plugins === false ? { plugins: false } : {}),
  });
  const root = result.sites[0];
  if (!root) throw new UserError(`no docs.json found in ${options.shown ?? target} or any folder above it`);
  let served: Parameters<typeof buildScorecard>[3] = 'custom';
  if (!existsSync(path.join(root, 'llms.txt'))) {
    const [{ loadDocsJson }, { llmsTxtSummary }] = await Promise.all([
      import('../site/docs-json.js'),
      import('../llms/llms-txt.js'),
    ]);
    const config = await loadDocsJson(path.join(root, 'docs.json'), root);
    served = llmsTxtSummary(config.value) ? 'generated' : 'generated-without-summary';
  }
  return {
    card: buildScorecard(result.diagnostics, metas, root, served, result.suppressed),
    root,
    notLoaded: result.notLoaded,
  };
}
