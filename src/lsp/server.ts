import {
  CodeActionKind,
  DidChangeWatchedFilesNotification,
  ErrorCodes,
  FileChangeType,
  ProposedFeatures,
  ResponseError,
  TextDocumentSyncKind,
  createConnection,
  type Connection,
  type Diagnostic as LspDiagnostic,
  type InitializeError,
  type InitializeResult,
} from 'vscode-languageserver/node';
import { findRule } from '../config/registry.js';
import { parseSeverity, type RuleSetting } from '../config/settings.js';
import { codeActions } from './actions.js';
import { complete } from './completion.js';
import { FrameGuard } from './framing.js';
import { hover } from './hover.js';
import { jsonContext } from './json-context.js';
import { RENAME_FILTERS, willRenameFiles } from './rename-provider.js';
import { uriToFile } from './uri.js';
import { Workspace, type Host, type SettingsResolver } from './workspace.js';

/** What the server asks the client to watch: pages, JSON/YAML (docs.json, $refs, OpenAPI), robots.txt. */
export const WATCHED_GLOBS = ['**/*.{md,mdx,json,yaml,yml,txt}', '**/.mintignore'];

export interface ServerOptions {
  /** The connection to serve; default: standard input and output. */
  connection?: Connection;
  /** Settings of a site, resolved as the CLI does (a config file, presets); default: built-in. */
  settingsFor?: SettingsResolver;
  debounceMs?: number;
  /** False (`doclint lsp --stdio --no-plugins`): nothing the configuration names is imported, whatever the client asks. */
  plugins?: boolean;
}

/** `initializationOptions.rules`: `{ "<rule id>": "off" }` for any rule, like `--rule` on the command line. */
function ruleOverrides(options: unknown, log: (message: string) => void): Record<string, RuleSetting> {
  const rules = (options as { rules?: unknown } | null | undefined)?.rules;
  const out: Record<string, RuleSetting> = {};
  if (!rules || typeof rules !== 'object') return out;
  for (const [id, value] of Object.entries(rules as Record<string, unknown>)) {
    const severity = parseSeverity(String(value));
    if (!findRule(id) || !severity) {
      log(`doclint: ignoring initializationOptions.rules["${id}"] = ${JSON.stringify(value)}`);
      continue;
    }
    out[id] = { severity };
  }
  return out;
}

/** Nothing but protocol messages may reach standard output: send stray console output to stderr. */
function keepStdoutClean(): void {
  const toStderr = (...args: unknown[]) => process.stderr.write(`${args.map(String).join(' ')}\n`);
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
  console.warn = toStderr;
}

/** What the server's handlers share: the workspace (once initialized) and the client's watching capability. */
interface ServerState {
  workspace: Workspace | undefined;
  watchDynamically: boolean;
}

/**
 * Standard input through the framing guard: a malformed message header stops the server (exit
 * code 1, one line on standard error and in the editor's log) instead of leaving it deaf.
 */
function guardedStdin(connectionOf: () => Connection): FrameGuard {
  return process.stdin.pipe(
    new FrameGuard((reason) => {
      const message = `doclint: the editor sent a malformed message (${reason}); the language server stops`;
      process.stderr.write(`${message}\n`);
      try {
        void connectionOf().console.error(message);
      } catch {
        // the client may be gone
      }
      process.exitCode = 1;
      setImmediate(() => process.exit(1));
    }),
  );
}

/** The workspace's host over a connection: logging never throws (the client may be gone), it falls back to standard error. */
function connectionHost(connection: Connection): Host {
  const safely = (send: () => unknown, message: string) => {
    try {
      const sent = send();
      if (sent instanceof Promise) sent.catch(() => process.stderr.write(`${message}\n`));
    } catch {
      process.stderr.write(`${message}\n`);
    }
  };
  return {
    publish: (uri: string, diagnostics: LspDiagnostic[], version?: number) =>
      safely(
        () => connection.sendDiagnostics({ uri, diagnostics, version }),
        `doclint: cannot publish diagnostics for ${uri}`,
      ),
    log: (message: string) => safely(() => connection.console.log(message), message),
    error: (message: string) => safely(() => connection.console.error(message), message),
  };
}

/** `initialize` (once only) and `initialized` (file watchers, when the client registers them dynamically). */
function onLifecycle(connection: Connection, state: ServerState, host: Host, options: ServerOptions): void {
  connection.onInitialize((params): InitializeResult | ResponseError<InitializeError> => {
    // Once only: a second initialize would start a new workspace and drop every open document.
    if (state.workspace) {
      return new ResponseError<InitializeError>(
        ErrorCodes.InvalidRequest,
        'the server is already initialized; initialize may be sent once (open documents and settings are kept)',
        { retry: false },
      );
    }
    state.watchDynamically = Boolean(params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration);
    // `initializationOptions.plugins: false` (an untrusted workspace) or --no-plugins: no code of the configuration runs.
    const plugins =
      options.plugins === false ||
      (params.initializationOptions as { plugins?: unknown } | null | undefined)?.plugins === false
        ? false
        : undefined;
    state.workspace = new Workspace(host, {
      settingsFor: options.settingsFor,
      overrides: ruleOverrides(params.initializationOptions, host.log),
      plugins,
      debounceMs: options.debounceMs,
    });
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        hoverProvider: true,
        completionProvider: { triggerCharacters: ['"', '/'] },
        workspace: { fileOperations: { willRename: { filters: RENAME_FILTERS } } },
      },
      serverInfo: { name: 'doclint' },
    };
  });

  connection.onInitialized(() => {
    if (!state.watchDynamically) return;
    connection.client
      .register(DidChangeWatchedFilesNotification.type, {
        watchers: WATCHED_GLOBS.map((globPattern) => ({ globPattern })),
      })
      .catch((error: unknown) => host.error(`doclint: cannot register file watchers: ${String(error)}`));
  });
}

