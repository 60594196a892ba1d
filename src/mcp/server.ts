import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { UserError } from '../core/errors.js';
import { packageVersion } from '../core/package.js';
import { WarmSessions } from '../engine/warm.js';
import { escapeControls } from '../report/support.js';
import { TOOL_DEFINITIONS } from './schemas.js';
import { TOOLS, type ToolContext, type ToolName } from './tools.js';

/*
 * `doclint mcp`: a Model Context Protocol server (the official SDK's, over standard input and
 * output) whose tools run the engine the command line runs. The sites it lints stay loaded between
 * calls (src/engine/warm.ts); calls run one at a time, in the order they came. A mistake in a
 * call's arguments, and any failure of a tool, is an error result with one line: the server never
 * stops for it.
 */

export interface McpOptions {
  workspace: string;
  plugins: boolean;
  /** The transport to serve; default: standard input and output. */
  transport?: Transport;
}

const INSTRUCTIONS = `doclint lints documentation sites built from docs.json and MDX pages (Mintlify). Paths are relative to the workspace.
Use lint after editing pages or docs.json (or lint a page's text before saving it, with "text" and "path"); explain_rule tells what a finding's rule wants; fix returns the safe fixes as a diff and writes them only with "write": true.`;

/** Nothing but protocol messages may reach standard output: stray console output goes to standard error. */
function keepStdoutClean(): void {
  const toStderr = (...args: unknown[]) => process.stderr.write(`${args.map(String).join(' ')}\n`);
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
  console.warn = toStderr;
}

function errorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** Runs one tool call; every failure is an error result. */
async function call(ctx: ToolContext, name: string, args: unknown): Promise<CallToolResult> {
  if (!Object.hasOwn(TOOLS, name)) {
    return errorResult(`unknown tool "${escapeControls(name)}"; doclint's tools are ${Object.keys(TOOLS).join(', ')}`);
  }
  try {
    const result = await TOOLS[name as ToolName](ctx, args);
    return {
      content: [{ type: 'text', text: result.text }],
      ...(result.structured ? { structuredContent: result.structured } : {}),
    };
  } catch (error) {
    if (error instanceof UserError) return errorResult(escapeControls(error.describe(ctx.workspace)));
    const e = error as Error;
    process.stderr.write(`doclint mcp: ${name} failed: ${e?.stack ?? String(error)}\n`);
    return errorResult(`doclint: internal error in ${name}: ${escapeControls(e?.message ?? String(error))}`);
  }
}

/** Starts the server; resolves when the client closes the connection. */
export async function startMcpServer(options: McpOptions): Promise<void> {
  if (!options.transport) keepStdoutClean();
  const ctx: ToolContext = { workspace: options.workspace, plugins: options.plugins, sessions: new WarmSessions() };
  const server = new Server(
    { name: 'doclint', version: packageVersion() },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  // One call at a time: the sites' sessions are shared.
  let tail: Promise<unknown> = Promise.resolve();
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOL_DEFINITIONS }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const run = tail.then(() => call(ctx, request.params.name, request.params.arguments));
    tail = run.catch(() => undefined);
    return run;
  });
  process.on('uncaughtException', (error) =>
    process.stderr.write(`doclint mcp: uncaught error: ${error?.stack ?? String(error)}\n`),
  );
  process.on('unhandledRejection', (reason) =>
    process.stderr.write(`doclint mcp: unhandled rejection: ${(reason as Error)?.stack ?? String(reason)}\n`),
  );
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  // The client ends the session by closing standard input (the SDK's transport does not watch for that).
  if (!options.transport) process.stdin.once('end', () => void server.close());
  await server.connect(options.transport ?? new StdioServerTransport());
  await closed;
  ctx.sessions.close();
}
