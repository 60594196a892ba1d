// A minimal VS Code client for `doclint lsp --stdio`. Not built or published: copy this folder,
// run `npm install` in it, and open it in VS Code with "Run Extension" (or package it with vsce).
const { existsSync } = require('node:fs');
const path = require('node:path');
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

/** @type {LanguageClient | undefined} */
let client;

/** How to start doclint: the `doclint.path` setting, the workspace's copy, or `doclint` on PATH. */
function serverOptions() {
  const configured = vscode.workspace.getConfiguration('doclint').get('path', '');
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const candidates = [];
  if (configured) candidates.push(path.isAbsolute(configured) || !folder ? configured : path.join(folder, configured));
  if (folder) candidates.push(path.join(folder, 'node_modules', 'doclint', 'bin', 'doclint.js'));
  const script = candidates.find((file) => file.endsWith('.js') && existsSync(file));
  if (script) {
    // Run with the Node.js that ships inside VS Code; the client appends --stdio.
    return { module: script, args: ['lsp'], transport: TransportKind.stdio };
  }
  const command = configured && !configured.endsWith('.js') ? configured : 'doclint';
  return { command, args: ['lsp', '--stdio'], transport: TransportKind.stdio };
}

function createClient() {
  return new LanguageClient('doclint', 'doclint', serverOptions(), {
    // Pages, docs.json and the JSON files it pulls in with $ref, robots.txt. The server watches
    // the site's files itself (it registers for them), so no fileEvents are set up here.
    documentSelector: [
      { scheme: 'file', language: 'mdx' },
      { scheme: 'file', language: 'markdown' },
      { scheme: 'file', language: 'json' },
      { scheme: 'file', language: 'jsonc', pattern: '**/docs.json' },
      { scheme: 'file', pattern: '**/robots.txt' },
    ],
    initializationOptions: { rules: vscode.workspace.getConfiguration('doclint').get('rules', {}) },
  });
}

async function activate(context) {
  client = createClient();
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (!event.affectsConfiguration('doclint')) return;
      // The settings go to the server when it starts: start a new one.
      await client?.stop();
      client = createClient();
      await client.start();
    }),
  );
  await client.start();
}

function deactivate() {
  return client?.stop();
}

module.exports = { activate, deactivate };
