// A minimal VS Code client for `doclint lsp --stdio`. Not published: `node scripts/package-vscode.mjs`
// bundles it (with server.js and vscode-languageclient) into dist/extension.js, the `main` of
// package.json, and packages that into a .vsix (see docs/editors.md).
//
// Each opened file gets the doclint installed nearest to it (server.js decides): one server per
// doclint found, serving the files under the folder it was found for. In an untrusted workspace
// (restricted mode) it is the doclint on the PATH, started with --no-plugins, until trust is granted. The command "doclint:
// Restart server" (and any change of the doclint settings or of the workspace folders) stops them
// all and starts what the open files need again.
const { realpathSync, readFileSync, statSync } = require('node:fs');
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');
const { findOnPath, ownerOf, resolveServer, siteRootOf } = require('./server.js');

/** key -> { client, root }: the running servers. */
const servers = new Map();
/** Errors already shown (a bad doclint.path is said once, not for every file opened). */
const shown = new Set();
let output;

const FILE_SYSTEM = {
  isFile(file) {
    try {
      return statSync(file).isFile();
    } catch {
      return false;
    }
  },
  readFile(file) {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
  },
  realpath: (file) => realpathSync(file),
};

/** Pages, docs.json and the JSON files it pulls in with $ref, robots.txt. */
function isLintable(document) {
  if (document.uri.scheme !== 'file') return false;
  if (['mdx', 'markdown', 'json', 'jsonc'].includes(document.languageId)) return true;
  return /[\\/]robots\.txt$/i.test(document.uri.fsPath);
}

/** Whether `uri` belongs to the server started for `root` (the deepest root holding it). */
function owns(root, uri) {
  return (
    uri.scheme === 'file' &&
    ownerOf(
      uri.fsPath,
      [...servers.values()].map((s) => s.root),
      process.platform,
    ) === root
  );
}

/** False in a workspace VS Code does not trust (restricted mode). */
function isTrusted() {
  return vscode.workspace.isTrusted !== false;
}

function serverOptions(launch, trusted) {
  // Untrusted: the server imports nothing the workspace's configuration names (a doclint too old
  // for the flag refuses to start rather than run the workspace's plugins).
  const untrusted = trusted ? [] : ['--no-plugins'];
  if (launch.kind === 'node') {
    // The JavaScript entry, run by the Node.js inside VS Code (no shim, no shell: the same on
    // Windows); the client appends --stdio.
    return { module: launch.script, args: ['lsp', ...untrusted], transport: TransportKind.stdio };
  }
  // A command: with a shell on Windows only, where a `.cmd` cannot be spawned without one.
  return { command: launch.command, args: ['lsp', '--stdio', ...untrusted], options: { shell: launch.shell } };
}

function createClient(resolved, settings) {
  const { root } = resolved;
  const pattern = (glob) => new vscode.RelativePattern(root, glob);
  // Only the files this server owns reach it; a nested root's files go to its own server.
  const only =
    (forward) =>
    (document, ...rest) =>
      owns(root, document.uri ?? document.document?.uri) ? forward(document, ...rest) : Promise.resolve();
  const trusted = isTrusted();
  // The id is the settings section the client reads `trace.server` from (doclint.trace.server).
  return new LanguageClient('doclint', `doclint (${root})`, serverOptions(resolved.launch, trusted), {
    documentSelector: [
      { scheme: 'file', language: 'mdx', pattern: pattern('**/*') },
      { scheme: 'file', language: 'markdown', pattern: pattern('**/*') },
      { scheme: 'file', language: 'json', pattern: pattern('**/*') },
      { scheme: 'file', language: 'jsonc', pattern: pattern('**/docs.json') },
      { scheme: 'file', pattern: pattern('**/robots.txt') },
    ],
    workspaceFolder: vscode.workspace.getWorkspaceFolder(vscode.Uri.file(root)),
    outputChannel: output,
    initializationOptions: { rules: settings.get('rules', {}), ...(trusted ? {} : { plugins: false }) },
    middleware: {
      didOpen: only((document, next) => next(document)),
      didChange: only((event, next) => next(event)),
      didSave: only((document, next) => next(document)),
      didClose: only((document, next) => next(document)),
      provideCodeActions: (document, range, context, token, next) =>
        owns(root, document.uri) ? next(document, range, context, token) : [],
      handleDiagnostics: (uri, diagnostics, next) => (owns(root, uri) ? next(uri, diagnostics) : undefined),
    },
  });
}

