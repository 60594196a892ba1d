import { statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { escapeControls } from '../report/support.js';

export const MCP_USAGE = `Usage: doclint mcp [--workspace DIR] [--plugins]

Runs doclint as a Model Context Protocol server on standard input and output, for coding agents:
the tools lint, fix, explain_rule, list_rules, score and llms_txt, over the same engine as the
command line. The sites it lints stay loaded between calls. See docs/agents.md for the settings
of Claude Code, Cursor, VS Code and other MCP clients.

  --workspace DIR   The folder the tools may read and write in (default: the current folder);
                    paths are relative to it, and a site or configuration file outside it is
                    refused
  --plugins         Import what the configuration names (plugins, remark plugins, JavaScript
                    extends). Off by default: an agent may open a checkout you do not trust
`;

/** `doclint mcp`: serves until the client closes standard input; 2 for bad usage. */
export async function runMcp(args: string[], cwd: string): Promise<number> {
  let values: { workspace?: string; plugins?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: { workspace: { type: 'string' }, plugins: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (error) {
    process.stderr.write(
      `doclint mcp: ${escapeControls((error as Error).message)}\nRun "doclint mcp --help" for usage.\n`,
    );
    return 2;
  }
  if (values.help) {
    process.stdout.write(MCP_USAGE);
    return 0;
  }
  const workspace = path.resolve(cwd, values.workspace ?? '.');
  if (!statSync(workspace, { throwIfNoEntry: false })?.isDirectory()) {
    process.stderr.write(`doclint mcp: --workspace ${escapeControls(values.workspace ?? '.')} is not a folder\n`);
    return 2;
  }
  const { startMcpServer } = await import('./server.js');
  await startMcpServer({ workspace, plugins: values.plugins === true });
  return 0;
}