/** Document sync and watched files: each handler's failure is a log line. */
function onDocuments(connection: Connection, state: ServerState, host: Host): void {
  const guard =
    <A extends unknown[]>(name: string, fn: (...args: A) => void) =>
    (...args: A) => {
      try {
        fn(...args);
      } catch (error) {
        host.error(`doclint: ${name} failed: ${(error as Error)?.stack ?? String(error)}`);
      }
    };

  connection.onDidOpenTextDocument(
    guard('didOpen', ({ textDocument: d }) => state.workspace?.open(d.uri, d.languageId, d.version, d.text)),
  );
  connection.onDidChangeTextDocument(
    guard('didChange', ({ textDocument, contentChanges }) =>
      state.workspace?.change(textDocument.uri, textDocument.version ?? 0, contentChanges),
    ),
  );
  connection.onDidSaveTextDocument(
    guard('didSave', ({ textDocument, text }) => state.workspace?.save(textDocument.uri, text)),
  );
  connection.onDidCloseTextDocument(guard('didClose', ({ textDocument }) => state.workspace?.close(textDocument.uri)));
  connection.onDidChangeWatchedFiles(
    guard('didChangeWatchedFiles', ({ changes }) => {
      const files = changes.flatMap((c) => {
        const file = uriToFile(c.uri);
        if (!file) return [];
        const type =
          c.type === FileChangeType.Created ? 'created' : c.type === FileChangeType.Deleted ? 'deleted' : 'changed';
        return [{ file, type } as const];
      });
      void state.workspace?.filesChanged(files);
    }),
  );
}

/** Quick fixes, hover, completion and file renames: a failure is a log line and an empty answer. */
function onFeatures(connection: Connection, state: ServerState, host: Host): void {
  connection.onCodeAction((params) => {
    const od = state.workspace?.get(params.textDocument.uri);
    try {
      return od ? codeActions(od, params) : [];
    } catch (error) {
      host.error(`doclint: codeAction failed: ${(error as Error)?.stack ?? String(error)}`);
      return [];
    }
  });

  connection.onHover(async (params) => {
    if (!state.workspace) return null;
    try {
      const result = await state.workspace.withSession(params.textDocument.uri, (session, od) => {
        if (!od) return null;
        const ctx = jsonContext(session, od.file, od.doc.getText());
        return ctx ? hover(ctx, od.doc, od.doc.offsetAt(params.position)) : null;
      });
      return result ?? null;
    } catch (error) {
      host.error(`doclint: hover failed: ${(error as Error)?.stack ?? String(error)}`);
      return null;
    }
  });

  connection.onCompletion(async (params) => {
    if (!state.workspace) return [];
    try {
      const result = await state.workspace.withSession(params.textDocument.uri, (session, od) => {
        if (!od) return [];
        const ctx = jsonContext(session, od.file, od.doc.getText());
        if (!ctx) return [];
        const routes = [...session.site.routes.keys()].sort();
        return complete(ctx, od.doc, od.doc.offsetAt(params.position), routes);
      });
      return result ?? [];
    } catch (error) {
      host.error(`doclint: completion failed: ${(error as Error)?.stack ?? String(error)}`);
      return [];
    }
  });

  connection.workspace.onWillRenameFiles(async (params) => {
    if (!state.workspace) return null;
    try {
      return await willRenameFiles(state.workspace, params, host.log);
    } catch (error) {
      host.error(`doclint: willRenameFiles failed: ${(error as Error)?.stack ?? String(error)}`);
      return null;
    }
  });
}

/**
 * The doclint language server: diagnostics for pages, docs.json (with its $ref files) and
 * robots.txt from the same engine as the CLI; quick fixes; hover and completion in docs.json.
 */
export function startServer(options: ServerOptions = {}): Connection {
  if (!options.connection) keepStdoutClean();
  // Standard input goes through the framing guard (see guardedStdin).
  const input = options.connection ? undefined : guardedStdin(() => connection);
  const connection: Connection = options.connection ?? createConnection(ProposedFeatures.all, input!, process.stdout);
  const state: ServerState = { workspace: undefined, watchDynamically: false };
  const host = connectionHost(connection);

  // A failure anywhere is a log line, never a dead server.
  process.on('uncaughtException', (error) => host.error(`doclint: uncaught error: ${error?.stack ?? String(error)}`));
  process.on('unhandledRejection', (reason) =>
    host.error(`doclint: unhandled rejection: ${(reason as Error)?.stack ?? String(reason)}`),
  );

  onLifecycle(connection, state, host, options);
  onDocuments(connection, state, host);
  onFeatures(connection, state, host);

  connection.onShutdown(() => {
    state.workspace?.dispose();
  });

  connection.listen();
  return connection;
}