/**
 * Why the command `launch` names cannot be started (it is on no folder of the PATH), or undefined.
 * Said before starting, once, instead of the language client's "spawn doclint ENOENT" pop-ups.
 */
function commandMissing(launch, resolved, trusted) {
  if (launch.kind !== 'command' || launch.command.includes('/') || launch.command.includes('\\')) return undefined;
  const searched = process.env.PATH ?? '';
  if (findOnPath(launch.command, searched, process.platform, FILE_SYSTEM, process.env.PATHEXT)) return undefined;
  const where = `Searched: ${searched || '(the PATH is empty)'}`;
  if (!trusted) {
    return `this folder is in restricted mode, where doclint runs only from the PATH, and there is none on it. Trust the folder (to use its own node_modules/doclint), or install doclint on the PATH. ${where}`;
  }
  if (resolved.source === 'doclint.path')
    return `doclint.path "${launch.command}" is on no folder of the PATH. ${where}`;
  return `doclint is not installed: there is no node_modules/doclint from ${resolved.root} upwards, and none on the PATH. Install it in the project (npm install --save-dev), or set doclint.path. ${where}`;
}

function showOnce(message) {
  if (shown.has(message)) return;
  shown.add(message);
  output.appendLine(message);
  void vscode.window.showErrorMessage(`doclint: ${message}`);
}

/** Starts the server `document` needs, unless it runs already. */
async function serve(document) {
  if (!isLintable(document)) return;
  // Only the files of a docs site: a docs.json at or above the file (a settings.json or a README
  // elsewhere starts nothing).
  if (!siteRootOf(document.uri.fsPath, FILE_SYSTEM, process.platform)) return;
  const folder = vscode.workspace.getWorkspaceFolder(document.uri);
  const settings = vscode.workspace.getConfiguration('doclint', document.uri);
  const resolved = resolveServer(
    {
      file: document.uri.fsPath,
      workspaceFolder: folder?.uri.fsPath,
      configured: settings.get('path', ''),
      platform: process.platform,
      trusted: isTrusted(),
    },
    FILE_SYSTEM,
  );
  if ('error' in resolved) return showOnce(resolved.error);
  if (servers.has(resolved.key)) return;
  const notFound = commandMissing(resolved.launch, resolved, isTrusted());
  if (notFound) return showOnce(notFound);
  const client = createClient(resolved, settings);
  servers.set(resolved.key, { client, root: resolved.root });
  output.appendLine(
    `starting ${resolved.launch.kind === 'node' ? resolved.launch.script : resolved.launch.command} for ${resolved.root} (from ${resolved.source})`,
  );
  try {
    await client.start();
  } catch (error) {
    servers.delete(resolved.key);
    // A server process that was started stays behind otherwise, idle.
    await client.dispose(2000).catch(() => undefined);
    showOnce(
      `the language server did not start: ${error?.message ?? error}. The doclint output channel (View: Output, then "doclint") has its log.`,
    );
  }
}

async function stopAll() {
  const running = [...servers.values()];
  servers.clear();
  await Promise.all(running.map(({ client }) => client.stop().catch(() => undefined)));
}

async function restart() {
  await stopAll();
  shown.clear();
  for (const document of vscode.workspace.textDocuments) await serve(document);
}

async function activate(context) {
  output = vscode.window.createOutputChannel('doclint', { log: true });
  context.subscriptions.push(
    output,
    vscode.commands.registerCommand('doclint.restartServer', restart),
    vscode.workspace.onDidOpenTextDocument((document) => void serve(document)),
    vscode.workspace.onDidChangeWorkspaceFolders(() => void restart()),
    vscode.workspace.onDidChangeConfiguration((event) => {
      // The settings go to a server when it starts: start new ones.
      if (event.affectsConfiguration('doclint')) void restart();
    }),
  );
  // Trust granted: the workspace's own doclint and its plugins may run now.
  if (vscode.workspace.onDidGrantWorkspaceTrust)
    context.subscriptions.push(vscode.workspace.onDidGrantWorkspaceTrust(() => void restart()));
  for (const document of vscode.workspace.textDocuments) await serve(document);
}

function deactivate() {
  return stopAll();
}

module.exports = { activate, deactivate };
